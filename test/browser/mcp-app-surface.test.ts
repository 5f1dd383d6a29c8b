import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/index.ts';
import { configureMcpCatalog, configureSandbox, MCP_CATALOG_ID, type A2uiMcpApp } from '../../sandbox/index.ts';
import { crossOriginBase, fixtureHtml } from '../fixtures/mcp/harness.ts';
import { BASIC, childComponents, component, components, inner, mount, settle } from './elements-helpers.ts';
import { deepQueryAll, getByLabel, textOf } from './queries.ts';

/** The McpApp component on a real surface: data.paths shared with sibling TextField and Text through the store. */
describe('McpApp on an A2UI surface', () => {
  it('shares data.paths with sibling components both ways, through the store', async () => {
    configureSandbox({ baseUrl: crossOriginBase() });
    const { store, el, process, errors } = await mount('apps');
    configureMcpCatalog(store);
    const html = await fixtureHtml('probe-widget.html');
    await process([
      { version: '1.0', createSurface: { surfaceId: 'apps', catalogId: BASIC, dataModel: { form: { name: '', upper: '' } } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'apps',
          components: [
            { id: 'root', component: 'Column', children: ['name', 'upper', 'app'] },
            { id: 'name', component: 'TextField', label: 'Name', value: { '@path': '/form/name' } },
            { id: 'upper', component: 'Text', text: { '@path': '/form/upper' } },
            {
              id: 'app',
              component: 'McpApp',
              '@catalogId': MCP_CATALOG_ID,
              title: 'Probe',
              htmlContent: html,
              data: { paths: { cmd: '/cmd', out: '/out', name: '/form/name', upper: '/form/upper' } },
            },
          ],
        },
      },
    ]);
    const model = store.surface('apps')!.dataModel;
    const app = inner<A2uiMcpApp>(el, 'app', 'a2ui-mcp-app');
    await waitUntil(() => app.status === 'ready', 'the app never completed the handshake', { timeout: 8000 });
    let seq = 0;
    const ask = async (cmd: Record<string, unknown>) => {
      const s = ++seq;
      model.set('/cmd', [{ ...cmd, seq: s }]);
      await waitUntil(() => (model.get('/out') as { seq?: number } | undefined)?.seq === s, `no answer to ${cmd.op}`, { timeout: 5000 });
    };
    await ask({ op: 'mirror', on: true });

    getByLabel(el, 'Name').focus();
    await sendKeys({ type: 'ada' });
    await waitUntil(() => model.get('/form/upper') === 'ADA', 'the app never wrote back');
    await settle(el);
    expect(textOf(component(el, 'upper'))).to.contain('ADA');
    expect(model.get('/form/name')).to.equal('ada');
    expect(errors()).to.deep.equal([]);

    // deleteSurface: the app is told (ui/resource-teardown) before its frame goes away.
    await process({ version: '1.0', deleteSurface: { surfaceId: 'apps' } });
    await waitUntil(() => (model.get('/out') as { teardown?: unknown } | undefined)?.teardown !== undefined, 'the app never got ui/resource-teardown', { timeout: 3000 });
    await waitUntil(() => !deepQueryAll(el, '[part="surface"]').length && !components(el).length, 'the deleted surface was not cleared', { timeout: 3000 });
  });

  it('an McpApp the agent drops from its parent is told (ui/resource-teardown) before its frame goes; its siblings update at once', async () => {
    configureSandbox({ baseUrl: crossOriginBase() });
    const { store, el, process, errors } = await mount('drop');
    configureMcpCatalog(store);
    const html = await fixtureHtml('probe-widget.html');
    const app = { id: 'app', component: 'McpApp', '@catalogId': MCP_CATALOG_ID, title: 'Probe', htmlContent: html, data: { paths: { cmd: '/cmd', out: '/out' } } };
    await process([
      { version: '1.0', createSurface: { surfaceId: 'drop', catalogId: BASIC } },
      { version: '1.0', updateComponents: { surfaceId: 'drop', components: [{ id: 'root', component: 'Column', children: ['before', 'app', 'after'] }, { id: 'before', component: 'Text', text: 'Before' }, { id: 'after', component: 'Text', text: 'After' }, app] } },
    ]);
    const model = store.surface('drop')!.dataModel;
    const frame = inner<A2uiMcpApp>(el, 'app', 'a2ui-mcp-app');
    await waitUntil(() => frame.status === 'ready', 'the app never completed the handshake', { timeout: 8000 });

    await process({ version: '1.0', updateComponents: { surfaceId: 'drop', components: [{ id: 'root', component: 'Column', children: ['before', 'added', 'after'] }, { id: 'added', component: 'Text', text: 'Added' }] } });
    // The new sibling shows at once, next to the app that is still saying goodbye, in its old place.
    const order = () => childComponents(component(el, 'root')).map((c) => c.node?.id);
    expect(order()).to.deep.equal(['before', 'app', 'added', 'after']);
    await waitUntil(() => (model.get('/out') as { teardown?: unknown } | undefined)?.teardown !== undefined, 'the app never got ui/resource-teardown', { timeout: 3000 });
    await waitUntil(() => !frame.isConnected, 'the dropped app was not removed', { timeout: 3000 });
    await settle(el);
    expect(order()).to.deep.equal(['before', 'added', 'after']);
    expect(errors()).to.deep.equal([]);
  });

  it('an McpApp that never completes the handshake says so in its place and sends the agent a TIMEOUT error', async () => {
    configureSandbox({ baseUrl: crossOriginBase(), timeoutMs: 1000 });
    try {
      const { store, el, process, errors } = await mount('silent');
      configureMcpCatalog(store);
      await process([
        { version: '1.0', createSurface: { surfaceId: 'silent', catalogId: MCP_CATALOG_ID } },
        { version: '1.0', updateComponents: { surfaceId: 'silent', components: [
          // A page with no MCP Apps client: the proxy answers, the app never does.
          { id: 'root', component: 'McpApp', title: 'Weather', htmlContent: '<p>not an app</p>' },
        ] } },
      ]);
      const app = inner<A2uiMcpApp>(el, 'root', 'a2ui-mcp-app');
      expect(app.status).to.equal('loading');
      await waitUntil(() => app.status === 'error', 'the app stayed loading', { timeout: 5000 });
      await app.updateComplete;
      const alert = app.shadowRoot!.querySelector('[role="alert"]');
      expect(alert?.textContent).to.equal('Weather is unavailable: the app did not complete the MCP Apps handshake');
      expect(app.shadowRoot!.querySelector('iframe')).to.equal(null);
      expect(errors().map((m) => (m as { error: { code: string; surfaceId?: string } }).error)).to.deep.include.members([
        { code: 'TIMEOUT', message: "McpApp 'root' failed: the app did not complete the MCP Apps handshake", surfaceId: 'silent' },
      ]);
    } finally {
      configureSandbox({ timeoutMs: 15_000 });
    }
  });
});
