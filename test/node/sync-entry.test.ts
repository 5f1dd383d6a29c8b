/**
 * The package's Node / bundler entry applies every message before `process()` returns (issue 35):
 * v1.0 with checks and formatString, a refused component, draft v1.0, and model text through the
 * text parser — nothing preloaded, nothing awaited. Run against the entry's source and, when
 * `npm run build` made it, against dist/core.js as a Node user imports it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Core = typeof import('../../build/entries/core.ts');

const DIST = fileURLToPath(new URL('../../dist/core.js', import.meta.url));
const entries: Array<[string, () => Promise<Core>]> = [['build/entries/core.ts', () => import('../../build/entries/core.ts')]];
if (existsSync(DIST)) entries.push(['dist/core.js', () => import(DIST) as Promise<Core>]);
else if (process.env.CI === 'true') throw new Error('dist/core.js is missing: npm test builds it first');

const BASIC = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';
const form = (version: string) => [
  { version, createSurface: { surfaceId: 's', catalogId: BASIC, dataModel: { name: 'Ada', nights: 2 } } },
  {
    version,
    updateComponents: {
      surfaceId: 's',
      components: [
        { id: 'root', component: 'Column', children: ['title', 'name', 'nights'] },
        { id: 'title', component: 'Text', text: { call: 'formatString', args: { value: 'Hello ${/name}' } } },
        { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' }, checks: [{ condition: { call: 'required', args: { value: { path: '/name' } } }, message: 'Required' }] },
        { id: 'nights', component: 'Text', text: { call: 'formatNumber', args: { value: { path: '/nights' } } } },
      ],
    },
  },
];

for (const [label, load] of entries) {
  test(`${label}: v1.0 messages with checks and function calls are applied when process() returns`, async () => {
    const { A2uiStore } = await load();
    const store = new A2uiStore({ locale: 'en-US' });
    const errors: unknown[] = [];
    store.onMessage((m) => 'error' in m && errors.push(m));
    store.process([
      ...form('v1.0'),
      { version: 'v1.0', updateComponents: { surfaceId: 's', components: [{ id: 'bad', component: 'Text', text: 42, extra: true }] } },
    ]);
    const surface = store.peekSurface('s');
    assert.ok(surface, 'the surface is there');
    assert.deepEqual(['root', 'title', 'name', 'nights'].map((id) => !!surface.peek(id)), [true, true, true, true], 'its components are there');
    assert.equal(store.context('s')!.evaluate(surface.peek('title')!.props.text), 'Hello Ada', 'formatString answers at once');
    assert.equal(errors.length, 1, 'the refused component is answered at once');
    assert.match(JSON.stringify(errors[0]), /VALIDATION_FAILED/);
  });

  test(`${label}: a draft v1.0 stream is applied when process() returns`, async () => {
    const { A2uiStore } = await load();
    const store = new A2uiStore({ locale: 'en-US' });
    store.process([
      { version: 'v1.0', createSurface: { surfaceId: 'd', catalogId: 'basic', dataModel: { name: 'Ada' } } },
      { version: 'v1.0', updateComponents: { surfaceId: 'd', components: [{ id: 'root', component: 'Text', text: { path: '/name' } }] } },
    ]);
    const surface = store.peekSurface('d');
    assert.equal(surface?.version, '1.0-draft');
    assert.ok(surface.peek('root'));
  });

  test(`${label}: model text through the text parser is applied as it is pushed`, async () => {
    const { A2uiStore, A2uiTextParser } = await load();
    const store = new A2uiStore({ locale: 'en-US' });
    const prose: string[] = [];
    const parser = new A2uiTextParser(store, { onText: (t) => prose.push(t) });
    parser.push(`Here: <a2ui-json>${JSON.stringify(form('v1.0')[0])}</a2ui-json>`);
    assert.ok(store.peekSurface('s'), 'the surface exists right after the push');
    parser.push(` and <a2ui-json>${JSON.stringify(form('v1.0')[1])}</a2ui-json> done.`);
    parser.end();
    assert.ok(store.peekSurface('s')!.peek('name'), 'its components too');
    assert.equal(prose.join(''), 'Here:  and  done.');
    assert.equal(parser.messages, 2);
  });

  test(`${label}: settled() is the one wait, and resolves at once here`, async () => {
    const { A2uiStore } = await load();
    const store = new A2uiStore();
    store.process(form('v1.0'));
    let done = false;
    void store.settled().then(() => (done = true));
    await Promise.resolve();
    assert.equal(done, true);
  });
}
