/**
 * A call binding evaluates in its one computed while every answer is synchronous, and moves its
 * evaluation to an outcome of its own when an answer comes as a promise or when someone asks for
 * its status (binding.ts). To a reader, both must be the same binding: value, pending, errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signal } from 'signal-polyfill';
import { A2uiStore, ComponentNode, type OutboundMessage } from '../../src/index.ts';
import { schemaValidator, templateFormatter } from '../../src/internal.ts';

// The messages below are read right after they are processed: the validator must be there.
await Promise.all([schemaValidator.load(), templateFormatter.load()]);

const HOST = 'https://example.com/modes-catalog.json';
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** `answer` replies at once when `mode` is "now", else with a promise; `fail` throws (or rejects) for "boom…". */
function setup(text: unknown) {
  const store = new A2uiStore({ locale: 'en-US', catalogs: [], timeoutMs: 0 });
  const fn = (name: string) => ({ type: 'object', returnType: 'string', properties: { '@call': { const: name }, args: { type: 'object' } }, required: ['@call'] });
  const calls: string[] = [];
  store.registerCatalog(
    { catalogId: HOST, protocolVersion: '1.0', components: { Text: { type: 'object', properties: { component: { const: 'Text' }, text: {} }, required: ['component'] } }, functions: { answer: fn('answer'), fail: fn('fail') } },
    {
      answer: (args) => {
        calls.push(`${args.mode}:${args.x}`);
        return args.mode === 'now' ? `now ${args.x}` : tick(5).then(() => `later ${args.x}`);
      },
      fail: (args) => {
        const x = String(args.x);
        if (!x.startsWith('boom')) return `fine ${x}`;
        if (args.mode === 'now') throw new Error(`cannot ${x}`);
        return tick(5).then(() => Promise.reject(new Error(`cannot ${x}`)));
      },
    },
  );
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  store.process({ version: '1.0', createSurface: { surfaceId: 's', catalogId: HOST } });
  store.process({ version: '1.0', updateDataModel: { surfaceId: 's', path: '/', value: { mode: 'now', x: 1 } } });
  store.process({ version: '1.0', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text }] } });
  const node = new ComponentNode(store, store.surface('s')!, 'root', store.context('s')!);
  // Watched, as an element holds them: a watched computed is told when it must re-evaluate.
  const watched = <T>(read: () => T) => {
    const c = new Signal.Computed(read);
    new Signal.subtle.Watcher(() => {}).watch(c);
    return c;
  };
  const write = (path: string, value: unknown) => store.process({ version: '1.0', updateDataModel: { surfaceId: 's', path, value } });
  const errors = () => out.flatMap((m) => ('error' in m ? [`${m.error.code}: ${m.error.message}`] : []));
  return { node, watched, write, errors, calls };
}

const answer = { '@call': 'answer', args: { mode: { '@path': '/mode' }, x: { '@path': '/x' } } };

test('a Text that only shows its value: synchronous answers, then a promise (the previous value meanwhile), then synchronous again', async () => {
  const { node, watched, write, errors } = setup(answer);
  const shown = watched(() => node.text('text'));
  assert.equal(shown.get(), 'now 1');
  write('/x', 2);
  assert.equal(shown.get(), 'now 2');
  write('/mode', 'later');
  assert.equal(shown.get(), 'now 2', 'the previous value while the answer is awaited');
  await tick(20);
  assert.equal(shown.get(), 'later 2');
  write('/x', 3);
  assert.equal(shown.get(), 'later 2');
  await tick(20);
  assert.equal(shown.get(), 'later 3');
  write('/mode', 'now');
  assert.equal(shown.get(), 'now 3');
  assert.deepEqual(errors(), []);
});

test('a reader of pending hears it start and end, also when the first answers were synchronous', async () => {
  const { node, watched, write, calls } = setup(answer);
  const shown = watched(() => node.text('text'));
  const busy = watched(() => node.pending('text'));
  assert.equal(shown.get(), 'now 1');
  assert.equal(busy.get(), false);
  write('/mode', 'later');
  assert.equal(busy.get(), true);
  assert.equal(shown.get(), 'now 1');
  await tick(20);
  assert.equal(busy.get(), false);
  assert.equal(shown.get(), 'later 1');
  const before = calls.length;
  write('/x', 2);
  assert.equal(busy.get(), true);
  assert.equal(shown.get(), 'later 1');
  assert.equal(calls.length, before + 1, 'one call per change once the binding runs through its outcome');
  await tick(20);
  assert.deepEqual([busy.get(), shown.get()], [false, 'later 2']);
});

test('failures: a thrown or rejected call shows nothing, is reported once per message, and the binding recovers', async () => {
  const { node, watched, write, errors } = setup({ '@call': 'fail', args: { mode: { '@path': '/mode' }, x: { '@path': '/x' }, y: { '@path': '/y' } } });
  const shown = watched(() => node.text('text'));
  assert.equal(shown.get(), 'fine 1');
  write('/x', 'boom 1');
  assert.equal(shown.get(), '');
  write('/y', 1); // re-evaluated, the same failure: not reported again
  assert.equal(shown.get(), '');
  write('/x', 'boom 2');
  assert.equal(shown.get(), '');
  assert.deepEqual(errors(), ["EXPRESSION_ERROR: Function 'fail' failed: cannot boom 1", "EXPRESSION_ERROR: Function 'fail' failed: cannot boom 2"]);
  write('/x', 'ok');
  assert.equal(shown.get(), 'fine ok');
  // Asynchronous now: a rejected answer shows nothing and is reported once.
  write('/mode', 'later');
  write('/x', 'boom 3');
  assert.equal(shown.get(), 'fine ok');
  await tick(20);
  assert.equal(shown.get(), '');
  assert.equal(errors().length, 3);
  assert.match(errors()[2], /cannot boom 3/);
  write('/x', 'fine');
  await tick(0);
  assert.equal(shown.get(), 'fine fine');
});
