/**
 * The component checks (src/component-validation.ts, `a2ui-component-checks.js`), which a store
 * requests when it is created, failing to load: a page of its own, since the first store of a page
 * requests them (lazy-failed.test.ts holds the other pieces' failures).
 */
import { expect, waitUntil } from '@open-wc/testing';
import type { OutboundMessage } from '../../src/index.ts';
import '../../elements/index.ts';
import { COMPONENT_CHECKS, lazy } from './lazy-modules.ts';
import { BASIC, component, mount, settle } from './elements-helpers.ts';
import { queryAllByText, textOf } from './queries.ts';

const failures = (out: OutboundMessage[]) => out.flatMap((m) => ('error' in m ? [m.error as { code: string; surfaceId?: string; message: string }] : []));

describe('component checks that fail to load', () => {
  afterEach(() => lazy({ reset: true }));

  it('refuse the message with components (EXECUTION_ERROR), in order, the page goes on; the next message loads them again', async () => {
    await lazy({ fail: [COMPONENT_CHECKS] });
    const { store, el, out } = await mount('checks', { locale: 'en-US' }, { preload: false });
    const tree = { version: '1.0', updateComponents: { surfaceId: 'checks', components: [{ id: 'root', component: 'Column', children: ['note'] }, { id: 'note', component: 'Text', text: { '@path': '/note' } }] } };
    store.process([
      { version: '1.0', createSurface: { surfaceId: 'checks', catalogId: BASIC, dataModel: { note: 'one' } } },
      tree,
      { version: '1.0', updateDataModel: { surfaceId: 'checks', path: '/note', value: 'two' } },
    ]);
    await waitUntil(() => failures(out).length > 0, 'the failed load was never reported', { timeout: 8000 });
    await settle(el);
    const [error] = failures(out);
    expect(error.code).to.equal('EXECUTION_ERROR');
    expect(error.message).to.contain('could not load the component checks');
    expect(store.peekSurface('checks')?.dataModel.get('/note'), 'the data update after the refused message applied').to.equal('two');

    await lazy({ reset: true });
    store.process(tree);
    await waitUntil(() => queryAllByText(el, 'two').length > 0, 'the checks were not loaded again', { timeout: 8000 });
    await settle(el);
    expect(failures(out), 'the one refusal, nothing after the checks arrived').to.have.length(1);
    expect(textOf(component(el, 'note'))).to.equal('two');
  });
});
