/**
 * Property bindings as a component node resolves them: a plain `{"@path"}` binding (read in one
 * computed) and the general evaluation (calls, nested values) must behave the same to a reader.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signal } from 'signal-polyfill';
import { A2uiStore, BASIC_CATALOG_ID, ComponentNode, type OutboundMessage } from '../../src/index.ts';
import { schemaValidator, templateFormatter } from '../../src/internal.ts';

// The validator loads on first use; these tests read what a message did right after it.
await Promise.all([schemaValidator.load(), templateFormatter.load()]);

function surface(components: Array<Record<string, unknown>>, data: Record<string, unknown>) {
  const store = new A2uiStore({ locale: 'en-US', timeoutMs: 0 });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  store.process({ version: '1.0', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, components: [{ id: 'root', component: 'Column', children: components.map((c) => c.id) }, ...components] } });
  store.process({ version: '1.0', updateDataModel: { surfaceId: 's', path: '/', value: data } });
  const errors = () => out.flatMap((m) => ('error' in m ? [m.error] : []));
  const node = (id: string) => new ComponentNode(store, store.surface('s')!, id, store.context('s')!);
  const write = (path: string, value: unknown) => store.process({ version: '1.0', updateDataModel: { surfaceId: 's', path, value } });
  return { errors, node, write };
}

test('a plain path binding follows its data (reactive) and is never pending', () => {
  const { node, write, errors } = surface([{ id: 't', component: 'Text', text: { '@path': '/name' } }], { name: 'Ada' });
  const t = node('t');
  const shown = new Signal.Computed(() => t.text('text'));
  assert.equal(shown.get(), 'Ada');
  assert.equal(t.pending('text'), false);
  write('/name', 'Grace');
  assert.equal(shown.get(), 'Grace', 'the computed reading it re-evaluates after the write');
  write('/other', 1);
  assert.equal(shown.get(), 'Grace');
  assert.deepEqual(errors(), []);
});

test('a plain path binding that cannot be read shows nothing and reports one EXPRESSION_ERROR, however often it is read', () => {
  const { node, errors } = surface([{ id: 't', component: 'Text', text: { '@path': '/a/__proto__/b' } }], { a: {} });
  const t = node('t');
  const shown = new Signal.Computed(() => t.text('text'));
  assert.equal(shown.get(), '');
  assert.equal(t.value('text'), null);
  assert.equal(t.text('text'), '');
  assert.deepEqual(errors().map((e) => [e.code, e.surfaceId]), [['EXPRESSION_ERROR', 's']]);
});

test('a call binding still evaluates in full next to plain paths, and follows its data', () => {
  const { node, write, errors } = surface([{ id: 't', component: 'Text', text: { '@call': 'formatString', args: { value: 'Hi ${/name}' } } }], { name: 'Ada' });
  const t = node('t');
  const shown = new Signal.Computed(() => t.text('text'));
  assert.equal(shown.get(), 'Hi Ada');
  write('/name', 'Grace');
  assert.equal(shown.get(), 'Hi Grace');
  assert.deepEqual(errors(), []);
});
