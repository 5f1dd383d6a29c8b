/**
 * The icon path table is loaded with the first named icon: until then the icon is an empty, named
 * box; then it draws. This page has not loaded the table before the first test.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { A2uiStore } from '../../src/index.ts';
import '../../elements/index.ts';
import type { A2uiSurfaceElement } from '../../elements/index.ts';
import { inner, settle, surfaceMessages } from './elements-helpers.ts';
import { getByRole } from './queries.ts';

const tableFetched = () => performance.getEntriesByType('resource').some((e) => /\/elements\/icons\.ts/.test(e.name));

describe('icons before the path table has loaded', () => {
  it('an icon shows its named, empty box first, then its glyph; svgPath icons draw at once', async () => {
    expect(tableFetched(), 'nothing loaded the table yet').to.equal(false);
    const store = new A2uiStore({ locale: 'en-US' });
    const el = await fixture<A2uiSurfaceElement>(html`<a2ui-surface .store=${store} surface-id="s"></a2ui-surface>`);
    store.process(
      surfaceMessages('s', [
        { id: 'root', component: 'Row', children: ['cart', 'custom'] },
        { id: 'cart', component: 'Icon', name: 'shoppingCart' },
        { id: 'custom', component: 'Icon', name: { svgPath: 'M0 0L10 10Z' } },
      ]),
    );
    // The first render, before the table can have arrived (its import resolves in a later task).
    await Promise.resolve();
    await settle(el);
    const first = inner<SVGSVGElement>(el, 'cart', 'svg');
    expect(first.getAttribute('aria-label')).to.equal('shopping cart');
    expect(getByRole(el, 'img', { name: 'shopping cart' }), 'named before its glyph arrives').to.equal(first);
    expect(first.querySelector('path'), 'no glyph yet').to.equal(null);
    expect(inner<SVGSVGElement>(el, 'custom', 'svg').querySelector('path')!.getAttribute('d')).to.equal('M0 0L10 10Z');

    for (let i = 0; i < 50 && !inner<SVGSVGElement>(el, 'cart', 'svg').querySelector('path'); i++) await new Promise((r) => setTimeout(r, 20));
    const path = inner<SVGSVGElement>(el, 'cart', 'svg').querySelector('path');
    expect(path?.getAttribute('d')).to.match(/^M/);
    expect(tableFetched()).to.equal(true);
  });
});
