/**
 * Every package entry imports in Node, as a server-side rendering framework imports a component
 * library: no throw (`HTMLElement is not defined`), and the process exits by itself afterwards
 * (nothing such as an open MessageChannel holds the event loop). Each entry in a child process of
 * its own, resolved by the package's name through its `exports` (as a user's server resolves it);
 * needs dist/ (`npm test` builds it first).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { exports: Record<string, unknown> };
const built = existsSync(`${ROOT}/dist/core.js`);
if (!built && process.env.CI === 'true') throw new Error('dist/ is missing: npm test builds it first');

const entries = Object.entries(pkg.exports)
  .filter(([, target]) => typeof target === 'object')
  .map(([key]) => 'a2ui-elements' + key.slice(1));

for (const entry of entries) {
  test(`import('${entry}') in Node neither throws nor keeps the process alive`, { skip: !built && 'dist/ is not built' }, () => {
    const script = `const m = await import(${JSON.stringify(entry)}); console.log(Object.keys(m).length);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
    assert.equal(run.error, undefined, `${entry}: did not exit within 20 s (${run.error?.message})`);
    assert.equal(run.status, 0, `${entry}: ${run.stderr.split('\n').find((l) => /Error/.test(l)) ?? run.stderr}`);
  });
}

test('on a server the elements import (into Lit\'s server registry, if any) and the store works', { skip: !built && 'dist/ is not built' }, () => {
  const script = `
    const { A2uiStore, BASIC_TAGS } = await import('a2ui-elements/script-tag');
    await import('a2ui-elements/elements');
    const store = new A2uiStore();
    store.process({ version: '1.0', createSurface: { surfaceId: 's', catalogId: 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json' } });
    console.log(JSON.stringify({ surface: !!store.peekSurface('s'), tags: Object.keys(BASIC_TAGS).length}));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout.trim().split('\n').pop()!), { surface: true, tags: 18 });
});
