// The element classes' @csspart, @cssprop, @fires and @slot tags against the code they describe,
// and the elements README's generated tables against the manifest those tags make.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
// @ts-expect-error plain build script, no declarations
import { createManifest } from '../../build/cem.mjs';
// @ts-expect-error plain build script, no declarations
import { elementTables, readmeSection } from '../../build/element-docs.mjs';
import { BASIC_TAGS, PLACEHOLDER_TAG, UNKNOWN_TAG } from '../../elements/basic-tags.ts';
import { PART_NAMES } from '../../elements/parts.ts';
import { TOKEN_NAMES } from '../../elements/theme.ts';

interface Named {
  name: string;
  description?: string;
}
interface Declaration {
  kind: string;
  name: string;
  customElement?: boolean;
  tagName?: string;
  superclass?: { name: string; module?: string };
  cssParts?: Named[];
  cssProperties?: Named[];
  events?: Named[];
  slots?: Named[];
}
interface Manifest {
  modules: { path: string; declarations?: Declaration[] }[];
}

const names = (list: Named[] | undefined) => new Set((list ?? []).map((x) => x.name));
const COMPONENT_TAGS = new Set<string>([...Object.values(BASIC_TAGS), UNKNOWN_TAG, PLACEHOLDER_TAG]);

/** Part names a module's templates write literally (`part="a b"`, `part=${x ? 'a' : 'b'}`, setAttribute). */
function literalParts(source: string): Set<string> {
  const out = new Set<string>();
  for (const [, value] of source.matchAll(/\bpart="([^"]*)"/g)) for (const p of value.split(/\s+/)) if (p && !p.includes('$')) out.add(p);
  for (const [, expr] of source.matchAll(/\bpart=\$\{([^}]*)\}/g)) for (const [, v] of expr.matchAll(/'([^']+)'/g)) for (const p of v.split(/\s+/)) out.add(p);
  for (const [, v] of source.matchAll(/setAttribute\('part', '([^']+)'\)/g)) out.add(v);
  return out;
}

/** Theme tokens a module's styles read (`var(--_a2ui-x)` is the resolved `--a2ui-x`). */
const tokensRead = (source: string) => new Set([...source.matchAll(/--_a2ui-([a-z0-9-]+)/g)].map((m) => `--a2ui-${m[1]}`));

describe('element docs', () => {
  let manifest: Manifest;
  let modules: { path: string; source: string; classes: Declaration[] }[];
  before(async () => {
    manifest = await createManifest();
    modules = manifest.modules
      .map((m) => ({ path: m.path, source: readFileSync(m.path, 'utf8'), classes: (m.declarations ?? []).filter((d) => d.kind === 'class' && (d.customElement || d.cssParts || d.cssProperties)) }))
      .filter((m) => m.classes.length);
  });

  test('elements/README.md has the tables the manifest makes (node build/element-docs.mjs --write)', () => {
    const have = String(readmeSection()).split('\n');
    const want: string[] = elementTables(manifest).split('\n');
    // Only the lines that differ, so a stale README reads as one or two lines.
    const stale = [...want.filter((l) => !have.includes(l)).map((l) => `missing: ${l}`), ...have.filter((l) => !want.includes(l)).map((l) => `stale:   ${l}`)];
    assert.deepEqual(stale, []);
    assert.deepEqual(have, want, 'same lines, other order');
  });

  test('every element with a tag documents its parts', () => {
    const bare = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName && !d.cssParts?.length);
    assert.deepEqual(bare.map((d) => d.tagName), []);
  });

  test('every part a template writes is documented on its element', () => {
    const missing: string[] = [];
    for (const m of modules) {
      const documented = new Set(m.classes.flatMap((c) => [...names(c.cssParts)]));
      for (const p of literalParts(m.source)) if (!documented.has(p)) missing.push(`${m.path}: ${p}`);
    }
    assert.deepEqual(missing, []);
  });

  test("component elements' parts are the PART_NAMES a surface exports", () => {
    const known = new Set<string>(PART_NAMES);
    const stray = manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .filter((d) => d.tagName && COMPONENT_TAGS.has(d.tagName))
      .flatMap((d) => [...names(d.cssParts)].filter((p) => !known.has(p)).map((p) => `${d.tagName}: ${p}`));
    assert.deepEqual(stray, []);
  });

  test('every theme token a module reads is documented on its element, and none it does not read', () => {
    const wrong: string[] = [];
    for (const m of modules) {
      if (m.path === 'elements/surface.ts') continue; // the surface documents every token (next test)
      const read = tokensRead(m.source);
      const documented = new Set(m.classes.flatMap((c) => [...names(c.cssProperties)]));
      // Own entries (not inherited from a superclass's module) must be read here.
      const own = m.classes.flatMap((c) => (c.cssProperties ?? []).filter((p) => !('inheritedFrom' in p)).map((p) => p.name));
      for (const t of read) if (!documented.has(t)) wrong.push(`${m.path} reads ${t} but does not document it`);
      for (const t of own) if (!read.has(t) && !m.source.includes(t)) wrong.push(`${m.path} documents ${t} but never reads it`);
    }
    assert.deepEqual(wrong, []);
  });

  test('<a2ui-surface> documents every theme token, each with its use', () => {
    const surface = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'a2ui-surface')!;
    assert.deepEqual([...names(surface.cssProperties)].sort(), [...TOKEN_NAMES].sort());
    assert.deepEqual(surface.cssProperties!.filter((p) => !p.description).map((p) => p.name), []);
  });

  test('every event an element dispatches is documented with @fires', () => {
    const bare = manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .filter((d) => d.tagName)
      .flatMap((d) => (d.events ?? []).filter((e) => !e.description).map((e) => `${d.tagName}: ${e.name}`));
    assert.deepEqual(bare, []);
  });
});
