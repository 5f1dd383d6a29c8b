/**
 * v0.9 / v0.9.1 streams answered in kind: version per surface, upgrade of v0.9 shapes, refusal of
 * v1.0-only constructs (one wire error each, with code and path, leaving no trace), outbound
 * messages valid against v0.9 `client_to_server.json`, theme, capabilities and data-model metadata.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { A2uiStore, ComponentNode, type OutboundMessage } from '../../src/index.ts';
import { basicValidators, templateFormatter } from '../../src/internal.ts';
import { a2uiRendererCapabilities, a2uiRendererDataModel } from '../../src/transport/sync.ts';
import { schemaExplainer, schemaValidator, createSchemaContext, validate } from '../../src/schema/index.ts';
import type { TransportMetadata } from '../../src/store.ts';
import {
  a2uiClientCapabilities,
  a2uiClientDataModel,
  BASIC_V09_CATALOG_ID,
  enableV09,
  surfaceTheme,
  themeTokens,
  v09CatalogDefinition,
} from '../../src/v09/index.ts';
import { pathToFileURL } from 'node:url';
import { SPEC_DIR } from '../spec-data.ts';

// A refusal's issues come from a piece loaded on first use; these tests read them synchronously (and formatString and the validators answer synchronously once their code is here).
await Promise.all([schemaValidator.load(), schemaExplainer.load(), templateFormatter.load(), basicValidators.load()]);

const BASIC = BASIC_V09_CATALOG_ID;
const SCHEMA = pathToFileURL(`${SPEC_DIR}/v0_9_1/json/client_to_server.json`);
const clientToServer = existsSync(SCHEMA) ? JSON.parse(readFileSync(SCHEMA, 'utf8')) : undefined;

function setup() {
  const store = new A2uiStore({ locale: 'en-US' });
  enableV09(store);
  const sent: Array<{ message: OutboundMessage; meta: TransportMetadata }> = [];
  store.onMessage((message, meta) => sent.push({ message, meta }));
  const errors = () => sent.map((s) => s.message).filter((m): m is Extract<OutboundMessage, { error: unknown }> => 'error' in m);
  const node = (surfaceId: string, id: string) => new ComponentNode(store, store.surface(surfaceId)!, id, store.context(surfaceId)!);
  return { store, sent, errors, node };
}

const v09 = (body: Record<string, unknown>) => ({ version: 'v0.9', ...body });
const create = (surfaceId = 's', extra: Record<string, unknown> = {}) => v09({ createSurface: { surfaceId, catalogId: BASIC, ...extra } });
const components = (list: unknown[], surfaceId = 's') => v09({ updateComponents: { surfaceId, components: list } });

/** Issues of an outbound message against v0.9 `client_to_server.json`. */
function wireIssues(message: OutboundMessage): unknown[] {
  return clientToServer ? validate(message, clientToServer, createSchemaContext(clientToServer)) : [];
}

test('a v0.9 stream renders: bindings, calls, checks and hyphenated ids', () => {
  const { store, node, errors } = setup();
  store.process([
    create(),
    components([
      { id: 'root', component: 'Column', children: ['greeting', 'email-field'] },
      { id: 'greeting', component: 'Text', text: { call: 'formatString', args: { value: 'Hi ${/name}' }, returnType: 'string' }, variant: 'h2' },
      {
        id: 'email-field',
        component: 'TextField',
        label: 'Email',
        value: { path: '/email' },
        checks: [{ condition: { call: 'email', args: { value: { path: '/email' } } }, message: 'Not an email' }],
        accessibility: { label: { path: '/a11y' } },
      },
    ]),
    v09({ updateDataModel: { surfaceId: 's', value: { name: 'Ada', email: 'nope', a11y: 'Your email' } } }),
  ]);
  assert.deepEqual(errors(), []);
  assert.equal(store.surface('s')!.version, '0.9');
  assert.equal(node('s', 'greeting').value('text'), 'Hi Ada');
  assert.deepEqual(node('s', 'email-field').failedChecks(), [{ valid: false, message: 'Not an email', severity: 'error' }]);
  assert.equal(node('s', 'email-field').accessibility().label, 'Your email');
  assert.ok(node('s', 'email-field').write('value', 'ada@example.com'));
  assert.deepEqual(node('s', 'email-field').failedChecks(), []);
  assert.deepEqual(node('s', 'root').childList('children').map((c) => c.id), ['greeting', 'email-field']);
});

test('v0.9 validators are boolean: a failed check shows the rule message, also in the call shorthand', () => {
  const { store, node } = setup();
  store.process([
    create(),
    components([
      { id: 'root', component: 'TextField', label: 'Zip', value: { path: '/zip' }, checks: [{ call: 'required', args: { value: { path: '/zip' } }, message: 'Zip is required' }] },
      { id: 'b', component: 'Text', text: { call: 'formatString', args: { value: '${/zip}' } } },
    ]),
  ]);
  assert.deepEqual(node('s', 'root').failedChecks(), [{ valid: false, message: 'Zip is required', severity: 'error' }]);
});

test('v0.9 semantics: truthy logic, call catalogIds ignored, the {name, context} action shorthand', async () => {
  const { store, node, errors, sent } = setup();
  store.process([
    create(),
    components([
      { id: 'root', component: 'Button', child: 't', action: { name: 'go', context: { v: { path: '/r' } } } },
      { id: 't', component: 'Text', text: { call: 'formatString', args: { value: '${/r}' }, catalogId: 'https://example.com/not-registered' } },
      { id: 'n', component: 'CheckBox', label: 'x', value: { call: 'not', args: { value: { path: '/r' } } } },
    ]),
    v09({ updateDataModel: { surfaceId: 's', path: '/r', value: { valid: false } } }),
  ]);
  assert.deepEqual(errors(), []);
  assert.equal(node('s', 'n').value('value'), false, 'an object is truthy in v0.9');
  assert.equal(node('s', 't').value('text'), '{"valid":false}');
  assert.equal(await node('s', 'root').act(), true);
  const last = sent.at(-1)!.message;
  assert.ok('action' in last);
  assert.deepEqual([last.action.name, last.action.context], ['go', { v: { valid: false } }]);
});

test('schema positions decide what is upgraded: templates, literal objects and @ keys', () => {
  const { store, node, errors } = setup();
  store.registerCatalog(
    v09CatalogDefinition({
      catalogId: 'custom',
      components: {
        Box: { type: 'object', properties: { component: { const: 'Box' }, data: { type: 'object' }, items: { $ref: 'common_types.json#/$defs/ChildList' } } },
        Item: { type: 'object', properties: { component: { const: 'Item' }, label: { $ref: 'common_types.json#/$defs/DynamicString' } } },
      },
    }),
  );
  store.process([
    v09({ createSurface: { surfaceId: 'c', catalogId: 'custom' } }),
    components(
      [
        { id: 'root', component: 'Box', data: { '@type': 'note', path: '/literal' }, items: { componentId: 'item', path: '/rows' } },
        { id: 'item', component: 'Item', label: { path: 'name' } },
      ],
      'c',
    ),
    v09({ updateDataModel: { surfaceId: 'c', path: '/rows', value: [{ name: 'one' }, { name: 'two' }] } }),
  ]);
  assert.deepEqual(errors(), []);
  assert.deepEqual(node('c', 'root').value('data'), { '@type': 'note', path: '/literal' });
  const rows = node('c', 'root').childList('items');
  assert.deepEqual(rows.map((r) => new ComponentNode(store, store.surface('c')!, r.id, r.context).value('label')), ['one', 'two']);
});

test('v1.0-only constructs are refused: one VALIDATION_FAILED error each, with a path, and no trace', () => {
  const cases: Array<[string, unknown, string]> = [
    ['@path binding', components([{ id: 'root', component: 'Text', text: { '@path': '/x' } }]), '/components/0/text/@path'],
    ['@call', components([{ id: 'root', component: 'Text', text: { '@call': 'formatString', args: { value: 'x' } } }]), '/components/0/text/@call'],
    ['@index', components([{ id: 'root', component: 'Text', text: { call: '@index', args: {} } }]), '/components/0/text/call'],
    ['@checks', components([{ id: 'root', component: 'TextField', label: 'x', '@checks': [] }]), '/components/0/@checks'],
    ['@catalogId', components([{ id: 'root', component: 'Text', text: 'x', '@catalogId': BASIC }]), '/components/0/@catalogId'],
    ['bare component catalogId', components([{ id: 'root', component: 'Text', text: 'x', catalogId: BASIC }]), '/components/0/catalogId'],
    [
      'literal object as a DynamicValue',
      components([{ id: 'root', component: 'Button', child: 'root', action: { event: { name: 'go', context: { ctx: { label: 'x' } } } } }]),
      '/components/0/action/event/context/ctx',
    ],
    [
      'event.userMessage',
      components([{ id: 'root', component: 'Button', child: 'root', action: { event: { name: 'go', userMessage: 'hi' } } }]),
      '/components/0/action/event/userMessage',
    ],
    ['createSurface.components', create('t', { components: [] }), '/components'],
    ['createSurface.metadata', create('t', { metadata: {} }), '/metadata'],
    ['callRendererFunction', v09({ callRendererFunction: { functionCallId: '1', callFunction: { '@call': 'not', args: { value: true } } } }), '/callRendererFunction'],
    ['unknown function', components([{ id: 'root', component: 'Text', text: { call: 'shout', args: {} } }]), '/components/0/text/call'],
  ];
  for (const [what, message, path] of cases) {
    const { store, errors } = setup();
    store.process([create(), components([{ id: 'root', component: 'Text', text: 'before' }])]);
    store.process(message);
    const sent = errors();
    assert.equal(sent.length, 1, what);
    assert.equal(sent[0]!.version, 'v0.9', what);
    assert.equal(sent[0]!.error.code, 'VALIDATION_FAILED', what);
    assert.equal(sent[0]!.error.path, path, what);
    assert.deepEqual(wireIssues(sent[0]!), [], what);
    assert.equal(store.surface('s')!.peek('root')!.props.text, 'before', what);
    assert.equal(store.surface('t'), undefined, what);
  }
});

test('a surface keeps its version: a message of the other version is an error in the sender\'s version', () => {
  const { store, errors } = setup();
  store.process([create('old'), { version: '1.0', createSurface: { surfaceId: 'new', catalogId: store.catalogIds[0] } }]);
  store.process({ version: '1.0', updateDataModel: { surfaceId: 'old', path: '/x', value: 1 } });
  store.process(v09({ updateDataModel: { surfaceId: 'new', path: '/x', value: 1 } }));
  const [a, b] = errors();
  assert.equal(a!.version, '1.0');
  assert.match(a!.error.message, /speaks version 0\.9/);
  assert.equal(b!.version, 'v0.9');
  assert.match(b!.error.message, /speaks version 1\.0/);
  assert.equal(store.surface('old')!.dataModel.get('/x'), undefined);
  assert.equal(store.surface('new')!.dataModel.get('/x'), undefined);
  assert.equal(store.surface('new')!.version, '1.0');
});

test('hyphenated ids stay a v0.9 liberty: v1.0 surfaces still refuse them', () => {
  const { store, errors } = setup();
  store.process({ version: '1.0', createSurface: { surfaceId: 'v1', catalogId: store.catalogIds[0], components: [{ id: 'root', component: 'Column', children: ['a-b'] }] } });
  assert.equal(errors().length, 1);
  assert.match(errors()[0]!.error.message, /UAX #31/);
});

test('errors about no surface yet answer in v0.9, with the v0.9 wording', () => {
  const { store, errors } = setup();
  store.process([
    v09({ updateComponents: { surfaceId: 'ghost', components: [] } }),
    v09({ createSurface: { surfaceId: 'x' } }),
    v09({ createSurface: { surfaceId: 'y', catalogId: 'nowhere' } }),
    v09({ createSurface: { surfaceId: 'z', catalogId: store.catalogIds.find((id) => id !== BASIC) } }),
  ]);
  const sent = errors();
  assert.deepEqual(
    sent.map((m) => [m.version, m.error.code, m.error.surfaceId]),
    [
      ['v0.9', 'INTEGRITY_ERROR', 'ghost'],
      ['v0.9', 'VALIDATION_FAILED', 'x'],
      ['v0.9', 'VALIDATION_FAILED', 'y'],
      ['v0.9', 'VALIDATION_FAILED', 'z'],
    ],
  );
  assert.match(sent[0]!.error.message, /Surface not found for message: ghost/);
  assert.match(sent[3]!.error.message, /v1\.0 catalog/);
  for (const m of sent) assert.deepEqual(wireIssues(m), []);
});

test('outbound actions are v0.9 shaped and carry a2uiClientDataModel', async () => {
  const { store, sent, node } = setup();
  store.process([
    create('s', { sendDataModel: true }),
    components([
      { id: 'label', component: 'Text', text: 'Go' },
      { id: 'root', component: 'Button', child: 'label', action: { event: { name: 'submit', context: { who: { path: '/name' }, n: 2 } } } },
    ]),
    v09({ updateDataModel: { surfaceId: 's', path: '/name', value: 'Ada' } }),
  ]);
  assert.equal(await node('s', 'root').act(), true);
  const { message, meta } = sent.at(-1)!;
  assert.ok('action' in message);
  assert.equal(message.version, 'v0.9');
  assert.deepEqual(Object.keys(message.action).sort(), ['context', 'name', 'sourceComponentId', 'surfaceId', 'timestamp']);
  assert.deepEqual(message.action.context, { who: 'Ada', n: 2 });
  assert.deepEqual(wireIssues(message), []);
  assert.deepEqual(meta, { a2uiClientDataModel: { version: 'v0.9', surfaces: { s: { name: 'Ada' } } } });
});

test('updateDataModel without value deletes; v0.9.1 envelopes are accepted', () => {
  const { store, errors } = setup();
  store.process([
    { version: 'v0.9.1', createSurface: { surfaceId: 's', catalogId: BASIC } },
    { version: 'v0.9.1', updateDataModel: { surfaceId: 's', value: { a: 1, b: 2 } } },
    { version: 'v0.9.1', updateDataModel: { surfaceId: 's', path: '/a' } },
  ]);
  assert.deepEqual(errors(), []);
  assert.deepEqual(store.surface('s')!.dataModel.get('/'), { b: 2 });
});

test('theme: checked against the catalog, kept with the surface, mapped to tokens', () => {
  const { store, errors } = setup();
  store.process([create('s', { theme: { primaryColor: '#00BFFF', agentDisplayName: 'Weather Bot' } }), create('bad', { theme: { primaryColor: 'blue' } })]);
  assert.deepEqual(surfaceTheme(store.surface('s')!), { primaryColor: '#00BFFF', agentDisplayName: 'Weather Bot' });
  assert.deepEqual(themeTokens(surfaceTheme(store.surface('s')!)), { '--a2ui-color-primary': '#00BFFF' });
  assert.equal(store.surface('bad'), undefined);
  assert.match(errors()[0]!.error.message, /Validation failed for theme on surface 'bad'/);
  assert.equal(errors()[0]!.error.path, '/theme/primaryColor');
});

test('formatString templates cannot reach the agent or @index on a v0.9 surface', () => {
  const { store, sent, node } = setup();
  store.process([create(), components([{ id: 'root', component: 'Text', text: { call: 'formatString', args: { value: 'x ${shout()}' } } }])]);
  assert.equal(node('s', 'root').value('text'), null);
  assert.deepEqual(
    sent.map((s) => Object.keys(s.message).filter((k) => k !== 'version')),
    [['error']],
  );
  assert.equal(sent[0]!.message.version, 'v0.9');
});

test('capabilities and the aggregate data model', () => {
  const { store } = setup();
  store.process([create('a', { sendDataModel: true }), create('b'), { version: '1.0', createSurface: { surfaceId: 'c', catalogId: store.catalogIds[0], sendDataModel: true } }]);
  store.process(v09({ updateDataModel: { surfaceId: 'a', value: { k: 1 } } }));
  assert.deepEqual(a2uiClientCapabilities(store), { 'v0.9': { supportedCatalogIds: [BASIC] } });
  assert.ok(!JSON.stringify(a2uiRendererCapabilities(store)).includes(BASIC));
  assert.deepEqual(a2uiClientDataModel(store), { version: 'v0.9', surfaces: { a: { k: 1 } } });
  assert.deepEqual(Object.keys(a2uiRendererDataModel(store)!.surfaces), ['c']);
  const inline = a2uiClientCapabilities(store, { inlineCatalogs: [store.catalog(BASIC)!] })['v0.9'].inlineCatalogs![0]!;
  assert.equal(inline.functions!.length, 14);
  assert.ok(!JSON.stringify(inline).includes('A2uiV09'), 'inline catalogs have no local $defs');
  assert.deepEqual(Object.keys(inline.theme!).sort(), ['agentDisplayName', 'iconUrl', 'primaryColor']);
});

test('options: basicCatalog: false leaves the catalog to the host; strict wants a whole tree per update', () => {
  const bare = new A2uiStore({ locale: 'en-US' });
  enableV09(bare, { basicCatalog: false });
  const seen: OutboundMessage[] = [];
  bare.onMessage((m) => seen.push(m));
  bare.process(create());
  assert.equal(bare.surface('s'), undefined);
  assert.match(JSON.stringify(seen), /Catalog not found/);

  const progressive = [create(), components([{ id: 'root', component: 'Column', children: ['later'] }]), components([{ id: 'later', component: 'Text', text: 'x' }])];
  const relaxed = setup();
  relaxed.store.process(progressive);
  assert.deepEqual(relaxed.errors(), []);
  const strict = new A2uiStore({ locale: 'en-US' });
  enableV09(strict, { strict: true });
  const strictSeen: OutboundMessage[] = [];
  strict.onMessage((m) => strictSeen.push(m));
  strict.process(progressive);
  assert.deepEqual(
    strictSeen.map((m) => ('error' in m ? m.error.message.split(':')[0] : '')),
    ['Dangling reference', 'Missing root component'],
  );
  assert.equal(strict.surface('s')!.size, 0, 'refused updates leave no trace');
  strict.process(components([{ id: 'root', component: 'Column', children: ['later'] }, { id: 'later', component: 'Text', text: 'x' }]));
  assert.equal(strict.surface('s')!.size, 2);
  assert.equal(strictSeen.length, 2);
});
