/**
 * Dialogs (issue 41, item 6): named by their heading (else their first Text), no focus-trap
 * sentinels in the accessibility tree, `aria-haspopup="dialog"` on every trigger, and a Text
 * trigger that looks actionable. Read from the accessibility tree, with trusted key presses.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { mount, surfaceMessages } from './elements-helpers.ts';
import { axFocused, axTree, type AxNode } from './a11y-helpers.ts';
import { getByRole, getByText } from './queries.ts';

/** The nodes of the open dialog's subtree. */
function dialogNodes(tree: AxNode[]): AxNode[] {
  const at = tree.findIndex((n) => n.role === 'dialog');
  if (at < 0) return [];
  const end = tree.findIndex((n, i) => i > at && n.depth <= tree[at].depth);
  return tree.slice(at, end < 0 ? undefined : end);
}

describe('dialogs in the accessibility tree', () => {
  it('a Button trigger says it opens a dialog; the dialog is named by its heading; no sentinels; Tab wraps', async () => {
    const m = await mount('dlg');
    await m.process(
      surfaceMessages('dlg', [
        { id: 'root', component: 'Modal', trigger: 'open', content: 'body' },
        { id: 'open', component: 'Button', child: 'openText', action: { event: { name: 'opened' } } },
        { id: 'openText', component: 'Text', text: 'Open details' },
        { id: 'body', component: 'Column', children: ['intro', 'title', 'note', 'ok'] },
        { id: 'intro', component: 'Text', text: 'Step 2 of 3', variant: 'caption' },
        { id: 'title', component: 'Text', text: '## Shipping options' },
        { id: 'note', component: 'TextField', label: 'Note', value: { '@path': '/note' } },
        { id: 'ok', component: 'Button', child: 'okText', action: { event: { name: 'ok' } } },
        { id: 'okText', component: 'Text', text: 'OK' },
      ]),
    );
    const trigger = (await axTree()).find((n) => n.role === 'button' && n.name === 'Open details');
    expect(trigger?.props.hasPopup, 'the trigger says it opens a dialog').to.equal('dialog');
    getByRole(m.el, 'button', { name: 'Open details' }).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(async () => dialogNodes(await axTree()).length > 0, 'the dialog opens');
    const inside = dialogNodes(await axTree());
    expect(inside[0].name, 'named by its heading').to.equal('Shipping options');
    const unnamedFocusable = inside.filter((n) => n.props.focusable === true && !n.name && !['textbox'].includes(n.role));
    expect(unnamedFocusable.map((n) => n.role), 'no unnamed focusable nodes (sentinels)').to.deep.equal([]);
    // Tab from the last control wraps to the first, Shift+Tab back.
    expect((await axFocused())?.name).to.equal('Note');
    await sendKeys({ press: 'Tab' });
    expect((await axFocused())?.name).to.equal('OK');
    await sendKeys({ press: 'Tab' });
    expect((await axFocused())?.name, 'wrapped to the first control').to.equal('Close');
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect((await axFocused())?.name).to.equal('OK');
  });

  it('a Text trigger is a button that says it opens a dialog and looks like a link; the dialog is named by its first Text', async () => {
    const m = await mount('dlg2');
    await m.process(
      surfaceMessages('dlg2', [
        { id: 'root', component: 'Column', children: ['before', 'terms'] },
        { id: 'before', component: 'Text', text: 'By ordering you accept' },
        { id: 'terms', component: 'Modal', trigger: 'link', content: 'body' },
        { id: 'link', component: 'Text', text: 'the terms' },
        { id: 'body', component: 'Text', text: 'Returns within 30 days.' },
      ]),
    );
    const trigger = (await axTree()).find((n) => n.role === 'button' && n.name === 'the terms');
    expect(trigger?.props.hasPopup).to.equal('dialog');
    const button = getByRole(m.el, 'button', { name: 'the terms' });
    const style = getComputedStyle(button);
    const plain = getComputedStyle(getByText(m.el, 'By ordering you accept'));
    expect(style.textDecorationLine, 'underlined like a link').to.contain('underline');
    expect(style.color, 'not coloured like the text around it').to.not.equal(plain.color);
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(async () => dialogNodes(await axTree()).length > 0, 'the dialog opens');
    expect(dialogNodes(await axTree())[0].name).to.equal('Returns within 30 days.');
  });
});
