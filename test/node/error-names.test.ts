/**
 * Error names survive minification: a bundler renames classes, and an error that reads its name
 * off its class would then print as `a: …` in a host's console and logs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';

const ERRORS = fileURLToPath(new URL('../../src/errors.ts', import.meta.url));
const CLASSES = ['A2uiError', 'ValidationError', 'IntegrityError', 'ExpressionError', 'CatalogError', 'FunctionCallError', 'DataError'];

test('every error class keeps its name and its text in a minified bundle', async () => {
  const made = CLASSES.map((c) => (c === 'A2uiError' || c === 'FunctionCallError' ? `new m.${c}('CODE', 'x')` : `new m.${c}('x')`));
  const { outputFiles } = await build({
    stdin: { contents: `import * as m from ${JSON.stringify(ERRORS)}; globalThis.out = [${made.join(', ')}].map((e) => [e.name, String(e)]);`, resolveDir: '.', loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
  });
  const sandbox: { out?: Array<[string, string]> } = {};
  runInNewContext(outputFiles[0]!.text, sandbox);
  // Through JSON: the arrays come from another realm (other prototypes).
  assert.deepEqual(JSON.parse(JSON.stringify(sandbox.out)), CLASSES.map((c) => [c, `${c}: x`]));
});
