import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { A2uiStore, BASIC_CATALOG_ID, ComponentNode, LIBRARY_VERSION, type FunctionImplementation } from '../../src/index.ts';
import { schemaExplainer, schemaValidator, templateFormatter } from '../../src/internal.ts';
import { parseSessionLog, recordSession, redactLog, replaySession, type SessionLog } from '../../src/session/index.ts';
import { BASIC_V09_CATALOG_ID, enableV09 } from '../../src/v09/index.ts';
import { ScriptedAgent } from '../support/scripted-agent.ts';

// A refusal's issues come from a piece loaded on first use; these tests read them synchronously.
await Promise.all([schemaValidator.load(), templateFormatter.load(), schemaExplainer.load()]);

const SHOP = 'https://example.com/shop-catalog.json';
const v = (body: Record<string, unknown>) => ({ version: '1.0', ...body });
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));
const fast = { speed: Infinity } as const;

/** A shop catalog: `price` is the agent's (no body), `greet` the renderer's, callable by the agent. */
const shopCatalog = {
  catalogId: SHOP,
  protocolVersion: '1.0',
  functions: {
    price: { type: 'object', returnType: 'number', properties: { '@call': { const: 'price' } }, required: ['@call'] },
    greet: { type: 'object', returnType: 'string', allowedCallers: 'rendererOrAgent', properties: { '@call': { const: 'greet' } }, required: ['@call'] },
  },
};

const greetName: FunctionImplementation = (_args, ctx) => `Hello, ${String(ctx.read('/customer/name'))}`;

function shopStore(greet: FunctionImplementation = greetName): A2uiStore {
  const store = new A2uiStore({ locale: 'en-US' });
  store.registerCatalog(shopCatalog, { greet });
  return store;
}

/** The agent's stream: a surface with a template list of items (a Buy button in each), a name field, a Quote button. */
const surface = [
  v({ createSurface: { surfaceId: 'shop', catalogId: BASIC_CATALOG_ID, sendDataModel: true, dataModel: { customer: { name: '' }, items: [{ id: 'a', name: 'Tea' }, { id: 'b', name: 'Cake' }] } } }),
  v({
    updateComponents: {
      surfaceId: 'shop',
      components: [
        { id: 'root', component: 'Column', children: ['name', 'list', 'quote'] },
        { id: 'name', component: 'TextField', label: 'Name', value: { '@path': '/customer/name' } },
        { id: 'list', component: 'List', children: { componentId: 'row', path: '/items' } },
        { id: 'row', component: 'Row', children: ['item', 'buy'] },
        { id: 'item', component: 'Text', text: { '@path': 'name' } },
        { id: 'buy', component: 'Button', child: 'buy_label', action: { event: { name: 'buy', context: { id: { '@path': 'id' }, who: { '@path': '/customer/name' } } } } },
        { id: 'buy_label', component: 'Text', text: 'Buy' },
        { id: 'quote', component: 'Button', child: 'quote_label', action: { functionCall: { '@call': 'price', catalogId: SHOP } } },
        { id: 'quote_label', component: 'Text', text: 'Quote' },
      ],
    },
  }),
];

/** What the user does, through component nodes as the elements would. */
function user(store: A2uiStore) {
  const s = store.surface('shop')!;
  const node = (id: string, item?: number) => new ComponentNode(store, s, id, item === undefined ? store.context('shop')! : store.context('shop')!.child('/items', item));
  return {
    type: (text: string) => node('name').write('value', text),
    buy: (item: number) => node('buy', item).act(),
    quote: () => node('quote').act(),
  };
}

/** Records the whole conversation: RPC both ways, errors, a template list, user input. */
async function recordShop(options: { includeUserInput?: boolean; agentFails?: boolean } = {}): Promise<SessionLog> {
  const store = shopStore();
  const rec = recordSession(store, { includeUserInput: options.includeUserInput ?? true });
  const agent = new ScriptedAgent(store, { price: options.agentFails ? { error: { code: 'NO_PRICE', message: 'Out of stock' } } : { value: 12.5 } });
  store.process(surface);
  store.process(v({ updateComponents: { surfaceId: 'nowhere', components: [] } })); // an error: unknown surface
  store.process(v({ updateComponents: { surfaceId: 'shop', components: [{ id: 'bad', component: 'Text' }] } })); // an error: no text
  const u = user(store);
  u.type('Ada');
  await u.buy(1);
  await u.quote(); // renderer → agent, answered by the scripted agent
  store.process(v({ callRendererFunction: { surfaceId: 'shop', functionCallId: 'g1', callFunction: { '@call': 'greet', catalogId: SHOP } } })); // agent → renderer
  await tick(5);
  agent.stop();
  return JSON.parse(JSON.stringify(rec.stop())) as SessionLog;
}

const kinds = (log: SessionLog) => log.entries.map((e) => (e.dir === 'user' ? `user:${e.input.type}` : `${e.dir}:${Object.keys(e.message as object).find((k) => k !== 'version')}`));

test('a recording holds inbound, outbound (with metadata) and user entries in order, with the setup', async () => {
  const log = await recordShop();
  assert.equal(log.format, 'a2ui-session-log');
  assert.equal(log.schemaVersion, 1);
  assert.deepEqual(log.library, { name: 'a2ui-elements', version: LIBRARY_VERSION });
  assert.equal(log.options.locale, 'en-US');
  assert.ok(log.options.catalogIds.includes(SHOP) && log.options.catalogIds.includes(BASIC_CATALOG_ID));
  assert.equal(typeof log.options.timeZone, 'string');
  assert.equal(log.userInput, 'included');
  assert.deepEqual(kinds(log), [
    'in:createSurface', 'in:updateComponents', 'in:updateComponents', 'out:error', 'in:updateComponents', 'out:error',
    'user:write', 'user:act', 'out:action', 'user:act', 'out:callAgentFunction', 'in:agentFunctionResponse',
    'in:callRendererFunction', 'out:rendererFunctionResponse',
  ]);
  const action = log.entries.find((e) => e.dir === 'out' && 'action' in e.message)!;
  assert.ok(action.dir === 'out');
  assert.deepEqual((action.message.action as { context: unknown }).context, { id: 'b', who: 'Ada' });
  assert.deepEqual(action.metadata, { a2uiRendererDataModel: { version: '1.0', surfaces: { shop: { customer: { name: 'Ada' }, items: [{ id: 'a', name: 'Tea' }, { id: 'b', name: 'Cake' }] } } } });
  const act = log.entries.find((e) => e.dir === 'user' && e.input.type === 'act')!;
  assert.ok(act.dir === 'user');
  assert.deepEqual(act.input.scope, [{ list: '/items', index: 1 }], 'a template item gesture keeps its scope');
  for (let i = 1; i < log.entries.length; i++) assert.ok(log.entries[i].t >= log.entries[i - 1].t);
});

test('record → replay: no differences, for RPC both ways, errors and a template list', async () => {
  for (const agentFails of [false, true]) {
    const log = await recordShop({ agentFails });
    assert.ok(!('error' in parseSessionLog(log)));
    const result = await replaySession(log, shopStore(), fast);
    assert.deepEqual(result.differences, [], result.report);
    assert.equal(result.report, '');
    assert.equal(result.skipped, 0);
    assert.equal(result.outbound.length, log.entries.filter((e) => e.dir === 'out').length);
  }
});

test('replaying one log twice into fresh stores gives identical outbound messages', async () => {
  const log = await recordShop();
  const one = await replaySession(log, shopStore(), fast);
  const two = await replaySession(log, shopStore(), fast);
  assert.deepEqual(one.outbound, two.outbound);
  const action = one.outbound.find((s) => 'action' in s.message)!.message.action as { timestamp: string };
  assert.equal(Date.parse(action.timestamp) >= Date.parse(log.recordedAt), true, 'the timestamp is on the log’s clock');
});

test('a changed renderer behaviour shows as a readable difference, not a throw', async () => {
  const log = await recordShop();
  const changed = shopStore((_args, ctx) => `Hi ${String(ctx.read('/customer/name'))}`);
  const result = await replaySession(log, changed, fast);
  assert.equal(result.differences.length, 1);
  const d = result.differences[0];
  assert.equal(d.kind, 'changed');
  assert.ok(d.kind === 'changed');
  assert.deepEqual(d.changes, [{ path: '/message/rendererFunctionResponse/value', recorded: 'Hello, Ada', replayed: 'Hi Ada' }]);
  assert.match(result.report, /1 outbound message differs from the recording:/);
  assert.match(result.report, /changed: rendererFunctionResponse #g1 \(log entry 13\)/);
  assert.match(result.report, /\/message\/rendererFunctionResponse\/value: recorded "Hello, Ada", replayed "Hi Ada"/);
});

test('a renderer that sends one message more or less: extra and missing, the rest still aligned', async () => {
  const log = await recordShop();
  // Drop the first recorded error and add an unrecorded message: both are named, nothing else is.
  const firstError = log.entries.findIndex((e) => e.dir === 'out' && 'error' in e.message);
  const edited: SessionLog = { ...log, entries: log.entries.filter((_e, i) => i !== firstError) };
  const result = await replaySession(edited, shopStore(), fast);
  assert.deepEqual(result.differences.map((d) => d.kind), ['extra']);
  assert.match(result.report, /extra: +error INTEGRITY_ERROR on nowhere was sent by the replay \(at log entry 2\) but not recorded: \{"version":"1.0","error":/);
  const missing = { ...log, entries: [...log.entries, { t: log.durationMs + 1, dir: 'out' as const, message: { version: '1.0', error: { code: 'EXPRESSION_ERROR', message: 'never sent' } } }] };
  const r2 = await replaySession(missing, shopStore(), fast);
  assert.deepEqual(r2.differences.map((d) => d.kind), ['missing']);
  assert.match(r2.report, /missing: error EXPRESSION_ERROR \(log entry 14\) was recorded but not sent by the replay/);
});

test('without includeUserInput the values are replaced by type and length, and the log says so', async () => {
  const log = await recordShop({ includeUserInput: false });
  assert.equal(log.userInput, 'redacted');
  const text = JSON.stringify(log);
  assert.ok(!text.includes('Ada'), 'what the user typed is not in the log');
  const write = log.entries.find((e) => e.dir === 'user' && e.input.type === 'write')!;
  assert.ok(write.dir === 'user' && write.input.type === 'write');
  assert.deepEqual(write.input.value, { $redacted: 'string', length: 3 });
  const action = log.entries.find((e) => e.dir === 'out' && 'action' in e.message)!;
  assert.ok(action.dir === 'out');
  assert.deepEqual((action.message.action as { context: unknown }).context, { id: { $redacted: 'string', length: 1 }, who: { $redacted: 'string', length: 3 } });
  assert.deepEqual(action.metadata, { a2uiRendererDataModel: { version: '1.0', surfaces: { shop: { $redacted: 'object', length: 2 } } } });
  // A redacted log replays the agent's side and the gestures; the writes cannot be repeated.
  const result = await replaySession(log, shopStore(), fast);
  assert.equal(result.skipped, 1);
  assert.deepEqual(result.differences, [], result.report);
});

test('a recording begun mid-session starts from a snapshot of the surfaces, and replays from it', async () => {
  const store = shopStore();
  store.process(surface);
  user(store).type('Ada');
  const rec = recordSession(store, { includeUserInput: true });
  await user(store).buy(0);
  const log = JSON.parse(JSON.stringify(rec.stop())) as SessionLog;
  const snapshot = log.entries.filter((e) => e.dir === 'in' && e.snapshot);
  assert.deepEqual(snapshot.map((e) => e.dir === 'in' && Object.keys(e.message as object)[1]), ['createSurface', 'updateComponents']);
  assert.deepEqual((snapshot[0].dir === 'in' && (snapshot[0].message as { createSurface: { dataModel: unknown } }).createSurface.dataModel), { customer: { name: 'Ada' }, items: [{ id: 'a', name: 'Tea' }, { id: 'b', name: 'Cake' }] });
  const fresh = shopStore();
  const result = await replaySession(log, fresh, fast);
  assert.deepEqual(result.differences, [], result.report);
  assert.equal(fresh.surface('shop')!.dataModel.get('/customer/name'), 'Ada');
  // Shared without consent: the snapshot's data model and every typed value are gone.
  const shared = redactLog(log);
  assert.equal(shared.userInput, 'redacted');
  assert.ok(!JSON.stringify(shared).includes('Ada'));
  assert.equal(redactLog(shared), shared);
});

test('replay at a finite speed plays the same messages; from/until play a part of the log', async () => {
  const log = await recordShop();
  const timed = await replaySession(log, shopStore(), { speed: 1000 });
  assert.deepEqual(timed.differences, [], timed.report);
  const positions: number[] = [];
  const store = shopStore();
  const head = await replaySession(log, store, { ...fast, until: 5, onProgress: (i) => positions.push(i) });
  assert.deepEqual(head.differences, [], head.report);
  assert.deepEqual(positions, [0, 1, 2, 4]);
  assert.ok(store.surface('shop'));
  const tail = await replaySession(log, store, { ...fast, from: 6 });
  assert.deepEqual(tail.differences, [], tail.report);
});

test('any wire form: a v0.9 stream is recorded as received and replays with its v0.9 answers', async () => {
  const v09Store = () => {
    const store = new A2uiStore({ locale: 'en-US' });
    enableV09(store);
    return store;
  };
  const store = v09Store();
  const rec = recordSession(store, { includeUserInput: true });
  const stream = [
    { version: 'v0.9', createSurface: { surfaceId: 'old', catalogId: BASIC_V09_CATALOG_ID, sendDataModel: true } },
    { version: 'v0.9', updateComponents: { surfaceId: 'old', components: [
      { id: 'root', component: 'Column', children: ['f', 'b'] },
      { id: 'f', component: 'TextField', label: 'Name', value: { path: '/name' } },
      { id: 'b', component: 'Button', child: 't', action: { name: 'go', context: { who: { path: '/name' } } } },
      { id: 't', component: 'Text', text: 'Go' },
    ] } },
    { version: 'v0.9', updateComponents: { surfaceId: 'old', components: [{ id: 'x', component: 'Nope' }] } },
  ];
  store.process(stream);
  const node = (id: string) => new ComponentNode(store, store.surface('old')!, id, store.context('old')!);
  node('f').write('value', 'Ada');
  await node('b').act();
  const log = JSON.parse(JSON.stringify(rec.stop())) as SessionLog;
  assert.deepEqual(log.entries.filter((e) => e.dir === 'in').map((e) => e.message), stream, 'inbound as received, not upgraded');
  const out = log.entries.flatMap((e) => (e.dir === 'out' ? [e] : []));
  assert.deepEqual(out.map((e) => [e.message.version, Object.keys(e.message).find((k) => k !== 'version')]), [['v0.9', 'error'], ['v0.9', 'action']]);
  assert.ok(out[1].metadata?.a2uiClientDataModel, 'v0.9 metadata under its v0.9 name');
  const result = await replaySession(log, v09Store(), fast);
  assert.deepEqual(result.differences, [], result.report);
  assert.equal(result.outbound[1].message.version, 'v0.9');
});

test('a store set up differently is warned about', async () => {
  const log = await recordShop();
  const other = new A2uiStore({ locale: 'de-DE' });
  const result = await replaySession(log, other, fast);
  assert.ok(result.warnings.some((w) => /locale en-US, this store uses de-DE/.test(w)));
  assert.ok(result.warnings.some((w) => w.includes(SHOP)));
  const partial = await replaySession(log, new A2uiStore({ locale: 'en-US', partialUpdates: true }), fast);
  assert.ok(partial.warnings.some((w) => w === 'the log was recorded with partialUpdates false, this store has true'), partial.report);
  assert.match(result.report, /warning: catalogs of the recording this store lacks/);
});

test('parseSessionLog: a log or an error value with a pointer, never a throw', async () => {
  const log = await recordShop();
  assert.deepEqual(parseSessionLog(JSON.stringify(log)), log);
  const bad = (x: unknown) => parseSessionLog(x) as { code: string; path: string };
  assert.deepEqual(bad('{nope').code, 'INVALID_SESSION_LOG');
  assert.equal(bad({ ...log, schemaVersion: 2 }).path, '/schemaVersion');
  assert.equal(bad({ ...log, format: 'other' }).path, '/format');
  assert.equal(bad({ ...log, entries: [{ t: 5, dir: 'in', message: {} }, { t: 1, dir: 'in', message: {} }] }).path, '/entries/1');
  assert.equal(bad({ ...log, entries: [{ t: 0, dir: 'user', input: { type: 'write' } }] }).path, '/entries/0');
  assert.equal(bad(null).code, 'INVALID_SESSION_LOG');
});

test('replay never throws: a broken log is an error value, an abort ends it early, another version is warned about', async () => {
  const log = await recordShop();
  const broken = await replaySession({ ...log, entries: 'x' } as unknown as SessionLog, shopStore(), fast);
  assert.equal(broken.error?.path, '/entries');
  assert.match(broken.report, /^not replayed: "entries" is not an array/);
  const abort = new AbortController();
  const part = await replaySession(log, shopStore(), { speed: 1, onProgress: (i) => i === 1 && abort.abort(), signal: abort.signal });
  assert.equal(part.played, 2);
  const older = await replaySession({ ...log, library: { name: 'a2ui-elements', version: '0.0.1' } }, shopStore(), fast);
  assert.deepEqual(older.differences, []);
  assert.match(older.report, new RegExp(`warning: the log was recorded with a2ui-elements 0.0.1, this is ${LIBRARY_VERSION}`));
});

test('the committed demo logs are logs of this schema', () => {
  for (const name of ['hello', 'booking']) {
    const log = parseSessionLog(readFileSync(new URL(`../fixtures/sessions/${name}.json`, import.meta.url), 'utf8'));
    assert.ok(!('code' in log), `${name}.json: ${'code' in log ? log.message : ''}`);
    assert.equal(log.userInput, 'included');
  }
});

test('LIBRARY_VERSION is package.json’s version', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  assert.equal(LIBRARY_VERSION, pkg.version);
});

test('a throwing recorder listener cannot break the store; stop() detaches', async () => {
  const store = shopStore();
  const rec = recordSession(store, {
    onEntry: () => {
      throw new Error('listener');
    },
  });
  store.process(surface);
  assert.ok(store.surface('shop'));
  assert.ok(recordSession(store, { onEntry: () => { throw new Error('again'); } }).stop().entries.length, 'a throwing listener during the start snapshot');
  const log = rec.stop();
  store.process(v({ deleteSurface: { surfaceId: 'shop' } }));
  assert.equal(rec.stop(), log);
  assert.equal(log.entries.length, 2);
  assert.equal(rec.recording, false);
});
