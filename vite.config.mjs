// Vite builds of the package (run them all with `npm run build`, i.e. build/build.mjs). What goes
// where is the table in build/pieces.mjs.
//
//   vite build --mode script   dist/a2ui-elements.js: the script-tag file, self-contained (Lit and
//                              signals bundled): the core, <a2ui-surface>, every element a typical
//                              surface uses and the pieces it needs (FIRST_LOAD), defined on load;
//                              the rest split off into a2ui-<name>-<hash>.js (ON_FIRST_USE).
//   vite build --mode own-<name>  dist/a2ui-<name>-<hash>.js for OWN_BUILD: marked, jmespath, the
//                              Icon path table, the MCP Apps bridge, each built on its own.
//   vite build --mode inspector  dist/a2ui-inspector.js: `<a2ui-inspector>` as its own script-tag
//                              file (with its own copy of Lit and the core), for pages that load
//                              a2ui-elements.js.
//   vite build --mode proxy    dist/proxy.html: the MCP App sandbox proxy page, its script inline
//                              (build/proxy-page.mjs), next to the script-tag file where
//                              <a2ui-mcp-app> looks for it by default.
//   vite build --mode lib      dist/{core,elements,inspector,sandbox,v09}.js: ES modules for
//                              bundlers, dependencies left as imports, shared code in dist/chunks/;
//                              every piece of the core and every component up front; the
//                              proxy page referred to as an asset of the package
//                              (build/proxy-page.mjs), which the page's bundler copies.
//
// Legacy decorators: Vite 8 (Oxc) lowers `experimentalDecorators` from tsconfig.json; standard
// decorators would be left raw (../shared/notes/toolchain.md §4).
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { build as esbuild } from 'esbuild';
import { minifyChunks, selfContained, sizeReport } from './build/size-report.mjs';
import { firstLoadInEntry } from './build/first-load.mjs';
import { cssTemplateMinify } from './build/css-templates.mjs';
import { FIRST_LOAD, ON_FIRST_USE, OWN_BUILD } from './build/pieces.mjs';
import { inlineProxyScript, proxyPageAsset } from './build/proxy-page.mjs';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const at = (p) => resolve(ROOT, p);

/** Runtime dependencies: bundled into the script-tag files (see LAZY), left as imports in the lib build. */
const DEPENDENCIES = ['lit', 'signal-polyfill', 'marked', 'jmespath', '@modelcontextprotocol/ext-apps'];
const isDependency = (id) => DEPENDENCIES.some((d) => id === d || id.startsWith(d + '/'));

const common = {
  root: ROOT,
  configFile: false,
  logLevel: 'warn',
  publicDir: false,
  // Some bundled dependencies read process.env.NODE_ENV; a browser has no `process`.
  define: { 'process.env.NODE_ENV': '"production"' },
};

/**
 * The files built on their own (OWN_BUILD in build/pieces.mjs): the name each build gave its file
 * (`a2ui-<name>-<hash>.js`), recorded when it ran, for the script-tag build that imports them as
 * external files afterwards (build/build.mjs runs them first). A build of the script-tag file alone
 * (build/cost.mjs) points at the unhashed name.
 */
const OWN_FILES = new Map();
const ownFile = (name) => OWN_FILES.get(name) ?? `a2ui-${name}.js`;
const OWN_PATHS = new Map(Object.entries(OWN_BUILD).filter(([k]) => k.includes('/')).map(([k, v]) => [at(k), v.name]));

/** Records the file name a build of an OWN_BUILD piece gave its entry. */
const recordFile = (name) => ({
  name: 'a2ui-record-file',
  generateBundle(_options, bundle) {
    const entry = Object.values(bundle).find((o) => o.type === 'chunk' && o.isEntry);
    OWN_FILES.set(name, entry.fileName);
  },
});

/**
 * An OWN_BUILD piece is imported as its own file (`./a2ui-<name>-<hash>.js`), never bundled in:
 * the packages by specifier, our modules by resolved path. A static import would make every page
 * fetch the file before the script-tag file can run, so only dynamic imports are allowed.
 */
const ownBuildExternal = {
  name: 'a2ui-own-build-external',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    let name = Object.hasOwn(OWN_BUILD, source) && !source.includes('/') ? OWN_BUILD[source].name : undefined;
    if (!name && importer && source.startsWith('.')) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      name = resolved && OWN_PATHS.get(resolved.id);
    }
    if (!name) return null;
    if (options?.kind !== 'dynamic-import') this.error(`${source} may only be imported dynamically (import('${source}')), found in ${importer}`);
    return { id: `./${ownFile(name)}`, external: true };
  },
};

/**
 * signal-polyfill from its TypeScript sources: its published build lowers the `#brand` private
 * methods to module-level WeakSets that every signal is added to; their backing stores only shrink
 * at a full GC, so a page creating and dropping surfaces held ~1.5 MB per 1,000 surfaces there
 * (bench churn). Compiled for es2022 the private methods stay native and cost nothing. esbuild
 * compiles them (the sources use TypeScript namespaces, which Oxc does not transform).
 */
const POLYFILL_ID = '\0signal-polyfill-from-source';
const polyfillFromSource = {
  name: 'a2ui-signal-polyfill-from-source',
  enforce: 'pre',
  resolveId: (source) => (source === 'signal-polyfill' ? POLYFILL_ID : null),
  async load(id) {
    if (id !== POLYFILL_ID) return null;
    const out = await esbuild({ entryPoints: [at('node_modules/signal-polyfill/src/index.ts')], bundle: true, format: 'esm', target: 'es2022', write: false, legalComments: 'none' });
    return out.outputFiles[0].text;
  },
};

/** One self-contained, fully minified file per entry (library mode keeps whitespace for `es`). */
const bundled = (entry, label, fileNames = '[name].js') => ({
  ...common,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    minify: false,
    lib: { entry, formats: ['es'] },
    // What such a file imports lazily from our sources is inlined (the script-tag file splits instead).
    rollupOptions: { output: { entryFileNames: fileNames, codeSplitting: false } },
  },
  plugins: [polyfillFromSource, cssTemplateMinify(), sizeReport({ label, attribute: true }), minifyChunks(), selfContained()],
});

/** ON_FIRST_USE by resolved path. */
const SPLIT = Object.fromEntries(Object.entries(ON_FIRST_USE).map(([path, name]) => [at(path), name]));

/**
 * Modules several split files share and the first load does not use: small helpers, kept in the
 * script-tag file (the split files import them from it) instead of a common chunk of their own.
 */
const SHARED_BY_SPLIT = [at('elements/components/util.ts'), at('src/functions/basic/numbers.ts'), realpathSync(at('node_modules/lit-html/directives/live.js')), realpathSync(at('node_modules/lit/directives/live.js'))];

/** `a2ui-<name>-<hash>.js` for a split module, by its path (see SPLIT). */
const splitName = (chunk) => {
  const name = chunk.facadeModuleId && SPLIT[chunk.facadeModuleId];
  return name ? `a2ui-${name}-[hash].js` : `a2ui-unnamed-${chunk.name}-[hash].js`;
};

/**
 * build/entries/first-load.ts must import exactly FIRST_LOAD's modules: the table says what the
 * first load holds, the entry makes it so (statically imported modules land in the entry chunk).
 */
const firstLoadMatchesTable = {
  name: 'a2ui-first-load-matches-table',
  buildEnd() {
    const entry = at('build/entries/first-load.ts');
    const imported = new Set(this.getModuleInfo(entry)?.importedIds ?? []);
    const want = new Set(FIRST_LOAD.map(at).filter((p) => !p.endsWith('/field.ts')));
    const missing = [...want].filter((p) => !imported.has(p));
    if (missing.length) this.error(`build/entries/first-load.ts does not import ${missing.join(', ')} (FIRST_LOAD in build/pieces.mjs)`);
    for (const id of imported) {
      const isPiece = id.includes('/src/') || id.includes('/elements/components/');
      const helper = /\/(pieces|on-demand)\.ts$/.test(id);
      if (isPiece && !helper && !want.has(id)) this.error(`build/entries/first-load.ts imports ${id}, which FIRST_LOAD (build/pieces.mjs) does not list`);
    }
  },
};

const configs = {
  script: (() => {
    const c = bundled({ 'a2ui-elements': at('build/entries/script-tag.ts') }, 'script-tag');
    c.plugins.unshift(ownBuildExternal, firstLoadMatchesTable, firstLoadInEntry('a2ui-elements', SHARED_BY_SPLIT));
    c.plugins = c.plugins.map((p) => (p.name === 'a2ui-self-contained' ? selfContained({ split: Object.values(SPLIT) }) : p));
    // The entry may export more than its own API: what the split files take from it.
    c.build.rollupOptions = { preserveEntrySignatures: 'allow-extension', output: { entryFileNames: '[name].js', chunkFileNames: splitName } };
    return c;
  })(),
  // One build per OWN_BUILD piece, so that no two of them share a chunk.
  ...Object.fromEntries(
    Object.values(OWN_BUILD).map(({ name, entry }) => {
      const c = bundled({ [`a2ui-${name}`]: at(entry) }, name, '[name]-[hash].js');
      c.plugins.push(recordFile(name));
      return [`own-${name}`, c];
    }),
  ),
  inspector: (() => {
    const c = bundled({ 'a2ui-inspector': at('build/entries/inspector.ts') }, 'inspector-script-tag');
    c.plugins.unshift(ownBuildExternal);
    return c;
  })(),
  proxy: {
    ...common,
    root: at('sandbox'),
    base: './',
    build: {
      outDir: at('dist'),
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      modulePreload: false,
      assetsDir: '',
      rollupOptions: {
        input: { proxy: at('sandbox/proxy.html') },
        output: { entryFileNames: 'a2ui-proxy.js' },
      },
    },
    plugins: [inlineProxyScript(), sizeReport({ label: 'proxy' })],
  },
  lib: {
    ...common,
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: true,
      minify: false,
      lib: {
        entry: {
          core: at('build/entries/core.ts'),
          elements: at('build/entries/elements.ts'),
          inspector: at('build/entries/inspector.ts'),
          sandbox: at('build/entries/sandbox.ts'),
          v09: at('build/entries/v09.ts'),
          transport: at('build/entries/transport.ts'),
          'script-tag-node': at('build/entries/script-tag-node.ts'),
          scoped: at('build/entries/scoped.ts'),
        },
        formats: ['es'],
      },
      rollupOptions: {
        external: isDependency,
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
    plugins: [proxyPageAsset(), sizeReport({ label: 'lib' })],
  },
};

export default defineConfig(({ mode }) => configs[mode] ?? configs.script);
export { configs, SPLIT, OWN_FILES };
