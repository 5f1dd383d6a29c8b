/**
 * Theming as a host page does it, from outside the surface: theme tokens (CSS custom properties)
 * on an ancestor, and `a2ui-surface::part(…)` rules in the page's own style sheet, one step deep —
 * for one surface, and for every surface (`surface-id="*"`, where each surface is a nested
 * `<a2ui-surface>` exporting its parts).
 */
import { expect, fixture, html } from '@open-wc/testing';
import { A2uiStore } from '../../src/index.ts';
import { schemaValidator } from '../../src/internal.ts';
import { preloadComponents, type A2uiSurfaceElement } from '../../elements/index.ts';
import { BASIC, settle } from './elements-helpers.ts';
import { getByRole, getByText } from './queries.ts';

const components = [
  { id: 'root', component: 'Column', children: ['plain', 'primary', 'tabs'] },
  { id: 'plain', component: 'Button', child: 'plainLabel', action: { event: { name: 'plain' } } },
  { id: 'plainLabel', component: 'Text', text: 'Plain' },
  { id: 'primary', component: 'Button', variant: 'primary', child: 'primaryLabel', action: { event: { name: 'primary' } } },
  { id: 'primaryLabel', component: 'Text', text: 'Primary' },
  { id: 'tabs', component: 'Tabs', tabs: [{ title: 'First', child: 'one' }, { title: 'Second', child: 'two' }] },
  { id: 'one', component: 'Text', text: 'one' },
  { id: 'two', component: 'Text', text: 'two' },
];

const pageCss = `
  .themed { --a2ui-color-primary: rgb(10, 20, 30); --a2ui-color-on-primary: rgb(250, 240, 230); }
  a2ui-surface::part(button) { border-radius: 3px; }
  a2ui-surface::part(button-primary) { border-radius: 7px; }
  a2ui-surface::part(tab-selected) { text-decoration-line: underline; }
  a2ui-surface::part(text) { letter-spacing: 2px; }
  a2ui-surface::part(surface-item) { outline: 1px solid rgb(0, 128, 0); }
`;

async function render(surfaceId: string): Promise<Element> {
  await preloadComponents(); // Tabs is defined on first use
  const store = new A2uiStore({ locale: 'en-US' });
  const errors: string[] = [];
  store.onMessage((m) => errors.push(JSON.stringify(m)));
  const wrapper = await fixture<HTMLElement>(html`<div class="themed">
    <style>${pageCss}</style>
    <a2ui-surface .store=${store} surface-id=${surfaceId}></a2ui-surface>
  </div>`);
  store.process([
    { version: '1.0', createSurface: { surfaceId: 'themed', catalogId: BASIC } },
    { version: '1.0', updateComponents: { surfaceId: 'themed', components } },
  ]);
  const surface = wrapper.querySelector<A2uiSurfaceElement>('a2ui-surface')!;
  await settle(surface);
  for (const el of surface.shadowRoot!.querySelectorAll<A2uiSurfaceElement>('a2ui-surface')) await settle(el);
  expect(errors, 'no error reported').to.deep.equal([]);
  return surface;
}

// The schema validator loads on first use; these tests read a surface right after its messages.
before(() => schemaValidator.load());

for (const [mode, surfaceId] of [['one surface', 'themed'], ['every surface (surface-id="*")', '*']]) {
  describe(`theming from the host page: ${mode}`, () => {
    it('theme tokens set on an ancestor colour the components', async () => {
      const root = await render(surfaceId);
      const primary = getComputedStyle(getByRole(root, 'button', { name: 'Primary' }));
      expect(primary.backgroundColor).to.equal('rgb(10, 20, 30)');
      expect(primary.color).to.equal('rgb(250, 240, 230)');
      expect(getComputedStyle(getByRole(root, 'button', { name: 'Plain' })).color, 'a default button draws its text in primary').to.equal('rgb(10, 20, 30)');
    });

    it('::part() rules of the page reach buttons of every variant, the selected tab and texts', async () => {
      const root = await render(surfaceId);
      expect(getComputedStyle(getByRole(root, 'button', { name: 'Plain' })).borderTopLeftRadius, '::part(button) on a default Button').to.equal('3px');
      expect(getComputedStyle(getByRole(root, 'button', { name: 'Primary' })).borderTopLeftRadius, '::part(button-primary) wins over ::part(button)').to.equal('7px');
      expect(getComputedStyle(getByRole(root, 'tab', { name: 'First' })).textDecorationLine).to.equal('underline');
      expect(getComputedStyle(getByRole(root, 'tab', { name: 'Second' })).textDecorationLine, 'an unselected tab is not tab-selected').to.equal('none');
      expect(getComputedStyle(getByText(root, 'one')).letterSpacing).to.equal('2px');
    });

    if (surfaceId === '*') {
      it('::part(surface-item) reaches each surface of the column', async () => {
        const root = await render(surfaceId);
        const [item] = root.shadowRoot!.querySelectorAll('a2ui-surface');
        expect(getComputedStyle(item).outlineColor).to.equal('rgb(0, 128, 0)');
      });
    }
  });
}
