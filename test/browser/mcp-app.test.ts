import { expect } from '@open-wc/testing';
import { basicWidgetHtml, clickInApp as click, frameOf, mcpPair, MemoryHost, mount, ready, until } from '../fixtures/mcp/harness.ts';

describe('a2ui-mcp-app with the published basic widget (@modelcontextprotocol/server-basic-vanillajs)', () => {
  const realOpen = window.open;
  afterEach(() => {
    window.open = realOpen;
    document.querySelectorAll('a2ui-mcp-app').forEach((e) => e.remove());
  });

  it('completes the MCP Apps handshake through a proxy on another origin', async () => {
    const host = new MemoryHost();
    const { el, rec } = mount({ htmlContent: await basicWidgetHtml(), title: 'Get time', host });
    await ready(el);
    expect(el.appInfo).to.deep.equal({ name: 'Get Time App', version: '1.0.0' });
    expect(rec.statuses).to.deep.equal(['loading', 'ready']);
    expect(el.securityWarning).to.equal(null);
    expect(rec.warnings).to.deep.equal([]);
    const frame = frameOf(el);
    expect(new URL(frame.src).origin).to.not.equal(location.origin);
    expect(frame.getAttribute('sandbox')).to.equal('allow-scripts allow-same-origin');
    expect(frame.title).to.equal('Get time');
    expect(frame.contentDocument).to.equal(null);
  });

  it('round-trips its get-time tools/call through host.callTool and a real MCP client and server', async () => {
    const host = new MemoryHost();
    const { client, calls } = await mcpPair();
    const results: unknown[] = [];
    host.callTool = async (name, args) => {
      const result = await client.callTool({ name, arguments: args });
      results.push(result);
      return result;
    };
    const html = await basicWidgetHtml();
    const { el, rec } = mount({ htmlContent: html, host, allowedTools: ['get-time'] });
    await ready(el);
    await click(el, html, '#get-time-btn');
    await until(() => results.length === 1, 'get-time never came back from the MCP server');
    expect(calls).to.deep.equal(['get-time']);
    expect(results[0]).to.have.nested.property('structuredContent.time').that.is.a('string');
    expect(rec.rejected).to.deep.equal([]);
    expect(host.actions).to.deep.equal([]);
  });

  it('refuses its tools/call with -32602 when get-time is not in allowedTools', async () => {
    const host = new MemoryHost();
    let called = 0;
    host.callTool = async () => ({ content: [], called: ++called });
    const html = await basicWidgetHtml();
    const { el, rec } = mount({ htmlContent: html, host, allowedTools: ['something-else'] });
    await ready(el);
    await click(el, html, '#get-time-btn');
    await until(() => rec.rejected.length === 1, 'the call was not refused');
    expect(rec.rejected[0]).to.deep.equal({ method: 'tools/call', reason: "Tool 'get-time' is not allowed", code: -32602 });
    expect(called).to.equal(0);
    expect(host.actions).to.deep.equal([]);
  });

  it('turns an allowed tools/call into an action named after the tool when no MCP client is configured', async () => {
    const host = new MemoryHost();
    const html = await basicWidgetHtml();
    const { el } = mount({ htmlContent: html, host, allowedTools: ['get-time'] });
    await ready(el);
    await click(el, html, '#get-time-btn');
    await until(() => host.actions.length === 1, 'no action dispatched');
    expect(host.actions[0]).to.deep.equal({ name: 'get-time', context: {} });
  });

  it('turns its ui/message into an a2ui.mcpAppMessage action', async () => {
    const host = new MemoryHost();
    const html = await basicWidgetHtml();
    const { el } = mount({ htmlContent: html, host });
    await ready(el);
    await click(el, html, '#send-message-btn');
    await until(() => host.actions.length === 1, 'no action dispatched');
    expect(host.actions[0]).to.deep.equal({
      name: 'a2ui.mcpAppMessage',
      context: { role: 'user', content: [{ type: 'text', text: 'This is message text.' }] },
    });
  });

  it('reports its notifications/message as an event, and opens its https link with noopener', async () => {
    const host = new MemoryHost();
    const opened: unknown[][] = [];
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
    const html = await basicWidgetHtml();
    const { el, rec } = mount({ htmlContent: html, host });
    await ready(el);
    await click(el, html, '#send-log-btn');
    await until(() => rec.logs.length === 1, 'no log event');
    expect(rec.logs[0]).to.deep.equal({ level: 'info', data: 'This is log text.' });
    await click(el, html, '#open-link-btn');
    await until(() => opened.length === 1, 'link not opened');
    expect(opened[0]).to.deep.equal(['https://modelcontextprotocol.io/', '_blank', 'noopener,noreferrer']);
  });

  it('sizes the frame from its size-changed report and answers ui/resource-teardown', async () => {
    const host = new MemoryHost();
    const { el } = mount({ htmlContent: await basicWidgetHtml(), host });
    await ready(el);
    const frame = frameOf(el);
    await until(() => frame.style.height !== '', 'no size applied');
    const height = frame.getBoundingClientRect().height;
    expect(height).to.be.within(100, 2000);
    expect(height).to.not.equal(500);
    expect(await el.teardown()).to.equal(true);
    expect(el.status).to.equal('closed');
  });

  it('works with a same-origin proxy but reports it as weaker, without console noise', async () => {
    const host = new MemoryHost();
    const { el, rec } = mount({ htmlContent: await basicWidgetHtml(), host, sandboxBaseUrl: '/sandbox/' });
    await ready(el);
    expect(el.securityWarning).to.equal('proxy-same-origin');
    expect(rec.warnings).to.deep.equal(['proxy-same-origin']);
    expect(frameOf(el).hasAttribute('sandbox')).to.equal(false);
  });
});
