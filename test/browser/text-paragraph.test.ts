import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../elements/index.ts';
import { component, mount, surfaceMessages } from './elements-helpers.ts';
import { getByRole, queryAllByRole, textOf } from './queries.ts';

const S = 'paragraphs';

/** The paragraphs of the page's accessibility tree (Chromium's, through the DevTools protocol), by text. */
const axParagraphs = () => executeServerCommand<string[], undefined>('ax-paragraphs');

/** Paragraphs under `root` found by role, by text. */
const paragraphs = (root: Element) => queryAllByRole(root, 'paragraph').map(textOf);

/** Boxes `root` draws (elements with a layout box: `display: contents` draws none). */
const boxes = (root: Element) => [...root.querySelectorAll('*')].filter((e) => getComputedStyle(e).display !== 'contents').length;

describe('Text: a one-paragraph text is one box that is the paragraph', () => {
  it('a user perceives a paragraph with the words, in the accessibility tree and by role; no <p> box inside it', async () => {
    const { el, process, errors } = await mount(S);
    await process(
      surfaceMessages(S, [
        { id: 'root', component: 'Column', children: ['a', 'b'] },
        { id: 'a', component: 'Text', text: 'Hello there' },
        { id: 'b', component: 'Text', text: { '@path': '/b' } },
      ], { b: 'Bound words' }),
    );
    expect(await axParagraphs()).to.deep.equal(['Hello there', 'Bound words']);
    expect(paragraphs(el)).to.deep.equal(['Hello there', 'Bound words']);
    for (const id of ['a', 'b']) expect(boxes(component(el, id)), `${id}: the text box only`).to.equal(1);
    expect(errors()).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('stays one paragraph per paragraph through every kind of change of its words', async () => {
    const { el, process } = await mount(S);
    await process(surfaceMessages(S, [{ id: 'root', component: 'Text', text: { '@path': '/t' } }], { t: 'one' }));
    const text = component(el, 'root');
    const set = (value: string) => process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/t', value } });
    const steps: Array<[string, string[]]> = [
      ['one, changed', ['one, changed']],
      ['first\n\nsecond', ['first', 'second']],
      ['back to one', ['back to one']],
      ['**bold** words', ['bold words']],
      ['plain again', ['plain again']],
      ['', []],
      ['after empty\n', ['after empty']],
      ['last', ['last']],
    ];
    for (const [value, expected] of steps) {
      await set(value);
      expect(paragraphs(text), JSON.stringify(value)).to.deep.equal(expected);
      expect(await axParagraphs(), `${JSON.stringify(value)} (accessibility tree)`).to.deep.equal(expected);
      // Never a paragraph in a paragraph, and the words shown once.
      expect(text.querySelectorAll('[role=paragraph] p, [role=paragraph] [role=paragraph]')).to.have.length(0);
      expect(textOf(text)).to.equal(expected.join(' '));
    }
  });

  it('a Text with an accessible label is a named group holding its paragraph', async () => {
    const { el, process } = await mount(S);
    await process(surfaceMessages(S, [{ id: 'root', component: 'Text', text: { '@path': '/t' }, '@accessibility': { label: 'Total' } }], { t: '42 items' }));
    const group = getByRole(el, 'group', { name: 'Total' });
    expect(paragraphs(group)).to.deep.equal(['42 items']);
    expect(await axParagraphs()).to.deep.equal(['42 items']);
    // The label removed: the box becomes the paragraph again, no group left.
    await process({ version: '1.0', updateComponents: { surfaceId: S, components: [{ id: 'root', component: 'Text', text: { '@path': '/t' } }] } });
    expect(queryAllByRole(el, 'group')).to.have.length(0);
    expect(paragraphs(el)).to.deep.equal(['42 items']);
    expect(boxes(component(el, 'root'))).to.equal(1);
    // And back.
    await process({ version: '1.0', updateComponents: { surfaceId: S, components: [{ id: 'root', component: 'Text', text: { '@path': '/t' }, '@accessibility': { label: 'Sum' } }] } });
    expect(paragraphs(getByRole(el, 'group', { name: 'Sum' }))).to.deep.equal(['42 items']);
    await expect(el).to.be.accessible();
  });
});
