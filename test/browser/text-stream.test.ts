import { expect, waitUntil } from '@open-wc/testing';
import { A2uiTextParser } from '../../src/index.ts';
import { BASIC, mount, settle } from './elements-helpers.ts';
import { queryAllByText, textOf as visibleText } from './queries.ts';


const S = 'streamed';

function answer(components: unknown[]): string {
  const message = { version: '1.0', createSurface: { surfaceId: S, catalogId: BASIC, components } };
  return `Here is your list.\n<a2ui-json>${JSON.stringify(message)}</a2ui-json>\nAnything else?`;
}

const items = Array.from({ length: 40 }, (_, i) => ({ id: `t${i}`, component: 'Text', text: `Line ${i}` }));
const tree = [{ id: 'root', component: 'Column', children: items.map((c) => c.id) }, ...items];

describe('model text streamed into <a2ui-surface>', () => {
  it('shows the first components while the message is still streaming, then all of them', async () => {
    const { store, el, errors } = await mount(S);
    let prose = '';
    const parser = new A2uiTextParser(store, { onText: (t) => (prose += t) });
    const text = answer(tree);
    const middle = text.indexOf('"Line 20"');
    for (let i = 0; i < middle; i += 16) parser.push(text.slice(i, Math.min(i + 16, middle)));
    // The message is still open: what closed so far shows (staged components are shown within publishMs).
    await waitUntil(() => visibleText(el).includes('Line 19'), 'the first components never showed');
    await settle(el);
    const partial = visibleText(el);
    expect(partial).to.contain('Line 0');
    expect(partial).to.contain('Line 19');
    expect(partial).not.to.contain('Line 21');
    expect(prose).to.equal('Here is your list.\n');
    parser.push(text.slice(middle));
    parser.end();
    await settle(el);
    const whole = visibleText(el);
    expect(whole).to.contain('Line 39');
    expect(whole.indexOf('Line 0')).to.be.lessThan(whole.indexOf('Line 39'));
    expect(prose).to.equal('Here is your list.\n\nAnything else?');
    expect(errors()).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('a streamed surface the finished message turns out invalid is taken down again, with one error', async () => {
    const { store, el, errors } = await mount(S);
    const parser = new A2uiTextParser(store);
    const text = answer([...tree, { id: 'bad', component: 'NoSuchComponent' }]);
    const cut = text.indexOf('NoSuch');
    parser.push(text.slice(0, cut));
    await waitUntil(() => visibleText(el).includes('Line 39'), 'the valid components never showed');
    parser.push(text.slice(cut));
    parser.end();
    await settle(el);
    expect(visibleText(el)).not.to.contain('Line');
    expect(queryAllByText(el, /Line \d+/).length).to.equal(0);
    expect(errors().length).to.equal(1);
  });
});
