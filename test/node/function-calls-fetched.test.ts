/**
 * A renderer → agent call fetches the function-call handlers (loaded on first use,
 * src/rpc/on-demand.ts) while the agent works, so its answer finds them there and settles
 * at once. This file's process starts without them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, BASIC_CATALOG_ID, type OutboundMessage } from '../../src/index.ts';
import { functionCallHandlers, schemaValidator } from '../../src/internal.ts';

await schemaValidator.load();

const HOST = 'https://example.com/host-catalog.json';
const v = (body: Record<string, unknown>) => ({ version: '1.0', ...body });

test('a renderer → agent call fetches the handler its answer needs; the answer settles the call when it comes', async () => {
  assert.equal(functionCallHandlers.loaded, undefined, 'this process starts without the handlers');
  const store = new A2uiStore({ locale: 'en-US' });
  store.registerCatalog({
    catalogId: HOST,
    protocolVersion: '1.0',
    functions: { ask: { type: 'object', returnType: 'string', properties: { '@call': { const: 'ask' } }, required: ['@call'] } },
  });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  store.process(v({ createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } }));
  const answer = store.execute({ '@call': 'ask', catalogId: HOST }, { surfaceId: 's' });
  // Fetched while the agent works (no answer has come): wait for it, however slow the machine.
  for (let i = 0; i < 500 && !functionCallHandlers.loaded; i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(functionCallHandlers.loaded, 'fetched by the call, before any answer arrived');
  const sent = out.flatMap((m) => ('callAgentFunction' in m ? [m.callAgentFunction] : []));
  assert.equal(sent.length, 1);
  store.process(v({ agentFunctionResponse: { functionCallId: sent[0]!.functionCallId, value: 'yes' } }));
  assert.equal(await answer, 'yes');
});
