/**
 * The validators `required`, `length`, `numeric` and `email` load on first use (`basicValidators`).
 * This file's process has not loaded them when it starts: a call from the host answers once they
 * are there, and a message calling one is held, with the messages after it, until they are; then
 * they answer synchronously. (Late and failed loads in a page: test/browser/lazy-rpc-*.test.ts.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, BASIC_CATALOG_ID, ComponentNode, type OutboundMessage } from '../../src/index.ts';
import { basicValidators, schemaValidator } from '../../src/internal.ts';
import { basicV09Functions } from '../../src/v09/basic-catalog.ts';

await schemaValidator.load();

test('before the validators load: a call answers after the load, a message calling one waits with the messages after it; then they answer synchronously', async () => {
  assert.equal(basicValidators.loaded, undefined, 'nothing in this process may have loaded the validators');
  // v0.9's boolean validators wait for the same code.
  const v09 = basicV09Functions.email!({ value: 'a@b.co' }, {} as never);
  assert.ok(v09 instanceof Promise);

  const store = new A2uiStore({ locale: 'en-US' });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  const answer = store.execute({ '@call': 'email', args: { value: 'not an address' }, catalogId: BASIC_CATALOG_ID });

  const check = { condition: { '@call': 'email', args: { value: { '@path': '/mail' } } }, message: 'An email address, please' };
  store.process([
    { version: '1.0', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, dataModel: { mail: 'ada' } } },
    { version: '1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'TextField', label: 'Mail', value: { '@path': '/mail' }, checks: [check] }] } },
    { version: '1.0', updateDataModel: { surfaceId: 's', path: '/mail', value: 'ada@example.com' } },
  ]);
  assert.equal(store.peekSurface('s')?.peek('root'), undefined, 'the component calling email waits for the validators');
  assert.equal(store.peekSurface('s')!.dataModel.get('/mail'), 'ada', 'the update after it waits too');

  await store.settled();
  assert.deepEqual(await answer, { valid: false, code: 'invalid_email' });
  assert.equal(await v09, true);
  assert.ok(store.peekSurface('s')!.peek('root'));
  assert.equal(store.peekSurface('s')!.dataModel.get('/mail'), 'ada@example.com');
  const node = new ComponentNode(store, store.surface('s')!, 'root', store.context('s')!);
  assert.deepEqual(node.value('value'), 'ada@example.com');
  // Loaded: synchronous answers.
  assert.deepEqual(store.context('s')!.evaluate({ '@call': 'email', args: { value: { '@path': '/mail' } } }), { valid: true });
  assert.equal(basicV09Functions.required!({ value: '' }, {} as never), false);
  assert.deepEqual(out, [], 'nothing refused');
});
