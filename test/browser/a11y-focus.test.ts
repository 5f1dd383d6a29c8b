/**
 * Focus survives the agent (issue 41, item 1): a keyboard user presses a Button, the agent's
 * answer replaces or removes it, and focus lands somewhere sensible — the replacement, the
 * nearest control, else the surface — with the move said in a polite live region. Read as
 * assistive technology reads it: the focused node and the live regions of the accessibility tree,
 * with trusted key presses.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { mount, surfaceMessages } from './elements-helpers.ts';
import { axFocused, axPolite } from './a11y-helpers.ts';

const button = (id: string, label: string) => [
  { id, component: 'Button', child: `${id}Label`, action: { event: { name: id } } },
  { id: `${id}Label`, component: 'Text', text: label },
];

/** A surface with three Buttons; Tab moves to `Order` (the second) and Enter presses it. */
async function pressOrder() {
  const m = await mount('f');
  await m.process(surfaceMessages('f', [{ id: 'root', component: 'Column', children: ['back', 'order', 'help'] }, ...button('back', 'Back'), ...button('order', 'Order'), ...button('help', 'Help')]));
  await sendKeys({ press: 'Tab' });
  await sendKeys({ press: 'Tab' });
  expect((await axFocused())?.name).to.equal('Order');
  await sendKeys({ press: 'Enter' });
  await waitUntil(() => m.actions().some((a) => a.name === 'order'), 'the action was sent');
  return m;
}

const update = (components: unknown[]) => [{ version: '1.0', updateComponents: { surfaceId: 'f', components } }];

async function focusedName(expected: string): Promise<void> {
  await waitUntil(async () => (await axFocused())?.name === expected, `focus on "${expected}"`, { timeout: 3000 });
}

describe('focus survives the agent', () => {
  it('moves to the control of the same id when the agent rebuilds it elsewhere', async () => {
    const m = await pressOrder();
    await m.process(update([{ id: 'root', component: 'Column', children: ['back', 'box', 'help'] }, { id: 'box', component: 'Card', child: 'order' }, ...button('order', 'Order again')]));
    await focusedName('Order again');
    await waitUntil(async () => (await axPolite()).some((t) => /focus moved to Order again/i.test(t)), 'the move is announced', { timeout: 3000 });
  });

  it('moves to the new control in the same place', async () => {
    const m = await pressOrder();
    await m.process(update([{ id: 'root', component: 'Column', children: ['back', 'track', 'help'] }, ...button('track', 'Track parcel')]));
    await focusedName('Track parcel');
    await waitUntil(async () => (await axPolite()).some((t) => /Track parcel/.test(t)), 'the move is announced', { timeout: 3000 });
  });

  it('moves to the nearest remaining control when nothing replaces it', async () => {
    const m = await pressOrder();
    await m.process(update([{ id: 'root', component: 'Column', children: ['back', 'help'] }]));
    await focusedName('Help');
    // Tab goes on from there, not from the top of the page.
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect((await axFocused())?.name).to.equal('Back');
  });

  it('moves to the surface when no control is left', async () => {
    const m = await pressOrder();
    await m.process(update([{ id: 'root', component: 'Column', children: ['done'] }, { id: 'done', component: 'Text', text: 'Ordered.' }]));
    await waitUntil(async () => (await axPolite()).some((t) => /focus moved/i.test(t)), 'the move is announced', { timeout: 3000 });
    const focused = await axFocused();
    expect(focused, 'something in the surface has focus').to.not.equal(undefined);
    expect(focused!.role).to.not.equal('RootWebArea');
    expect(focused!.text).to.contain('Ordered.');
  });
});
