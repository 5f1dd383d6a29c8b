import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { BASIC, components, mount, settle, countUpdates } from './elements-helpers.ts';
import { getByRole, queryAllByRole, textOf } from './queries.ts';

const S = 'updates';

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe('elements: fine-grained updates', () => {
  it('one updateDataModel on a 500-component surface updates only the bound elements', async () => {
    const { el, process } = await mount(S);
    // root Column → 33 Rows → 15 Texts each (495 texts): 529 components; text i reads /items/i.
    const rows = Array.from({ length: 33 }, (_, r) => r);
    const comps: unknown[] = [{ id: 'root', component: 'Column', children: rows.map((r) => `row${r}`) }];
    for (const r of rows) {
      const texts = Array.from({ length: 15 }, (_, k) => r * 15 + k);
      comps.push({ id: `row${r}`, component: 'Row', children: texts.map((i) => `t${i}`) });
      for (const i of texts) comps.push({ id: `t${i}`, component: 'Text', text: { '@path': `/items/${i}` } });
    }
    const items = Array.from({ length: 495 }, (_, i) => `item ${i}`);
    await process([
      { version: '1.0', createSurface: { surfaceId: S, catalogId: BASIC, dataModel: { items, other: 0 } } },
      { version: '1.0', updateComponents: { surfaceId: S, components: comps } },
    ]);
    expect(components(el)).to.have.length(comps.length);
    expect(comps.length).to.be.greaterThan(500);

    const one = await countUpdates(() => process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/items/123', value: 'changed' } }));
    expect([...one]).to.deep.equal([['t123', 1]]);
    expect(textOf(components(el, 't123')[0])).to.contain('changed');

    const unrelated = await countUpdates(() => process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/other', value: 1 } }));
    expect(total(unrelated)).to.equal(0);

    const same = await countUpdates(() => process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/items/5', value: 'item 5' } }));
    expect(total(same), 'writing the same value updates nothing').to.equal(0);

    // Replacing the whole list re-renders exactly the texts whose item changed.
    const next = items.map((v, i) => (i % 100 === 0 ? `new ${i}` : v));
    next[123] = 'changed';
    const replaced = await countUpdates(() => process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/items', value: next } }));
    expect([...replaced.keys()].sort()).to.deep.equal(['t0', 't100', 't200', 't300', 't400']);

    // A definition update re-renders that component only, not its parent.
    const def = await countUpdates(() => process({ version: '1.0', updateComponents: { surfaceId: S, components: [{ id: 't7', component: 'Text', text: 'static now' }] } }));
    expect([...def]).to.deep.equal([['t7', 1]]);
  });

  it('typing in a template item updates that input only, not the list or the other items', async () => {
    const { el, process, store } = await mount(S);
    const items = Array.from({ length: 50 }, (_, i) => ({ id: `i${i}`, note: '' }));
    await process([
      { version: '1.0', createSurface: { surfaceId: S, catalogId: BASIC, dataModel: { items } } },
      {
        version: '1.0',
        updateComponents: {
          surfaceId: S,
          components: [
            { id: 'root', component: 'List', children: { path: '/items', componentId: 'row' } },
            { id: 'row', component: 'Row', children: ['field', 'echo'] },
            { id: 'field', component: 'TextField', label: 'Note', value: { '@path': 'note' } },
            { id: 'echo', component: 'Text', text: { '@path': 'id' } },
          ],
        },
      },
    ]);
    const input = getByRole<HTMLInputElement>(components(el, 'field')[3], 'textbox', { name: 'Note' });
    input.focus();
    const typed = await countUpdates(async () => {
      await sendKeys({ type: 'abc' });
      await settle(el);
    });
    expect(store.surface(S)!.dataModel.get('/items/3/note')).to.equal('abc');
    // Only the field bound to the path re-renders (at most once per keystroke: keystrokes that land
    // in one frame render together); the List, the Rows and the other 49 items do not.
    expect([...typed.keys()]).to.deep.equal(['field']);
    expect(typed.get('field')).to.be.within(1, 3);
    const fromAgent = await countUpdates(() => process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/items/3/note', value: 'from agent' } }));
    expect([...fromAgent]).to.deep.equal([['field', 1]]);
    expect(input.value).to.equal('from agent');
  });

  async function stream(n: number): Promise<{ updates: Map<string, number>; rendered: number }> {
    const { el, process, errors } = await mount(`${S}${n}`);
    const id = `${S}${n}`;
    await process({ version: '1.0', createSurface: { surfaceId: id, catalogId: BASIC, dataModel: { v: 'x' } } });
    const ids = Array.from({ length: n }, (_, i) => `c${i}`);
    const updates = await countUpdates(async () => {
      await process({ version: '1.0', updateComponents: { surfaceId: id, components: [{ id: 'root', component: 'Column', children: ids }] } });
      // One component per message, rendering after each: the worst case for re-rendering.
      for (const c of ids) {
        await process({ version: '1.0', updateComponents: { surfaceId: id, components: [{ id: c, component: 'Text', text: { '@path': '/v' } }] } });
      }
    });
    expect(errors()).to.deep.equal([]);
    await settle(el);
    return { updates, rendered: components(el).length };
  }

  it('streaming N components in causes O(N) updates', async () => {
    const small = await stream(100);
    const large = await stream(200);
    expect(small.rendered).to.equal(101);
    expect(large.rendered).to.equal(201);
    // Each arrival: one first render of the new element + one render of its parent (placeholder → element).
    expect(total(small.updates)).to.equal(2 * 100 + 1);
    expect(total(large.updates)).to.equal(2 * 200 + 1);
    for (let i = 0; i < 200; i++) expect(large.updates.get(`c${i}`)).to.equal(1);
    console.log(`streaming updates: N=100 → ${total(small.updates)}, N=200 → ${total(large.updates)}`);
  });

  it('a Text follows its definition, and the data its @accessibility reads once it has one', async () => {
    const id = `${S}-a11y`;
    const { el, process } = await mount(id);
    await process([
      { version: '1.0', createSurface: { surfaceId: id, catalogId: BASIC, dataModel: { name: 'Totals' } } },
      { version: '1.0', updateComponents: { surfaceId: id, components: [{ id: 'root', component: 'Text', text: 'Sum' }] } },
    ]);
    expect(textOf(getByRole(el, 'paragraph'))).to.equal('Sum');
    // A literal Text renders from its definition alone; a new definition still reaches it.
    await process({ version: '1.0', updateComponents: { surfaceId: id, components: [{ id: 'root', component: 'Text', text: 'Sum', '@accessibility': { label: { '@path': '/name' } } }] } });
    expect(getByRole(el, 'group', { name: 'Totals' })).to.exist;
    // Its label is bound now: a write of the data renames it, without a new definition.
    await process({ version: '1.0', updateDataModel: { surfaceId: id, path: '/name', value: 'Grand total' } });
    expect(getByRole(el, 'group', { name: 'Grand total' })).to.exist;
    await process({ version: '1.0', updateComponents: { surfaceId: id, components: [{ id: 'root', component: 'Text', text: 'Sum', variant: 'caption' }] } });
    expect(textOf(components(el, 'root')[0])).to.equal('Sum');
    expect(queryAllByRole(el, 'group'), 'the label left with its definition').to.have.length(0);
    await process({ version: '1.0', updateDataModel: { surfaceId: id, path: '/name', value: 'Ignored' } });
    expect(queryAllByRole(el, 'group')).to.have.length(0);
  });

  it('an agent resending the whole tree with one change updates only that component', async () => {
    const { el, process, errors } = await mount(`${S}-resend`);
    const id = `${S}-resend`;
    const tree = [
      { id: 'root', component: 'Column', children: ['a', 'b', 'c'] },
      { id: 'a', component: 'Text', text: 'A' },
      { id: 'b', component: 'TextField', label: 'B', value: { '@path': '/b' } },
      { id: 'c', component: 'Text', text: 'C' },
    ];
    await process([{ version: '1.0', createSurface: { surfaceId: id, catalogId: BASIC } }, { version: '1.0', updateComponents: { surfaceId: id, components: tree } }]);
    const again = JSON.parse(JSON.stringify(tree));
    again[3].text = 'C2';
    const updates = await countUpdates(() => process({ version: '1.0', updateComponents: { surfaceId: id, components: again } }));
    expect([...updates.keys()]).to.deep.equal(['c']);
    expect(errors()).to.deep.equal([]);
    expect(textOf(components(el, 'c')[0])).to.equal('C2');
  });
});
