/**
 * What users and developers see when a surface has nothing (yet) to show (issue 16 items 2–4,
 * issue 18 item 6): placeholders under partialUpdates, host-controlled fallbacks, the surface
 * status and event, the inspector's diagnostics, and `<a2ui-surface>` showing every surface.
 * Assertions read the rendered text and roles (the flat tree), not shadow-root structure.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { A2uiStore, type OutboundMessage } from '../../src/index.ts';
import { schemaValidator, schemaExplainer } from '../../src/internal.ts';
import '../../elements/inspector.ts';
import { A2uiElement, preloadComponents, registerComponent, type A2uiSurfaceElement, type A2uiStatusEventDetail, type FallbackInfo } from '../../elements/index.ts';
import type { A2uiInspector } from '../../elements/inspector.ts';
import { allElements, BASIC, settle, surfaceMessages } from './elements-helpers.ts';
import { getByRole, queryAllByRole, textOf } from './queries.ts';

/** The text a user sees (the flat tree; adjacent inline notices run together, as textContent does). */
const seen = (root: Node): string => textOf(root);
/** Elements with `role` in the flat tree. */
const withRole = (root: Element, role: string) => queryAllByRole(root, role);

async function mountSurface(options: { partialUpdates?: boolean; surfaceId?: string; renderFallback?: (info: FallbackInfo) => unknown } = {}) {
  // Refusals are read as soon as the surface settles: what explains them (loaded on first use) is here first.
  await schemaExplainer.load();
  const store = new A2uiStore({ locale: 'en-US', partialUpdates: options.partialUpdates });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  const el = await fixture<A2uiSurfaceElement>(html`<a2ui-surface .store=${store} surface-id=${options.surfaceId ?? 's'} .renderFallback=${options.renderFallback}></a2ui-surface>`);
  const process = async (messages: unknown) => {
    store.process(messages);
    await settle(el);
  };
  return { store, el, out, process, errors: () => out.filter((m) => 'error' in m) };
}

const ONE_BAD = [
  { id: 'root', component: 'Column', children: ['hello', 'bad', 'bye'] },
  { id: 'hello', component: 'Text', text: 'Hello' },
  { id: 'bad', component: 'Text', text: 'Oops', colour: 'red' },
  { id: 'bye', component: 'Text', text: 'Bye' },
];

// The schema validator loads on first use; these tests read a surface right after its messages.
// The elements defined on first use are here before a surface renders (lazy-*.test.ts cover the other path).
before(() => Promise.all([schemaValidator.load(), preloadComponents()]));

describe('partialUpdates: placeholders', () => {
  it('renders the valid components, a placeholder for the bad one, and replaces it with a later valid update', async () => {
    const { el, store, process, errors } = await mountSurface({ partialUpdates: true });
    const inspector = await fixture<A2uiInspector>(html`<a2ui-inspector .store=${store}></a2ui-inspector>`);
    await process(surfaceMessages('s', ONE_BAD));
    expect(seen(el)).to.equal('Hello Content unavailableBye');
    expect(seen(el)).not.to.contain('bad');
    expect(errors()).to.have.length(1);
    await settle(inspector);
    expect(seen(inspector)).to.contain('Surface "s": 1 refused component shown as placeholder (bad)');
    await process({ version: '1.0', updateComponents: { surfaceId: 's', components: [{ id: 'bad', component: 'Text', text: 'Fixed' }] } });
    expect(seen(el)).to.equal('Hello Fixed Bye');
    expect(errors()).to.have.length(1);
    await settle(inspector);
    expect(seen(inspector)).not.to.contain('placeholder');
    await expect(el).to.be.accessible();
  });

  it('without the option nothing renders and one error is sent (the whole-message rule)', async () => {
    const { el, process, errors } = await mountSurface();
    await process(surfaceMessages('s', ONE_BAD));
    expect(seen(el)).to.equal('Loading…');
    expect(errors()).to.have.length(1);
  });
});

describe('fallbacks a host controls', () => {
  const CUSTOM = 'https://example.com/a2ui/fallback-catalog.json';
  class Exploding extends A2uiElement {
    protected renderComponent(): unknown {
      throw new Error('kaput');
    }
  }
  before(() => {
    customElements.define('test-exploding', Exploding);
    registerComponent(CUSTOM, 'Exploding', 'test-exploding');
  });
  const catalog = {
    catalogId: CUSTOM,
    protocolVersion: '1.0',
    components: {
      Exploding: { type: 'object', properties: { component: { const: 'Exploding' } }, required: ['component'] },
      Mystery: { type: 'object', properties: { component: { const: 'Mystery' } }, required: ['component'] },
    },
  };
  const tree = [
    { id: 'root', component: 'Column', children: ['boom', 'mystery', 'bad'] },
    { id: 'boom', component: 'Exploding', '@catalogId': CUSTOM },
    { id: 'mystery', component: 'Mystery', '@catalogId': CUSTOM },
    { id: 'bad', component: 'Text', text: 'x', colour: 'red' },
  ];

  it('defaults: accessible, plain words, no ids or types shown to users', async () => {
    const { el, store, process } = await mountSurface({ partialUpdates: true });
    expect(withRole(el, 'status').map((e) => e.textContent)).to.deep.equal(['Loading…']);
    store.registerCatalog(catalog);
    await process(surfaceMessages('s', tree));
    expect(seen(el)).to.equal('Content unavailable'.repeat(3));
    // Loading is gone; what is left is the surface's live region, silent (announcer.ts).
    expect(withRole(el, 'status').filter((e) => e.textContent)).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('renderFallback renders every state, with what it is about', async () => {
    const infos: FallbackInfo[] = [];
    const renderFallback = (info: FallbackInfo) => {
      infos.push(info);
      return info.state === 'loading' ? html`<p role="status">Preparing your answer</p>` : `[${info.state} ${info.componentId}]`;
    };
    const { el, store, process } = await mountSurface({ partialUpdates: true, renderFallback });
    expect(seen(el)).to.equal('Preparing your answer');
    store.registerCatalog(catalog);
    await process(surfaceMessages('s', tree));
    expect(seen(el)).to.equal('[failed boom][unknown mystery][placeholder bad]');
    const failed = infos.find((i) => i.state === 'failed')!;
    expect(failed).to.deep.include({ surfaceId: 's', componentId: 'boom', type: 'Exploding' });
    expect(failed.error!.message).to.equal('kaput');
    expect(infos.find((i) => i.state === 'placeholder')!.error).to.deep.include({ code: 'VALIDATION_FAILED', path: '/components/3/colour' });
  });

  it('the loading and empty slots replace the defaults', async () => {
    const store = new A2uiStore({ locale: 'en-US' });
    store.process({ version: '1.0', createSurface: { surfaceId: 'other', catalogId: BASIC } });
    const el = await fixture<A2uiSurfaceElement>(
      html`<a2ui-surface .store=${store} surface-id="main"><p slot="loading">Please wait</p><p slot="empty">Nothing here yet</p></a2ui-surface>`,
    );
    expect(seen(el)).to.equal('Nothing here yet');
    store.process({ version: '1.0', createSurface: { surfaceId: 'main', catalogId: BASIC } });
    await settle(el);
    expect(seen(el)).to.equal('Please wait');
  });
});

describe('diagnostics: status, event, inspector', () => {
  it('a mismatched surface-id: the empty state for users, status, event and inspector for developers', async () => {
    const store = new A2uiStore({ locale: 'en-US' });
    const statuses: A2uiStatusEventDetail[] = [];
    const listen = (e: Event) => statuses.push((e as CustomEvent<A2uiStatusEventDetail>).detail);
    document.addEventListener('a2ui-status', listen);
    try {
      const page = await fixture<HTMLElement>(html`<div><a2ui-surface .store=${store} surface-id="main"></a2ui-surface><a2ui-inspector .store=${store}></a2ui-inspector></div>`);
      const el = page.querySelector('a2ui-surface')!;
      const inspector = page.querySelector<A2uiInspector>('a2ui-inspector')!;
      expect(el.status).to.equal('waiting');
      store.process([...surfaceMessages('booking', [{ id: 'root', component: 'Text', text: 'Hi' }]), { version: '1.0', createSurface: { surfaceId: 'empty', catalogId: BASIC } }]);
      await settle(page);
      expect(el.status).to.equal('unmatched');
      expect(statuses.map((s) => s.status)).to.include('unmatched');
      expect(seen(el)).to.equal('', 'silent for end users');
      const list = inspector.shadowRoot!.querySelector('[aria-label=Diagnostics]')!;
      const diagnostics = seen(list);
      expect(diagnostics).to.contain('<a2ui-surface surface-id="main"> matches no surface; the store has "booking", "empty"');
      expect(diagnostics).to.contain('Surface "empty": no root component yet (0 components received)');
      expect(diagnostics).not.to.contain('Surface "booking"');

      el.surfaceId = 'empty';
      await settle(page);
      expect(el.status).to.equal('no-root');
      el.surfaceId = 'booking';
      await settle(page);
      expect(el.status).to.equal('ready');
      expect(seen(el)).to.equal('Hi');
      expect(seen(inspector)).not.to.contain('matches no surface');
    } finally {
      document.removeEventListener('a2ui-status', listen);
    }
  });
});

describe('<a2ui-surface> without surface-id', () => {
  for (const attribute of [undefined, '*']) {
    it(`shows every surface in creation order and removes deleted ones (surface-id ${attribute ?? 'absent'})`, async () => {
      const store = new A2uiStore({ locale: 'en-US' });
      const actions: unknown[] = [];
      const el = await fixture<A2uiSurfaceElement>(
        attribute === undefined
          ? html`<a2ui-surface .store=${store} @a2ui-action=${(e: CustomEvent) => actions.push(e.detail.action)}></a2ui-surface>`
          : html`<a2ui-surface .store=${store} surface-id="*" @a2ui-action=${(e: CustomEvent) => actions.push(e.detail.action)}></a2ui-surface>`,
      );
      expect(seen(el)).to.equal('Loading…');
      store.process([
        ...surfaceMessages('first', [{ id: 'root', component: 'Text', text: 'One' }]),
        ...surfaceMessages('second', [{ id: 'root', component: 'Button', child: 'l', action: { event: { name: 'go' } } }, { id: 'l', component: 'Text', text: 'Two' }]),
      ]);
      await settle(el);
      expect(seen(el)).to.equal('One Two');
      expect(el.status).to.equal('all');
      store.process(surfaceMessages('third', [{ id: 'root', component: 'Text', text: 'Three' }]));
      await settle(el);
      expect(seen(el)).to.equal('One Two Three');
      getByRole<HTMLButtonElement>(el, 'button', { name: 'Two' }).click();
      await settle(el);
      expect(actions).to.have.length(1);
      store.process({ version: '1.0', deleteSurface: { surfaceId: 'second' } });
      await settle(el);
      await settle(el);
      expect(seen(el)).to.equal('One Three');
      expect(allElements(el).filter((e) => e.localName === 'a2ui-surface')).to.have.length(2);
      await expect(el).to.be.accessible();
    });
  }
});

describe('Text markdown: links and images', () => {
  it('by default a link renders as its text and an image as its alt text; the host option renders both', async () => {
    const { configureMarkdown, preloadMarkdown } = await import('../../elements/index.ts');
    await preloadMarkdown();
    const text = 'Read [the terms](https://example.com/terms) ![a tracking pixel](https://example.com/p.png)';
    const { el, process } = await mountSurface();
    await process(surfaceMessages('s', [{ id: 'root', component: 'Text', text }]));
    expect(seen(el)).to.equal('Read the terms a tracking pixel');
    expect(withRole(el, 'link')).to.have.length(0);
    expect(withRole(el, 'img')).to.have.length(0);

    configureMarkdown({ linksAndImages: true });
    try {
      const on = await mountSurface();
      await on.process(surfaceMessages('s', [{ id: 'root', component: 'Text', text }]));
      expect(getByRole<HTMLAnchorElement>(on.el, 'link', { name: 'the terms' }).href).to.equal('https://example.com/terms');
      expect(getByRole(on.el, 'img', { name: 'a tracking pixel' })).to.be.instanceOf(HTMLImageElement);
    } finally {
      configureMarkdown({});
    }
  });
});
