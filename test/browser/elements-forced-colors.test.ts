/**
 * Forced-colors mode (Windows High Contrast and the like) repaints colours with system colours and
 * drops backgrounds and shadows: what tells a selected tab, a selected chip, a divider and a card's
 * edge apart must still be visible.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { A2uiStore } from '../../src/index.ts';
import { schemaValidator } from '../../src/internal.ts';
import { preloadComponents, type A2uiSurfaceElement } from '../../elements/index.ts';
import { settle } from './elements-helpers.ts';
import { deepQueryAll, getByRole, queryAllByRole } from './queries.ts';

const BASIC = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

const components = [
  { id: 'root', component: 'Column', children: ['tabs', 'divider', 'card', 'chips', 'pair', 'oneChip'] },
  { id: 'pair', component: 'Row', children: ['left', 'upright', 'right'] },
  { id: 'left', component: 'Text', text: 'left' },
  { id: 'upright', component: 'Divider', axis: 'vertical' },
  { id: 'right', component: 'Text', text: 'right' },
  {
    id: 'oneChip',
    component: 'ChoicePicker',
    label: 'Colour',
    displayStyle: 'chips',
    variant: 'mutuallyExclusive',
    options: [{ label: 'Red', value: 'r' }, { label: 'Blue', value: 'b' }],
    value: { '@path': '/colour' },
  },
  { id: 'tabs', component: 'Tabs', tabs: [{ title: 'First', child: 't1' }, { title: 'Second', child: 't2' }] },
  { id: 't1', component: 'Text', text: 'one' },
  { id: 't2', component: 'Text', text: 'two' },
  { id: 'divider', component: 'Divider' },
  { id: 'card', component: 'Card', child: 'inside' },
  { id: 'inside', component: 'Text', text: 'in the card' },
  {
    id: 'chips',
    component: 'ChoicePicker',
    label: 'Size',
    displayStyle: 'chips',
    variant: 'multipleSelection',
    options: [{ label: 'Small', value: 's' }, { label: 'Large', value: 'l' }],
    value: { '@path': '/size' },
  },
];

async function render(): Promise<Element> {
  await preloadComponents(); // Tabs is defined on first use
  const store = new A2uiStore({ locale: 'en-US' });
  const errors: string[] = [];
  store.onMessage((m) => errors.push(JSON.stringify(m)));
  const el = await fixture<A2uiSurfaceElement>(html`<a2ui-surface .store=${store} surface-id="fc"></a2ui-surface>`);
  store.process([
    { version: '1.0', createSurface: { surfaceId: 'fc', catalogId: BASIC, dataModel: { size: ['l'], colour: ['b'] } } },
    { version: '1.0', updateComponents: { surfaceId: 'fc', components } },
  ]);
  // Rendering may wait for a frame (the batch renders at most once per frame): settle, not a few tasks.
  await settle(el);
  expect(errors, 'no error reported').to.deep.equal([]);
  return el;
}

const visible = (color: string) => color !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(color);
const px = (v: string) => parseFloat(v) || 0;

// The schema validator loads on first use; these tests read a surface right after its messages.
before(() => schemaValidator.load());

describe('elements in forced-colors mode', () => {
  before(async () => {
    await executeServerCommand('emulate-forced-colors', { active: true });
  });
  after(async () => {
    await executeServerCommand('emulate-forced-colors', { active: false });
  });

  it('is emulated', () => {
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
  });

  it('shows which tab is selected', async () => {
    const root = await render();
    const selected = getByRole(root, 'tab', { name: 'First' });
    const other = getByRole(root, 'tab', { name: 'Second' });
    expect(selected.getAttribute('aria-selected')).to.equal('true');
    const s = getComputedStyle(selected);
    const o = getComputedStyle(other);
    expect(px(s.borderBottomWidth)).to.be.greaterThan(0);
    expect(visible(s.borderBottomColor), s.borderBottomColor).to.equal(true);
    expect(s.borderBottomColor, 'the selected underline differs from an unselected tab').to.not.equal(o.borderBottomColor);
  });

  it('shows which chips are selected', async () => {
    const root = await render();
    const large = getByRole<HTMLInputElement>(root, 'checkbox', { name: 'Large' });
    const small = getByRole<HTMLInputElement>(root, 'checkbox', { name: 'Small' });
    expect(large.checked).to.equal(true);
    const on = getComputedStyle(large.closest('label')!);
    const off = getComputedStyle(small.closest('label')!);
    expect(on.backgroundColor, 'a selected chip is filled differently').to.not.equal(off.backgroundColor);
    expect(px(on.outlineWidth)).to.be.greaterThan(0);
    expect(visible(on.outlineColor)).to.equal(true);
  });

  it('shows which chip of a single choice is selected', async () => {
    const root = await render();
    const blue = getByRole<HTMLInputElement>(root, 'radio', { name: 'Blue' });
    const red = getByRole<HTMLInputElement>(root, 'radio', { name: 'Red' });
    expect(blue.checked).to.equal(true);
    const on = getComputedStyle(blue.closest('label')!);
    const off = getComputedStyle(red.closest('label')!);
    expect(on.backgroundColor, 'the selected chip is filled differently').to.not.equal(off.backgroundColor);
    expect(px(on.outlineWidth)).to.be.greaterThan(0);
  });

  it('shows dividers and card edges', async () => {
    const root = await render();
    const [across, upright] = queryAllByRole(root, 'separator');
    const divider = getComputedStyle(across);
    expect(px(divider.borderTopWidth)).to.be.greaterThan(0);
    expect(visible(divider.borderTopColor), divider.borderTopColor).to.equal(true);
    const vertical = getComputedStyle(upright);
    expect(upright.getAttribute('aria-orientation')).to.equal('vertical');
    expect(px(vertical.borderInlineStartWidth), 'a vertical divider').to.be.greaterThan(0);
    expect(visible(vertical.borderInlineStartColor), vertical.borderInlineStartColor).to.equal(true);
    const [edge] = deepQueryAll(root, '[part~="card"]');
    expect(edge, 'the card is shown').to.not.equal(undefined);
    const card = getComputedStyle(edge);
    expect(card.outlineStyle).to.not.equal('none');
    expect(px(card.outlineWidth)).to.be.greaterThan(0);
    expect(visible(card.outlineColor)).to.equal(true);
  });
});
