/**
 * What arrives with the schema validator (src/validation.ts: the component and graph rules, the
 * argument checks, the catalog rules, the built-in catalogs' schemas), seen before and after it
 * has. Nothing in this file preloads it: each test says where it may have arrived.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, BASIC_CATALOG_ID, basicCatalog, Catalog, CatalogError, mcpCatalog, MCP_CATALOG_ID, type A2uiError, type OutboundMessage } from '../../src/index.ts';
import { schemaValidator } from '../../src/internal.ts';
import { a2uiRendererCapabilities } from '../../src/transport/sync.ts';

/** A catalog whose one component names a `$ref` outside itself and the common types. */
const BROKEN = 'https://example.com/broken.json';
const broken = {
  catalogId: BROKEN,
  protocolVersion: '1.0',
  components: { Note: { type: 'object', properties: { component: { const: 'Note' }, text: { $ref: 'https://elsewhere.example/x.json#/y' } } } },
  functions: {
    shout: { type: 'object', returnType: 'string', properties: { '@call': { const: 'shout' }, args: { type: 'object', properties: {} } } },
  },
};

/** A catalog with a function whose argument has a default and one that is a DynamicBoolean. */
const HOST = 'https://example.com/host.json';
const host = {
  catalogId: HOST,
  protocolVersion: '1.0',
  functions: {
    repeat: {
      type: 'object',
      returnType: 'string',
      properties: {
        '@call': { const: 'repeat' },
        args: {
          type: 'object',
          properties: { times: { type: 'number', default: 3 }, loud: { $ref: 'common_types.json#/$defs/DynamicBoolean' } },
        },
      },
    },
  },
};
const repeat = (args: Record<string, unknown>) => (args.loud === true ? 'HA' : 'ha').repeat(Number(args.times));

// Made before the validator (and the catalog rules with it) has arrived: no CatalogError yet.
const early = new Catalog(broken as never);

test('before the validator arrives: built-in catalogs index their components and functions; their schemas are not there yet', () => {
  assert.equal(schemaValidator.loaded, undefined, 'nothing in this file may load the validator first');
  const basic = basicCatalog();
  assert.equal(basic.id, BASIC_CATALOG_ID);
  assert.equal(basic.componentNames.length, 18);
  const tabs = basic.component('Tabs')!;
  assert.deepEqual(tabs.slots, [{ path: ['tabs', '*', 'child'], kind: 'one' }]);
  assert.ok(tabs.properties.has('tabs'));
  const openUrl = basic.function('openUrl')!;
  assert.deepEqual([openUrl.returnType, openUrl.allowedCallers, openUrl.requiresUserActivation], ['void', 'rendererOnly', true]);
  const arrives = /arrives with the schema validator \(await schemaValidator\.load\(\) first\)/;
  assert.throws(() => basic.definition, (e: unknown) => e instanceof CatalogError && arrives.test(e.message));
  assert.throws(() => tabs.schema, CatalogError);
  assert.throws(() => openUrl.argsSchema, CatalogError);
  const mcp = mcpCatalog();
  assert.equal(mcp.id, MCP_CATALOG_ID);
  assert.deepEqual(mcp.componentNames, ['McpApp']);
  assert.throws(() => mcp.definition, CatalogError);

  // A store starts loading the validator; until it is there, an inline built-in catalog has no document to send.
  const store = new A2uiStore();
  assert.deepEqual(a2uiRendererCapabilities(store), { '1.0': { supportedCatalogIds: [BASIC_CATALOG_ID] } });
  assert.throws(() => a2uiRendererCapabilities(store, { inlineCatalogs: [basic] }), CatalogError);
  assert.deepEqual(a2uiRendererCapabilities(store, { inlineCatalogs: [host] }), { '1.0': { supportedCatalogIds: [BASIC_CATALOG_ID], inlineCatalogs: [host] } });
});

test('a function call made before the validator arrives answers once it is there, coerced, checked and with its defaults', async () => {
  const store = new A2uiStore({ catalogs: [] });
  store.registerCatalog(host, { repeat });
  assert.equal(schemaValidator.loaded, undefined, 'the validator is still on its way');
  const calls = [
    store.execute({ '@call': 'repeat', catalogId: HOST, args: { loud: 'TRUE' } }),
    store.execute({ '@call': 'not', catalogId: BASIC_CATALOG_ID, args: { value: 'false' } }),
    store.execute({ '@call': 'required', catalogId: BASIC_CATALOG_ID, args: {} }).catch((e: A2uiError) => `${e.code}: ${e.message}`),
  ];
  assert.deepEqual(await Promise.all(calls), ['HAHAHA', true, "INVALID_FUNCTION_CALL: Function 'required' requires argument 'value'"]);
  assert.ok(schemaValidator.loaded);
});

test('a catalog made before the validator arrived is checked when it first uses it: what uses a broken one is refused', async () => {
  const store = new A2uiStore({ locale: 'en-US', catalogs: [early] });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  await schemaValidator.load();
  store.process([
    { version: '1.0', createSurface: { surfaceId: 's', catalogId: BROKEN } },
    { version: '1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Note', text: 'hi' }] } },
  ]);
  const errors = out.flatMap((m) => ('error' in m ? [m.error as { code: string; path?: string; message: string }] : []));
  assert.deepEqual(
    errors.map((e) => [e.code, e.path, e.message]),
    [['VALIDATION_FAILED', '/components/0', `Catalog ${BROKEN}: $ref 'https://elsewhere.example/x.json#/y' points outside the catalog and the common types`]],
  );
  assert.equal(store.peekSurface('s')?.peek('root'), undefined);
  await assert.rejects(store.execute({ '@call': 'shout', catalogId: BROKEN, args: {} }), (e: unknown) => e instanceof CatalogError && /points outside/.test(e.message));
  // The same definition now: the rules are there, so the catalog is refused at once.
  assert.throws(() => store.registerCatalog({ ...broken, catalogId: 'https://example.com/broken-2.json' }), /points outside the catalog/);
});

test('once the validator is there: the built-in catalogs are whole', async () => {
  await schemaValidator.load();
  const basic = basicCatalog();
  const text = basic.component('Text')!;
  assert.equal(text.schema, basic.definition.components!.Text);
  assert.deepEqual(Object.keys(basic.definition.functions!), basic.functionNames);
  assert.equal(basic.function('formatDate')!.argsSchema, (basic.definition.functions!.formatDate!.properties as { args: unknown }).args);
  assert.deepEqual(Object.keys(mcpCatalog().definition.components!), ['McpApp']);
  const store = new A2uiStore();
  assert.equal(a2uiRendererCapabilities(store, { inlineCatalogs: [basic] })['1.0'].inlineCatalogs![0], basic.definition);
});
