import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { A2uiStore } from '../../src/index.ts';
import { preloadFunctions, schemaValidator } from '../../src/internal.ts';
import { preloadComponents, type A2uiSurfaceElement } from '../../elements/index.ts';
import { inner, settle, surfaceMessages } from './elements-helpers.ts';
import { getByRole } from './queries.ts';

/** A surface in `wrapper`'s page styles, showing `components`. */
async function inPage(style: string, components: unknown[]): Promise<A2uiSurfaceElement> {
  const store = new A2uiStore({ locale: 'en-US' });
  const wrapper = await fixture<HTMLDivElement>(html`<div style=${style}><a2ui-surface .store=${store} surface-id="s"></a2ui-surface></div>`);
  const el = wrapper.querySelector('a2ui-surface')!;
  store.process(surfaceMessages('s', components, { on: false }));
  await settle(el);
  return el;
}

describe('elements: what the host page sets does not leak into the surface', () => {
  before(() => Promise.all([preloadComponents(), preloadFunctions(), schemaValidator.load()]));

  it("a centred page does not centre the agent's text", async () => {
    const el = await inPage('text-align: center; width: 600px', [
      { id: 'root', component: 'Column', children: ['t'] },
      { id: 't', component: 'Text', text: 'Hi' },
    ]);
    const text = inner(el, 't', '.text');
    const range = document.createRange();
    range.selectNodeContents(text);
    const words = range.getBoundingClientRect();
    expect(words.left - text.getBoundingClientRect().left, 'the words start at the left edge').to.be.below(1);
  });

  describe('brand tokens of a light palette under a dark OS', () => {
    before(() => emulateMedia({ colorScheme: 'dark' }));
    after(() => emulateMedia({ colorScheme: 'light' }));

    it('an unchecked checkbox and radio are drawn on the surface colour, not the dark scheme', async () => {
      const el = await inPage('--a2ui-color-surface: #ffffff; --a2ui-color-on-surface: #1f1f1f; --a2ui-color-border: #757575; --a2ui-color-primary: #6a1b9a', [
        { id: 'root', component: 'Column', children: ['c', 'p'] },
        { id: 'c', component: 'CheckBox', label: 'Oat milk', value: { '@path': '/on' } },
        { id: 'p', component: 'ChoicePicker', label: 'Size', variant: 'mutuallyExclusive', options: [{ label: 'Small', value: 's' }, { label: 'Large', value: 'l' }], value: ['l'] },
      ]);
      expect(matchMedia('(prefers-color-scheme: dark)').matches, 'the OS is dark').to.equal(true);
      const box = getByRole<HTMLInputElement>(el.shadowRoot!, 'checkbox', { name: 'Oat milk' });
      const radio = getByRole<HTMLInputElement>(el.shadowRoot!, 'radio', { name: 'Small' });
      for (const input of [box, radio]) {
        expect(input.checked).to.equal(false);
        const s = getComputedStyle(input);
        // A native box follows the scheme (dark fill) whatever its background says: drawn ourselves, it is the token's.
        expect(s.appearance, `${input.type} appearance`).to.equal('none');
        expect(s.backgroundColor, `${input.type} fill`).to.equal('rgb(255, 255, 255)');
        expect(s.borderTopColor, `${input.type} edge`).to.equal('rgb(117, 117, 117)');
        expect(parseFloat(s.borderTopWidth)).to.be.greaterThan(0);
      }
      box.click();
      await settle(el);
      expect(getComputedStyle(box).backgroundColor, 'a checked box is filled with the primary colour').to.equal('rgb(106, 27, 154)');
    });
  });
});
