/**
 * Embedding and reflow (issue 41, item 7): `heading-offset` on `<a2ui-surface>` moves the agent's
 * headings down for the host page (read from the accessibility tree), and a number in a narrow Row
 * stays whole (read from the rendered line boxes).
 */
import { expect } from '@open-wc/testing';
import { mount, surfaceMessages } from './elements-helpers.ts';
import { axTree } from './a11y-helpers.ts';
import { getByText, textNodesOf } from './queries.ts';

const headings = async () => (await axTree()).filter((n) => n.role === 'heading').map((n) => `${n.props.level} ${n.name}`);

describe('embedding and reflow', () => {
  it('heading-offset moves markdown headings down, capped at 6, and follows a change', async () => {
    const m = await mount('hd');
    m.el.setAttribute('heading-offset', '2');
    await m.process(
      surfaceMessages('hd', [
        { id: 'root', component: 'Column', children: ['a', 'b'] },
        { id: 'a', component: 'Text', text: '# Trip to Lisbon\n\nThree days.' },
        { id: 'b', component: 'Text', text: '## Day one\n\n##### Notes' },
      ]),
    );
    expect(await headings()).to.deep.equal(['3 Trip to Lisbon', '4 Day one', '6 Notes']);
    m.el.setAttribute('heading-offset', '0');
    await m.el.updateComplete;
    expect(await headings()).to.deep.equal(['1 Trip to Lisbon', '2 Day one', '5 Notes']);
  });

  it('a number in a narrow Row is not split across lines', async () => {
    const m = await mount('num');
    m.el.style.width = '200px';
    await m.process(
      surfaceMessages('num', [
        { id: 'root', component: 'Row', children: ['label', 'amount'] },
        { id: 'label', component: 'Text', text: 'Total due', weight: 1 },
        { id: 'amount', component: 'Text', text: '$1,234,567.89', weight: 1 },
      ]),
    );
    const [words] = textNodesOf(getByText(m.el, '$1,234,567.89'));
    const range = document.createRange();
    range.selectNodeContents(words);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    expect(tops.size, 'the number is on one line').to.equal(1);
  });
});
