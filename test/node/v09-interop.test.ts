/**
 * v0.9 material written by others, as a user feeds it: strict mode with the ids v0.9 allows,
 * custom catalogs that carry their own copies of the child-position types, and A2A parts and MCP
 * resources of the legacy MIME type.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, ComponentNode, type OutboundMessage } from '../../src/index.ts';
import { schemaExplainer, schemaValidator } from '../../src/schema/index.ts';
import { feedA2aParts, feedMcpContent } from '../../src/transport/sync.ts';
import { BASIC_V09_CATALOG_ID, enableV09, v09CatalogDefinition } from '../../src/v09/index.ts';

// Refusals are explained by a piece loaded on first use; these tests read them synchronously.
await Promise.all([schemaValidator.load(), schemaExplainer.load()]);

function setup(strict: boolean) {
  const store = new A2uiStore({ locale: 'en-US' });
  enableV09(store, { strict });
  const sent: OutboundMessage[] = [];
  store.onMessage((m) => sent.push(m));
  const errors = () => sent.filter((m): m is Extract<OutboundMessage, { error: unknown }> => 'error' in m).map((m) => m.error);
  const children = (id: string, key = 'children') =>
    new ComponentNode(store, store.surface('s')!, id, store.context('s')!).childList(key).map((c) => c.id);
  return { store, errors, children };
}

const v09 = (body: Record<string, unknown>) => ({ version: 'v0.9', ...body });
const create = (catalogId: string) => v09({ createSurface: { surfaceId: 's', catalogId } });
const components = (list: unknown[]) => v09({ updateComponents: { surfaceId: 's', components: list } });

test('v0.9 strict mode accepts any string id, as the default mode does', () => {
  for (const strict of [true, false]) {
    const { store, errors, children } = setup(strict);
    store.process([
      create(BASIC_V09_CATALOG_ID),
      components([
        { id: 'root', component: 'Column', children: ['my-text', 'row list', '1st'] },
        { id: 'my-text', component: 'Text', text: 'hi' },
        { id: 'row list', component: 'List', children: { componentId: 'row.item', path: '/rows' } },
        { id: 'row.item', component: 'Text', text: { path: 'name' } },
        { id: '1st', component: 'Text', text: 'first' },
      ]),
    ]);
    assert.deepEqual(errors(), [], `strict: ${strict}`);
    assert.deepEqual(children('root'), ['my-text', 'row list', '1st']);
  }
});

test('v0.9 strict mode still refuses what the v0.9 schema refuses, with the component path', () => {
  const { store, errors } = setup(true);
  store.process([create(BASIC_V09_CATALOG_ID), components([{ id: 'my-root', component: 'Text', text: 'x', tone: 'loud' }])]);
  assert.deepEqual(
    errors().map((e) => [e.code, e.path]),
    [['VALIDATION_FAILED', '/components/0/tone']],
  );
});

/** A custom v0.9 catalog as they are written: its own copies of `ComponentId` and `ChildList`. */
const OWN_DEFS = {
  catalogId: 'https://example.com/catalogs/own-defs.json',
  $defs: {
    ComponentId: { type: 'string' },
    ChildList: {
      oneOf: [
        { type: 'array', items: { $ref: '#/$defs/ComponentId' } },
        {
          type: 'object',
          properties: { componentId: { $ref: '#/$defs/ComponentId' }, path: { type: 'string' } },
          required: ['componentId', 'path'],
          additionalProperties: false,
        },
      ],
    },
  },
  components: {
    Stack: { type: 'object', properties: { component: { const: 'Stack' }, children: { $ref: '#/$defs/ChildList' } }, required: ['children'] },
    Frame: { type: 'object', properties: { component: { const: 'Frame' }, child: { $ref: '#/$defs/ComponentId' } }, required: ['child'] },
    Label: { type: 'object', properties: { component: { const: 'Label' }, text: { type: 'string' } } },
  },
};

test('a v0.9 catalog with its own ChildList in $defs keeps its child positions: strict mode sees no orphan', () => {
  const { store, errors, children } = setup(true);
  store.registerCatalog(v09CatalogDefinition(OWN_DEFS));
  store.process([
    create(OWN_DEFS.catalogId),
    components([
      { id: 'root', component: 'Stack', children: ['a-label', 'frame'] },
      { id: 'a-label', component: 'Label', text: 'hi' },
      { id: 'frame', component: 'Frame', child: 'inner' },
      { id: 'inner', component: 'Label', text: 'inside' },
    ]),
  ]);
  assert.deepEqual(errors(), []);
  assert.deepEqual(children('root'), ['a-label', 'frame']);
  store.process(components([{ id: 'loop', component: 'Stack', children: ['loop'] }]));
  assert.deepEqual(
    errors().map((e) => [e.code, /Self-reference/.test(e.message)]),
    [['VALIDATION_FAILED', true]],
  );
});

test('a v0.9 catalog with its own ChildList in $defs: the default mode links children and catches self-references', () => {
  const { store, errors, children } = setup(false);
  store.registerCatalog(v09CatalogDefinition(OWN_DEFS));
  store.process([
    create(OWN_DEFS.catalogId),
    components([
      { id: 'root', component: 'Stack', children: { componentId: 'row', path: '/rows' } },
      { id: 'row', component: 'Label', text: 'row' },
    ]),
    v09({ updateDataModel: { surfaceId: 's', path: '/rows', value: [{}, {}] } }),
  ]);
  assert.deepEqual(errors(), []);
  assert.deepEqual(children('root'), ['row', 'row']);
  store.process(components([{ id: 'root', component: 'Stack', children: ['root'] }]));
  assert.deepEqual(
    errors().map((e) => [e.code, /Self-reference/.test(e.message)]),
    [['INTEGRITY_ERROR', true]],
  );
});

const V09_SURFACE = [
  create(BASIC_V09_CATALOG_ID),
  components([
    { id: 'root', component: 'Column', children: ['greeting'] },
    { id: 'greeting', component: 'Text', text: 'Hello from v0.9' },
  ]),
];

test('A2A: a DataPart of the legacy MIME type application/json+a2ui with a v0.9 createSurface is applied', () => {
  const { store, errors } = setup(false);
  const event = {
    jsonrpc: '2.0',
    id: 7,
    result: {
      kind: 'status-update',
      taskId: 't',
      status: { state: 'working', message: { kind: 'message', role: 'agent', parts: [{ kind: 'data', data: V09_SURFACE, metadata: { mimeType: 'application/json+a2ui' } }] } },
    },
  };
  assert.equal(feedA2aParts(store, event), 1);
  assert.deepEqual(errors(), []);
  assert.equal(store.surface('s')?.version, '0.9');
  assert.equal(store.surface('s')?.peek('greeting')?.props.text, 'Hello from v0.9');
});

test('MCP: a resource of the legacy MIME type application/json+a2ui is applied', () => {
  const { store, errors } = setup(false);
  const result = { content: [{ type: 'resource', resource: { uri: 'a2ui://s', mimeType: 'application/json+a2ui', text: JSON.stringify(V09_SURFACE) } }] };
  assert.equal(feedMcpContent(store, result), 1);
  assert.deepEqual(errors(), []);
  assert.equal(store.surface('s')?.peek('greeting')?.props.text, 'Hello from v0.9');
});
