import { expect } from '@open-wc/testing';
import '../../elements/index.ts';
import { enableV09 } from '../../elements/v09.ts';
import { BASIC_V09_CATALOG_ID } from '../../src/v09/index.ts';
import { component, mount } from './elements-helpers.ts';
import { getByRole, queryAllByRole, textOf } from './queries.ts';

describe('Text heading variants (v0.9 h1–h5)', () => {
  it('renders a heading of the variant level, accessible by its text', async () => {
    const { store, el, process, errors } = await mount('heads');
    enableV09(store);
    await process([
      { version: 'v0.9', createSurface: { surfaceId: 'heads', catalogId: BASIC_V09_CATALOG_ID } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 'heads',
          components: [
            { id: 'root', component: 'Column', children: ['title', 'body'] },
            { id: 'title', component: 'Text', text: 'Order *summary*', variant: 'h2' },
            { id: 'body', component: 'Text', text: 'Two items', variant: 'body' },
          ],
        },
      },
    ]);
    const heading = getByRole(el, 'heading', { name: 'Order summary' });
    expect(heading.getAttribute('aria-level')).to.equal('2');
    expect(textOf(heading)).to.equal('Order summary');
    expect(queryAllByRole(el, 'heading'), 'the body is no heading').to.have.length(1);
    expect(queryAllByRole(component(el, 'body'), 'paragraph').map(textOf), 'the body is a paragraph').to.deep.equal(['Two items']);
    expect(errors()).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });
});
