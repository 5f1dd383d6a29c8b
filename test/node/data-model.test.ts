import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signal } from 'signal-polyfill';
import { DataError, DataModel } from '../../src/index.ts';

/** Watches `fn` the way a Lit element would and counts re-evaluations. */
function watch(fn: () => unknown): { runs: () => number; stop: () => void } {
  let runs = 0;
  const c = new Signal.Computed(() => {
    runs++;
    return fn();
  });
  const w = new Signal.subtle.Watcher(() => {});
  w.watch(c);
  c.get();
  return {
    runs: () => {
      for (const s of w.getPending()) s.get();
      w.watch();
      return runs;
    },
    stop: () => w.unwatch(c),
  };
}

test('a write notifies the path, its ancestors and changed descendants only', () => {
  const m = new DataModel({ user: { name: 'Ada', age: 36 }, other: 1 });
  const seen: string[] = [];
  for (const p of ['/', '/user', '/user/name', '/user/age', '/other', '/user/name/deep']) m.subscribe(p, () => seen.push(p));
  m.set('/user/name', 'Grace');
  assert.deepEqual(seen.sort(), ['/', '/user', '/user/name']);
  seen.length = 0;
  m.set('/user', { name: 'Grace', age: 37 });
  assert.deepEqual(seen.sort(), ['/', '/user', '/user/age']);
  seen.length = 0;
  m.set('/user/age', 37);
  assert.deepEqual(seen, [], 'writing the same value notifies nobody');
});

test('signals: an element re-renders only for its own path', () => {
  const m = new DataModel({ a: 1, b: 2 });
  const a = watch(() => m.get('/a'));
  const b = watch(() => m.get('/b'));
  m.set('/a', 5);
  assert.equal(a.runs(), 2);
  assert.equal(b.runs(), 1);
});

test('observer nodes are released when unwatched, at the end of the turn (no leaks)', async () => {
  const m = new DataModel({ items: [] });
  for (let i = 0; i < 100; i++) {
    const w = watch(() => m.get(`/items/${i}/name`));
    w.stop();
  }
  await Promise.resolve();
  assert.equal(m.observedPaths, 0);
  const off = m.subscribe('/x/y', () => {});
  assert.equal(m.observedPaths, 2);
  off();
  await Promise.resolve();
  assert.equal(m.observedPaths, 0);
});

test('a reader that moves to another path within a turn keeps the nodes it returns to', async () => {
  const m = new DataModel({ items: [{ name: 'a' }, { name: 'b' }] });
  const at = new Signal.State(0);
  const c = new Signal.Computed(() => m.get(`/items/${at.get()}/name`));
  const w = new Signal.subtle.Watcher(() => {});
  w.watch(c);
  assert.equal(c.get(), 'a');
  const paths = m.observedPaths;
  at.set(1);
  assert.equal(c.get(), 'b'); // leaves /items/0/name: released only if still unwatched after the turn
  assert.equal(m.observedPaths, paths + 2, '/items/0 and /items/0/name still there within the turn');
  at.set(0);
  assert.equal(c.get(), 'a');
  await Promise.resolve();
  assert.equal(m.observedPaths, paths, '/items/0/name kept, /items/1/name released');
  m.set('/items/0/name', 'A');
  assert.equal(c.get(), 'A');
  w.unwatch(c);
  await Promise.resolve();
  assert.equal(m.observedPaths, 0);
});

test('auto-vivification, RFC 6901 escapes, arrays', () => {
  const m = new DataModel();
  m.set('/a/b/0/c', 1);
  assert.ok(Array.isArray(m.get('/a/b')));
  m.set('/x~1y/z~0w', 'v');
  assert.deepEqual(m.get('/'), { a: { b: [{ c: 1 }] }, 'x/y': { 'z~w': 'v' } });
  m.set('/list/-', 'first');
  assert.deepEqual(m.get('/list'), ['first']);
  assert.throws(() => m.set('/list/5', 'gap'), DataError);
  assert.throws(() => m.set('/list/name', 'x'), /non-numeric segment/);
  m.set('/s', 'str');
  assert.throws(() => m.set('/s/deeper', 1), /Cannot set path/);
});

test('no prototype pollution through pointers', () => {
  const m = new DataModel();
  for (const p of ['/__proto__/polluted', '/constructor/prototype/polluted', '/a/__proto__', '/prototype']) {
    assert.throws(() => m.set(p, 'yes'), DataError);
  }
  m.set('/safe', JSON.parse('{"__proto__": {"polluted": "yes"}}'));
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined);
});

test('deleting removes keys and splices arrays; dispose detaches observers', () => {
  const m = new DataModel({ a: { b: 1 }, l: ['x', 'y', 'z'] });
  m.delete('/a/b');
  assert.deepEqual(m.get('/a'), {});
  let fired = 0;
  m.subscribe('/l/1', () => fired++);
  m.delete('/l/0');
  assert.deepEqual(m.get('/l'), ['y', 'z']);
  assert.equal(fired, 1);
  m.dispose();
  m.set('/l/1', 'q');
  assert.equal(fired, 1);
});

test('a computation watched again after its paths were released sees writes made meanwhile', () => {
  const m = new DataModel({});
  const c = new Signal.Computed(() => m.get('/steps'));
  const w = new Signal.subtle.Watcher(() => {});
  w.watch(c);
  c.get();
  w.unwatch(c); // the element left the page: its paths are released
  m.set('/steps', [1, 2]);
  w.watch(c); // and came back
  assert.deepEqual(c.get(), [1, 2]);
});
