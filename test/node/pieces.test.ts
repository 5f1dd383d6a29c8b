/**
 * The one table of pieces (build/pieces.mjs) and the code agree: every module our code imports on
 * first use is in it, the script-tag entry's first load provides exactly its FIRST_LOAD modules,
 * and src/eager.ts (the Node and bundler entries) provides every piece of the core.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error a plain ES module of the build, without declarations
import { FIRST_LOAD, ON_FIRST_USE, OWN_BUILD } from '../../build/pieces.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const sources = (dir: string) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));

/** Every `import('…')` with a literal specifier in `file`, resolved to a path from the root (packages as they are). */
function dynamicImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '');
  return [...text.matchAll(/\bimport\(\s*(?:\/\*.*?\*\/\s*)?['"]([^'"]+)['"]\s*\)/g)].map(([, spec]) =>
    spec.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), spec)) : spec,
  );
}

test('every module imported on first use in src/, elements/ and sandbox/ is in the table of pieces', () => {
  const known = new Set<string>([...FIRST_LOAD, ...Object.keys(ON_FIRST_USE), ...Object.keys(OWN_BUILD)]);
  const missing: string[] = [];
  for (const file of [...sources('src'), ...sources('elements'), ...sources('sandbox')]) {
    for (const target of dynamicImports(file)) if (!known.has(target)) missing.push(`${file} → ${target}`);
  }
  assert.deepEqual(missing, [], 'add these to build/pieces.mjs');
});

test("the script-tag file's first load imports exactly the FIRST_LOAD modules", () => {
  const text = readFileSync(join(ROOT, 'build/entries/first-load.ts'), 'utf8');
  const imported = [...text.matchAll(/^import .* from '(\.\.\/\.\.\/[^']+)';$/gm)]
    .map(([, spec]) => relative(ROOT, resolve(ROOT, 'build/entries', spec)))
    .filter((p) => !/\/(pieces|on-demand)\.ts$/.test(p));
  // field.ts, the inputs' shared base, comes with them.
  assert.deepEqual(imported.sort(), FIRST_LOAD.filter((p: string) => !p.endsWith('/field.ts')).sort());
});

test('src/eager.ts provides every piece of the core: the Node and bundler entries need no load', async () => {
  const { PIECES } = await import('../../src/pieces.ts');
  await import('../../src/eager.ts');
  const missing = Object.entries(PIECES).filter(([, piece]) => !piece.loaded).map(([name]) => name);
  assert.deepEqual(missing, []);
});

test('every core piece is either in the first load or fetched on first use', async () => {
  const fronts = readFileSync(join(ROOT, 'src/pieces.ts'), 'utf8');
  assert.match(fronts, /export const PIECES/);
  const coreModules = [...FIRST_LOAD, ...Object.keys(ON_FIRST_USE)].filter((p: string) => p.startsWith('src/'));
  for (const file of sources('src')) {
    for (const target of dynamicImports(file)) {
      if (target.startsWith('src/')) assert.ok(coreModules.includes(target), `${target} (imported on first use by ${file})`);
    }
  }
});
