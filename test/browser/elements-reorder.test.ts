import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { components, countUpdates, expectSame, mount, surfaceMessages } from './elements-helpers.ts';
import { focused, getByLabel, textOf } from './queries.ts';

const S = 'reorder';

async function list(items: Array<Record<string, unknown>>) {
  const m = await mount(S);
  await m.process(
    surfaceMessages(
      S,
      [
        { id: 'root', component: 'List', children: { path: '/items', componentId: 'row' } },
        { id: 'row', component: 'Row', children: ['name', 'field'] },
        { id: 'name', component: 'Text', text: { '@path': 'name' } },
        { id: 'field', component: 'TextField', label: { '@path': 'name' }, value: { '@path': 'note' } },
      ],
      { items },
    ),
  );
  const fieldOf = (name: string) => getByLabel<HTMLInputElement>(m.el, name);
  const order = () => components(m.el, 'name').map((t) => textOf(t));
  const setItems = (value: unknown) => m.process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/items', value } });
  return { ...m, fieldOf, order, setItems };
}

describe('elements: keyed templates', () => {
  it('a reorder keeps focus, caret and typed text with the moved item', async () => {
    const items = [
      { id: 'a', name: 'Alpha', note: '' },
      { id: 'b', name: 'Beta', note: '' },
      { id: 'c', name: 'Gamma', note: '' },
    ];
    const { store, fieldOf, order, setItems } = await list(items);
    const beta = fieldOf('Beta');
    beta.focus();
    await sendKeys({ type: 'hello world' });
    beta.setSelectionRange(5, 5);
    const model = store.surface(S)!.dataModel;
    expect(model.get('/items/1/note')).to.equal('hello world');

    // Move Beta to the end, then to the front.
    await setItems([model.get('/items/0'), model.get('/items/2'), model.get('/items/1')]);
    expect(order()).to.deep.equal(['Alpha', 'Gamma', 'Beta']);
    expectSame(fieldOf('Beta'), beta, 'same element');
    expectSame(focused(), beta, 'focus moved with the item');
    expect([beta.value, beta.selectionStart]).to.deep.equal(['hello world', 5]);

    await setItems([model.get('/items/2'), model.get('/items/0'), model.get('/items/1')]);
    expect(order()).to.deep.equal(['Beta', 'Alpha', 'Gamma']);
    expectSame(focused(), beta);
    // Typing continues at the caret and writes the item's new position.
    await sendKeys({ type: ',' });
    expect(beta.value).to.equal('hello, world');
    expect(model.get('/items/0')).to.deep.equal({ id: 'b', name: 'Beta', note: 'hello, world' });
  });

  it('inserting and removing items keeps the other items’ elements', async () => {
    const { fieldOf, order, setItems, store } = await list([
      { id: 'a', name: 'Alpha', note: 'one' },
      { id: 'b', name: 'Beta', note: 'two' },
    ]);
    const alpha = fieldOf('Alpha');
    const beta = fieldOf('Beta');
    beta.focus();
    const model = store.surface(S)!.dataModel;
    await setItems([{ id: 'z', name: 'Zeta', note: '' }, model.get('/items/0'), model.get('/items/1')]);
    expect(order()).to.deep.equal(['Zeta', 'Alpha', 'Beta']);
    expectSame(fieldOf('Alpha'), alpha);
    expectSame(fieldOf('Beta'), beta);
    expectSame(focused(), beta);
    await setItems([model.get('/items/0'), model.get('/items/2')]);
    expect(order()).to.deep.equal(['Zeta', 'Beta']);
    expectSame(fieldOf('Beta'), beta);
    expect(beta.value).to.equal('two');
    expect(alpha.isConnected).to.equal(false);
  });

  it('an item that moves (removal, insertion, reverse) keeps its elements without re-rendering them; @index follows it', async () => {
    const m = await mount(S);
    const items = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, name: id.toUpperCase() }));
    await m.process(
      surfaceMessages(
        S,
        [
          { id: 'root', component: 'List', children: { path: '/items', componentId: 'row' } },
          { id: 'row', component: 'Row', children: ['name', 'pos'] },
          { id: 'name', component: 'Text', text: { '@path': 'name' } },
          { id: 'pos', component: 'Text', text: { '@call': 'formatString', args: { value: '#${@index(offset: 1)}' } } },
        ],
        { items },
      ),
    );
    const shown = () => components(m.el, 'row').map((r) => textOf(components(r, 'name')[0]) + textOf(components(r, 'pos')[0]));
    const nameEl = (name: string) => components(m.el, 'name').find((t) => textOf(t) === name)!;
    expect(shown()).to.deep.equal(['A#1', 'B#2', 'C#3', 'D#4', 'E#5']);
    const d = nameEl('D');
    const setItems = (value: unknown[]) => countUpdates(() => m.process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/items', value } }));

    // Remove 'b': the list re-renders, C/D/E move up; only their "#n" texts change.
    let counts = await setItems(items.filter((i) => i.id !== 'b'));
    expect(shown()).to.deep.equal(['A#1', 'C#2', 'D#3', 'E#4']);
    expect(counts.get('name') ?? 0, 'name texts are not re-rendered').to.equal(0);
    expect(counts.get('row') ?? 0, 'rows are not re-rendered').to.equal(0);
    expectSame(nameEl('D'), d, 'same element');

    // Insert at the front and reverse: the same elements, new positions.
    counts = await setItems([{ id: 'z', name: 'Z' }, ...items.filter((i) => i.id !== 'b')].reverse());
    expect(shown()).to.deep.equal(['E#1', 'D#2', 'C#3', 'A#4', 'Z#5']);
    expect(counts.get('name'), 'only the new item renders its name').to.equal(1);
    expectSame(nameEl('D'), d, 'same element after the reverse');

    // The moved item still reads its own data at its new position.
    await m.process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/items/1/name', value: 'Delta' } });
    expect(shown()[1]).to.equal('Delta#2');
    expectSame(nameEl('Delta'), d);
  });

  it('moving one item, appending and removing take only those items out of the page: the others stay put', async () => {
    const m = await mount(S);
    const items = Array.from({ length: 8 }, (_, i) => ({ id: `k${i}`, name: `Item ${i}` }));
    await m.process(
      surfaceMessages(
        S,
        [
          { id: 'root', component: 'List', children: { path: '/items', componentId: 'name' } },
          { id: 'name', component: 'Text', text: { '@path': 'name' } },
        ],
        { items },
      ),
    );
    const listEl = m.el.shadowRoot!.querySelector('[role="list"]')!;
    const shown = () => [...listEl.querySelectorAll('[role="listitem"]')].map((n) => textOf(n));
    // What leaves the list (a removal, or the first half of a move) is what a user could lose:
    // focus, a playing video, a loaded frame.
    const taken = async (next: typeof items): Promise<string[]> => {
      const out: string[] = [];
      const record = (records: MutationRecord[]) => {
        for (const r of records) for (const n of r.removedNodes) if (n instanceof Element) out.push(textOf(n));
      };
      const observer = new MutationObserver(record);
      observer.observe(listEl, { childList: true });
      await m.process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/items', value: next } });
      record(observer.takeRecords());
      observer.disconnect();
      expect(shown()).to.deep.equal(next.map((i) => i.name));
      return out;
    };
    const last = items[7];
    expect(await taken([last, ...items.slice(0, 7)])).to.deep.equal(['Item 7'], 'the last item moved to the front');
    const eight = [...items.slice(0, 7), last, { id: 'k8', name: 'Item 8' }];
    expect(await taken(eight)).to.deep.equal(['Item 7'], 'back to the end, one appended');
    expect(await taken(eight.filter((i) => i.id !== 'k3' && i.id !== 'k8'))).to.deep.equal(['Item 3', 'Item 8'], 'two removed');
    expect(await taken([...items].reverse())).to.have.length(6, 'a reverse moves all but one of the seven shown; the eighth is inserted');
  });
});
