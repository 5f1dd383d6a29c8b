/**
 * The Icon element is defined on first use, and arrives with the icon path table (fetched at the
 * same time): until both are there the icon is the placeholder; then named and svgPath icons draw
 * on their first render. This page has loaded neither before the first test.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { A2uiStore } from '../../src/index.ts';
import { schemaValidator } from '../../src/internal.ts';
import '../../elements/index.ts';
import type { A2uiSurfaceElement } from '../../elements/index.ts';
import { inner, settle, surfaceMessages } from './elements-helpers.ts';
import { deepQueryAll, getByRole } from './queries.ts';

const tableFetched = () => performance.getEntriesByType('resource').some((e) => /\/elements\/icons\.ts/.test(e.name));

// The schema validator loads on first use; these tests read a surface right after its messages.
before(() => schemaValidator.load());

describe('icons before their element and the path table have loaded', () => {
  it('an icon is the placeholder first, then draws its glyph on its first render; svgPath icons too', async () => {
    expect(tableFetched(), 'nothing loaded the table yet').to.equal(false);
    expect(customElements.get('a2ui-icon'), 'nothing defined the element yet').to.equal(undefined);
    const store = new A2uiStore({ locale: 'en-US' });
    const el = await fixture<A2uiSurfaceElement>(html`<a2ui-surface .store=${store} surface-id="s"></a2ui-surface>`);
    store.process(
      surfaceMessages('s', [
        { id: 'root', component: 'Row', children: ['cart', 'custom'] },
        { id: 'cart', component: 'Icon', name: 'shoppingCart' },
        { id: 'custom', component: 'Icon', name: { svgPath: 'M0 0L10 10Z' } },
      ]),
    );
    await settle(el);
    expect(deepQueryAll(el, 'a2ui-placeholder'), 'both icons wait').to.have.length(2);

    await waitUntil(() => deepQueryAll(el, 'a2ui-icon').length === 2, 'the icons never rendered', { timeout: 8000 });
    await settle(el);
    const cart = inner<SVGSVGElement>(el, 'cart', 'svg');
    expect(getByRole(el, 'img', { name: 'shopping cart' })).to.equal(cart);
    expect(cart.querySelector('path')?.getAttribute('d'), 'the glyph on the first render').to.match(/^M/);
    expect(inner<SVGSVGElement>(el, 'custom', 'svg').querySelector('path')!.getAttribute('d')).to.equal('M0 0L10 10Z');
    expect(deepQueryAll(el, 'a2ui-placeholder')).to.have.length(0);
    expect(tableFetched()).to.equal(true);
  });
});
