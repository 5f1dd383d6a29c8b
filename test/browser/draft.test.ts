/**
 * Draft v1.0 streams (issue 16 item 1) through the public API into the DOM: a form as a model
 * writes it in the draft wire renders without one error, and the user's action goes back to the
 * agent in draft form with the agent's own ids.
 */
import { expect } from '@open-wc/testing';
import { mount, settle } from './elements-helpers.ts';
import { getByLabel, getByRole, textOf } from './queries.ts';

const FORM = [
  { version: 'v1.0', createSurface: { surfaceId: 'contact', catalogId: 'basic', dataModel: { user: { name: 'Ada', email: '' }, topics: [{ id: 't1', title: 'Billing' }, { id: 't2', title: 'Delivery' }] } } },
  {
    version: 'v1.0',
    updateComponents: {
      surfaceId: 'contact',
      components: [
        { id: 'root', component: 'Card', child: 'form-column' },
        { id: 'form-column', component: 'Column', children: ['form-title', 'name-field', 'email-field', 'topic-list', 'send-btn'] },
        { id: 'form-title', component: 'Text', text: { call: 'formatString', args: { value: 'Hello, ${/user/name}' }, returnType: 'string' } },
        { id: 'name-field', component: 'TextField', label: 'Name', value: { path: '/user/name' }, accessibility: { description: 'Your full name' } },
        {
          id: 'email-field',
          component: 'TextField',
          label: 'Email',
          value: { path: '/user/email' },
          checks: [{ condition: { call: 'required', args: { value: { path: '/user/email' } } }, message: 'Email is required' }],
        },
        { id: 'topic-list', component: 'List', children: { componentId: 'topic-item', path: '/topics' } },
        { id: 'topic-item', component: 'Text', text: { path: 'title' } },
        { id: 'send-btn', component: 'Button', child: 'send-label', action: { event: { name: 'send', context: { who: { path: '/user/name' } } } }, metadata: { extensions: { com_example_k: 1 } } },
        { id: 'send-label', component: 'Text', text: 'Send' },
      ],
    },
  },
];

describe('draft v1.0 streams in the DOM', () => {
  it('render with zero errors, and actions go back in draft form', async () => {
    const { el, out, errors, process } = await mount('contact');
    await process(FORM);
    expect(errors()).to.deep.equal([]);
    const text = textOf(el);
    expect(text).to.contain('Hello, Ada');
    expect(text).to.contain('Billing');
    expect(text).to.contain('Delivery');
    expect(getByLabel<HTMLInputElement>(el, 'Name').value).to.equal('Ada');
    expect(getByLabel<HTMLInputElement>(el, 'Email').value).to.equal('');
    getByRole<HTMLButtonElement>(el, 'button', { name: 'Send' }).click();
    await settle(el);
    const sent = out.filter((m) => 'action' in m);
    expect(sent).to.have.length(1);
    expect(sent[0]).to.deep.include({ version: 'v1.0' });
    expect((sent[0] as { action: { sourceComponentId: string; context: unknown } }).action).to.deep.include({ sourceComponentId: 'send-btn', context: { who: 'Ada' } });
    await expect(el).to.be.accessible();
  });
});
