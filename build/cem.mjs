// Generates dist/custom-elements.json (Custom Elements Manifest) from the TypeScript sources with
// @custom-elements-manifest/analyzer and its Lit plugin.
//
// Two things the analyzer cannot see on its own, added here:
// - tags defined through a helper or a loop (elements/index.ts: `define(BASIC_TAGS[type], cls)`):
//   the tags come from the table itself (elements/basic-tags.ts, imported), the class of a type
//   is `A2ui<Type>` (as elements/index.ts BASIC_ELEMENTS names them; a missing class fails the
//   build); the dist smoke test checks the manifest against the tags a browser defines;
// - `@property({ attribute: false, ...shared })`: the Lit plugin crashes on a spread in the options,
//   so spreads are dropped from the text it parses (the sources are not touched);
// - `static properties = { x: { state: true } }` (the first-load elements declare their reactive
//   properties so, not with decorators): the Lit plugin takes such internal state for an attribute.
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, normalize, relative, resolve } from 'node:path';
import { create, ts } from '@custom-elements-manifest/analyzer';
import { tsImport } from 'tsx/esm/api';
import { litPlugin } from '@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const OUT = join(ROOT, 'dist', 'custom-elements.json');

function files(dir, recursive) {
  return readdirSync(join(ROOT, dir), { recursive, withFileTypes: false })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

/** Tag → class name for elements defined without a literal `customElements.define('tag', Class)`. */
async function helperDefinitions() {
  const { BASIC_TAGS, SURFACE_TAG, UNKNOWN_TAG, PLACEHOLDER_TAG } = await tsImport('../elements/basic-tags.ts', import.meta.url);
  const module = 'elements/index.ts';
  return [
    { tag: SURFACE_TAG, className: 'A2uiSurfaceElement', module },
    { tag: UNKNOWN_TAG, className: 'A2uiUnknown', module },
    { tag: PLACEHOLDER_TAG, className: 'A2uiPlaceholder', module },
    ...Object.entries(BASIC_TAGS).map(([type, tag]) => ({ tag, className: `A2ui${type}`, module })),
  ];
}

/** Marks the helper-defined classes as custom elements and adds their definitions. */
function definitionsPlugin(defs) {
  return {
    name: 'a2ui-definitions',
    packageLinkPhase({ customElementsManifest }) {
      const modules = customElementsManifest.modules;
      for (const m of modules) {
        // `customElements.define(tag, cls)` inside the helper itself is not a definition.
        if (m.exports) m.exports = m.exports.filter((e) => e.kind !== 'custom-element-definition' || e.name.includes('-'));
        // `dispatchEvent(new CustomEvent(type, …))` in a generic emitter is not an event named "type".
        for (const decl of m.declarations ?? []) if (decl.events) decl.events = decl.events.filter((e) => e.name !== 'type');
      }
      for (const d of defs) {
        const home = modules.find((m) => m.declarations?.some((x) => x.kind === 'class' && x.name === d.className));
        if (!home) throw new Error(`cem: class ${d.className} (${d.tag}) not found`);
        const decl = home.declarations.find((x) => x.name === d.className);
        decl.customElement = true;
        decl.tagName = d.tag;
        const definer = modules.find((m) => m.path === d.module);
        definer.exports ??= [];
        if (!definer.exports.some((e) => e.kind === 'custom-element-definition' && e.name === d.tag)) {
          definer.exports.push({ kind: 'custom-element-definition', name: d.tag, declaration: { name: d.className, module: home.path } });
        }
      }
    },
  };
}

/**
 * Drops the attribute the Lit plugin gives an internal reactive state declared in `static
 * properties` (`x: { state: true }`), as `@state()` has none. `states`: module path → field names.
 */
function statesPlugin(states) {
  const isState = (module, field) => states.get(module)?.has(field) === true;
  return {
    name: 'a2ui-static-states',
    packageLinkPhase({ customElementsManifest }) {
      for (const m of customElementsManifest.modules) {
        for (const decl of m.declarations ?? []) {
          const home = (x) => x.inheritedFrom?.module ?? m.path;
          for (const member of decl.members ?? []) if (isState(home(member), member.name)) delete member.attribute;
          if (!decl.attributes) continue;
          decl.attributes = decl.attributes.filter((a) => !isState(home(a), a.fieldName));
          if (!decl.attributes.length) delete decl.attributes;
        }
      }
    },
  };
}

/** The manifest of elements/ and sandbox/, as an object (nothing written). */
export async function createManifest() {
  const paths = [...files('elements', true), ...files('sandbox', false)].filter((p) => !p.endsWith('proxy.ts'));
  const states = new Map();
  const modules = paths.map((p) => {
    const text = readFileSync(join(ROOT, p), 'utf8').replace(/,\s*\.\.\.\w+(?=\s*\})/g, '');
    const path = relative(ROOT, join(ROOT, p));
    states.set(path, new Set([...text.matchAll(/\b(\w+): \{ state: true \}/g)].map((x) => x[1])));
    return ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
  });
  return create({ modules, plugins: [...litPlugin(), definitionsPlugin(await helperDefinitions()), statesPlugin(states)] });
}

/** The published file (package-relative) a source module ships in. */
function shippedIn(source) {
  if (source.startsWith('sandbox/')) return 'dist/sandbox.js';
  if (source.startsWith('elements/inspector')) return 'dist/inspector.js';
  if (source.startsWith('elements/')) return 'dist/elements.js';
  return 'dist/core.js';
}

/**
 * The manifest as the package ships it: one module per published file (`dist/elements.js`,
 * `dist/inspector.js`, `dist/sandbox.js`) holding the classes and definitions of the sources in it,
 * and every `module` reference pointing at a published file — the `.ts` sources are not in the
 * package, and a tool that follows a path must find the file.
 */
export function shippedManifest(manifest) {
  /** `ref` (a source path, `/elements/x.ts`, or relative to `from`) → its published file. */
  const resolveRef = (ref, from) => (/\.ts$/.test(ref) ? shippedIn(ref.startsWith('.') ? normalize(join(dirname(from), ref)) : ref.replace(/^\//, '')) : ref);
  const rewrite = (value, from) => {
    if (Array.isArray(value)) return value.map((v) => rewrite(v, from));
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'module' && typeof v === 'string' ? resolveRef(v, from) : rewrite(v, from)]));
  };
  const files = new Map();
  for (const m of manifest.modules) {
    const path = shippedIn(m.path);
    if (!files.has(path)) files.set(path, { kind: 'javascript-module', path, declarations: [], exports: [] });
    const file = files.get(path);
    const classes = (m.declarations ?? []).filter((d) => d.kind === 'class' || d.kind === 'mixin');
    for (const d of classes) if (!file.declarations.some((x) => x.name === d.name)) file.declarations.push(rewrite(d, m.path));
    for (const e of m.exports ?? []) {
      const kept = e.kind === 'custom-element-definition' || classes.some((d) => d.name === e.declaration?.name);
      if (kept && !file.exports.some((x) => x.kind === e.kind && x.name === e.name)) file.exports.push(rewrite(e, m.path));
    }
  }
  return { ...manifest, modules: [...files.values()].filter((f) => f.declarations.length || f.exports.length) };
}

/** Writes dist/custom-elements.json; returns its path and the tags it defines. */
export async function generateManifest() {
  const manifest = shippedManifest(await createManifest());
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  writeFileSync(OUT, JSON.stringify(manifest, null, 2) + '\n');
  const tags = manifest.modules.flatMap((m) => (m.exports ?? []).filter((e) => e.kind === 'custom-element-definition').map((e) => e.name));
  return { file: relative(ROOT, OUT), tags: [...new Set(tags)].sort() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { file, tags } = await generateManifest();
  console.log(`${file}: ${tags.length} elements: ${tags.join(', ')}`);
}
