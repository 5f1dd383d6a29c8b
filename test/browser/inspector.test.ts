/** `<a2ui-inspector>`: the live message log both ways, the data models, pending agent calls. */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement } from '../../elements/focus.ts';
import { A2uiStore } from '../../src/index.ts';
import '../../elements/index.ts';
import { A2uiInspector, onInbound } from '../../elements/inspector.ts';
import { BASIC } from './elements-helpers.ts';
import { queryAllByRole, textOf } from './queries.ts';

const create = (id: string, extra: Record<string, unknown> = {}) => ({ version: '1.0', createSurface: { surfaceId: id, catalogId: BASIC, ...extra } });
const put = (id: string, path: string, value: unknown) => ({ version: '1.0', updateDataModel: { surfaceId: id, path, value } });

async function setup(maxEntries = 500) {
  const store = new A2uiStore({ locale: 'en-US' });
  const el = await fixture<A2uiInspector>(html`<a2ui-inspector .store=${store} max-entries=${maxEntries}></a2ui-inspector>`);
  const root = () => el.shadowRoot!;
  const rows = () => [...root().querySelectorAll('details.entry')].map((d) => d.querySelector('summary')!.textContent!.replace(/\s+/g, ' ').trim());
  const show = async (view: 'messages' | 'data' | 'calls') => {
    queryAllByRole(el, 'tab').find((b) => textOf(b).toLowerCase().startsWith(view === 'data' ? 'data' : view === 'calls' ? 'pending' : 'messages'))!.click();
    await el.updateComplete;
  };
  return { store, el, root, rows, show };
}

describe('<a2ui-inspector>', () => {
  it('logs agent → renderer and renderer → agent messages, newest first, with the outbound metadata', async () => {
    const { store, el, root, rows } = await setup();
    store.process([create('s', { sendDataModel: true }), put('s', '/name', 'Ada')]);
    store.dispatchAction({ name: 'submit', surfaceId: 's', sourceComponentId: 'b', context: { n: 1 } });
    store.feed('{ not json\n');
    await el.updateComplete;
    const r = rows();
    expect(r).to.have.length(4);
    expect(r[0]).to.match(/^↑ .* error VALIDATION_FAILED/);
    expect(r[1]).to.match(/^↑ .* action s submit from b \{"n":1\}/);
    expect(r[2]).to.match(/^↓ .* updateDataModel s \/name = "Ada"/);
    expect(r[3]).to.match(/^↓ .* createSurface s basic catalog · sendDataModel/);
    expect(el.log.map((e) => e.direction)).to.deep.equal(['in', 'in', 'out', 'out']);

    // Opening an entry shows its JSON and the transport metadata it travelled with.
    const action = root().querySelectorAll<HTMLDetailsElement>('details.entry')[1];
    action.querySelector('summary')!.click();
    await waitUntil(() => action.querySelectorAll('pre').length === 2, 'the opened entry shows no JSON');
    const pres = [...action.querySelectorAll('pre')].map((p) => JSON.parse(p.textContent!));
    expect(pres[0].action.context).to.deep.equal({ n: 1 });
    expect(pres[1].metadata.a2uiRendererDataModel).to.deep.equal({ version: '1.0', surfaces: { s: { name: 'Ada' } } });
  });

  it('filters by direction, clears, and keeps only max-entries', async () => {
    const { store, el, root, rows } = await setup(3);
    store.process([create('s'), put('s', '/a', 1), put('s', '/b', 2), put('s', '/c', 3)]);
    store.dispatchAction({ name: 'go', surfaceId: 's', sourceComponentId: 'b', context: {} });
    await el.updateComplete;
    expect(el.log).to.have.length(3);
    expect(rows()[2]).to.contain('/b = 2');
    const select = root().querySelector('select')!;
    select.value = 'out';
    select.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(rows()).to.have.length(1);
    expect(rows()[0]).to.contain('action');
    root().querySelector<HTMLButtonElement>('button[part="clear"]')!.click();
    await el.updateComplete;
    expect(el.log).to.have.length(0);
    expect(root().textContent).to.contain('No messages yet');
  });

  it('shows each surface’s data model live, long strings shortened', async () => {
    const { store, el, root, show } = await setup();
    store.process([create('one', { dataModel: { n: 1 } }), create('two', { dataModel: { html: 'x'.repeat(5000) } })]);
    await show('data');
    const model = (id: string) => JSON.parse(root().querySelector(`section[data-surface="${id}"] pre`)!.textContent!);
    expect(model('one')).to.deep.equal({ n: 1 });
    expect(model('two').html).to.match(/^x{80}… \(5000 characters\)$/);
    store.process(put('one', '/n', 2));
    await waitUntil(() => model('one').n === 2, 'the data model pane did not follow the write');
    store.process({ version: '1.0', deleteSurface: { surfaceId: 'two' } });
    await waitUntil(() => !root().querySelector('section[data-surface="two"]'), 'a deleted surface is still listed');
  });

  it('lists agent calls while they are pending and drops them when answered', async () => {
    const { store, el, root, show } = await setup();
    store.process([create('s'), { version: '1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: { '@call': 'lookup', args: { q: 'x' } } }] } }]);
    // Rendering the Text is what starts the call.
    const surface = await fixture(html`<a2ui-surface .store=${store} surface-id="s"></a2ui-surface>`);
    await show('calls');
    await waitUntil(() => root().querySelector('tr[data-call]'), 'the pending call is not listed');
    const id = root().querySelector('tr[data-call]')!.getAttribute('data-call')!;
    expect(root().querySelector('tr[data-call]')!.textContent).to.contain('lookup').and.to.contain('{"q":"x"}');
    store.process({ version: '1.0', agentFunctionResponse: { functionCallId: id, value: 'found' } });
    await waitUntil(() => !root().querySelector('tr[data-call]'), 'the answered call is still listed');
    expect(root().textContent).to.contain('No function calls waiting');
    await waitUntil(() => textOf(surface) === 'found', `the surface shows '${textOf(surface)}', not the answer`);
    await el.updateComplete;
  });

  it('onInbound sees every applied message once per listener, and unsubscribes', () => {
    const store = new A2uiStore();
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = onInbound(store, (m) => a.push(m));
    onInbound(store, (m) => b.push(m));
    store.process(create('s'));
    store.feed(JSON.stringify(put('s', '/x', 1)) + '\n');
    offA();
    store.process(put('s', '/y', 2));
    expect(a).to.have.length(2);
    expect(b).to.have.length(3);
    expect(store.surface('s')!.dataModel.get('/y')).to.equal(2);
  });

  it('its views are an APG tablist: axe-clean, one tab stop, arrow keys / Home / End select and focus, the panel named by its tab', async () => {
    const { store, el, root } = await setup();
    store.process([create('s'), put('s', '/n', 1)]);
    await el.updateComplete;
    await expect(el).to.be.accessible();
    const tabs = () => [...root().querySelectorAll<HTMLElement>('[role="tablist"] > [role="tab"]')];
    expect(tabs().map((t) => t.textContent)).to.deep.equal(['Messages (2)', 'Data model (1)', 'Pending calls (0)']);
    expect(tabs().map((t) => t.tabIndex)).to.deep.equal([0, -1, -1]);
    tabs()[0]!.focus();
    const selected = () => tabs().find((t) => t.getAttribute('aria-selected') === 'true')!;
    const panelName = () => {
      const panel = root().querySelector('[role="tabpanel"]')!;
      return root().getElementById(panel.getAttribute('aria-labelledby')!)!.textContent;
    };
    for (const [key, name] of [
      ['ArrowRight', 'Data model (1)'],
      ['ArrowRight', 'Pending calls (0)'],
      ['ArrowRight', 'Messages (2)'],
      ['ArrowLeft', 'Pending calls (0)'],
      ['Home', 'Messages (2)'],
      ['End', 'Pending calls (0)'],
    ] as const) {
      await sendKeys({ press: key });
      await el.updateComplete;
      expect(selected().textContent, key).to.equal(name);
      expect(deepActiveElement(), `${key}: focus follows`).to.equal(selected());
      expect(panelName()).to.equal(name);
    }
    await expect(el).to.be.accessible();
  });
});

describe('<a2ui-inspector> while a message streams', () => {
  it('says why a half-built surface has no message in the log yet, and stops once the message closes', async () => {
    const { A2uiTextParser } = await import('../../src/transport/index.ts');
    const { preloadComponents } = await import('../../elements/index.ts');
    const { schemaValidator } = await import('../../src/internal.ts');
    await Promise.all([preloadComponents(), schemaValidator.load()]);
    const { store, el, root, rows } = await setup();
    const parser = new A2uiTextParser(store);
    const message = JSON.stringify({ version: '1.0', createSurface: { surfaceId: 'chat', catalogId: BASIC, components: [
      { id: 'root', component: 'Column', children: ['a', 'b'] },
      { id: 'a', component: 'Text', text: 'One' },
      { id: 'b', component: 'Text', text: 'Two' },
    ] } });
    // Everything up to the last component's end: the surface exists, the message has not closed.
    parser.push(`Here: <a2ui-json>${message.slice(0, message.indexOf('"Two"}') + 6)}`);
    await waitUntil(() => store.surface('chat')?.component('a') !== undefined, 'nothing was staged');
    el.requestUpdate();
    await el.updateComplete;
    expect(rows(), 'nothing in the log yet').to.deep.equal([]);
    expect(root().textContent).to.match(/Surface "chat": \d+ components? shown before its createSurface is in this log \(a message still streaming is logged when it closes\)/);
    parser.push(`${message.slice(message.indexOf('"Two"}') + 6)}</a2ui-json>`);
    parser.end();
    await waitUntil(() => rows().length === 1, 'the closed message is not logged');
    await el.updateComplete;
    expect(root().textContent).to.not.contain('shown before its createSurface');
  });
});
