// dist/custom-elements.json as the package ships it: every path and module reference is a published
// file (the .ts sources are not in the package).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
// @ts-expect-error plain build script, no declarations
import { createManifest, shippedManifest } from '../../build/cem.mjs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { exports: Record<string, string | { default: string }> };
const published = new Set(Object.values(pkg.exports).map((e) => (typeof e === 'string' ? e : e.default).replace(/^\.\//, '')));

test('custom-elements.json names only published files, and still every element', async () => {
  const source = await createManifest();
  const shipped = shippedManifest(source);
  const text = JSON.stringify(shipped);
  const refs = new Set([...shipped.modules.map((m: { path: string }) => m.path), ...[...text.matchAll(/"module":"([^"]+)"/g)].map((m) => m[1]!)]);
  assert.deepEqual([...refs].filter((r) => !published.has(r)), [], 'references to files not in the package');
  assert.doesNotMatch(text, /\.ts"/);
  const tags = (m: { modules: Array<{ exports?: Array<{ kind: string; name: string }> }> }) =>
    m.modules.flatMap((x) => (x.exports ?? []).filter((e) => e.kind === 'custom-element-definition').map((e) => e.name)).sort();
  assert.deepEqual(tags(shipped), [...new Set(tags(source))].sort());
  const surface = shipped.modules.flatMap((m: { declarations: Array<{ tagName?: string; attributes?: Array<{ name: string }> }> }) => m.declarations).find((d: { tagName?: string }) => d.tagName === 'a2ui-surface');
  assert.ok(surface?.attributes?.some((a: { name: string }) => a.name === 'surface-id'), 'a2ui-surface keeps its attributes');
});
