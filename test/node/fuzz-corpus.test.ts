/**
 * The fixed hostile corpus (test/fuzz/corpus): every stream through the fuzz harness (all
 * invariants), plus what each kind of payload must do in the core — URLs never opened unless
 * http(s), XSS text carried verbatim (the elements must render it inert), templates and regexes
 * bounded, limits reported as one error each.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { A2uiStore, ComponentNode, type OutboundMessage } from '../../src/index.ts';
import { MAX_TEMPLATE_ITEMS } from '../../src/component-node.ts';
import { createEnv } from '../fuzz/env.ts';
import { runPlan } from '../fuzz/harness.ts';
import { explicitPlan } from '../fuzz/plan.ts';
import { formatFailure } from '../fuzz/report.ts';
import { prepareSeeds, type Seed } from '../fuzz/seeds.ts';
import { hugeItems, manyComponents } from '../fuzz/corpus/oversized.ts';
import { CATASTROPHIC_INPUTS, CATASTROPHIC_PATTERNS, INVALID_PATTERNS, ODD_PATTERNS, SAFE_PATTERNS } from '../fuzz/corpus/regexes.ts';
import { components, CORPUS_SURFACE, corpusStreams, create, data } from '../fuzz/corpus/streams.ts';
import { PATHOLOGICAL_TEMPLATES } from '../fuzz/corpus/templates.ts';
import { HOSTILE_URLS, isSafeNavigation, SAFE_URLS } from '../fuzz/corpus/urls.ts';
import { XSS_VECTORS } from '../fuzz/corpus/xss.ts';
import type { Json } from '../fuzz/json.ts';
import { pathToFileURL } from 'node:url';
import { SPEC_DIR, specSkip } from '../spec-data.ts';

const DIR = pathToFileURL(`${SPEC_DIR}/v1_0-current/catalogs/basic/examples/`);
const seeds: Seed[] = existsSync(DIR)
  ? prepareSeeds(readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().map((f) => ({ name: f, messages: JSON.parse(readFileSync(new URL(f, DIR), 'utf8')).messages })))
  : [];
// Before createEnv: its handlers would swallow the error specSkip throws under CI=true.
const skip = specSkip(seeds.length ? false : 'no seed examples');

const env = createEnv(setImmediate, (report) => {
  process.on('unhandledRejection', report);
  process.on('uncaughtException', report);
});

/** A store with the corpus surface; `errors()` are the wire errors so far. */
function setup(dataModel: Json = {}) {
  const opened: string[] = [];
  const store = new A2uiStore({ locale: 'en-US', timeoutMs: 0, host: { openUrl: (u) => opened.push(u) } });
  const out: OutboundMessage[] = [];
  store.onMessage((m) => out.push(m));
  store.process([create(dataModel)]);
  const errors = () => out.flatMap((m) => ('error' in m ? [m.error] : []));
  const node = (id: string) => new ComponentNode(store, store.surface(CORPUS_SURFACE)!, id, store.context(CORPUS_SURFACE)!);
  /** Processes one message; returns the wire errors it produced. */
  const send = (m: Json) => {
    const n = errors().length;
    store.process([m]);
    return errors().slice(n);
  };
  return { store, out, opened, errors, node, send };
}

test('every corpus stream keeps every fuzz invariant', { skip }, async (t) => {
  for (const stream of corpusStreams()) {
    await t.test(stream.name, async () => {
      const plan = explicitPlan(seeds, stream.messages, { typing: stream.typing });
      const { violations } = await runPlan(plan, env);
      assert.deepEqual(violations, [], formatFailure(plan, violations, 160));
    });
  }
});

test('URL schemes: only http(s) is ever opened, and only from a user gesture', async () => {
  for (const url of [...HOSTILE_URLS, ...SAFE_URLS]) {
    const { opened, node, send, errors } = setup();
    const rejected = send(components([{ id: 'b', component: 'Button', child: 'l', action: { functionCall: { '@call': 'openUrl', args: { url } } } }, { id: 'l', component: 'Text', text: 'go' }]));
    if (rejected.length) {
      // Refused at the door (not a URI): one error, and nothing to click.
      assert.equal(rejected.length, 1, url);
      continue;
    }
    const ok = await node('b').act();
    const safe = isSafeNavigation(url);
    assert.equal(opened.length, safe ? 1 : 0, `opened for ${JSON.stringify(url)}: ${opened.join(' ')}`);
    assert.equal(ok, safe, JSON.stringify(url));
    assert.equal(errors().length, safe ? 0 : 1, `errors for ${JSON.stringify(url)}`);
    // In a passive binding openUrl never runs, whatever the URL.
    send(components([{ id: 'p', component: 'Text', text: { '@call': 'openUrl', args: { url } } }]));
    assert.equal(node('p').value('text'), null);
    assert.equal(opened.length, safe ? 1 : 0);
  }
});

test('XSS vectors pass through the core verbatim: as literals, bound data and formatString output', () => {
  const { node, send, errors } = setup({ xss: [...XSS_VECTORS] });
  XSS_VECTORS.forEach((x, i) => {
    assert.deepEqual(send(components([
      { id: `lit${i}`, component: 'Text', text: x },
      { id: `bound${i}`, component: 'Text', text: { '@path': `/xss/${i}` } },
      { id: `fmt${i}`, component: 'Text', text: { '@call': 'formatString', args: { value: `[\${/xss/${i}}]` } } },
    ])), []);
    assert.equal(node(`lit${i}`).value('text'), x);
    assert.equal(node(`bound${i}`).value('text'), x);
    assert.equal(node(`fmt${i}`).value('text'), `[${x}]`);
  });
  assert.deepEqual(errors(), []);
});

test('formatString: every pathological template ends in a string or in exactly one EXPRESSION_ERROR', () => {
  for (const template of PATHOLOGICAL_TEMPLATES) {
    const { node, send, errors, out } = setup({ a: 'A', b: 'B', c: 'C' });
    assert.deepEqual(send(components([{ id: 't', component: 'Text', text: { '@call': 'formatString', args: { value: template } } }])), []);
    const value = node('t').value('text');
    const routed = out.some((m) => 'callAgentFunction' in m);
    if (value === null) assert.deepEqual(errors().map((e) => e.code), ['EXPRESSION_ERROR'], template.slice(0, 60));
    else if (!routed) {
      assert.equal(typeof value, 'string', template.slice(0, 60));
      assert.deepEqual(errors(), [], template.slice(0, 60));
    }
  }
});

test('formatString limits: 10,000 characters and 32 levels of nesting', () => {
  const cases: Array<[string, boolean]> = [
    ['x'.repeat(10_000), true],
    ['x'.repeat(10_001), false],
    ['${'.repeat(31) + '/a' + '}'.repeat(31), true],
    ['${'.repeat(33) + '/a' + '}'.repeat(33), false],
  ];
  for (const [template, ok] of cases) {
    const { node, send, errors } = setup({ a: 'A' });
    send(components([{ id: 't', component: 'Text', text: { '@call': 'formatString', args: { value: template } } }]));
    const value = node('t').value('text');
    assert.equal(typeof value === 'string', ok, `${template.length} chars`);
    assert.equal(errors().length, ok ? 0 : 1);
  }
});

test('regex: catastrophic and out-of-dialect patterns are refused with one EXPRESSION_ERROR; safe ones still work', () => {
  const check = (pattern: string, input: string) => {
    const { node, send, errors } = setup({ input });
    send(components([{ id: 'f', component: 'TextField', label: 'f', value: { '@path': '/input' }, '@checks': [{ condition: { '@call': 'regex', args: { value: { '@path': '/input' }, pattern } }, message: 'no match' }] }]));
    return { failed: node('f').failedChecks(), errors: errors() };
  };
  for (const pattern of [...CATASTROPHIC_PATTERNS, ...INVALID_PATTERNS]) {
    for (const input of CATASTROPHIC_INPUTS.slice(0, 3)) {
      const r = check(pattern, input);
      assert.deepEqual(r.errors.map((e) => e.code), ['EXPRESSION_ERROR'], pattern.slice(0, 40));
      assert.equal(r.failed.length, 1);
    }
  }
  for (const pattern of [...SAFE_PATTERNS, ...ODD_PATTERNS]) assert.deepEqual(check(pattern, '12345').errors, [], pattern);
  assert.deepEqual(check('^[0-9]{5}$', '12345').failed, []);
  // A value over 4,096 code points does not match, and is no error.
  const long = check('x', 'x'.repeat(4097));
  assert.equal(long.failed.length, 1);
  assert.deepEqual(long.errors, []);
});

test('limits: 10,000 components per message, one VALIDATION_FAILED beyond, the surface unchanged', () => {
  const { store, send } = setup();
  assert.deepEqual(send(components(manyComponents(10_000))), []);
  assert.equal(store.surface(CORPUS_SURFACE)!.size, 10_000);
  const over = send(components(manyComponents(10_001, 'o')));
  assert.deepEqual(over.map((e) => [e.code, e.surfaceId]), [['VALIDATION_FAILED', CORPUS_SURFACE]]);
  assert.equal(store.surface(CORPUS_SURFACE)!.size, 10_000);
});

test('limits: a template renders at most MAX_TEMPLATE_ITEMS (20,000) items and reports the cut once', () => {
  assert.equal(MAX_TEMPLATE_ITEMS, 20_000);
  const { node, send, errors } = setup({ items: hugeItems(MAX_TEMPLATE_ITEMS + 1) });
  send(components([{ id: 'list', component: 'List', children: { componentId: 'row', path: '/items' } }, { id: 'row', component: 'Text', text: { '@path': 'name' } }]));
  const list = node('list');
  assert.equal(list.childList('children').length, MAX_TEMPLATE_ITEMS);
  assert.equal(list.childList('children').length, MAX_TEMPLATE_ITEMS);
  assert.deepEqual(errors().map((e) => e.code), ['EXPRESSION_ERROR']);
  send(data(`/items/${MAX_TEMPLATE_ITEMS + 1}`, { id: 'late', name: 'late' }));
  assert.equal(list.childList('children').length, MAX_TEMPLATE_ITEMS);
});
