/**
 * v0.9 material written by others, as a user feeds it: strict mode with the ids v0.9 allows, and
 * custom catalogs that carry their own copies of the child-position types.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, ComponentNode, type OutboundMessage } from '../../src/index.ts';
import { schemaExplainer, schemaValidator } from '../../src/schema/index.ts';
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
