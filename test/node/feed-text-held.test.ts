/**
 * feedText resolves once what it fed is applied, also the messages the store holds while code
 * they need loads (the draft v1.0 rules, not preloaded in this file), as feedStream does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, feedText, type OutboundMessage } from '../../src/index.ts';
import { draftUpgrader } from '../../src/internal.ts';

test('feedText resolves after the held draft messages are applied, in order', async () => {
  assert.equal(draftUpgrader.loaded, undefined, 'nothing in this file may load the draft rules first');
  const store = new A2uiStore({ locale: 'en-US' });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  const messages = [
    { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: 'basic', dataModel: { name: 'one' } } },
    { version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: { path: '/name' } }] } },
    { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/name', value: 'two' } },
  ];
  const prose: string[] = [];
  const text = `Here it is: <a2ui-json>${JSON.stringify(messages)}</a2ui-json> Done.`;
  const result = await feedText(store, (async function* () {
    for (let i = 0; i < text.length; i += 16) yield text.slice(i, i + 16);
  })(), { onText: (t) => prose.push(t) });
  assert.equal(result.ok, true);
  assert.equal(prose.join(''), 'Here it is:  Done.');
  const surface = store.peekSurface('s');
  assert.equal(surface?.version, '1.0-draft', 'the draft surface exists when the feed resolves');
  assert.ok(surface.peek('root'), 'its components are applied');
  assert.equal(surface.dataModel.get('/name'), 'two', 'and the data after them');
  assert.deepEqual(out, []);
});
