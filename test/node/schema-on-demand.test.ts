/**
 * The schema validator's explanations (src/schema/interpret.ts) load with the first refused
 * value. This file never preloads them: the first refusal holds its message and the ones after it
 * until they arrive, then the error comes (as a store with them loaded reports it) and the rest
 * applies in order; a bad agent-call argument waits the same way.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, BASIC_CATALOG_ID, type OutboundMessage } from '../../src/index.ts';
import { schemaExplainer, schemaValidator } from '../../src/internal.ts';

const HOST = 'https://example.com/host-catalog.json';
const host = {
  catalogId: HOST,
  protocolVersion: '1.0',
  functions: {
    lookup: {
      type: 'object',
      returnType: 'string',
      properties: { '@call': { const: 'lookup' }, args: { type: 'object', properties: { q: { type: 'string', minLength: 2 } } } },
      required: ['@call'],
    },
  },
};

function setup() {
  const store = new A2uiStore({ locale: 'en-US' });
  store.registerCatalog(host);
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  return { store, out };
}

const refused = {
  version: '1.0',
  updateComponents: {
    surfaceId: 's',
    components: [
      { id: 'root', component: 'Column', children: ['note'] },
      { id: 'note', component: 'Text', text: { '@path': '/note' }, variant: 'shout' },
    ],
  },
};

test('the first refusal waits for its explanation; later messages apply after its error, in order', async () => {
  assert.equal(schemaExplainer.loaded, undefined, 'nothing in this file may load it first');
  const { store, out } = setup();
  let noteAtError: unknown;
  store.onMessage((m) => {
    if ('error' in m) noteAtError = store.peekSurface('s')?.dataModel.get('/note');
  });
  store.process([
    { version: '1.0', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, dataModel: { note: 'one' } } },
    refused,
    { version: '1.0', updateDataModel: { surfaceId: 's', path: '/note', value: 'two' } },
  ]);
  const call = store.execute({ '@call': 'lookup', args: { q: 'x' }, catalogId: HOST }, { surfaceId: 's' }).then(
    () => undefined,
    (e: { code: string; message: string }) => e,
  );
  assert.deepEqual(out, [], 'no error before the explanation');
  assert.equal(store.surface('s')!.dataModel.get('/note'), 'one', 'held behind the refused message');

  // The validator itself (requested by the first store) may still be on its way: the reference store needs both.
  await Promise.all([schemaExplainer.load(), schemaValidator.load()]);
  await new Promise((r) => setTimeout(r, 0));
  const now = setup();
  now.store.process([{ version: '1.0', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } }, refused]);
  assert.equal(now.out.length, 1);
  assert.deepEqual(out, now.out, 'the error a store with the explanations loaded reports, once');
  assert.equal((out[0] as { error: { path: string } }).error.path, '/components/1/variant');
  assert.equal(noteAtError, 'one', 'the later message applied after the error');
  assert.equal(store.surface('s')!.dataModel.get('/note'), 'two');
  const failure = await call;
  assert.equal(failure?.code, 'INVALID_FUNCTION_CALL', 'the bad agent-call argument, once explained');
  assert.equal(failure.message, "Function 'lookup' argument 'q': Expected at least 2 characters, got 1");
});
