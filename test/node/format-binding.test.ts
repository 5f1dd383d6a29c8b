import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Signal } from 'signal-polyfill';
import { A2uiStore, ComponentNode } from '../../src/index.ts';
import { schemaValidator, templateFormatter } from '../../src/internal.ts';

// The validator loads on first use; these tests read what a message did right after it.
await Promise.all([schemaValidator.load(), templateFormatter.load()]);

const BASIC = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

/** A watched formatString Text over a live store, as an element holds it. */
function setup() {
  const store = new A2uiStore({ locale: 'en-US' });
  const errors: unknown[] = [];
  store.onMessage((m) => {
    if ('error' in m) errors.push(m);
  });
  const text = { '@call': 'formatString', args: { value: '${/rows/0/name}: ${/shared} (${/rows/0/count})' } };
  store.process([
    { version: '1.0', createSurface: { surfaceId: 's', catalogId: BASIC } },
    { version: '1.0', updateDataModel: { surfaceId: 's', path: '/', value: { rows: [{ name: 'Ada', count: 1 }], shared: 'start' } } },
    { version: '1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text }] } },
  ]);
  const node = new ComponentNode(store, store.surface('s')!, 'root', store.context('s')!);
  const shown = new Signal.Computed(() => node.text('text'));
  const watcher = new Signal.subtle.Watcher(() => {});
  watcher.watch(shown);
  const write = (path: string, value: unknown) => store.process([{ version: '1.0', updateDataModel: { surfaceId: 's', path, value } }]);
  return { store, shown, write, errors };
}

describe('a formatString binding shows the new value after every kind of write', () => {
  test('the path itself, a sibling in the template, an ancestor, a deletion, the root, the definition', () => {
    const { store, shown, write, errors } = setup();
    assert.equal(shown.get(), 'Ada: start (1)');
    write('/shared', 'next');
    assert.equal(shown.get(), 'Ada: next (1)');
    write('/rows/0/count', 2);
    assert.equal(shown.get(), 'Ada: next (2)');
    write('/rows', [{ name: 'Grace', count: 3 }]);
    assert.equal(shown.get(), 'Grace: next (3)');
    write('/rows/0', { name: 'Edsger' });
    assert.equal(shown.get(), 'Edsger: next ()');
    write('/shared', null); // deletes it
    assert.equal(shown.get(), 'Edsger:  ()');
    write('/', { rows: [{ name: 'Barbara', count: 4 }], shared: 'root' });
    assert.equal(shown.get(), 'Barbara: root (4)');
    write('/shared', 'root'); // the same value again: still shown
    assert.equal(shown.get(), 'Barbara: root (4)');
    store.process([
      { version: '1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: { '@call': 'formatString', args: { value: '${/shared}!' } } }] } },
    ]);
    assert.equal(shown.get(), 'root!');
    write('/shared', 'last');
    assert.equal(shown.get(), 'last!');
    assert.deepEqual(errors, []);
  });

  test('non-string values in the template: numbers, booleans, objects, arrays', () => {
    const { shown, write } = setup();
    write('/shared', 12.5);
    assert.equal(shown.get(), 'Ada: 12.5 (1)');
    write('/shared', false);
    assert.equal(shown.get(), 'Ada: false (1)');
    write('/shared', { a: 1 });
    assert.equal(shown.get(), 'Ada: {"a":1} (1)');
    write('/shared', [1, 'x']);
    assert.equal(shown.get(), 'Ada: [1,"x"] (1)');
  });
});
