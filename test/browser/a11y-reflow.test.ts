/**
 * Embedding and reflow (issue 41, item 7): `heading-offset` on `<a2ui-surface>` moves the agent's
 * headings down for the host page (read from the accessibility tree), and a number in a narrow Row
 * stays whole (read from the rendered line boxes).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { mount, surfaceMessages } from './elements-helpers.ts';
import { axTree } from './a11y-helpers.ts';
import { deepQueryAll, getByText, textNodesOf } from './queries.ts';

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

describe('a Tabs strip at 320 px', () => {
  it('fades out at the edge that has more tabs, and only there', async () => {
    const m = await mount('tabs');
    m.el.style.width = '320px';
    const titles = ['Overview', 'Itinerary', 'Accommodation', 'Transport', 'Reviews'];
    await m.process(
      surfaceMessages('tabs', [
        { id: 'root', component: 'Tabs', tabs: titles.map((title, i) => ({ title, child: `p${i}` })) },
        ...titles.map((title, i) => ({ id: `p${i}`, component: 'Text', text: title })),
      ]),
    );
    const list = deepQueryAll<HTMLElement>(m.el, '[role="tablist"]')[0];
    expect(list.scrollWidth, 'the strip is wider than 320 px').to.be.greaterThan(list.clientWidth);
    const mask = () => getComputedStyle(list).maskImage;
    await waitUntil(() => /gradient/.test(mask()), 'a cue at the end', { timeout: 2000 });
    expect(mask()).to.match(/transparent\)$|rgba\(0, 0, 0, 0\)\)$/);
    list.scrollLeft = list.scrollWidth;
    await waitUntil(() => /^linear-gradient\(to left/.test(mask()), 'at the end: the cue moves to the start', { timeout: 2000 });
    const plain = await mount('few');
    await plain.process(surfaceMessages('few', [{ id: 'root', component: 'Tabs', tabs: [{ title: 'A', child: 'a' }] }, { id: 'a', component: 'Text', text: 'a' }]));
    expect(getComputedStyle(deepQueryAll<HTMLElement>(plain.el, '[role="tablist"]')[0]).maskImage, 'no cue when nothing scrolls').to.equal('none');
  });
});
