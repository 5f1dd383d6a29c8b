/**
 * Forced colours without gaps (issue 41, item 5): with the user's palette forced (Windows High
 * Contrast and the like), a Modal has an edge, a primary Button differs from a default one, an
 * invalid TextField keeps a border that says so, disabled shows in GrayText, and the focus rings of
 * Tabs and chips are drawn in the user's palette, not the author's focus colour. Read from the
 * rendering under emulated forced colours; focus moved with trusted key presses.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import { mount, surfaceMessages } from './elements-helpers.ts';
import { deepQueryAll, focused, getByLabel, getByRole } from './queries.ts';

const components = [
  { id: 'root', component: 'Column', children: ['save', 'cancel', 'blocked', 'name', 'mail', 'tabs', 'size', 'modal'] },
  { id: 'save', component: 'Button', variant: 'primary', child: 'saveText', action: { event: { name: 'save' } } },
  { id: 'saveText', component: 'Text', text: 'Save' },
  { id: 'cancel', component: 'Button', child: 'cancelText', action: { event: { name: 'cancel' } } },
  { id: 'cancelText', component: 'Text', text: 'Cancel' },
  { id: 'blocked', component: 'Button', child: 'blockedText', action: { event: { name: 'send' } }, '@checks': [{ condition: { '@call': 'required', args: { value: { '@path': '/name' } } }, message: 'Name first' }] },
  { id: 'blockedText', component: 'Text', text: 'Send' },
  { id: 'name', component: 'TextField', label: 'Nickname', value: { '@path': '/nick' } },
  { id: 'mail', component: 'TextField', label: 'Email', value: { '@path': '/mail' }, '@checks': [{ condition: { '@call': 'email', args: { value: { '@path': '/mail' } } }, message: 'Not an email' }] },
  { id: 'tabs', component: 'Tabs', tabs: [{ title: 'First', child: 't1' }, { title: 'Second', child: 't2' }] },
  { id: 't1', component: 'Text', text: 'one' },
  { id: 't2', component: 'Text', text: 'two' },
  { id: 'size', component: 'ChoicePicker', label: 'Size', displayStyle: 'chips', variant: 'multipleSelection', options: [{ label: 'Small', value: 's' }, { label: 'Large', value: 'l' }], value: { '@path': '/size' } },
  { id: 'modal', component: 'Modal', trigger: 'open', content: 'inside' },
  { id: 'open', component: 'Button', child: 'openText', action: { event: { name: 'noop' } } },
  { id: 'openText', component: 'Text', text: 'Details' },
  { id: 'inside', component: 'Text', text: 'More details' },
];

async function render() {
  const m = await mount('fc2');
  await m.process(surfaceMessages('fc2', components, { nick: 'Ada', mail: 'not-mail', size: ['l'] }));
  return m;
}

/** A system colour as this page resolves it now. */
function system(name: string): string {
  const probe = document.createElement('span');
  probe.style.color = name;
  document.body.append(probe);
  const value = getComputedStyle(probe).color;
  probe.remove();
  return value;
}

const px = (v: string) => parseFloat(v) || 0;
const visible = (color: string) => color !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(color);

/** Presses Tab until `target` has focus (at most 30 times). */
async function tabTo(target: Element): Promise<void> {
  for (let i = 0; i < 30 && focused() !== target; i++) await sendKeys({ press: 'Tab' });
  expect(focused() === target, 'reached by Tab').to.equal(true);
}

describe('forced colours without gaps', () => {
  before(() => executeServerCommand('emulate-forced-colors', { active: true }));
  after(() => executeServerCommand('emulate-forced-colors', { active: false }));

  it('a primary Button differs from a default one; disabled shows in GrayText', async () => {
    const { el } = await render();
    const save = getComputedStyle(getByRole(el, 'button', { name: 'Save' }));
    const cancel = getComputedStyle(getByRole(el, 'button', { name: 'Cancel' }));
    expect(save.backgroundColor, 'primary is filled differently').to.not.equal(cancel.backgroundColor);
    const blocked = getByRole(el, 'button', { name: 'Send' });
    expect(blocked.getAttribute('aria-disabled')).to.equal('true');
    expect(getComputedStyle(blocked).color, 'disabled in GrayText').to.equal(system('GrayText'));
    expect(cancel.color).to.not.equal(system('GrayText'));
  });

  it('an invalid TextField keeps a border that differs from a valid one', async () => {
    const { el } = await render();
    const bad = getByLabel<HTMLInputElement>(el, 'Email');
    expect(bad.getAttribute('aria-invalid')).to.equal('true');
    const b = getComputedStyle(bad);
    const ok = getComputedStyle(getByLabel<HTMLInputElement>(el, 'Nickname'));
    expect(px(b.borderTopWidth)).to.be.greaterThan(0);
    expect(visible(b.borderTopColor)).to.equal(true);
    expect(`${b.borderTopWidth} ${b.borderTopStyle} ${b.borderTopColor}`, 'not drawn like a valid field').to.not.equal(`${ok.borderTopWidth} ${ok.borderTopStyle} ${ok.borderTopColor}`);
  });

  it('an open Modal has an edge', async () => {
    const { el } = await render();
    getByRole(el, 'button', { name: 'Details' }).click();
    const [dialog] = deepQueryAll<HTMLDialogElement>(el, 'dialog');
    await new Promise((r) => requestAnimationFrame(r));
    expect(dialog.open).to.equal(true);
    const d = getComputedStyle(dialog);
    expect(px(d.borderTopWidth), 'a border draws the edge').to.be.greaterThan(0);
    expect(visible(d.borderTopColor)).to.equal(true);
    dialog.close();
  });

  it('the focus rings of a tab and a chip are in the user palette', async () => {
    const { el } = await render();
    const highlight = system('Highlight');
    const tab = getByRole(el, 'tab', { name: 'First' });
    await tabTo(tab);
    const t = getComputedStyle(tab);
    expect(t.outlineStyle).to.not.equal('none');
    expect(t.outlineColor, 'the tab focus ring').to.equal(highlight);
    const chip = getByRole(el, 'checkbox', { name: 'Small' });
    await tabTo(chip);
    const c = getComputedStyle(chip.closest('label')!);
    expect(c.outlineStyle).to.not.equal('none');
    expect(c.outlineColor, 'the chip focus ring').to.equal(highlight);
  });
});
