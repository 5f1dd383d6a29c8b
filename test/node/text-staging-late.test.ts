/**
 * Staging of a streaming message (src/transport/provisional.ts) when code it needs arrives late:
 * it waits for the schema validator instead of giving up on the message, and shows nothing of a
 * message before the messages the store still holds. Nothing is preloaded here before the tests.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { A2uiStore, A2uiTextParser, type OutboundMessage } from '../../src/index.ts';
import { draftUpgrader, schemaValidator, templateFormatter } from '../../src/internal.ts';

const CATALOG = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';
const text = (id: string, t: string) => ({ id, component: 'Text', text: t });
const column = (id: string, children: string[]) => ({ id, component: 'Column', children });
const block = (message: unknown) => `<a2ui-json>${JSON.stringify(message)}</a2ui-json>`;
const tick = () => new Promise((r) => setTimeout(r, 0));

function session() {
  const store = new A2uiStore({ locale: 'en-US' });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  return { store, out, parser: new A2uiTextParser(store, {}) };
}

/** The ids of surface `id` that are staged and shown to the elements. */
function shown(store: A2uiStore, id: string): string[] {
  const s = store.peekSurface(id);
  return s ? s.ids().filter((c) => s.component(c) === s.peek(c)) : [];
}


test('a streaming createSurface waits for the schema validator, then shows its components before the message closes', async () => {
  assert.equal(schemaValidator.loaded, undefined, 'nothing in this file may load the validator first');
  const { store, out, parser } = session();
  const input = block({ version: '1.0', createSurface: { surfaceId: 's', catalogId: CATALOG, components: [column('root', ['a', 'b']), text('a', 'A'), text('b', 'B')] } });
  const cut = input.indexOf('"B"');
  parser.push(input.slice(0, cut));
  assert.deepEqual(shown(store, 's'), [], 'nothing shows while the validator loads');
  await schemaValidator.load();
  await tick();
  assert.deepEqual(shown(store, 's'), ['root', 'a'], 'what closed meanwhile shows once it is there, before the message ends');
  parser.push(input.slice(cut));
  parser.end();
  assert.deepEqual(shown(store, 's'), ['root', 'a', 'b']);
  assert.deepEqual(out, []);
});

test('a streaming message shows nothing before the messages the store holds; then it stages as usual', async () => {
  assert.equal(draftUpgrader.loaded, undefined, 'nothing in this file may load the draft rules first');
  const { store, out, parser } = session();
  parser.push(block({ version: 'v1.0', createSurface: { surfaceId: 'd', catalogId: 'basic', components: [text('root', 'draft')] } }));
  const input = block({ version: '1.0', createSurface: { surfaceId: 's', catalogId: CATALOG, components: [column('root', ['a', 'b']), text('a', 'A'), text('b', 'B')] } });
  const cut = input.indexOf('"B"');
  parser.push(input.slice(0, cut));
  assert.deepEqual(store.surfaceIds, [], 'the draft surface waits for its rules, and the later surface behind it');
  await draftUpgrader.load();
  await tick();
  assert.deepEqual(store.surfaceIds, ['d', 's'], 'in the order they were sent');
  assert.deepEqual(shown(store, 's'), ['root', 'a'], 'the later one stages once the held one is applied');
  parser.push(input.slice(cut));
  parser.end();
  assert.deepEqual(shown(store, 's'), ['root', 'a', 'b']);
  assert.deepEqual(shown(store, 'd'), ['root']);
  assert.deepEqual(out, []);
});

test('a component calling a function whose code loads late waits for it with the rest of the message; what came before it shows', async () => {
  assert.equal(templateFormatter.loaded, undefined, 'nothing in this file may load the formatString parser first');
  const { store, out, parser } = session();
  const greeting = { id: 'a', component: 'Text', text: { '@call': 'formatString', args: { value: 'Hi ${/name}' } } };
  const input = block({ version: '1.0', createSurface: { surfaceId: 's', catalogId: CATALOG, dataModel: { name: 'Ada' }, components: [column('root', ['a', 'b', 'c']), greeting, text('b', 'B'), text('c', 'C')] } });
  const cut = input.indexOf('"C"');
  parser.push(input.slice(0, cut));
  assert.deepEqual(shown(store, 's'), ['root'], 'the component before the call shows; the call and what follows wait');
  await templateFormatter.load();
  await tick();
  assert.deepEqual(shown(store, 's'), ['root', 'a', 'b'], 'they show once the code is there, before the message ends');
  parser.push(input.slice(cut));
  parser.end();
  assert.deepEqual(shown(store, 's'), ['root', 'a', 'b', 'c']);
  assert.deepEqual(out, []);
});
