import { expect } from '@open-wc/testing';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { mountAttack, pause } from '../fixtures/mcp/attack.ts';
import { fixtureHtml, frameOf, MemoryHost, mount, ready, until } from '../fixtures/mcp/harness.ts';
import { ask, PROBE_PATHS, type ProbeReport } from '../fixtures/mcp/probe.ts';
import { deepQueryAll } from './queries.ts';

type Answer = { error: { code: number; message: string } | null; result?: unknown; timeout: boolean };

/** A real MCP server with the given tools (name → `_meta`), linked in memory to a real client. */
async function server(name: string, tools: Record<string, Record<string, unknown> | undefined>) {
  const calls: string[] = [];
  const s = new McpServer({ name, version: '1.0.0' });
  for (const [tool, meta] of Object.entries(tools)) {
    s.registerTool(tool, { description: tool, ...(meta ? { _meta: meta } : {}) }, async () => {
      calls.push(tool);
      return { content: [{ type: 'text', text: `${tool} ran` }] };
    });
  }
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'a2ui-test-host', version: '1.0.0' });
  await Promise.all([s.connect(a), client.connect(b)]);
  return { client, calls };
}

/** Issue 23, rows 4–7, 9 and 10: envelopes, visibility, tool-input order and teardown. */
describe('a2ui-mcp-app protocol edges', () => {
  afterEach(() => document.querySelectorAll('a2ui-mcp-app').forEach((e) => e.remove()));

  it('answers params that are null, an array, a string or a number with -32602 and a rejection (row 4)', async () => {
    const { rec, host } = await mountAttack();
    const cases: [string, unknown][] = [['tools/call', null], ['ui/requests/function-call', []], ['ping', 'x'], ['ui/update-model-context', 5]];
    for (const [i, [method, params]] of cases.entries()) {
      const res = await ask<Answer>(host, { op: 'raw', message: { jsonrpc: '2.0', id: `raw-${i}`, method, params } });
      expect(res.error, `${method} ${JSON.stringify(params)}`).to.deep.equal({ code: -32602, message: 'Message rejected: params must be an object' });
    }
    const badId = await ask<Answer>(host, { op: 'raw', message: { jsonrpc: '2.0', id: true, method: 'ping', params: {} } });
    expect(badId.error).to.deep.equal({ code: -32600, message: 'Message rejected: id must be a string or a number' });
    expect(rec.rejected).to.deep.equal([
      ...cases.map(([method]) => ({ method, reason: 'params must be an object', code: -32602 })),
      { method: 'ping', reason: 'id must be a string or a number', code: -32600 },
    ]);
    expect(host.actions).to.deep.equal([]);
  });

  it('answers a malformed tools/call with -32602 and a one-line message (row 6)', async () => {
    const { rec, host } = await mountAttack({ allowedTools: ['get-time'] });
    const res = await ask<Answer>(host, { op: 'request', method: 'tools/call', params: { name: 1 } });
    expect(res.error).to.deep.equal({ code: -32602, message: 'Message rejected: tools/call needs a tool name (a string)' });
    const args = await ask<Answer>(host, { op: 'request', method: 'tools/call', params: { name: 'get-time', arguments: 'now' } });
    expect(args.error).to.deep.equal({ code: -32602, message: "Message rejected: Tool 'get-time' arguments must be an object" });
    expect(rec.rejected.map((r) => r.code)).to.deep.equal([-32602, -32602]);
    expect(host.actions).to.deep.equal([]);
  });

  it("runs a tool only when it is visible to apps and served by the app's server, unless mapped (row 5)", async () => {
    const own = await server('app-server', { 'get-time': undefined, 'model-only': { ui: { visibility: ['model'] } } });
    const other = await server('other-server', { 'other-app-tool': { ui: { visibility: ['app'] } }, 'mapped-tool': undefined });
    const host = new MemoryHost();
    const route = (name: string) => (name === 'other-app-tool' || name === 'mapped-tool' ? other.client : own.client);
    Object.assign(host, {
      appClient: own.client,
      clientForTool: route,
      crossServerTools: ['mapped-tool'],
      // What hosts did before: run whatever is in allowedTools on whichever server has it.
      callTool: (name: string, args: Record<string, unknown>) => route(name).callTool({ name, arguments: args }),
    });
    const { rec } = await mountAttack({ allowedTools: ['get-time', 'model-only', 'other-app-tool', 'mapped-tool'] }, host);
    const call = (name: string) => ask<Answer>(host, { op: 'request', method: 'tools/call', params: { name, arguments: {} } });
    expect((await call('get-time')).error).to.equal(null);
    expect((await call('model-only')).error).to.deep.equal({ code: -32602, message: "Tool 'model-only' is not visible to apps" });
    expect((await call('other-app-tool')).error).to.deep.equal({ code: -32602, message: "Tool 'other-app-tool' belongs to another server than the app's" });
    expect((await call('mapped-tool')).error).to.equal(null);
    expect(own.calls).to.deep.equal(['get-time']);
    expect(other.calls).to.deep.equal(['mapped-tool']);
    expect(rec.rejected.map((r) => r.reason)).to.deep.equal([
      "Tool 'model-only' is not visible to apps",
      "Tool 'other-app-tool' belongs to another server than the app's",
    ]);
  });

  it('sends tool-input before tool-result when only toolResult is bound (row 7)', async () => {
    const result = { content: [{ type: 'text', text: 'done' }] };
    const host = new MemoryHost({ result });
    const { el } = mount({ htmlContent: await fixtureHtml('probe-widget.html'), host, data: { paths: { ...PROBE_PATHS, toolResult: '/result' } } });
    await ready(el);
    const tools = (r: ProbeReport) => r.updates.filter((u) => String(u.method).startsWith('ui/notifications/tool-'));
    expect(tools(await ask<ProbeReport>(host, { op: 'report' }))).to.deep.equal([
      { method: 'ui/notifications/tool-input', params: { arguments: {} } },
      { method: 'ui/notifications/tool-result', params: result },
    ]);
  });

  it('sends tool-input first also when the result arrives after the handshake (row 7)', async () => {
    const host = new MemoryHost();
    const { el } = mount({ htmlContent: await fixtureHtml('probe-widget.html'), host, data: { paths: { ...PROBE_PATHS, toolResult: '/result' } } });
    await ready(el);
    const result = { content: [{ type: 'text', text: 'later' }] };
    host.set('/result', result);
    await pause(0);
    const r = await ask<ProbeReport>(host, { op: 'report' });
    expect(r.updates.filter((u) => String(u.method).startsWith('ui/notifications/tool-'))).to.deep.equal([
      { method: 'ui/notifications/tool-input', params: { arguments: {} } },
      { method: 'ui/notifications/tool-result', params: result },
    ]);
  });

  it('resolves teardown() true when the app answers, even with an error, and false when it never does (row 9)', async () => {
    const a = await mountAttack();
    await ask(a.host, { op: 'teardown-mode', mode: 'error' });
    expect(await a.el.teardown()).to.equal(true);
    expect(a.el.status).to.equal('closed');
    const b = await mountAttack();
    await ask(b.host, { op: 'teardown-mode', mode: 'silent' });
    expect(await b.el.teardown(300)).to.equal(false);
    expect(b.el.status).to.equal('closed');
    expect(await b.el.teardown()).to.equal(false);
  });

  it('turns request-teardown into a cancelable event; by default the app is torn down and its frame removed (row 10)', async () => {
    const { el, host } = await mountAttack();
    const events: Event[] = [];
    el.addEventListener('mcp-app-request-teardown', (e) => events.push(e));
    await ask(host, { op: 'notify', method: 'ui/notifications/request-teardown', params: {} });
    await until(() => el.status === 'closed', 'the app was not torn down');
    expect(events).to.have.length(1);
    expect(events[0]!.cancelable).to.equal(true);
    await until(() => deepQueryAll(el, 'iframe').length === 0, 'the frame stayed');
  });

  it('leaves the app running when the page prevents the request-teardown event (row 10)', async () => {
    const { el, host } = await mountAttack();
    el.addEventListener('mcp-app-request-teardown', (e) => e.preventDefault());
    await ask(host, { op: 'notify', method: 'ui/notifications/request-teardown', params: {} });
    await pause(200);
    expect(el.status).to.equal('ready');
    expect(frameOf(el).isConnected).to.equal(true);
    expect(await ask(host, { op: 'keys' })).to.have.property('keys', '');
  });
});
