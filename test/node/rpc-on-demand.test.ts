/**
 * The function calls with the agent load on first use (`functionCallHandlers`, src/rpc/on-demand.ts). This
 * file's process has not loaded them when it starts: an agent's `callRendererFunction` waits for
 * them with the messages after it, and a renderer → agent call made meanwhile is sent once they
 * are there, before what the renderer sent after making it. (Late and failed loads in a page:
 * test/browser/lazy-rpc-late.test.ts, lazy-rpc-failed.test.ts.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, BASIC_CATALOG_ID, type OutboundMessage } from '../../src/index.ts';
import { functionCallHandlers, schemaValidator } from '../../src/internal.ts';

await schemaValidator.load();

test('before the agent calls load: the agent’s call waits with the messages after it; the renderer’s call goes out first, then what was sent after it', async () => {
  assert.equal(functionCallHandlers.loaded, undefined, 'nothing in this process may have loaded the agent calls');
  const store = new A2uiStore({ locale: 'en-US', timeoutMs: 0 });
  // Every function of this catalog has a body: registering it loads nothing.
  store.registerCatalog(
    {
      catalogId: 'host',
      protocolVersion: '1.0',
      functions: {
        echo: { type: 'object', returnType: 'any', allowedCallers: 'rendererOrAgent', properties: { '@call': { const: 'echo' }, args: { type: 'object', properties: { v: { $ref: 'common_types.json#/$defs/DynamicString' } } } }, required: ['@call'] },
      },
    },
    { echo: (args) => args.v },
  );
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  store.process({ version: '1.0', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, dataModel: { n: 'one' } } });
  assert.deepEqual(store.agentCalls.pendingIds, [], 'no calls before the first');

  // The agent asks for a value, then changes it: the answer must read the value before the change.
  store.process([
    { version: '1.0', callRendererFunction: { functionCallId: 'c1', surfaceId: 's', callFunction: { '@call': 'echo', catalogId: 'host', args: { v: { '@path': '/n' } } } } },
    { version: '1.0', updateDataModel: { surfaceId: 's', path: '/n', value: 'two' } },
  ]);
  assert.equal(store.peekSurface('s')!.dataModel.get('/n'), 'one', 'the update waits behind the held call');

  // The renderer calls an agent function (undeclared: the spec routes it to the agent), then sends an action.
  const answer = store.execute({ '@call': 'lookup', args: { q: 'ada' } }, { surfaceId: 's', site: 'button' });
  store.dispatchAction({ name: 'next', surfaceId: 's', sourceComponentId: 'root', context: {} });
  assert.deepEqual(out, [], 'nothing is sent before the call');

  await store.settled();
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(store.peekSurface('s')!.dataModel.get('/n'), 'two');
  const kinds = out.map((m) => Object.keys(m).find((k) => k !== 'version'));
  assert.deepEqual(kinds, ['callAgentFunction', 'action', 'rendererFunctionResponse'], 'in the order the renderer made them');
  const response = out[2] as { rendererFunctionResponse: { functionCallId: string; value: unknown } };
  assert.deepEqual(response.rendererFunctionResponse, { functionCallId: 'c1', value: 'one' }, 'answered from the data before the update');
  assert.deepEqual(store.agentCalls.pendingIds, ['s.button.1']);

  store.process({ version: '1.0', agentFunctionResponse: { functionCallId: 's.button.1', value: 'found' } });
  assert.equal(await answer, 'found');
  assert.deepEqual(store.agentCalls.pendingIds, []);

  // Loaded: a call now goes out at once, inside the evaluation.
  void store.execute({ '@call': 'lookup', args: { q: 'grace' } }, { surfaceId: 's', site: 'button' }).catch(() => undefined);
  assert.equal(Object.keys(out.at(-1)!)[1], 'callAgentFunction');
  store.dispose();
});
