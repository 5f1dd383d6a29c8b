/**
 * The function-call handlers (`callRendererFunction`, `agentFunctionResponse`) load on first use
 * (src/rpc/on-demand.ts). This file's process starts without them: the first such
 * message waits for them with the messages after it, in order (function-calls-fetched.test.ts:
 * a renderer → agent call fetches them while the agent works).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, BASIC_CATALOG_ID, type OutboundMessage } from '../../src/index.ts';
import { functionCallHandlers, schemaValidator } from '../../src/internal.ts';

await schemaValidator.load();

const HOST = 'https://example.com/host-catalog.json';
const v = (body: Record<string, unknown>) => ({ version: '1.0', ...body });

function setup() {
  const store = new A2uiStore({ locale: 'en-US' });
  store.registerCatalog(
    {
      catalogId: HOST,
      protocolVersion: '1.0',
      functions: {
        echo: { type: 'object', returnType: 'string', allowedCallers: 'rendererOrAgent', properties: { '@call': { const: 'echo' } }, required: ['@call'] },
        ask: { type: 'object', returnType: 'string', properties: { '@call': { const: 'ask' } }, required: ['@call'] },
      },
    },
    { echo: () => 'hi' },
  );
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  store.process(v({ createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, dataModel: { n: 0 } } }));
  return { store, out };
}

test('the first callRendererFunction waits for its handler; the message after it applies after it, in order', async () => {
  assert.equal(functionCallHandlers.loaded, undefined, 'this process starts without the handlers');
  const { store, out } = setup();
  store.process([
    v({ callRendererFunction: { functionCallId: 'c1', callFunction: { '@call': 'echo', catalogId: HOST } } }),
    v({ updateDataModel: { surfaceId: 's', path: '/n', value: 1 } }),
  ]);
  assert.equal(store.surface('s')!.dataModel.get('/n'), 0, 'held behind the call while its handler loads');
  assert.deepEqual(out, [], 'nothing answered, nothing refused meanwhile');
  await store.settled();
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(store.surface('s')!.dataModel.get('/n'), 1);
  assert.deepEqual(out, [{ version: '1.0', rendererFunctionResponse: { functionCallId: 'c1', value: 'hi' } }]);
});
