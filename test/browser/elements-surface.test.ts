import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { A2uiStore, type ComponentNode } from '../../src/index.ts';
import { schemaValidator } from '../../src/internal.ts';
import { A2uiElement, Children, registerComponent, type A2uiSurfaceElement } from '../../elements/index.ts';
import { BASIC, component, components, expectSame, inner, mount, settle, surfaceMessages } from './elements-helpers.ts';
import { deepQueryAll, getByRole, textOf } from './queries.ts';

const S = 'surf';
const CUSTOM = 'https://example.com/a2ui/test-catalog.json';

const customCatalog = {
  catalogId: CUSTOM,
  protocolVersion: '1.0',
  components: {
    Rating: {
      type: 'object',
      properties: { component: { const: 'Rating' }, stars: { $ref: 'common_types.json#/$defs/DynamicNumber' } },
      required: ['component', 'stars'],
    },
    Broken: { type: 'object', properties: { component: { const: 'Broken' } }, required: ['component'] },
    Mystery: { type: 'object', properties: { component: { const: 'Mystery' } }, required: ['component'] },
    Frame: { type: 'object', properties: { component: { const: 'Frame' }, name: { type: 'string' } }, required: ['component', 'name'] },
    Group: {
      type: 'object',
      properties: { component: { const: 'Group' }, children: { $ref: 'common_types.json#/$defs/ChildList' } },
      required: ['component', 'children'],
    },
  },
};

class TestRating extends A2uiElement {
  protected renderComponent(node: ComponentNode): unknown {
    const stars = Number(node.value('stars'));
    return html`<span part="rating" role="img" aria-label="${stars} of 5 stars">${'★'.repeat(stars)}</span>`;
  }
}
class TestBroken extends A2uiElement {
  protected renderComponent(): unknown {
    throw new Error('boom');
  }
}
/** A host component whose children come wrapped in a template of its own (a numbered cell each). */
class TestGroup extends A2uiElement {
  private readonly cells = new Children(this);
  protected renderComponent(node: ComponentNode): unknown {
    return html`<div part="group">${this.cells.renderProp(node, 'children', (child, _e, i) => html`<section class="cell" aria-label="Cell ${i + 1}">${child}</section>`)}</div>`;
  }
}
customElements.define('test-group', TestGroup);
/** Loads of each frame, by its title: a frame taken out of the page loads again when put back. */
const frameLoads = new Map<string, number>();
class TestFrame extends A2uiElement {
  protected renderComponent(node: ComponentNode): unknown {
    const name = String(node.value('name'));
    return html`<iframe title=${name} srcdoc="<p>frame</p>" @load=${() => frameLoads.set(name, (frameLoads.get(name) ?? 0) + 1)}></iframe>`;
  }
}
customElements.define('test-frame', TestFrame);
registerComponent(CUSTOM, 'Frame', 'test-frame');
registerComponent(CUSTOM, 'Group', 'test-group');
customElements.define('test-rating', TestRating);
customElements.define('test-broken', TestBroken);
registerComponent(CUSTOM, 'Rating', 'test-rating');
registerComponent(CUSTOM, 'Broken', 'test-broken');

// The schema validator loads on first use; these tests read a surface right after its messages.
before(() => schemaValidator.load());

describe('elements: <a2ui-surface>', () => {
  it('shows the loading slot until root arrives, then the tree', async () => {
    const store = new A2uiStore({ locale: 'en-US' });
    const el = await fixture<A2uiSurfaceElement>(html`<a2ui-surface .store=${store} surface-id=${S}><span slot="loading">Loading…</span></a2ui-surface>`);
    // The loading content is slotted: it shows (is in the flat tree) while the slot is rendered.
    const loading = () => textOf(el).includes('Loading…');
    expect(loading(), 'loading slot').to.equal(true);
    store.process({ version: '1.0', createSurface: { surfaceId: S, catalogId: BASIC } });
    store.process({ version: '1.0', updateComponents: { surfaceId: S, components: [{ id: 'title', component: 'Text', text: 'Hi' }] } });
    await settle(el);
    expect(loading(), 'still loading without root').to.equal(true);
    store.process({ version: '1.0', updateComponents: { surfaceId: S, components: [{ id: 'root', component: 'Column', children: ['title'] }] } });
    await settle(el);
    expect(loading(), 'loading content is gone').to.equal(false);
    expect(textOf(component(el, 'title'))).to.contain('Hi');
    expect(textOf(el)).to.equal('Hi');
  });

  it('removes its content on deleteSurface and renders a new surface of the same id', async () => {
    const { el, process } = await mount(S);
    await process(surfaceMessages(S, [{ id: 'root', component: 'Text', text: 'first' }]));
    const first = component(el, 'root');
    await process({ version: '1.0', deleteSurface: { surfaceId: S } });
    expect(components(el)).to.have.length(0);
    expect(first.isConnected).to.equal(false);
    expect(deepQueryAll(el, 'slot')).to.deep.equal([]);
    expect(textOf(el)).to.equal('');
    await process(surfaceMessages(S, [{ id: 'root', component: 'Text', text: 'second' }]));
    expect(textOf(component(el, 'root'))).to.contain('second');
  });

  it('dispatches outbound messages of its surface as composed, bubbling events', async () => {
    const { el, process, store } = await mount(S);
    await process([
      ...surfaceMessages(S, [{ id: 'root', component: 'Button', child: 'l', action: { event: { name: 'press', context: { a: 1 } } } }, { id: 'l', component: 'Text', text: 'Press' }]),
      { version: '1.0', createSurface: { surfaceId: 'other', catalogId: BASIC } },
    ]);
    const messages: CustomEvent[] = [];
    const actions: CustomEvent[] = [];
    const onMessage = (e: Event) => messages.push(e as CustomEvent);
    const onAction = (e: Event) => actions.push(e as CustomEvent);
    document.addEventListener('a2ui-message', onMessage);
    document.addEventListener('a2ui-action', onAction);
    try {
      inner<HTMLButtonElement>(el, 'root', 'button').click();
      await settle(el);
      store.process({ version: '1.0', updateDataModel: { surfaceId: 'other', path: 'bad', value: 1 } });
      store.process({ version: '1.0', updateDataModel: { surfaceId: S, path: 'bad', value: 1 } });
    } finally {
      document.removeEventListener('a2ui-message', onMessage);
      document.removeEventListener('a2ui-action', onAction);
    }
    expect(actions).to.have.length(1);
    expect(actions[0].detail.action).to.include({ name: 'press', surfaceId: S });
    expect(actions[0].composed && actions[0].bubbles).to.equal(true);
    expect(messages.map((m) => Object.keys(m.detail.message).filter((k) => k !== 'version')[0])).to.deep.equal(['action', 'error']);
    expectSame(messages[1].detail.message.error.surfaceId, S);
  });

  it('theme forces a colour scheme', async () => {
    const { el } = await mount(S);
    el.theme = 'dark';
    await el.updateComplete;
    expect(el.getAttribute('theme')).to.equal('dark');
    expect(getComputedStyle(el).colorScheme).to.equal('dark');
  });

  it('mixes host components with the basic catalog on one surface', async () => {
    const { el, store, errors, process } = await mount(S);
    store.registerCatalog(customCatalog);
    await process(
      surfaceMessages(
        S,
        [
          { id: 'root', component: 'Column', children: ['title', 'rating'] },
          { id: 'title', component: 'Text', text: 'Reviews' },
          { id: 'rating', component: 'Rating', '@catalogId': CUSTOM, stars: { '@path': '/stars' } },
        ],
        { stars: 3 },
      ),
    );
    expect(errors()).to.deep.equal([]);
    expect(inner(el, 'rating', '[part=rating]').textContent).to.equal('★★★');
    expect(textOf(el)).to.equal('Reviews ★★★');
    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/stars', value: 5 } });
    expect(inner(el, 'rating', '[part=rating]').getAttribute('aria-label')).to.equal('5 of 5 stars');
    expect(textOf(getByRole(el, 'img', { name: '5 of 5 stars' }))).to.equal('★★★★★');
  });

  it('a host component that wraps its children in templates shows each child in its wrap, in order, through updates and moves', async () => {
    const { el, store, errors, process } = await mount(S);
    store.registerCatalog(customCatalog);
    const rating = (id: string) => ({ id, component: 'Rating', '@catalogId': CUSTOM, stars: { '@path': `/${id}` } });
    await process(
      surfaceMessages(
        S,
        [{ id: 'root', component: 'Group', '@catalogId': CUSTOM, children: ['a', 'b'] }, rating('a'), rating('b')],
        { a: 1, b: 2 },
      ),
    );
    expect(errors()).to.deep.equal([]);
    const cells = () => deepQueryAll(el, 'section').map((c) => `${c.getAttribute('aria-label')}: ${textOf(c)}`);
    expect(cells()).to.deep.equal(['Cell 1: ★', 'Cell 2: ★★']);
    const first = getByRole(el, 'img', { name: '1 of 5 stars' });
    await process({ version: '1.0', updateComponents: { surfaceId: S, components: [{ id: 'root', component: 'Group', '@catalogId': CUSTOM, children: ['b', 'a'] }] } });
    expect(cells()).to.deep.equal(['Cell 1: ★★', 'Cell 2: ★']);
    expectSame(getByRole(el, 'img', { name: '1 of 5 stars' }), first, 'the moved child keeps its element');
    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/a', value: 3 } });
    expect(cells()).to.deep.equal(['Cell 1: ★★', 'Cell 2: ★★★']);
  });

  it('reordering children moves their frames without reloading them', async () => {
    const { store, errors, process } = await mount(S);
    store.registerCatalog(customCatalog);
    const frame = (id: string) => ({ id, component: 'Frame', '@catalogId': CUSTOM, name: `Frame ${id}` });
    const loaded = () => new Promise((r) => setTimeout(r, 300));
    await process(surfaceMessages(S, [{ id: 'root', component: 'Column', children: ['a', 'b', 'c'] }, frame('a'), frame('b'), frame('c')]));
    await loaded();
    expect(errors()).to.deep.equal([]);
    expect(Object.fromEntries(frameLoads)).to.deep.equal({ 'Frame a': 1, 'Frame b': 1, 'Frame c': 1 });
    await process({ version: '1.0', updateComponents: { surfaceId: S, components: [{ id: 'root', component: 'Column', children: ['c', 'a', 'b'] }] } });
    await loaded();
    expect(Object.fromEntries(frameLoads), 'no frame loaded again').to.deep.equal({ 'Frame a': 1, 'Frame b': 1, 'Frame c': 1 });
  });

  it('contains a failing component: inline fallback, one report, siblings render', async () => {
    const { el, store, errors, process } = await mount(S);
    store.registerCatalog(customCatalog);
    await process(
      surfaceMessages(
        S,
        [
          { id: 'root', component: 'Column', children: ['before', 'broken', 'after'] },
          { id: 'before', component: 'Text', text: { '@path': '/t' } },
          { id: 'broken', component: 'Broken', '@catalogId': CUSTOM },
          { id: 'after', component: 'Text', text: 'after' },
        ],
        { t: 'before' },
      ),
    );
    // Users see plain words, no type or id (those are for developers: the error, data-* attributes).
    expect(textOf(inner(el, 'broken', '[part=error]'))).to.equal('Content unavailable');
    expect(errors()).to.have.length(1);
    expect(errors()[0]).to.deep.include({ version: '1.0' });
    expect((errors()[0] as { error: { message: string; surfaceId: string } }).error.message).to.contain('boom');
    expect(textOf(component(el, 'after'))).to.contain('after');
    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/t', value: 'still alive' } });
    expect(textOf(component(el, 'before'))).to.contain('still alive');
    (component(el, 'broken') as LitElement).requestUpdate();
    await settle(el);
    expect(errors(), 'reported once').to.have.length(1);
  });

  it('a type without an element renders the fallback and reports once', async () => {
    const { el, store, errors, process } = await mount(S);
    store.registerCatalog(customCatalog);
    await process(surfaceMessages(S, [{ id: 'root', component: 'Column', children: ['m'] }, { id: 'm', component: 'Mystery', '@catalogId': CUSTOM }]));
    expect(component(el, 'm').localName).to.equal('a2ui-unknown');
    expect(textOf(inner(el, 'm', '[part=error]'))).to.equal('Content unavailable');
    expect(inner(el, 'm', '[part=error]').dataset.type).to.equal('Mystery');
    expect(errors()).to.have.length(1);
    expect((errors()[0] as { error: { code: string } }).error.code).to.equal('VALIDATION_FAILED');
  });

  it('importing the elements twice is harmless', async () => {
    const again = new URL('../../elements/index.ts?again', import.meta.url).href;
    await import(again);
    expect(typeof customElements.get('a2ui-text')).to.equal('function');
  });
});
