import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, BASIC_CATALOG_ID, ComponentNode, FunctionCallError, type OutboundMessage } from '../../src/index.ts';
import { functionCallHandlers } from '../../src/internal.ts';
import { ScriptedAgent } from '../support/scripted-agent.ts';
import type { AgentCalls } from '../../src/rpc/agent-calls.ts';

// These tests read a message's effect synchronously: the function-call handlers (loaded on first
// use) are here first (test/node/function-calls-lazy.test.ts covers the other path).
await functionCallHandlers.load();

const HOST = 'https://example.com/host-catalog.json';
const v = (body: Record<string, unknown>) => ({ version: '1.0', ...body });
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** A host catalog: declared agent functions (schema-only) and a few renderer ones. */
function hostCatalog() {
  const fn = (name: string, returnType: string, extra: Record<string, unknown> = {}, args?: Record<string, unknown>) => ({
    type: 'object',
    returnType,
    ...extra,
    properties: { '@call': { const: name }, ...(args ? { args: { type: 'object', properties: args, additionalProperties: false } } : {}) },
    required: ['@call'],
  });
  return {
    catalogId: HOST,
    protocolVersion: '1.0',
    functions: {
      lookup: fn('lookup', 'string', {}, { q: { $ref: 'common_types.json#/$defs/DynamicString' } }),
      slow: fn('slow', 'string', { timeoutMs: 50 }),
      count: fn('count', 'number'),
      secret: fn('secret', 'string', { allowedCallers: 'agentOnly' }),
      explode: fn('explode', 'string', { allowedCallers: 'rendererOrAgent' }),
      later: fn('later', 'string', { allowedCallers: 'rendererOrAgent' }),
    },
  };
}

function setup(options: ConstructorParameters<typeof A2uiStore>[0] = {}) {
  const store = new A2uiStore({ locale: 'en-US', catalogs: [], ...options });
  store.registerCatalog(hostCatalog(), {
    explode: () => {
      throw new Error('boom');
    },
    later: async () => {
      await tick(5);
      return 'done';
    },
  });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  store.process(v({ createSurface: { surfaceId: 's', catalogId: HOST } }));
  const errors = () => out.flatMap((m) => ('error' in m ? [m.error] : []));
  const responses = () => out.flatMap((m) => ('rendererFunctionResponse' in m ? [m.rendererFunctionResponse] : []));
  return { store, out, errors, responses };
}

const call = (name: string, args: Record<string, unknown> = {}) => ({ '@call': name, args, catalogId: HOST });

test('renderer → agent: routed with the resolved catalogId, settled by the matching response', async () => {
  const { store } = setup();
  const agent = new ScriptedAgent(store, { lookup: (c) => ({ value: `hello ${c.callFunction.args.q}` }) });
  assert.equal(await store.execute({ '@call': 'lookup', args: { q: 'ada' } }, { surfaceId: 's' }), 'hello ada');
  assert.equal(agent.calls[0].callFunction.catalogId, HOST, 'catalogId is set even when the call relies on the surface default');
  assert.equal(agent.calls[0].surfaceId, 's');
});

test('every outcome: agent error, TIMEOUT, CANCELLED, DISPOSED, DUPLICATE, result type mismatch', async () => {
  const { store } = setup({ timeoutMs: 1000 });
  const agent = new ScriptedAgent(store, {
    lookup: { error: { code: 'PROVIDER_NOT_FOUND', message: 'no such provider' } },
    slow: { silent: true },
    count: { value: 'not a number' },
  });
  const reason = (p: Promise<unknown>) => p.then(() => assert.fail('should reject'), (e: FunctionCallError) => e);

  const agentError = await reason(store.execute(call('lookup'), { surfaceId: 's' }));
  assert.deepEqual([agentError.code, agentError.message], ['PROVIDER_NOT_FOUND', 'no such provider']);
  assert.equal((await reason(store.execute(call('slow'), { surfaceId: 's' }))).code, 'TIMEOUT', 'per-function timeoutMs of 50 ms');
  assert.equal((await reason(store.execute(call('count'), { surfaceId: 's' }))).code, 'EXECUTION_ERROR', 'a string is not a number');

  agent.script.lookup = { silent: true };
  const pending = store.execute(call('lookup', { q: 'x' }), { surfaceId: 's', site: 'manual' });
  await tick();
  const [id] = store.agentCalls.pendingIds;
  store.agentCalls.cancel(id);
  assert.equal((await reason(pending)).code, 'CANCELLED');

  const dup = new A2uiStore({ catalogs: [], callId: () => 'fixed' });
  dup.registerCatalog(hostCatalog());
  dup.process(v({ createSurface: { surfaceId: 's', catalogId: HOST } }));
  const first = dup.execute(call('lookup'), { surfaceId: 's' });
  assert.equal((await reason(dup.execute(call('lookup'), { surfaceId: 's' }))).code, 'DUPLICATE');
  dup.dispose();
  assert.equal((await reason(first)).code, 'DISPOSED');
  assert.equal((await reason(dup.execute(call('lookup'), { surfaceId: 's' }).catch((e) => Promise.reject(e)))).code, 'INVALID_FUNCTION_CALL');
  agent.stop();
});

test('deleteSurface cancels that surface\'s calls; timers stop on dispose', async () => {
  const { store } = setup({ timeoutMs: 10_000 });
  new ScriptedAgent(store, { lookup: { silent: true } });
  const p = store.execute(call('lookup'), { surfaceId: 's' });
  await tick();
  store.process(v({ deleteSurface: { surfaceId: 's' } }));
  await assert.rejects(p, (e: FunctionCallError) => e.code === 'CANCELLED');
  assert.deepEqual(store.agentCalls.pendingIds, []);
});

test('deleted surfaces leave no call counters, and a surface of a used id never reuses a call id', async () => {
  const { store, out } = setup({ timeoutMs: 10_000 });
  new ScriptedAgent(store, { lookup: { silent: true } });
  const ids: string[] = [];
  store.process(v({ deleteSurface: { surfaceId: 's' } }));
  for (let i = 0; i < 20; i++) {
    const surfaceId = i % 2 ? 's' : `s${i}`; // 's' is made and deleted ten times
    store.process(v({ createSurface: { surfaceId, catalogId: HOST } }));
    const p = store.execute(call('lookup'), { surfaceId }).catch(() => undefined);
    await tick();
    store.process(v({ deleteSurface: { surfaceId } }));
    await p;
  }
  for (const m of out) if ('callAgentFunction' in m) ids.push((m as { callAgentFunction: { functionCallId: string } }).callAgentFunction.functionCallId);
  assert.equal(ids.length, 20);
  assert.equal(new Set(ids).size, 20, 'every call id is new');
  assert.equal((store.agentCalls as AgentCalls).counterSurfaces, 0);
});

test('boundaries before dispatch: agentOnly from UI and bad arguments are EXPRESSION_ERRORs and nothing is sent', async () => {
  const { store, out } = setup();
  await assert.rejects(store.execute(call('secret'), { surfaceId: 's' }), (e: FunctionCallError) => e.code === 'EXPRESSION_ERROR');
  await assert.rejects(store.execute(call('lookup', { nope: 1, q: 'x' }), { surfaceId: 's' }), (e: FunctionCallError) => e.code === 'INVALID_FUNCTION_CALL');
  assert.equal(out.filter((m) => 'callAgentFunction' in m).length, 0);
});

test('nesting: innermost first, and the first failure abandons the expression (no outer call)', async () => {
  const { store } = setup();
  const agent = new ScriptedAgent(store, { lookup: (c) => (c.callFunction.args.q === 'bad' ? { error: { code: 'NOPE', message: 'inner failed' } } : { value: `<${c.callFunction.args.q}>` }) });
  const nested = (q: unknown) => ({ '@call': 'lookup', args: { q: { '@call': 'lookup', args: { q } } } });
  assert.equal(await store.execute(nested('a'), { surfaceId: 's' }), '<<a>>');
  assert.deepEqual(agent.calls.map((c) => c.callFunction.args.q), ['a', '<a>']);
  agent.calls.length = 0;
  await assert.rejects(store.execute(nested('bad'), { surfaceId: 's' }));
  assert.deepEqual(agent.calls.map((c) => c.callFunction.args.q), ['bad'], 'the outer call is never sent');
});

test('bindings: pending state, shared in-flight identical calls, latest wins, failure → null + EXPRESSION_ERROR with the call id', async () => {
  const { store, errors } = setup();
  store.process(v({ updateDataModel: { surfaceId: 's', path: '/q', value: 'one' } }));
  store.process(
    v({
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 'a', component: 'Text', '@catalogId': BASIC_CATALOG_ID, text: { '@call': 'lookup', args: { q: { '@path': '/q' } } } },
          { id: 'b', component: 'Text', '@catalogId': BASIC_CATALOG_ID, text: { '@call': 'lookup', args: { q: { '@path': '/q' } } } },
        ],
      },
    }),
  );
  const delays: Record<string, number> = { one: 30, two: 0 };
  const agent = new ScriptedAgent(store, { lookup: (c) => ({ value: `got ${c.callFunction.args.q}`, delayMs: delays[String(c.callFunction.args.q)] ?? 0 }) });
  const s = store.surface('s')!;
  const a = new ComponentNode(store, s, 'a', store.context('s')!);
  const b = new ComponentNode(store, s, 'b', store.context('s')!);
  assert.equal(a.value('text'), undefined);
  assert.equal(b.value('text'), undefined);
  assert.equal(a.pending('text'), true);
  assert.equal(agent.calls.length, 1, 'identical reactive calls share one in-flight call');
  s.dataModel.set('/q', 'two'); // re-evaluates while "one" is still in flight
  a.value('text');
  await tick(60);
  assert.equal(a.value('text'), 'got two', 'the older, slower answer never overwrites the newer one');
  assert.equal(a.pending('text'), false);

  agent.script.lookup = { error: { code: 'DOWN', message: 'agent down' } };
  s.dataModel.set('/q', 'three');
  a.value('text');
  await tick(10);
  assert.equal(a.value('text'), null);
  const failure = errors().at(-1)!;
  assert.equal(failure.code, 'EXPRESSION_ERROR');
  assert.match(String(failure.functionCallId), /^s\./);
});

test('call ids are deterministic: the same stream and steps give the same ids', async () => {
  const run = async () => {
    const { store } = setup();
    const agent = new ScriptedAgent(store, { lookup: { value: 'ok' } });
    store.process(v({ updateComponents: { surfaceId: 's', components: [{ id: 'btn', component: 'Button', '@catalogId': BASIC_CATALOG_ID, child: 'l', action: { functionCall: call('lookup', { q: 'x' }) } }, { id: 'l', component: 'Text', '@catalogId': BASIC_CATALOG_ID, text: 'Go' }] } }));
    const btn = new ComponentNode(store, store.surface('s')!, 'btn', store.context('s')!);
    await btn.act();
    await btn.act();
    return agent.calls.map((c) => c.functionCallId);
  };
  const first = await run();
  assert.equal(new Set(first).size, 2, 'actions always send a new call');
  assert.deepEqual(await run(), first);
});

test('agent → renderer: exactly one response, also for void and async; a thrown body is EXECUTION_ERROR; forged responses change nothing', async () => {
  const { store, responses, errors } = setup();
  const rpc = (functionCallId: string, callFunction: unknown) => store.process(v({ callRendererFunction: { functionCallId, callFunction } }));
  rpc('e', call('explode'));
  rpc('l', call('later'));
  rpc('r', call('lookup'));
  store.process(v({ callRendererFunction: { functionCallId: 'i', callFunction: { '@call': '@index', catalogId: HOST } } }));
  await tick(20);
  const byId = Object.fromEntries(responses().map((r) => [r.functionCallId, r]));
  assert.equal(byId.e.error?.code, 'EXECUTION_ERROR');
  assert.equal(byId.l.value, 'done');
  assert.equal(byId.r.error?.code, 'INVALID_FUNCTION_CALL');
  assert.equal(byId.i.error?.code, 'EXECUTION_ERROR');
  assert.equal(responses().length, 4);
  const before = errors().length;
  store.process(v({ agentFunctionResponse: { functionCallId: 'never-sent', value: 1 } }));
  assert.equal(errors().length, before + 1, 'an unknown id is reported once');
});
