import { expect } from '@open-wc/testing';
import { fixtureHtml, frameOf, MemoryHost, mount, until } from '../fixtures/mcp/harness.ts';
import type { McpAppRejection } from '../../sandbox/host.ts';

type Outcome = { ok: boolean; error?: string; value?: string | null };

describe('a2ui-mcp-app against hostile widgets', () => {
  const realOpen = window.open;
  afterEach(() => {
    window.open = realOpen;
    document.querySelectorAll('a2ui-mcp-app').forEach((e) => e.remove());
  });

  it('lets every escape, forgery and payload attack fail, and nothing reaches the data model', async () => {
    const pageUrl = location.href;
    const initial = { name: 'Ada', secret: 's3cret', report: null };
    const host = new MemoryHost(initial);
    let toolCalls = 0;
    host.callTool = async () => ({ content: [], n: ++toolCalls });
    host.functions.add = () => 0;
    const opened: unknown[] = [];
    window.open = ((...a: unknown[]) => (opened.push(a), null)) as typeof window.open;
    const html = (await fixtureHtml('hostile-widget.html')).replace('HOST_ORIGIN', JSON.stringify(location.origin));
    // Forgeries posted straight at this window do arrive (origin "null"); they must be ignored.
    const forgeries: unknown[] = [];
    const spy = (e: MessageEvent) => e.origin === 'null' && forgeries.push(e.data);
    window.addEventListener('message', spy);
    const { el, rec } = mount({
      htmlContent: html,
      host,
      allowedTools: ['allowed-tool'],
      allowedFunctions: { add: { type: 'object' } },
      data: { paths: { name: '/name', report: '/report' } },
    });

    await until(() => host.read('/report') !== null, 'the hostile widget never reported', 8000);
    const r = host.read('/report') as Record<string, Outcome & string & string[]>;
    window.removeEventListener('message', spy);
    expect(forgeries).to.have.length(3);

    // Escaping the sandbox.
    for (const k of ['topNavigation', 'parentNavigation', 'parentDocument', 'topDocument', 'topStorage']) {
      expect(r[k], k).to.deep.include({ ok: false, error: 'SecurityError' });
    }
    expect(r.popup, 'window.open from the app').to.deep.equal({ ok: true, value: null });
    expect(r.frameElement, 'frameElement').to.deep.equal({ ok: true, value: null });
    expect(location.href).to.equal(pageUrl);
    // Storage, cookies, network and eval.
    for (const k of ['localStorage', 'sessionStorage', 'cookieRead', 'cookieWrite', 'indexedDB']) {
      expect(r[k], k).to.deep.include({ ok: false, error: 'SecurityError' });
    }
    expect(r.fetchHost).to.deep.equal({ ok: false, error: 'TypeError' });
    expect(r.eval).to.deep.include({ ok: false, error: 'EvalError' });

    // Protocol abuse: every request refused with a JSON-RPC error.
    expect(r.preInitToolCall).to.equal(-32600);
    expect(r.secondInitialize).to.equal(-32600);
    expect(host.subscriberCount()).to.equal(2);
    for (const k of [
      'unlistedTool', 'protoArgs', 'constructorArgs', 'oversizedArgs', 'deepArgs', 'cyclicArgs', 'mapArgs',
      'protoFunctionArgs', 'unlistedFunction',
    ]) {
      expect(r[k], k).to.equal(-32602);
    }
    // Links need a user activation inside the app: refused by the proxy before any scheme check.
    expect(r.javascriptLink).to.equal(-32000);
    expect(r.dataLink).to.equal(-32000);
    expect(r.listResources).to.equal(-32601);

    // Nothing reached the data model, the tools, the functions, the agent or the prototype chain.
    expect(host.data).to.deep.equal({ ...initial, report: r });
    expect(host.writes.map((w) => w.path)).to.deep.equal(['/report']);
    expect(toolCalls).to.equal(0);
    expect(host.functionCalls).to.deep.equal([]);
    expect(host.actions).to.deep.equal([]);
    expect(opened).to.deep.equal([]);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect(el.status).to.equal('ready');

    // Refusals were reported to the host page (forgeries sent around the proxy never even arrive).
    await until(() => rec.rejected.filter((x) => x.count !== undefined).length === 8, 'the proxy never reported all its refusals');
    // The proxy refused what is malformed for any message (prototype keys, depth, non-JSON) and
    // what needs a user activation, before relaying: one report per kind, with a count.
    const key = (x: McpAppRejection) => `${x.method}: ${x.reason}`;
    expect(rec.rejected.filter((x) => x.count !== undefined).map((x) => `${key(x)} ×${x.count}`).sort()).to.deep.equal([
      "tools/call: forbidden key '__proto__' ×1",
      "tools/call: forbidden key 'constructor' ×1",
      'tools/call: only plain JSON objects are accepted ×1',
      'tools/call: payload nested deeper than 32 ×1',
      "ui/notifications/data-model-change: forbidden key '__proto__' ×1",
      'ui/notifications/data-model-change: only plain JSON objects are accepted ×1',
      'ui/open-link: user activation required ×2',
      "ui/requests/function-call: forbidden key '__proto__' ×1",
    ]);
    // The host refused the rest, one by one.
    expect(rec.rejected.filter((x) => x.count === undefined).map(key)).to.deep.equal([
      'tools/call: handshake not complete',
      'ui/initialize: already initialized',
      'ui/notifications/initialized: out of handshake order',
      "tools/call: Tool 'delete-everything' is not allowed",
      "tools/call: Tool 'allowed-tool' arguments rejected: payload is 70011 bytes (limit 65536)",
      "tools/call: Tool 'allowed-tool' arguments rejected: payload nested deeper than 10",
      "ui/requests/function-call: Function 'hasOwnProperty' is not allowed",
      "ui/notifications/data-model-change: forbidden path segment '__proto__'",
      "ui/notifications/data-model-change: forbidden path segment 'constructor'",
      'ui/notifications/data-model-change: payload is 70002 bytes (limit 65536)',
      'ui/notifications/data-model-change: payload nested deeper than 10',
      "ui/notifications/data-model-change: unknown key 'secret'",
      "ui/notifications/data-model-change: unknown key 'toString'",
    ]);
    expect(frameOf(el).contentDocument).to.equal(null);
  });

  it('removes an app that navigates its frame away and stops syncing with it', async () => {
    const host = new MemoryHost({ name: 'Ada' });
    const { el, rec } = mount({
      htmlContent: await fixtureHtml('navigating-widget.html'),
      host,
      data: { paths: { name: '/name' } },
    });
    await until(() => el.status === 'error', 'navigation was not detected', 8000);
    expect(el.statusReason).to.equal('navigated');
    expect(rec.statuses).to.deep.equal(['loading', 'ready', 'error']);
    expect(host.subscriberCount()).to.equal(0);
  });
});
