/**
 * The outbox answers each wire form in its own form: a refusal in the form of the message it
 * refuses, everything else in the form of the surface it is about — also what a listener sends
 * while a refusal is being reported.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, BASIC_CATALOG_ID, type OutboundMessage } from '../../src/index.ts';
import { draftUpgrader, schemaValidator, templateFormatter } from '../../src/internal.ts';

// The validator and the draft adapter load on first use; these tests read what a message did right after it.
await Promise.all([schemaValidator.load(), templateFormatter.load(), draftUpgrader.load()]);

function draftSurface() {
  const store = new A2uiStore({ locale: 'en-US' });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  store.process({ version: 'v1.0', createSurface: { surfaceId: 'd', catalogId: 'basic' } });
  return { store, out };
}

test('a current-form message to a draft surface is refused in the current form; the surface still answers in draft form', () => {
  const { store, out } = draftSurface();
  store.process({ version: '1.0', updateDataModel: { surfaceId: 'd', path: '/x', value: 1 } });
  assert.equal(out.length, 1);
  assert.ok('error' in out[0]);
  assert.equal(out[0].version, '1.0', 'the refusal speaks the refused message’s version');
  assert.equal(out[0].error.path, '/version');
  store.dispatchAction({ name: 'go', surfaceId: 'd', sourceComponentId: 'root', context: {} });
  assert.equal(out[1].version, 'v1.0', 'later messages about the surface are in its form again');
});

test('what an error listener sends during a refusal takes its own surface’s form', () => {
  const { store, out } = draftSurface();
  store.onError(() => store.dispatchAction({ name: 'noticed', surfaceId: 'd', sourceComponentId: 'root', context: {} }));
  store.process({ version: '1.0', updateDataModel: { surfaceId: 'd', path: '/x', value: 1 } });
  const action = out.find((m) => 'action' in m);
  const error = out.find((m) => 'error' in m);
  assert.equal(action?.version, 'v1.0', 'the action is about the draft surface');
  assert.equal(error?.version, '1.0', 'the refusal is in the refused message’s form');
});

test('a value the data model refuses points at /value, a path it refuses at /path', () => {
  const store = new A2uiStore({ locale: 'en-US' });
  const errors: Array<{ code: string; path?: string }> = [];
  store.onMessage((m) => 'error' in m && errors.push({ code: m.error.code, path: m.error.path }));
  store.process({ version: '1.0', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } });
  let deep: unknown = 1;
  for (let i = 0; i < 120; i++) deep = { deep };
  store.process([
    { version: '1.0', updateDataModel: { surfaceId: 's', path: '/', value: 5 } },
    { version: '1.0', updateDataModel: { surfaceId: 's', path: '/a', value: deep } },
    { version: '1.0', updateDataModel: { surfaceId: 's', path: '/__proto__/x', value: 1 } },
  ]);
  assert.deepEqual(errors, [
    { code: 'VALIDATION_FAILED', path: '/value' },
    { code: 'VALIDATION_FAILED', path: '/value' },
    { code: 'VALIDATION_FAILED', path: '/path' },
  ]);
  assert.deepEqual(store.peekSurface('s')!.dataModel.get('/'), {}, 'nothing was written');
});
