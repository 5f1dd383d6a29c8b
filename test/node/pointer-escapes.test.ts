/**
 * JSON Pointer escapes as RFC 6901 defines them: `~0` and `~1` only. A pointer with any other `~`
 * is refused where the agent wrote it (one VALIDATION_FAILED error naming the message field), and
 * nothing reads or creates a key such as `"~2"`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, ComponentNode, parsePointer, type OutboundMessage } from '../../src/index.ts';
import { schemaValidator } from '../../src/internal.ts';

await schemaValidator.load();

const CATALOG = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

function setup() {
  const store = new A2uiStore({ locale: 'en-US' });
  const sent: OutboundMessage[] = [];
  store.onMessage((m) => sent.push(m));
  const errors = () => sent.filter((m): m is Extract<OutboundMessage, { error: unknown }> => 'error' in m).map((m) => m.error);
  store.process({ version: '1.0', createSurface: { surfaceId: 's', catalogId: CATALOG, dataModel: { a: { '~2': 'a key with a tilde', 'x/y': 'slash', 't~': 'tilde' } } } });
  const text = (id: string) => new ComponentNode(store, store.surface('s')!, id, store.context('s')!).value('text');
  return { store, errors, text };
}

test('a binding {"@path": "/a/~2"} is refused with VALIDATION_FAILED at its @path', () => {
  const { store, errors } = setup();
  store.process({ version: '1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: { '@path': '/a/~2' } }] } });
  assert.deepEqual(
    errors().map((e) => [e.code, e.path, /~2/.test(e.message)]),
    [['VALIDATION_FAILED', '/components/0/text/@path', true]],
  );
  assert.equal(store.surface('s')!.peek('root'), undefined, 'the refused component is not shown');
});

test('a relative binding with a lone ~ in a template is refused too', () => {
  const { store, errors } = setup();
  store.process({
    version: '1.0',
    updateComponents: {
      surfaceId: 's',
      components: [
        { id: 'root', component: 'List', children: { componentId: 'row', path: '/rows' } },
        { id: 'row', component: 'Text', text: { '@path': 'name~' } },
      ],
    },
  });
  assert.deepEqual(
    errors().map((e) => [e.code, e.path]),
    [['VALIDATION_FAILED', '/components/1/text/@path']],
  );
});

test('updateDataModel with path /b/~9 is refused at /path and creates nothing', () => {
  const { store, errors } = setup();
  store.process({ version: '1.0', updateDataModel: { surfaceId: 's', path: '/b/~9', value: 1 } });
  assert.deepEqual(
    errors().map((e) => [e.code, e.path, /~9/.test(e.message)]),
    [['VALIDATION_FAILED', '/path', true]],
  );
  assert.equal(store.surface('s')!.dataModel.get('/b'), undefined);
});

test('~0 and ~1 still read and write the keys they escape', () => {
  const { store, errors, text } = setup();
  store.process([
    {
      version: '1.0',
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 'root', component: 'Column', children: ['slash', 'tilde'] },
          { id: 'slash', component: 'Text', text: { '@path': '/a/x~1y' } },
          { id: 'tilde', component: 'Text', text: { '@path': '/a/t~0' } },
        ],
      },
    },
    { version: '1.0', updateDataModel: { surfaceId: 's', path: '/c/~0~1', value: 'both' } },
  ]);
  assert.deepEqual(errors(), []);
  assert.deepEqual([text('slash'), text('tilde')], ['slash', 'tilde']);
  assert.deepEqual(store.surface('s')!.dataModel.get('/c'), { '~/': 'both' });
  assert.deepEqual(parsePointer('/~01'), ['~1'], 'unescaping is ~1 first, then ~0');
});
