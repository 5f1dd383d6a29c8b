import { expect, waitUntil } from '@open-wc/testing';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { sendMouse } from '@web/test-runner-commands';
import '../../elements/index.ts';
import { configureMcpCatalog, MCP_CATALOG_ID, type A2uiMcpApp } from '../../sandbox/index.ts';
import { crossOriginBase, fixtureHtml, frameOf, MemoryHost, mount as mountBare, ready } from '../fixtures/mcp/harness.ts';
import type { ProbeReport } from '../fixtures/mcp/probe.ts';
import { inner, mount as mountSurface } from './elements-helpers.ts';

/**
 * Issue 38 deliverable 6 (first part): in-view host checks in the spirit of the public MCP Apps host
 * conformance catalogue (rows written here from its published descriptions, not copied), run
 * against `<a2ui-mcp-app>` in three layouts with a real MCP server and client. Covered: initialize,
 * capabilities, host context, tool-input/tool-result order, proxied tools/call with visibility,
 * resources/read, opaque sandbox, default CSP, distinct sandbox origin, declared display modes,
 * tool-cancelled, teardown. Not covered yet: tool-input-partial, theme variables and fonts,
 * app-provided tools, permissions (`allow`), declared CSP domains, sandbox-permissions.
 */

const APP_MIME = 'text/html;profile=mcp-app';
const URI = 'ui://checks/app.html';
const INPUT = { city: 'Oslo' };

async function server(html: string) {
  const s = new McpServer({ name: 'checks', version: '1.0.0' });
  s.registerTool('show', { _meta: { ui: { resourceUri: URI, visibility: ['model'] } } }, async () => ({ content: [{ type: 'text', text: 'Sunny' }], structuredContent: { sky: 'sunny' } }));
  s.registerTool('refresh', { _meta: { ui: { visibility: ['app'] } } }, async () => ({ content: [{ type: 'text', text: 'fresh' }] }));
  s.registerTool('model-only', { _meta: { ui: { visibility: ['model'] } } }, async () => ({ content: [{ type: 'text', text: 'secret' }] }));
  s.registerResource('checks', URI, { mimeType: APP_MIME }, async () => ({ contents: [{ uri: URI, mimeType: APP_MIME, text: html }] }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'a2ui-test-host', version: '1.0.0' });
  await Promise.all([s.connect(a), client.connect(b)]);
  return client;
}

interface Layout {
  el: A2uiMcpApp;
  read(path: string): unknown;
  /** Sends a probe command and waits for its answer. */
  ask<T = Record<string, unknown>>(cmd: Record<string, unknown>): Promise<T>;
}

const PATHS = { cmd: '/cmd', out: '/out', toolInput: '/app/toolInput', toolResult: '/app/toolResult' };

function asker(read: (p: string) => unknown, write: (p: string, v: unknown) => void): Layout['ask'] {
  let seq = 0;
  return async <T>(cmd: Record<string, unknown>) => {
    const s = ++seq;
    write('/cmd', [{ ...cmd, seq: s }]);
    await waitUntil(() => (read('/out') as { seq?: number } | undefined)?.seq === s, `no answer to ${String(cmd.op)}`, { timeout: 8000 });
    return read('/out') as T;
  };
}

/** The bare element with its proxy at `base`, the tool call's input and result bound like a surface would. */
async function bare(base: string, html: string): Promise<Layout> {
  const client = await server(html);
  const result = await client.callTool({ name: 'show', arguments: INPUT });
  const host = Object.assign(new MemoryHost({ app: { toolInput: INPUT, toolResult: result } }), { appClient: client });
  const { el } = mountBare({ htmlContent: html, title: 'Checks', host, data: { paths: PATHS }, resourceUri: URI, sandboxBaseUrl: base, allowedTools: ['refresh', 'model-only'] });
  await ready(el);
  return { el, read: (p) => host.read(p), ask: asker((p) => host.read(p), (p, v) => host.set(p, v)) };
}

/** An McpApp component on a surface, shown by the model's callMcpTool. */
async function surface(html: string): Promise<Layout> {
  const client = await server(html);
  const { store, el: root, process } = await mountSurface('checks');
  // Out of the fixture, which is cleared after every test: this surface lives for the whole layout.
  document.body.append(root);
  configureMcpCatalog(store, { clientFor: () => client, sandboxBaseUrl: crossOriginBase() });
  await process([
    { version: '1.0', createSurface: { surfaceId: 'checks', catalogId: MCP_CATALOG_ID } },
    { version: '1.0', updateComponents: { surfaceId: 'checks', components: [{ id: 'root', component: 'McpApp', title: 'Checks', htmlContent: { '@path': '/app/htmlContent' }, allowedTools: ['refresh', 'model-only'], data: { paths: PATHS } }] } },
  ]);
  await store.execute({ '@call': 'callMcpTool', args: { name: 'show', arguments: INPUT, targetDataPath: '/app' } }, { surfaceId: 'checks' });
  const el = inner<A2uiMcpApp>(root, 'root', 'a2ui-mcp-app');
  await ready(el);
  const model = store.surface('checks')!.dataModel;
  return { el, read: (p) => model.get(p), ask: asker((p) => model.get(p), (p, v) => model.set(p, v)) };
}

const LAYOUTS: [string, (html: string) => Promise<Layout>, { distinctOrigin: boolean }][] = [
  ['proxy on its own origin', (html) => bare(crossOriginBase(), html), { distinctOrigin: true }],
  // The default: by design the proxy shares the page's origin (reported as securityWarning).
  ['default layout (proxy on the page origin)', (html) => bare('/sandbox/', html), { distinctOrigin: false }],
  ['on an A2UI surface', surface, { distinctOrigin: true }],
];

type Answer = { result: Record<string, unknown> | null; error: { code: number; message: string } | null };

for (const [name, open, expectations] of LAYOUTS) {
  describe(`MCP Apps host checks: ${name}`, function () {
    this.timeout(20000);
    let app: Layout;
    const report = () => app.ask<ProbeReport & { seq: number }>({ op: 'report' });
    const request = (method: string, params: unknown) => app.ask<Answer>({ op: 'request', method, params });
    /** Arms the probe's Act button with a request and clicks it like a user (the pointer comes onto the frame first). */
    const clickAct = async (method: string, params: unknown) => {
      const armed = await app.ask<{ seq: number }>({ op: 'on-click', method, params });
      await sendMouse({ type: 'move', position: [0, 0] });
      const box = frameOf(app.el).getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(box.right - 60), Math.round(box.top + 20)] });
      const out = () => app.read('/out') as { seq?: number; clicked?: boolean };
      await waitUntil(() => out().seq === armed.seq && out().clicked, 'the click did not send the request', { timeout: 5000 });
      return app.read('/out') as Answer;
    };

    before(async () => {
      const html = (await fixtureHtml('probe-widget.html')).replace('appCapabilities: {}', "appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] }");
      app = await open(html);
    });
    after(() => {
      app?.el.closest('a2ui-surface')?.remove();
      app?.el.remove();
    });

    it('initialize: answers protocol 2026-01-26', async () => {
      expect((await report()).protocolVersion).to.equal('2026-01-26');
    });

    it('capabilities: open links, server tools and resources, logging, downloads, messages', async () => {
      expect((await report()).hostCapabilities).to.include.keys('openLinks', 'serverTools', 'serverResources', 'logging', 'downloadFile', 'message');
    });

    it('host context: theme, locale, time zone, platform, inline with the offered modes, container width and max height', async () => {
      const ctx = (await report()).hostContext as Record<string, unknown>;
      expect(ctx).to.include({ displayMode: 'inline', platform: 'web' });
      expect(ctx.theme).to.be.oneOf(['light', 'dark']);
      expect(ctx.locale).to.be.a('string');
      expect(ctx.timeZone).to.be.a('string');
      expect(ctx.availableDisplayModes).to.include('inline');
      expect(ctx.containerDimensions).to.have.keys('width', 'maxHeight');
    });

    it('lifecycle: tool-input once, then tool-result once', async () => {
      const updates = (await report()).updates.filter((u) => u.method === 'ui/notifications/tool-input' || u.method === 'ui/notifications/tool-result');
      expect(updates.map((u) => u.method)).to.deep.equal(['ui/notifications/tool-input', 'ui/notifications/tool-result']);
      expect(updates[0]!.params).to.deep.equal({ arguments: INPUT });
      expect((updates[1]!.params as { structuredContent?: unknown }).structuredContent).to.deep.equal({ sky: 'sunny' });
    });

    it('proxied tools/call: an app-visible tool runs; a model-only tool is refused', async () => {
      const ok = await request('tools/call', { name: 'refresh', arguments: {} });
      expect(ok.error).to.equal(null);
      expect((ok.result!.content as { text: string }[])[0]!.text).to.equal('fresh');
      const refused = await request('tools/call', { name: 'model-only', arguments: {} });
      expect(refused.error?.code).to.equal(-32602);
    });

    it('resources/read: its own ui:// resource', async () => {
      const read = await request('resources/read', { uri: URI });
      expect(read.error).to.equal(null);
      expect((read.result!.contents as { uri: string }[])[0]!.uri).to.equal(URI);
    });

    it('sandbox: the app runs in an opaque origin, under the default CSP (no eval, no connections)', async () => {
      const { probe } = await app.ask<{ probe: { origin: { value?: string }; eval: { ok: boolean }; cspMetas: string[] } }>({ op: 'probe' });
      expect(probe.origin.value).to.equal('null');
      expect(probe.eval.ok).to.equal(false);
      expect(probe.cspMetas[0]).to.contain("connect-src 'none'");
    });

    it(`sandbox-distinct-origin: the proxy is ${expectations.distinctOrigin ? 'on another origin than the page' : 'on the page origin (by design in this layout, reported)'}`, () => {
      const proxyOrigin = new URL(frameOf(app.el).src).origin;
      expect(proxyOrigin !== location.origin).to.equal(expectations.distinctOrigin);
      if (!expectations.distinctOrigin) expect(app.el.securityWarning).to.equal('proxy-same-origin');
    });

    it('display modes: an undeclared mode is not granted; a declared one is, after a click in the app', async () => {
      expect((await clickAct('ui/request-display-mode', { mode: 'pip' })).result).to.deep.equal({ mode: 'inline' });
      expect(app.el.displayMode).to.equal('inline');
      expect((await clickAct('ui/request-display-mode', { mode: 'fullscreen' })).result).to.deep.equal({ mode: 'fullscreen' });
      expect(app.el.displayMode).to.equal('fullscreen');
      app.el.requestDisplayMode('inline');
    });

    it('lifecycle: tool-cancelled reaches the app', async () => {
      app.el.toolCancelled('stopped');
      await waitUntil(async () => (await report()).updates.some((u) => u.method === 'ui/notifications/tool-cancelled'), 'no tool-cancelled', { timeout: 5000 });
    });

    it('teardown: ui/resource-teardown is sent and answered', async () => {
      expect(await app.el.teardown()).to.equal(true);
    });
  });
}
