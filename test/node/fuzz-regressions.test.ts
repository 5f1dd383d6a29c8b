/**
 * Failures the fuzz harness (issue 11) found, each shrunk to a minimal stream and kept as a named
 * regression. Where more than one fix is acceptable (reject at the door, or accept and behave),
 * the assertion allows each and pins only what the user or the agent would see.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, BASIC_CATALOG_ID, ComponentNode, Surface, type OutboundMessage } from '../../src/index.ts';
import { functionCallHandlers, schemaValidator, templateFormatter } from '../../src/internal.ts';

// The validator and the agent calls load on first use; these tests read what a message did right after it.
await Promise.all([schemaValidator.load(), templateFormatter.load(), functionCallHandlers.load()]);

const v = (body: Record<string, unknown>) => ({ version: '1.0', ...body });

function setup(create: Record<string, unknown> = {}) {
  const store = new A2uiStore({ locale: 'en-US', timeoutMs: 0 });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  store.process(v({ createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, ...create } }));
  const errors = () => out.flatMap((m) => ('error' in m ? [m.error] : []));
  const node = (id: string) => new ComponentNode(store, store.surface('s')!, id, store.context('s')!);
  const root = () => store.surface('s')!.dataModel.get('/');
  return { store, out, errors, node, root };
}

const isObject = (x: unknown) => x !== null && typeof x === 'object' && !Array.isArray(x);
const settle = () => new Promise<void>((r) => setImmediate(r));

test('regression: an updateDataModel rejected half-way (/a/1 on an empty model) leaves no trace', () => {
  const { store, errors, root } = setup();
  store.process(v({ updateDataModel: { surfaceId: 's', path: '/a/1', value: 1 } }));
  assert.deepEqual(errors().map((e) => e.code), ['VALIDATION_FAILED']);
  assert.deepEqual(root(), {}, 'the rejected write must not leave /a = []');
});

test('regression: the pointer "//" cannot replace the data-model root with a primitive', () => {
  const { store, errors, root } = setup({ dataModel: { keep: 1 } });
  store.process(v({ updateDataModel: { surfaceId: 's', path: '//', value: 5 } }));
  // Either rejected (one VALIDATION_FAILED) or read per RFC 6901 as the keys "" / "": the root stays an object.
  assert.ok(isObject(root()), `root is ${JSON.stringify(root())}`);
  assert.equal((root() as Record<string, unknown>).keep, 1);
  assert.ok(errors().every((e) => e.code === 'VALIDATION_FAILED') && errors().length <= 1, JSON.stringify(errors()));
});

test('regression: typing into a TextField bound to "/" does not replace the data model with a string', () => {
  const { store, node, root } = setup({ dataModel: { keep: 1 } });
  store.process(v({ updateComponents: { surfaceId: 's', components: [{ id: 'f', component: 'TextField', label: 'Name', value: { '@path': '/' } }] } }));
  node('f').write('value', 'hello');
  assert.ok(isObject(root()), `root is ${JSON.stringify(root())}`);
  assert.equal((root() as Record<string, unknown>).keep, 1);
});

test('regression: a two-way binding through "-" does not append a list item per keystroke', () => {
  const { store, node, root } = setup({ dataModel: { items: [] } });
  store.process(v({ updateComponents: { surfaceId: 's', components: [{ id: 'f', component: 'TextField', label: 'New item', value: { '@path': '/items/-' } }] } }));
  const field = node('f');
  for (const typed of ['h', 'he', 'hel']) field.write('value', typed);
  const items = (root() as { items: unknown[] }).items;
  // Either the write is refused, or the field reads back what was typed: never one item per keystroke.
  assert.ok(items.length <= 1, `items after typing: ${JSON.stringify(items)}`);
  if (items.length === 1) assert.equal(field.value('value'), 'hel');
});

test('regression: a template over "/__proto__" never throws from childList', () => {
  const { store, errors, node } = setup();
  store.process(v({ updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'List', children: { componentId: 'row', path: '/__proto__' } }, { id: 'row', component: 'Text', text: 'x' }] } }));
  const rejected = errors().length === 1;
  if (!rejected) {
    let children: unknown;
    assert.doesNotThrow(() => (children = node('root').childList('children')));
    assert.deepEqual(children, []);
    assert.equal(errors().length, 1, 'the refused template path is reported once');
  }
  assert.ok(errors().every((e) => e.code === 'VALIDATION_FAILED' || e.code === 'EXPRESSION_ERROR'));
});

test('regression: a version object with its own toString is VALIDATION_FAILED, not an internal error', () => {
  const { store, errors } = setup();
  store.process(JSON.parse('{"version":{"toString":{}},"deleteSurface":{"surfaceId":"x"}}'));
  assert.deepEqual(errors().map((e) => e.code), ['VALIDATION_FAILED']);
  assert.doesNotMatch(errors()[0].message, /Internal renderer error/);
});

test('regression: callRendererFunction with an object surfaceId gets its INVALID_FUNCTION_CALL reply', () => {
  const { store, out } = setup();
  store.process(JSON.parse(`{"version":"1.0","callRendererFunction":{"functionCallId":"c1","surfaceId":{"toString":1},"callFunction":{"@call":"formatString","catalogId":"${BASIC_CATALOG_ID}","args":{}}}}`));
  const replies = out.slice(0).flatMap((m) => ('rendererFunctionResponse' in m ? [m.rendererFunctionResponse.error] : 'error' in m ? [m.error] : []));
  assert.equal(replies.length, 1);
  assert.equal(replies[0]?.code, 'INVALID_FUNCTION_CALL');
  assert.doesNotMatch(replies[0]!.message, /Internal renderer error/);
});

test('regression: an agent error whose code is an object still settles the pending call', async () => {
  const { store, errors, node } = setup();
  store.process(v({ updateComponents: { surfaceId: 's', components: [{ id: 't', component: 'Text', text: { '@call': 'lookupUser', args: {} } }] } }));
  const text = node('t');
  text.value('text');
  const [id] = store.agentCalls.pendingIds;
  assert.ok(id, 'the binding was routed to the agent');
  store.process(JSON.parse(`{"version":"1.0","agentFunctionResponse":{"functionCallId":"${id}","error":{"code":{"toString":1},"message":"no such user"}}}`));
  await settle();
  assert.deepEqual(store.agentCalls.pendingIds, [], 'the call is settled, not stuck');
  assert.equal(text.pending('text'), false);
  assert.equal(text.value('text'), null);
  assert.ok(errors().every((e) => !/Internal renderer error/.test(e.message)), JSON.stringify(errors()));
});

test('regression: deep data on a sendDataModel surface does not make later reports throw at the host', async () => {
  const { store, errors, node } = setup({ sendDataModel: true });
  store.process(v({ updateComponents: { surfaceId: 's', components: [{ id: 'b', component: 'Button', child: 'l', action: { event: { name: 'go' } } }, { id: 'l', component: 'Text', text: 'Go' }] } }));
  const deep = '['.repeat(3000) + ']'.repeat(3000);
  store.process(`{"version":"1.0","updateDataModel":{"surfaceId":"s","path":"/deep","value":${deep}}}`);
  const before = errors().length;
  assert.doesNotThrow(() => store.process(v({ updateComponents: { surfaceId: 's', components: [{ id: 'x', component: 'NoSuchComponent' }] } })));
  assert.deepEqual(errors().slice(before).map((e) => e.code), ['VALIDATION_FAILED'], 'the agent hears about the bad component');
  const clicked = node('b').act();
  await assert.doesNotReject(clicked);
  await settle();
});

test('regression: a value nested 100,000 deep is a VALIDATION_FAILED on its surface, not an internal error', () => {
  const { store, errors, root } = setup();
  store.process(`{"version":"1.0","updateDataModel":{"surfaceId":"s","path":"/deep","value":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`);
  assert.deepEqual(errors().map((e) => [e.code, e.surfaceId]), [['VALIDATION_FAILED', 's']]);
  assert.deepEqual(root(), {});
});

test('regression: process(jsonl) while a fed line is incomplete does not corrupt the stream', () => {
  const { store, errors, root } = setup();
  store.feed('{"version":"1.0","updateDataModel":{"surfaceId":"s","path":"/a",');
  store.process('{"version":"1.0","updateDataModel":{"surfaceId":"s","path":"/b","value":2}}\n');
  store.feed('"value":1}}\n');
  store.end();
  assert.deepEqual(errors(), []);
  assert.deepEqual(root(), { a: 1, b: 2 });
});

test('regression: a line completed by end() after dispose() is ignored', () => {
  const { store } = setup();
  store.feed(`{"version":"1.0","createSurface":{"surfaceId":"late","catalogId":"${BASIC_CATALOG_ID}"}}`);
  store.dispose();
  store.end();
  assert.deepEqual(store.surfaceIds, []);
});

test('regression: the graph check of a 1,000-deep component chain in one message is not quadratic', () => {
  // Measured as work, not time: today every record walks all its ancestors, copying the trail at
  // each step (a 3,000-deep chain, 169 KB of JSON, blocks the thread ~16 s; the 10,000-component
  // limit allows minutes). A linear check visits each ancestor link a bounded number of times.
  const n = 1000;
  const { store, errors } = setup();
  const original = Surface.prototype.parentsOf;
  let walks = 0;
  Surface.prototype.parentsOf = function (this: Surface, id: string) {
    walks++;
    return original.call(this, id);
  };
  try {
    const chain = Array.from({ length: n }, (_, i) => ({ id: `c${i}`, component: 'Column', children: i + 1 < n ? [`c${i + 1}`] : [] }));
    store.process(v({ updateComponents: { surfaceId: 's', components: chain } }));
  } finally {
    Surface.prototype.parentsOf = original;
  }
  // Accepted, or refused by a documented depth limit with one error.
  assert.ok(errors().length === 0 || (errors().length === 1 && errors()[0].code === 'VALIDATION_FAILED'), JSON.stringify(errors()));
  assert.ok(walks <= 20 * n, `${walks} ancestor lookups for ${n} components`);
});

test('regression: a resolved binding with a 20,000-segment pointer does not break deleteSurface or dispose', () => {
  const { store, errors, node } = setup();
  store.process(v({ updateComponents: { surfaceId: 's', components: [{ id: 't', component: 'Text', text: { '@path': '/a'.repeat(20_000) } }] } }));
  const refused = errors().length;
  // Either refused at the door (one error) or accepted and resolved like any other binding.
  assert.ok(refused <= 1);
  if (!refused) node('t').value('text');
  const before = errors().length;
  store.process(v({ deleteSurface: { surfaceId: 's' } }));
  assert.deepEqual(errors().slice(before), [], 'deleteSurface succeeds');
  assert.deepEqual(store.surfaceIds, []);
  assert.doesNotThrow(() => store.dispose());
});

test('regression: a 1 MB JSONL line fed in 1 KB chunks is not rescanned on every chunk', () => {
  // Measured as work, not time: the buffer re-splits everything pending on every chunk, so a line
  // of n characters in chunks of c costs n²/2c (a 4 MB line in 1 KB chunks blocks ~20 s today).
  const { store, errors, root } = setup();
  const line = JSON.stringify(v({ updateDataModel: { surfaceId: 's', path: '/big', value: 'x'.repeat(1_000_000) } }));
  const split = String.prototype.split;
  let scanned = 0;
  String.prototype.split = function (this: string, ...args: Parameters<typeof split>) {
    scanned += this.length;
    return split.apply(this, args);
  } as typeof split;
  try {
    for (let i = 0; i < line.length; i += 1024) store.feed(line.slice(i, i + 1024));
    store.feed('\n');
  } finally {
    String.prototype.split = split;
  }
  assert.deepEqual(errors(), []);
  assert.equal(((root() as { big: string }).big).length, 1_000_000);
  assert.ok(scanned <= 4 * line.length, `${scanned} characters scanned for a ${line.length}-character line`);
});

test('regression: values passed as objects are copied without aliasing (writing /list/0 never changes /list/1)', () => {
  // Found by the differential check: the same stream as JSONL text ended in a different state.
  const shared = {};
  const { store, root } = setup({ dataModel: { a: shared, b: shared } });
  store.process(v({ updateDataModel: { surfaceId: 's', path: '/list', value: [shared, shared] } }));
  store.process(v({ updateDataModel: { surfaceId: 's', path: '/list/0/x', value: 1 } }));
  store.process(v({ updateDataModel: { surfaceId: 's', path: '/a/y', value: 2 } }));
  assert.deepEqual(root(), { a: { y: 2 }, b: {}, list: [{ x: 1 }, {}] });
  assert.deepEqual(shared, {}, "the host's object is not touched");
});
