import { expect } from '@open-wc/testing';
import { ItemBudget } from '../../elements/index.ts';
import { components, mount, settle, surfaceMessages } from './elements-helpers.ts';

const S = 'budget';

describe('elements: template items per surface', () => {
  const saved = ItemBudget.perSurface;
  afterEach(() => {
    ItemBudget.perSurface = saved;
  });

  it('all lists of a surface together render at most ItemBudget.perSurface items; the agent is told once; items freed are used again', async () => {
    ItemBudget.perSurface = 30;
    const { el, process, errors } = await mount(S);
    const items = Array.from({ length: 20 }, (_, i) => ({ id: `i${i}`, name: `Item ${i}` }));
    await process(
      surfaceMessages(
        S,
        [
          { id: 'root', component: 'Column', children: ['first', 'second'] },
          { id: 'first', component: 'List', children: { path: '/items', componentId: 'row' } },
          { id: 'second', component: 'List', children: { path: '/items', componentId: 'row' } },
          { id: 'row', component: 'Text', text: { '@path': 'name' } },
        ],
        { items },
      ),
    );
    const counts = () => ['first', 'second'].map((id) => components(components(el, id)[0], 'row').length);
    expect(counts()).to.deep.equal([20, 10]);
    expect(errors().map((e) => (e as { error: { code: string } }).error.code)).to.deep.equal(['EXPRESSION_ERROR']);

    // Fewer items: both lists fit again.
    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/items', value: items.slice(0, 12) } });
    expect(counts()).to.deep.equal([12, 12]);

    // Back to 20, then the first list leaves the page: its items go back to the budget.
    await process({ version: '1.0', updateDataModel: { surfaceId: S, path: '/items', value: items } });
    // The budget goes to the lists as they render: 30 in all, each list its first items.
    expect(counts().reduce((a, b) => a + b)).to.equal(30);
    await process({ version: '1.0', updateComponents: { surfaceId: S, components: [{ id: 'root', component: 'Column', children: ['second'] }] } });
    await new Promise((r) => setTimeout(r));
    await settle(el);
    expect(components(components(el, 'second')[0], 'row')).to.have.length(20);
    expect(errors()).to.have.length(1);
  });
});
