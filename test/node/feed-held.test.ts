/**
 * A feed resolves once what it fed is applied, also the messages the store holds while code they
 * need loads (here the draft v1.0 rules and the schema validator, not preloaded in this file).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, feedStream, type OutboundMessage } from '../../src/index.ts';
import { draftUpgrader } from '../../src/internal.ts';

test('feedStream resolves after the held draft messages are applied, in order', async () => {
  assert.equal(draftUpgrader.loaded, undefined, 'nothing in this file may load the draft rules first');
  const store = new A2uiStore({ locale: 'en-US' });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  const lines = [
    { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: 'basic', dataModel: { name: 'one' } } },
    { version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: { path: '/name' } }] } },
    { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/name', value: 'two' } },
  ].map((m) => JSON.stringify(m) + '\n');
  const stream = new ReadableStream<string>({
    start(c) {
      for (const l of lines) c.enqueue(l);
      c.close();
    },
  });
  const result = await feedStream(store, stream);
  assert.deepEqual([result.ok, result.messages], [true, 3]);
  const surface = store.peekSurface('s');
  assert.equal(surface?.version, '1.0-draft', 'the draft surface exists when the feed resolves');
  assert.ok(surface.peek('root'), 'its components are applied');
  assert.equal(surface.dataModel.get('/name'), 'two', 'and the data after them');
  assert.deepEqual(out, []);
});
