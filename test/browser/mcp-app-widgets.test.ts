/**
 * Two more published MCP Apps, each with its real server (run unchanged by the dev server, reached
 * over Streamable HTTP by a real MCP client): `@modelcontextprotocol/server-budget-allocator` and
 * `server-system-monitor` 2.0.3. What the user sees inside the cross-origin frames is read
 * through the browser (`app-frames-text`); errors anywhere in page, proxy or app are collected.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { clickInApp, frameOf, MemoryHost, mount, publishedServer, ready, until } from '../fixtures/mcp/harness.ts';

const appText = async () => (await executeServerCommand<string[], undefined>('app-frames-text')).join('\n');
const watchErrors = () => executeServerCommand('watch-errors', { start: true });
const collectedErrors = () => executeServerCommand<string[], { start: boolean }>('watch-errors', { start: false });

/** Mounts a published app the way a host does after the model called its tool: the result bound to toolResult. */
async function hostApp(name: 'budget-allocator' | 'system-monitor', modelTool: string, allowedTools: string[]) {
  const server = await publishedServer(name);
  const host = new MemoryHost();
  Object.assign(host, { appClient: server.recorded, clientForTool: () => server.recorded });
  const { el, rec } = mount({ htmlContent: server.html, title: name, host, allowedTools, data: { paths: { toolResult: '/result' } }, prefersBorder: server.prefersBorder });
  await ready(el);
  const result = (await server.client.callTool({ name: modelTool, arguments: {} })) as { structuredContent?: Record<string, unknown> };
  host.set('/result', result);
  return { el, rec, host, server, result };
}

describe('a2ui-mcp-app with more published widgets and their real servers', function () {
  // Each test starts a real server, reads a 430 KB app through it and polls it: slow on a loaded machine.
  this.timeout(30000);
  afterEach(async () => {
    await collectedErrors();
    document.querySelectorAll('a2ui-mcp-app').forEach((e) => e.remove());
  });

  it('budget allocator: completes the handshake, renders the result of get-budget-data from its server, and keeps it through fullscreen', async () => {
    await watchErrors();
    const { el, rec, server } = await hostApp('budget-allocator', 'get-budget-data', []);
    expect(el.appInfo).to.deep.equal({ name: 'Budget Allocator', version: '1.0.0' });
    expect(server.tools.map((t) => t.name)).to.deep.equal(['get-budget-data']);
    await until(async () => /Allocated: \$100,000/.test(await appText()), 'the allocations were not shown', 8000);
    expect(await appText()).to.include('Budget Allocator');
    expect(rec.rejected).to.deep.equal([]);
    expect(el.status).to.equal('ready');
    // Full screen and back: the same document (a reloaded app would have lost the tool result).
    expect(el.requestDisplayMode('fullscreen')).to.equal('fullscreen');
    await el.updateComplete;
    expect(Math.round(frameOf(el).getBoundingClientRect().width)).to.equal(document.documentElement.clientWidth);
    expect(await appText()).to.match(/Allocated: \$100,000/);
    expect(el.requestDisplayMode('inline')).to.equal('inline');
    expect(await appText()).to.match(/Allocated: \$100,000/);
    expect(await el.teardown()).to.equal(true);
    expect(await collectedErrors()).to.deep.equal([]);
  });

  it('system monitor: shows get-system-info and polls its app-only poll-system-stats through the real server until Stop', async () => {
    await watchErrors();
    const { el, rec, server, result } = await hostApp('system-monitor', 'get-system-info', ['poll-system-stats']);
    const hostname = String(result.structuredContent!.hostname);
    // The tool result starts the app's polling on its own.
    await until(async () => (await appText()).includes(hostname), 'the system info was not shown', 8000);
    await until(() => server.calls.includes('poll-system-stats'), 'poll-system-stats never reached the server', 8000);
    await until(async () => /^\d+%$/m.test(await appText()), 'the polled memory figure was not shown', 8000);
    expect(await appText()).to.match(/^Stop$/m);
    await clickInApp(el, server.html, '#poll-toggle-btn');
    await until(async () => /^Start$/m.test(await appText()), 'Stop did not stop polling');
    expect(rec.rejected).to.deep.equal([]);
    expect(await el.teardown()).to.equal(true);
    expect(await collectedErrors()).to.deep.equal([]);
  });

  it('system monitor: poll-system-stats is refused with -32602 when not in allowedTools, the server never sees it, nothing throws', async () => {
    await watchErrors();
    const { el, rec, server, result } = await hostApp('system-monitor', 'get-system-info', []);
    const hostname = String(result.structuredContent!.hostname);
    await until(async () => (await appText()).includes(hostname), 'the system info was not shown', 8000);
    await until(() => rec.rejected.length > 0, 'the call was not refused');
    expect(rec.rejected[0]).to.deep.equal({ method: 'tools/call', reason: "Tool 'poll-system-stats' is not allowed", code: -32602 });
    expect(server.calls).to.deep.equal([]);
    expect(el.status).to.equal('ready');
    expect(await appText()).to.include(hostname);
    await clickInApp(el, server.html, '#poll-toggle-btn');
    await until(async () => /^Start$/m.test(await appText()), 'the app did not stay usable');
    expect(await el.teardown()).to.equal(true);
    const errors = await collectedErrors();
    // The app reports the refusal in its own console ("Failed to fetch stats"); nothing else, nothing uncaught.
    expect(errors.filter((e) => !/^app error: Failed to fetch stats/.test(e))).to.deep.equal([]);
    expect(errors.length, 'the refusals reached the app').to.be.above(0);
  });
});
