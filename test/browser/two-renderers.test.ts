/**
 * Two A2UI renderers on one page: ours, through `createA2uiSurface` (elements/scoped.ts, a custom
 * element registry of its own), and the official `@a2ui/lit`, whose `<a2ui-surface>` goes in the
 * page's registry. Ours is imported first and the official one after it: it must define
 * `a2ui-surface` without a `NotSupportedError`, and both surfaces show what their agent sent.
 */
import { expect } from '@open-wc/testing';
import { A2uiStore, BASIC_CATALOG_ID } from '../../src/index.ts';
import { preloadFunctions, schemaValidator } from '../../src/internal.ts';
import { a2uiElementRegistry, createA2uiSurface, scopedRegistriesSupported } from '../../elements/scoped.ts';
import { A2uiSurfaceElement } from '../../elements/surface.ts';
import { deepQueryAll, getByRole, nameOf, textOf } from './queries.ts';

/** Waits (a frame at a time, up to a second) until `ready` holds. elements-helpers.ts defines our tags in the page registry, so it is not used here. */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 60 && !ready(); i++) await new Promise((r) => requestAnimationFrame(r));
}

describe('two renderers on one page: ours in a scoped registry, the official @a2ui/lit in the page registry', () => {
  it('this Chromium has scoped custom element registries', () => {
    expect(scopedRegistriesSupported()).to.equal(true);
  });

  it('both surfaces render, each with its own elements', async function () {
    // The official package is many modules, loaded on first import.
    this.timeout(30_000);
    await Promise.all([schemaValidator.load(), preloadFunctions()]);
    // Ours first: importing it defined nothing in the page's registry.
    expect(customElements.get('a2ui-surface')).to.equal(undefined);
    expect(customElements.get('a2ui-text')).to.equal(undefined);

    // The official renderer, loaded after ours, as a page that embeds both might.
    const official = await import('@a2ui/lit/v0_9');
    const { MessageProcessor } = await import('@a2ui/web_core/v0_9');
    const processor = new MessageProcessor([official.basicCatalog]);
    processor.processMessages([
      { version: 'v0.9', createSurface: { surfaceId: 'theirs', catalogId: official.basicCatalog.id } },
      { version: 'v0.9', updateComponents: { surfaceId: 'theirs', components: [{ id: 'root', component: 'Text', text: 'Hello from the official renderer' }] } },
    ] as never);
    const theirs = document.createElement('a2ui-surface' as string) as unknown as HTMLElement & { surface: unknown; updateComplete: Promise<unknown> };
    theirs.surface = processor.model.getSurface('theirs');

    const store = new A2uiStore({ locale: 'en-US' });
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'ours', catalogId: BASIC_CATALOG_ID } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: 'ours',
          components: [
            { id: 'root', component: 'Column', children: ['hello', 'go'] },
            { id: 'hello', component: 'Text', text: 'Hello from a2ui-elements' },
            { id: 'go', component: 'Button', child: 'label', action: { event: { name: 'go' } } },
            { id: 'label', component: 'Text', text: 'Go' },
          ],
        },
      },
    ]);
    const ours = createA2uiSurface();
    ours.store = store;
    ours.surfaceId = 'ours';

    const page = document.createElement('main');
    page.append(theirs, ours);
    document.body.append(page);
    await theirs.updateComplete;
    await until(() => textOf(theirs).includes('official') && textOf(ours).includes('Go'));

    expect(customElements.get('a2ui-surface'), 'the page registry holds the official surface').to.equal(official.A2uiSurface);
    expect(theirs).to.be.instanceOf(official.A2uiSurface);
    expect(ours).to.be.instanceOf(A2uiSurfaceElement);
    expect(textOf(theirs)).to.contain('Hello from the official renderer');
    expect(textOf(ours)).to.contain('Hello from a2ui-elements');
    expect(nameOf(getByRole(ours, 'button'))).to.equal('Go');
    // Every a2ui-* element inside our surface is ours, from our registry.
    const inside = deepQueryAll<Element>(ours, '*').filter((e) => e.localName.startsWith('a2ui-'));
    expect(inside.map((e) => e.localName)).to.include.members(['a2ui-column', 'a2ui-text', 'a2ui-button']);
    for (const e of inside) expect(e.constructor, e.localName).to.equal(a2uiElementRegistry().get(e.localName));
    page.remove();
  });
});
