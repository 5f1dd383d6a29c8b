/**
 * Classes of security reports filed against the official renderer, one named test each, through
 * the store as an agent's messages reach it (the element-side classes are in
 * test/browser/security-reports.test.ts). docs/security-defaults.md lists the defaults these pin.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Signal } from 'signal-polyfill';
import { A2uiStore, BASIC_CATALOG_ID, Binding, ComponentNode, type OutboundMessage } from '../../src/index.ts';
import { basicValidators, preloadFunctions, schemaValidator, templateFormatter } from '../../src/internal.ts';
import { parseTemplate, TEMPLATE_CACHE_SIZE } from '../../src/functions/basic/template.ts';
import { LIMITS } from '../../src/messages/surface-messages.ts';

// What loads on first use is here up front: these tests read what a message did right after it.
await Promise.all([schemaValidator.load(), templateFormatter.load(), basicValidators.load(), preloadFunctions()]);

const v = (body: Record<string, unknown>) => ({ version: '1.0', ...body });
const components = (list: unknown[]) => v({ updateComponents: { surfaceId: 's', components: list } });

function setup(dataModel: Record<string, unknown> = {}) {
  const opened: string[] = [];
  const store = new A2uiStore({ locale: 'en-US', host: { openUrl: (url) => opened.push(url) } });
  const sent: OutboundMessage[] = [];
  store.onMessage((m) => sent.push(m));
  store.process(v({ createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, dataModel } }));
  const errors = () => sent.flatMap((m) => ('error' in m ? [m.error] : []));
  const node = (id: string) => new ComponentNode(store, store.surface('s')!, id, store.context('s')!);
  return { store, opened, errors, node };
}

test('CVE-2026-10032 openUrl scheme: only http(s) opens, only from a user gesture; javascript:, data:, file:, vbscript: are refused with one error each and open nothing', async () => {
  const hostile = ['javascript:alert(1)', ' JaVa\tScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'vbscript:msgbox(1)', 'blob:https://x/1'];
  for (const url of [...hostile, 'https://example.com/ok']) {
    const { store, opened, errors, node } = setup();
    store.process(components([{ id: 'b', component: 'Button', child: 'l', action: { functionCall: { '@call': 'openUrl', args: { url } } } }, { id: 'l', component: 'Text', text: 'go' }]));
    const refusedAtTheDoor = errors().length === 1 && store.surface('s')!.peek('b') === undefined;
    if (!refusedAtTheDoor) await node('b').act();
    const safe = url.startsWith('https:');
    assert.deepEqual(opened, safe ? [url] : [], url);
    assert.deepEqual(errors().map((e) => e.code), safe ? [] : [refusedAtTheDoor ? 'VALIDATION_FAILED' : 'EXPRESSION_ERROR'], url);
  }
  // Not from a passive binding: rendering never opens anything.
  const { store, opened } = setup();
  store.process(components([{ id: 't', component: 'Text', text: { '@call': 'openUrl', args: { url: 'https://example.com/' } } }]));
  new ComponentNode(store, store.surface('s')!, 't', store.context('s')!).value('text');
  assert.deepEqual(opened, []);
});

test('a2ui#2292 regex ReDoS: catastrophic patterns are refused before they run; long values do not match', () => {
  const check = (pattern: string, input: string) => {
    const { store, errors, node } = setup({ input });
    store.process(
      components([
        { id: 'f', component: 'TextField', label: 'f', value: { '@path': '/input' }, '@checks': [{ condition: { '@call': 'regex', args: { value: { '@path': '/input' }, pattern } }, message: 'no match' }] },
      ]),
    );
    return { failed: node('f').failedChecks().length, codes: errors().map((e) => e.code) };
  };
  const attack = 'a'.repeat(4000) + '!';
  for (const pattern of ['(a+)+$', '(a|a)*$', '(a|aa)+$', '(\\w+\\s?)+$', '^(a?){25}a{25}$']) {
    assert.deepEqual(check(pattern, attack), { failed: 1, codes: ['EXPRESSION_ERROR'] }, pattern);
  }
  assert.deepEqual(check('^[0-9]{5}$', '12345'), { failed: 0, codes: [] });
  assert.deepEqual(check('x', 'x'.repeat(4097)), { failed: 1, codes: [] }, 'a value over 4,096 code points does not match');
});

test('a2ui#2298 unbounded components, caches and notifications: every one has a bound', async () => {
  // Components: one message over the limit is refused whole; the surface keeps what it had.
  const { store, errors } = setup();
  const many = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, component: 'Text', text: 'x' }));
  store.process(components(many(LIMITS.componentsPerMessage + 1, 'c')));
  assert.deepEqual(errors().map((e) => [e.code, e.path]), [['VALIDATION_FAILED', '/components']]);
  assert.equal(store.surface('s')!.size, 0);

  // Caches: the parsed-template cache forgets the oldest template past its bound.
  const first = parseTemplate('${/bounded/0}');
  assert.equal(parseTemplate('${/bounded/0}'), first, 'kept while the cache has room');
  for (let i = 1; i <= TEMPLATE_CACHE_SIZE; i++) parseTemplate(`\${/bounded/${i}}`);
  assert.notEqual(parseTemplate('${/bounded/0}'), first, 'evicted: the cache did not grow past its bound');

  // Notifications: a write notifies the paths someone observes, and observers that left leave no path behind.
  const model = store.surface('s')!.dataModel;
  const watchers = Array.from({ length: 200 }, (_, i) => {
    const computed = new Signal.Computed(() => new Binding(store.context('s')!, { '@path': `/rows/${i}/label` }).value);
    const watcher = new Signal.subtle.Watcher(() => {});
    watcher.watch(computed);
    computed.get();
    return () => watcher.unwatch(computed);
  });
  assert.ok(model.observedPaths > 0);
  watchers.forEach((unwatch) => unwatch());
  await Promise.resolve();
  assert.equal(model.observedPaths, 0, 'released with their observers');
});
