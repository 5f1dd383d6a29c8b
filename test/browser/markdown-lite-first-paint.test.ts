/**
 * A Text in the common markdown subset (elements/markdown-lite.ts) is painted right in the first
 * frame after its messages, styled as `marked`'s output is, and `marked` is never fetched for it;
 * a text beyond the subset still shows as plain text until `marked` has arrived. The tests run in
 * order on one page (each test file has its own): `marked` is fetched only by the last one.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { A2uiStore } from '../../src/index.ts';
import { schemaValidator } from '../../src/internal.ts';
import { preloadComponents, type A2uiSurfaceElement } from '../../elements/index.ts';
import { component, inner, settle, surfaceMessages } from './elements-helpers.ts';
import { getByRole, queryAllByRole, textOf } from './queries.ts';

/** Whether the page has requested `marked` or the module that renders through it. */
const markedRequested = () => performance.getEntriesByType('resource').some((e) => /\/node_modules\/marked\/|\/elements\/markdown-render\.ts/.test(e.name));
const nextFrame = () => new Promise((r) => requestAnimationFrame(r));

// What these tests are not about is here first: the validator and the component elements.
before(() => Promise.all([schemaValidator.load(), preloadComponents()]));

/** A surface given `components` at the start of a frame, as it stands when that frame paints. */
async function firstFrame(id: string, components: unknown[]): Promise<A2uiSurfaceElement> {
  const store = new A2uiStore({ locale: 'en-US' });
  const el = await fixture<A2uiSurfaceElement>(html`<a2ui-surface .store=${store} surface-id=${id}></a2ui-surface>`);
  await nextFrame();
  store.process(surfaceMessages(id, components));
  await nextFrame();
  return el;
}

const ORDER = '## Your order\n\n- 2 × Margherita\n- 1 × Tiramisu\n\nPay with `card` or cash.';

describe('markdown in a Text: the common subset in the first frame', () => {
  it('paints "## Book your stay" as an h2 in the first frame, and never requests marked', async () => {
    const el = await firstFrame('stay', [
      { id: 'root', component: 'Column', children: ['title', 'total', 'perks', 'note'] },
      { id: 'title', component: 'Text', text: '## Book your stay' },
      { id: 'total', component: 'Text', text: '**Total:** €420' },
      { id: 'perks', component: 'Text', text: '- Free cancellation\n- Breakfast included\n- Wi-Fi' },
      { id: 'note', component: 'Text', text: 'Prices in *euros*', variant: 'caption' },
    ]);
    const heading = getByRole(el, 'heading', { name: 'Book your stay' });
    expect(heading.localName).to.equal('h2');
    expect(component(el, 'total').querySelector('strong')?.textContent).to.equal('Total:');
    expect(textOf(component(el, 'total')).trim()).to.equal('Total: €420');
    expect(queryAllByRole(getByRole(el, 'list'), 'listitem').map(textOf)).to.deep.equal(['Free cancellation', 'Breakfast included', 'Wi-Fi']);
    expect(component(el, 'note').querySelector('em')?.textContent).to.equal('euros');
    expect(markedRequested(), 'marked requested').to.equal(false);

    // Nothing more comes: no request later, the same heading (no second rendering).
    await new Promise((r) => setTimeout(r, 200));
    await settle(el);
    expect(markedRequested(), 'marked requested later').to.equal(false);
    expect(getByRole(el, 'heading', { name: 'Book your stay' })).to.equal(heading);
  });

  it('spaces and styles what it renders as marked\'s output is styled (nothing moves if marked arrives later)', async () => {
    const el = await firstFrame('order', [{ id: 'root', component: 'Text', text: ORDER }]);
    const text = component(el, 'root');
    const style = (selector: string) => getComputedStyle(text.querySelector(selector)!);
    expect(style('h2').marginBlockEnd, 'after the heading').to.equal('8px');
    expect(style('ul').marginBlockStart, 'before the list').to.equal('0px');
    expect(style('ul').marginBlockEnd, 'after the list').to.equal('8px');
    expect(style('p').marginBlockEnd, 'after the last block').to.equal('0px');
    expect(style('code').fontFamily).to.contain('monospace');
    expect(style('code').backgroundColor, 'surface-variant').to.equal('rgb(240, 244, 249)');
    expect(markedRequested()).to.equal(false);
  });

  it('still shows a text with a table or a link as plain text until marked has arrived, then renders it', async () => {
    const el = await firstFrame('beyond', [
      { id: 'root', component: 'Column', children: ['table', 'link', 'order'] },
      { id: 'table', component: 'Text', text: '| Room | Price |\n|---|---|\n| Deluxe | €180 |' },
      { id: 'link', component: 'Text', text: 'See [the docs](https://example.com/docs)' },
      { id: 'order', component: 'Text', text: ORDER },
    ]);
    // The text box (the element itself draws no box).
    const order = inner(el, 'order', '[part="text"]');
    const height = order.getBoundingClientRect().height;
    expect(height).to.be.above(50);
    expect(queryAllByRole(el, 'table')).to.have.length(0);
    expect(textOf(component(el, 'link'))).to.contain('[the docs](https://example.com/docs)');
    await waitUntil(() => queryAllByRole(el, 'table').length === 1, 'the table rendered once marked arrived', { timeout: 10_000 });
    await settle(el);
    expect(markedRequested()).to.equal(true);
    expect(textOf(component(el, 'link')).trim(), 'a link is its text by default').to.equal('See the docs');
    expect(order.getBoundingClientRect().height, 'the subset text kept its geometry').to.equal(height);
  });
});
