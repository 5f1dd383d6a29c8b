/**
 * The minifier of the self-contained bundles (build/size-report.mjs minifyChunks): a chunk comes
 * out minified, doing what it did, with its license comments (each once) at the end.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error plain build script, no declarations
import { licenseComments, minifyChunks } from '../../build/size-report.mjs';

const LICENSE = '/**\n * @license\n * Copyright 2017 Google LLC\n * SPDX-License-Identifier: BSD-3-Clause\n */';

const CHUNK = `${LICENSE}
/** Not a license: dropped. */
const greeting = (name) => { const text = 'Hello, ' + name + '!'; return text; };
${LICENSE}
/*! kept as well */
export const answer = [1, 2, 3].map((n) => n * 14).reduce((a, b) => a + b, 0) / 2;
export const hello = greeting('world');
`;

/** Runs the plugin's generateBundle on one chunk; returns its code after. */
async function minified(code: string): Promise<string> {
  const plugin = minifyChunks();
  const bundle = { 'x.js': { type: 'chunk', fileName: 'x.js', code } };
  await plugin.generateBundle.call({ error: (m: string) => assert.fail(m) }, {}, bundle);
  return bundle['x.js'].code;
}

test('a chunk comes out smaller, doing the same, its license comments once each at the end', async () => {
  const out = await minified(CHUNK);
  assert.ok(out.length < CHUNK.length * 0.8, out);
  const m = await import(`data:text/javascript,${encodeURIComponent(out)}`);
  assert.deepEqual({ answer: m.answer, hello: m.hello }, { answer: 42, hello: 'Hello, world!' });
  assert.ok(!out.includes('Not a license'));
  assert.equal(out.split('@license').length - 1, 1);
  assert.ok(out.indexOf('@license') > out.indexOf('answer'), 'at the end');
  assert.ok(out.includes('/*! kept as well */'));
});

test('licenseComments finds block comments with @license or @preserve, or starting /*!', () => {
  assert.deepEqual(licenseComments(`/* plain */\n  /* @preserve x */\nlet a;\n/*! b */\n${LICENSE}\n`), [
    '/* @preserve x */',
    '/*! b */',
    '/**\n* @license\n* Copyright 2017 Google LLC\n* SPDX-License-Identifier: BSD-3-Clause\n*/',
  ]);
});
