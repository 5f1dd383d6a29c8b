/**
 * Surfaces created and deleted many times on one store (the bench's `churn`): nothing may stay
 * behind per surface, and the reactive plumbing of a surface allocates only the signals it needs
 * (every signal-polyfill object also costs an entry in the polyfill's brand WeakSets until the
 * next full GC).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signal } from 'signal-polyfill';
import { A2uiStore, BASIC_CATALOG_ID, Binding } from '../../src/index.ts';
import { storeInternals } from '../../src/internal.ts';

const v = (body: Record<string, unknown>) => ({ version: '1.0', ...body });
const create = (id: string) => v({ createSurface: { surfaceId: id, catalogId: BASIC_CATALOG_ID } });
const remove = (id: string) => v({ deleteSurface: { surfaceId: id } });

/** Watches `read` the way an element does: a computed under a watcher. */
function watch<T>(source: () => T) {
  const computed = new Signal.Computed(source);
  let notified = 0;
  const watcher = new Signal.subtle.Watcher(() => notified++);
  watcher.watch(computed);
  /** Reads the value and re-arms the watcher (it notifies once until then). */
  const read = () => {
    const value = computed.get();
    watcher.watch();
    return value;
  };
  read();
  return { read, notifications: () => notified, unwatch: () => watcher.unwatch(computed) };
}

test('a surface deleted while watched leaves no slot once its watcher leaves', () => {
  const store = new A2uiStore({ locale: 'en-US' });
  for (let i = 0; i < 100; i++) {
    const id = `c${i}`;
    store.process(create(id));
    const w = watch(() => store.surface(id));
    assert.equal(w.read()?.id, id);
    // deleteSurface arrives while the element still shows the surface, as in the bench.
    store.process(remove(id));
    assert.equal(w.read(), undefined);
    w.unwatch();
  }
  assert.equal(storeInternals(store).surfaces.idSignalCount, 0);
});

test('untracked surface lookups create no slot', () => {
  const store = new A2uiStore({ locale: 'en-US' });
  for (let i = 0; i < 50; i++) assert.equal(store.surface(`missing${i}`), undefined);
  store.process(create('a'));
  assert.equal(store.surface('a')?.id, 'a');
  store.process(remove('a'));
  assert.equal(storeInternals(store).surfaces.idSignalCount, 0);
});

test('a watcher that outlives deleteSurface sees the surface of the same id come back', () => {
  const store = new A2uiStore({ locale: 'en-US' });
  store.process(create('a'));
  const w = watch(() => store.surface('a'));
  const first = w.read();
  store.process(remove('a'));
  assert.equal(w.read(), undefined);
  assert.equal(storeInternals(store).surfaces.idSignalCount, 1, 'kept while watched');
  const before = w.notifications();
  store.process(create('a'));
  assert.ok(w.notifications() > before, 'the watcher heard the new surface');
  const second = w.read();
  assert.equal(second?.id, 'a');
  assert.notEqual(second, first);
  w.unwatch();
  assert.equal(storeInternals(store).surfaces.idSignalCount, 1, 'a live surface keeps its slot');
  store.process(remove('a'));
  assert.equal(storeInternals(store).surfaces.idSignalCount, 0);
});

test('a synchronous binding to a nested path allocates one State: the path it reads', async () => {
  const store = new A2uiStore({ locale: 'en-US' });
  store.process([create('s'), v({ updateDataModel: { surfaceId: 's', path: '/', value: { rows: [{ label: 'Row 0' }] } } })]);
  const context = store.context('s')!;
  const S = Signal as unknown as { State: typeof Signal.State };
  const Original = S.State;
  let states = 0;
  S.State = class extends Original<unknown> {
    constructor(...args: ConstructorParameters<typeof Signal.State<unknown>>) {
      super(...args);
      states++;
    }
  } as typeof Signal.State;
  let w: ReturnType<typeof watch<unknown>>;
  let binding: Binding;
  try {
    binding = new Binding(context, { '@path': '/rows/0/label' });
    w = watch(() => binding.value);
  } finally {
    S.State = Original;
  }
  assert.equal(w.read(), 'Row 0');
  assert.equal(states, 1, 'no State for /rows and /rows/0 on the way, none for an async answer');
  // The lazily made signals still carry changes.
  store.process(v({ updateDataModel: { surfaceId: 's', path: '/rows/0/label', value: 'Row zero' } }));
  assert.equal(w.read(), 'Row zero');
  store.process(v({ updateDataModel: { surfaceId: 's', path: '/rows', value: [{ label: 'New' }] } }));
  assert.equal(w.read(), 'New');
  assert.equal(binding.pending, false);
  assert.equal(binding.error, undefined);
  w.unwatch();
  await Promise.resolve();
  assert.equal(store.surface('s')!.dataModel.observedPaths, 0, 'the path nodes are released');
});
