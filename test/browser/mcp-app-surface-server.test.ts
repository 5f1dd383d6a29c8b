import { expect, waitUntil } from '@open-wc/testing';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import '../../elements/index.ts';
import { configureMcpCatalog, MCP_CATALOG_ID, type A2uiMcpApp } from '../../sandbox/index.ts';
import { fixtureHtml } from '../fixtures/mcp/harness.ts';
import { inner, mount } from './elements-helpers.ts';

const APP_MIME = 'text/html;profile=mcp-app';
const URI = 'ui://reports/app.html';
const sandboxOn = (hostName: string) => `${location.protocol}//${hostName}:${location.port}/sandbox/`;

async function connect(server: McpServer): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'a2ui-test-host', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
  return client;
}

/**
 * The app's server: a model-only tool that shows the app, one tool for the app, and the app's
 * resource, with `_meta.ui` split between its `resources/list` entry (csp) and the read item
 * (domain, and a permissions entry that wins over the listing's).
 */
async function appServer(html: string) {
  const calls: string[] = [];
  const server = new McpServer({ name: 'reports', version: '1.0.0' });
  server.registerTool('show-reports', { _meta: { ui: { resourceUri: URI, visibility: ['model'] } } }, async () => ({ content: [{ type: 'text', text: 'shown' }] }));
  server.registerTool('refresh', { _meta: { ui: { visibility: ['app'] } } }, async () => (calls.push('refresh'), { content: [{ type: 'text', text: 'fresh' }] }));
  server.registerResource('reports', URI, { mimeType: APP_MIME, _meta: { ui: { csp: { connectDomains: ['https://api.reports.example'] }, permissions: { camera: {} } } } }, async () => ({
    contents: [{ uri: URI, mimeType: APP_MIME, text: html, _meta: { ui: { domain: 'reports-app.localhost', permissions: { clipboardWrite: {} } } } }],
  }));
  return { client: await connect(server), calls };
}

/** Another server, with an app-only tool of its own. */
async function otherServer() {
  const calls: string[] = [];
  const server = new McpServer({ name: 'other', version: '1.0.0' });
  server.registerTool('wipe', { _meta: { ui: { visibility: ['app'] } } }, async () => (calls.push('wipe'), { content: [{ type: 'text', text: 'wiped' }] }));
  return { client: await connect(server), calls };
}

/** Issue 38, rows 6 and 12: an app on a surface knows its server, URI and `_meta.ui`, as on the bare element. */
describe('McpApp on a surface, shown by callMcpTool', function () {
  this.timeout(20000);

  it('passes the app its server (same-server tools, its resources), its ui:// URI, its domain, and the merged csp and permissions', async () => {
    const html = await fixtureHtml('probe-widget.html');
    const reports = await appServer(html);
    const other = await otherServer();
    const { store, el, process } = await mount('apps');
    configureMcpCatalog(store, { clientFor: (name) => (name === 'wipe' ? other.client : reports.client), sandboxBaseUrl: sandboxOn('localhost') });
    await process([
      { version: '1.0', createSurface: { surfaceId: 'apps', catalogId: MCP_CATALOG_ID } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'apps',
          components: [
            { id: 'root', component: 'McpApp', title: 'Reports', htmlContent: { '@path': '/app/htmlContent' }, allowedTools: ['refresh', 'wipe'], data: { paths: { cmd: '/cmd', out: '/out' } } },
          ],
        },
      },
    ]);
    await store.execute({ '@call': 'callMcpTool', args: { name: 'show-reports', targetDataPath: '/app' } }, { surfaceId: 'apps' });
    const app = inner<A2uiMcpApp>(el, 'root', 'a2ui-mcp-app');
    await waitUntil(() => app.status === 'ready' || app.status === 'error', 'the app never settled', { timeout: 8000 });
    expect(app.statusReason).to.equal(undefined);
    expect(app.resourceUri).to.equal(URI);
    expect(app.domain).to.equal('reports-app.localhost');
    expect(new URL(app.shadowRoot!.querySelector('iframe')!.src).hostname).to.equal('reports-app.localhost');
    expect(app.csp).to.deep.equal({ connectDomains: ['https://api.reports.example'] });
    expect(app.permissions).to.deep.equal({ clipboardWrite: {} });

    const model = store.surface('apps')!.dataModel;
    let seq = 0;
    const ask = async (method: string, params: unknown) => {
      const s = ++seq;
      model.set('/cmd', [{ op: 'request', method, params, seq: s }]);
      await waitUntil(() => (model.get('/out') as { seq?: number } | undefined)?.seq === s, `no answer to ${method}`, { timeout: 5000 });
      return model.get('/out') as { result: Record<string, unknown> | null; error: { code: number; message: string } | null };
    };
    const wipe = await ask('tools/call', { name: 'wipe', arguments: {} });
    expect(wipe.error?.message).to.equal("Tool 'wipe' belongs to another server than the app's");
    expect(other.calls).to.deep.equal([]);
    expect((await ask('tools/call', { name: 'refresh', arguments: {} })).error).to.equal(null);
    expect(reports.calls).to.deep.equal(['refresh']);
    const read = await ask('resources/read', { uri: URI });
    expect(read.error).to.equal(null);
    expect((read.result!.contents as { uri: string }[])[0]!.uri).to.equal(URI);
  });
});
