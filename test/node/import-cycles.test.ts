/**
 * No import cycles in src/, elements/ or sandbox/: each file can be read knowing only the files it
 * imports. Type-only imports count (a cycle of types is still two files that explain each other).
 * elements/ and sandbox/ reach src/ only through its index files. The walker is checked on small
 * graphs and sources too, so a green run means it looked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { findCycles, importSpecifiers, readImportGraph, type ImportGraph } from '../support/import-graph.ts';

const ROOT = resolve(import.meta.dirname, '../..');

test('the project has no import cycles', () => {
  const graph = readImportGraph(ROOT, ['src', 'elements', 'sandbox']);
  assert.ok(graph.size > 150, `only ${graph.size} files were read`);
  assert.ok(graph.get('src/store.ts')?.includes('src/messages/apply.ts'), 'the store imports its message handlers');
  const cycles = findCycles(graph);
  assert.deepEqual(
    cycles.map((c) => `${c.cycle.join(' → ')} (${c.files.length} files: ${c.files.join(', ')})`),
    [],
  );
});

/**
 * The doors into src/ from elements/ and sandbox/: the host API, the internal seam, the two entries
 * kept out of the core bundle, and two leaf modules the sandbox's own bundles (the proxy page, the
 * bridge) read directly, because the barrel would pull the store into them (sandbox/json.ts).
 */
const DOORS = new Set(['src/index.ts', 'src/internal.ts', 'src/v09/index.ts', 'src/session/index.ts', 'src/json.ts', 'src/json-pointer.ts']);

test('the layers: src/ imports neither elements/ nor sandbox/, and they enter src/ only through its index files', () => {
  const graph = readImportGraph(ROOT, ['src', 'elements', 'sandbox']);
  const wrong: string[] = [];
  for (const [file, targets] of graph) {
    for (const t of targets) {
      if (file.startsWith('src/') && !t.startsWith('src/')) wrong.push(`${file} → ${t}`);
      if (!file.startsWith('src/') && t.startsWith('src/') && !DOORS.has(t)) wrong.push(`${file} → ${t}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('finds a cycle, prints it, and leaves acyclic graphs alone', () => {
  const g = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));
  assert.deepEqual(findCycles(g({ a: ['b'], b: ['c'], c: [] })), []);
  assert.deepEqual(findCycles(g({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] })), [], 'a diamond is not a cycle');
  assert.deepEqual(findCycles(g({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] })), [{ cycle: ['a', 'b', 'c', 'a'], files: ['a', 'b', 'c'] }]);
  assert.deepEqual(findCycles(g({ a: ['a'] })), [{ cycle: ['a', 'a'], files: ['a'] }], 'a file importing itself');
  const two = findCycles(g({ a: ['b'], b: ['a'], c: ['d'], d: ['e'], e: ['c'] }));
  assert.deepEqual(two.map((c) => c.cycle), [['a', 'b', 'a'], ['c', 'd', 'e', 'c']]);
  // The shortest way round is printed, not the first path the search took.
  assert.deepEqual(findCycles(g({ a: ['b', 'x'], b: ['c'], c: ['a'], x: ['a'] }))[0].cycle, ['a', 'x', 'a']);
});

test('reads every import form, and none written in comments, strings or regular expressions', () => {
  const source = [
    "import { a } from './a.ts';",
    "import type { B } from './b.ts';",
    "import './side-effect.ts';",
    "export { c } from './c.ts';",
    "export * from './d.ts';",
    'import {',
    '  e,',
    '  f,',
    "} from './ef.ts';",
    "const lazy = () => import('./lazy.ts');",
    "let t: typeof import('./type-query.ts').T;",
    "// import { no } from './comment.ts';",
    "/* import('./block-comment.ts') */",
    "const s = \"import x from './string.ts'\";",
    "const u = `${1} import('./template.ts')`;",
    "const r = /import\\('.\\/regex.ts'\\)/;",
    "const url = 'https://example.com'; import('./after-url.ts');",
    'const name = `x${`nested ${"}"}`}`;',
    "export const after = import('./after-template.ts');",
  ].join('\n');
  assert.deepEqual(importSpecifiers(source).sort(), ['./a.ts', './after-template.ts', './after-url.ts', './b.ts', './c.ts', './d.ts', './ef.ts', './lazy.ts', './side-effect.ts', './type-query.ts'].sort());
});
