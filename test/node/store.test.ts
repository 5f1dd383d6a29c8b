import { test } from 'node:test';
import assert from 'node:assert/strict';
import { a2uiRendererCapabilities, a2uiRendererDataModel } from '../../src/transport/sync.ts';
import { A2uiStore, BASIC_CATALOG_ID, Catalog, ComponentNode, type A2uiError, type OutboundMessage } from '../../src/index.ts';
import { functionCallHandlers, basicValidators, schemaExplainer, schemaValidator, templateFormatter } from '../../src/internal.ts';

// A refusal's issues, and the agent calls, come from pieces loaded on first use; these tests read them synchronously.
await Promise.all([basicValidators.load(), schemaValidator.load(), templateFormatter.load(), schemaExplainer.load(), functionCallHandlers.load()]);

function setup() {
  const store = new A2uiStore({ locale: 'en-US', timeoutMs: 0 });
  const out: OutboundMessage[] = [];
  const errors: A2uiError[] = [];
  store.onMessage((m) => out.push(m));
  store.onError((e) => errors.push(e));
  const errorsOut = () => out.flatMap((m) => ('error' in m ? [m.error] : []));
  return { store, out, errors, errorsOut };
}
const v = (body: Record<string, unknown>) => ({ version: '1.0', ...body });
const create = (id = 's', extra: Record<string, unknown> = {}) => v({ createSurface: { surfaceId: id, catalogId: BASIC_CATALOG_ID, ...extra } });
const update = (components: unknown[], id = 's') => v({ updateComponents: { surfaceId: id, components } });

test('bad messages are reported, skipped, and the stream goes on', () => {
  const { store, errorsOut } = setup();
  store.process([
    create(),
    'not an object',
    v({ createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } }),
    { version: '0.8', createSurface: { surfaceId: 't' } },
    v({ createSurface: { surfaceId: 't' }, deleteSurface: { surfaceId: 't' } }),
    v({ createSurface: { surfaceId: 'u', theme: { primaryColor: '#f00' } } }),
    v({ updateDataModel: { surfaceId: 'nope', value: {} } }),
    v({ updateDataModel: { surfaceId: 's', path: '/x', value: 1 } }),
  ]);
  const codes = errorsOut().map((e) => e.code);
  assert.deepEqual(codes, ['VALIDATION_FAILED', 'INTEGRITY_ERROR', 'VALIDATION_FAILED', 'VALIDATION_FAILED', 'VALIDATION_FAILED', 'INTEGRITY_ERROR']);
  assert.equal(store.surface('s')!.dataModel.get('/x'), 1);
  assert.equal(store.surface('u'), undefined);
});

test('validation errors carry the JSON pointer of the bad field', () => {
  const { store, errorsOut } = setup();
  store.process([create(), update([{ id: 'root', component: 'Column', children: ['t'] }, { id: 't', component: 'Text', text: 42 }])]);
  const [e] = errorsOut();
  assert.equal(e.code, 'VALIDATION_FAILED');
  assert.equal(e.surfaceId, 's');
  assert.equal(e.path, '/components/1/text');
  assert.equal(store.surface('s')!.peek('root'), undefined, 'a rejected message changes nothing');
});

test('cycles are rejected atomically; missing children are placeholders', () => {
  const { store, errorsOut } = setup();
  store.process([create(), update([{ id: 'root', component: 'Column', children: ['a', 'later'] }, { id: 'a', component: 'Card', child: 'b' }])]);
  store.process(update([{ id: 'b', component: 'Card', child: 'a' }]));
  assert.equal(errorsOut()[0]?.code, 'INTEGRITY_ERROR');
  assert.equal(store.surface('s')!.peek('b'), undefined);
  store.process(update([{ id: 'self', component: 'Card', child: 'self' }]));
  assert.equal(errorsOut()[1]?.code, 'INTEGRITY_ERROR');
  store.process(update([{ id: 'later', component: 'Text', text: 'arrived' }]));
  assert.equal(errorsOut().length, 2);
  const node = new ComponentNode(store, store.surface('s')!, 'root', store.context('s')!);
  assert.deepEqual(node.childList('children').map((c) => c.id), ['a', 'later']);
});

test('JSONL in chunks: partial lines wait for their newline', () => {
  const { store } = setup();
  const text = JSON.stringify(create()) + '\n' + JSON.stringify(v({ updateDataModel: { surfaceId: 's', value: { n: 1 } } })) + '\n';
  for (let i = 0; i < text.length; i += 7) store.feed(text.slice(i, i + 7));
  assert.equal(store.surface('s')!.dataModel.get('/n'), 1);
});

test('updateDataModel: null deletes, default path is the root, prototype segments are refused', () => {
  const { store, errorsOut } = setup();
  store.process([create('s', { dataModel: { a: 1, b: 2 } })]);
  store.process(v({ updateDataModel: { surfaceId: 's', path: '/a', value: null } }));
  assert.deepEqual(store.surface('s')!.dataModel.get('/'), { b: 2 });
  store.process(v({ updateDataModel: { surfaceId: 's', value: { c: 3 } } }));
  assert.deepEqual(store.surface('s')!.dataModel.get('/'), { c: 3 });
  store.process(v({ updateDataModel: { surfaceId: 's', path: '/__proto__/x', value: 1 } }));
  assert.equal(errorsOut()[0].code, 'VALIDATION_FAILED');
  assert.equal(({} as Record<string, unknown>).x, undefined);
});

test('bindings, relative template scopes, @index, and escapes', () => {
  const { store, errorsOut } = setup();
  store.process([
    create('s', { dataModel: { people: [{ name: 'Ada' }, { name: 'Alan' }] } }),
    update([
      { id: 'root', component: 'List', children: { componentId: 'row', path: '/people' } },
      { id: 'row', component: 'Text', text: { '@call': 'formatString', args: { value: '${@index(offset: 1)}. ${name}' } } },
    ]),
  ]);
  const s = store.surface('s')!;
  const root = new ComponentNode(store, s, 'root', store.context('s')!);
  const rows = root.childList('children').map((c) => new ComponentNode(store, s, c.id, c.context).value('text'));
  assert.deepEqual(rows, ['1. Ada', '2. Alan']);
  const ctx = store.context('s')!;
  assert.deepEqual(ctx.evaluate({ '@@path': 'literal', path: 'x' }), { '@path': 'literal', path: 'x' });
  assert.throws(() => ctx.evaluate({ '@if': true }), /Unknown directive/);
  assert.throws(() => ctx.evaluate({ '@call': '@index' }), /only available inside a list template/);
  assert.deepEqual(errorsOut(), []);
});

test('checks disable, actions resolve context and carry a timestamp', async () => {
  const { store, out } = setup();
  store.process([
    create('s', { dataModel: { email: '' } }),
    update([
      { id: 'root', component: 'Button', child: 'l', action: { event: { name: 'send', context: { to: { '@path': '/email' } } } },
        '@checks': [{ condition: { '@call': 'required', args: { value: { '@path': '/email' } } }, message: 'Email is required' }] },
      { id: 'l', component: 'Text', text: 'Send' },
    ]),
  ]);
  const s = store.surface('s')!;
  const btn = new ComponentNode(store, s, 'root', store.context('s')!);
  assert.equal(btn.failedChecks()[0]?.message, 'Email is required');
  s.dataModel.set('/email', 'a@b.co');
  assert.deepEqual(btn.failedChecks(), []);
  assert.equal(await btn.act(), true);
  const action = out.flatMap((m) => ('action' in m ? [m.action] : []))[0];
  assert.equal(action.name, 'send');
  assert.deepEqual(action.context, { to: 'a@b.co' });
  assert.ok(!Number.isNaN(Date.parse(action.timestamp)));
});

test('agent functions: routed, correlated by deterministic id, forged responses change nothing', async () => {
  const run = async () => {
    const { store, out, errorsOut } = setup();
    store.process([create(), update([{ id: 'root', component: 'Text', text: { '@call': 'lookup', args: { q: 'x' } } }])]);
    const node = new ComponentNode(store, store.surface('s')!, 'root', store.context('s')!);
    assert.equal(node.value('text'), undefined);
    assert.equal(node.pending('text'), true);
    const call = out.flatMap((m) => ('callAgentFunction' in m ? [m.callAgentFunction] : []))[0];
    assert.equal(call.callFunction.catalogId, BASIC_CATALOG_ID);
    store.process(v({ agentFunctionResponse: { functionCallId: 'forged', value: 'evil' } }));
    store.process(v({ agentFunctionResponse: { functionCallId: call.functionCallId, value: 'found' } }));
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(node.value('text'), 'found');
    store.process(v({ agentFunctionResponse: { functionCallId: call.functionCallId, value: 'again' } }));
    assert.equal(node.value('text'), 'found');
    assert.equal(errorsOut().length, 2, 'forged and settled ids are reported');
    return call.functionCallId;
  };
  assert.equal(await run(), await run());
});

test('callRendererFunction: boundaries and exactly one response', async () => {
  const { store, out } = setup();
  store.process([create('s', { dataModel: { n: 3 } })]);
  store.registerCatalog({
    catalogId: 'host',
    protocolVersion: '1.0',
    functions: {
      double: { type: 'object', returnType: 'number', allowedCallers: 'rendererOrAgent', properties: { '@call': { const: 'double' }, args: { type: 'object', properties: { n: { $ref: 'common_types.json#/$defs/DynamicNumber' } }, required: ['n'] } }, required: ['@call'] },
      local: { type: 'object', returnType: 'void', properties: { '@call': { const: 'local' } }, required: ['@call'] },
    },
  }, { double: (a) => Number(a.n) * 2, local: () => undefined });
  const call = (id: string, callFunction: unknown, surfaceId?: string) =>
    store.process(v({ callRendererFunction: { functionCallId: id, callFunction, ...(surfaceId ? { surfaceId } : {}) } }));
  call('1', { '@call': 'double', catalogId: 'host', args: { n: { '@path': '/n' } } }, 's');
  call('2', { '@call': 'local', catalogId: 'host' });
  call('3', { '@call': 'double', catalogId: 'nope', args: { n: 1 } });
  call('4', { '@call': 'double', catalogId: 'host', args: { n: 1 } }, 'missing');
  call('5', { '@call': 'double', args: { n: 1 } });
  await new Promise((r) => setTimeout(r, 0));
  const responses = out.flatMap((m) => ('rendererFunctionResponse' in m ? [m.rendererFunctionResponse] : []));
  assert.deepEqual(responses.find((r) => r.functionCallId === '1'), { functionCallId: '1', value: 6 });
  assert.equal(responses.find((r) => r.functionCallId === '2')?.error?.code, 'INVALID_FUNCTION_CALL');
  assert.equal(responses.find((r) => r.functionCallId === '3')?.error?.code, 'INVALID_FUNCTION_CALL');
  assert.equal(responses.find((r) => r.functionCallId === '4')?.error?.code, 'INVALID_FUNCTION_CALL');
  const malformed = out.flatMap((m) => ('error' in m ? [m.error] : []));
  assert.deepEqual(malformed.map((e) => [e.code, e.functionCallId]), [['INVALID_FUNCTION_CALL', '5']]);
});

test('deleteSurface disposes; sendDataModel metadata goes with actions of that surface', async () => {
  const { store } = setup();
  const metas: unknown[] = [];
  store.onMessage((_m, meta) => metas.push(meta));
  store.process([create('s', { sendDataModel: true, dataModel: { a: 1 } }), create('t')]);
  store.dispatchAction({ name: 'x', surfaceId: 's', sourceComponentId: 'root', context: {} });
  store.dispatchAction({ name: 'y', surfaceId: 't', sourceComponentId: 'root', context: {} });
  assert.deepEqual(metas, [{ a2uiRendererDataModel: { version: '1.0', surfaces: { s: { a: 1 } } } }, {}]);
  assert.deepEqual(a2uiRendererDataModel(store), { version: '1.0', surfaces: { s: { a: 1 } } });
  const s = store.surface('s')!;
  store.process(v({ deleteSurface: { surfaceId: 's' } }));
  assert.equal(store.surface('s'), undefined);
  assert.equal(s.isDeleted, true);
  assert.deepEqual(a2uiRendererCapabilities(store), { '1.0': { supportedCatalogIds: [BASIC_CATALOG_ID] } });
});

test('a component sent again exactly as before keeps its record (no update); a changed one is replaced', () => {
  const { store, errorsOut } = setup();
  const tree = [
    { id: 'root', component: 'Column', children: ['title', 'name'] },
    { id: 'title', component: 'Text', text: 'Hello' },
    { id: 'name', component: 'TextField', label: 'Name', value: { '@path': '/name' } },
  ];
  store.process([create(), update(tree)]);
  const surface = store.surface('s')!;
  const before = tree.map((c) => surface.peek(c.id));
  // The agent resends the whole tree with one change (a fresh JSON copy, as from the wire).
  const again = JSON.parse(JSON.stringify(tree));
  again[1].text = 'Hello again';
  store.process(update(again));
  assert.deepEqual(errorsOut(), []);
  assert.equal(surface.peek('root'), before[0], 'unchanged: same record');
  assert.equal(surface.peek('name'), before[2], 'unchanged: same record');
  assert.notEqual(surface.peek('title'), before[1]);
  assert.equal(surface.peek('title')!.props.text, 'Hello again');
  // Same JSON under another catalog is not the same component.
  store.process(update([{ ...again[1], '@catalogId': 'urn:nope' }]));
  assert.equal(errorsOut().length, 1);
  assert.equal(surface.peek('title')!.props.text, 'Hello again');
});

test('a catalog speaks the major version of its protocol: 1.0, v1.2 and 1.0-draft, not 10.0, 0.9 or 1x', () => {
  const catalog = new Catalog({ catalogId: 'urn:test:speaks', protocolVersion: '1.0', components: {}, functions: {} } as never);
  for (const version of ['1.0', 'v1.0', '1.2', 'v1.2', '1', '1.0-draft']) assert.equal(catalog.speaks(version), true, version);
  for (const version of ['10.0', '0.9', 'v0.9', '', 'v', '1x', '2.0']) assert.equal(catalog.speaks(version), false, version);
  const old = new Catalog({ catalogId: 'urn:test:speaks09', protocolVersion: 'v0.9', components: {}, functions: {} } as never);
  assert.equal(old.speaks('0.9'), true);
  assert.equal(old.speaks('1.0'), false);
});
