// Vite builds of the package (run them all with `npm run build`, i.e. build/build.mjs).
//
//   vite build --mode script   dist/a2ui-elements.js: the script-tag file, self-contained (Lit and
//                              signals bundled), defines every element but the inspector on load.
//   vite build --mode bridge   dist/a2ui-mcp-bridge.js: the McpApp chunk (MCP Apps AppBridge and
//                              our transport), imported by the script-tag file on first use.
//   vite build --mode lazy-marked, --mode lazy-jmespath, --mode lazy-icons
//                              dist/a2ui-marked.js, dist/a2ui-jmespath.js, dist/a2ui-icons.js:
//                              those packages (and the Icon path table) as ES modules, imported by
//                              the script-tag file when a text has markdown syntax / a surface
//                              calls `jmespath` / the first named icon renders.
//   vite build --mode inspector  dist/a2ui-inspector.js: `<a2ui-inspector>` as its own script-tag
//                              file (with its own copy of Lit), for pages that load a2ui-elements.js.
//   vite build --mode proxy    dist/proxy.html + its script: the MCP App sandbox proxy page, next
//                              to the script-tag file where <a2ui-mcp-app> looks for it by default.
//   vite build --mode lib      dist/{core,elements,inspector,sandbox,v09}.js: ES modules for
//                              bundlers, dependencies left as imports, shared code in dist/chunks/.
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

const BRIDGE = at('sandbox/bridge.ts');
const BRIDGE_FILE = 'a2ui-mcp-bridge.js';

/**
 * The script-tag file must not import a chunk it shares with the lazy bridge (Rolldown would split
 * the helpers both use into a third file). So the bridge is built on its own, with its own copy
 * of those few pure helpers, and the script-tag build imports it as an external file.
 */
const bridgeExternal = {
  name: 'a2ui-bridge-external',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer || !source.includes('bridge')) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved?.id === BRIDGE ? { id: `./${BRIDGE_FILE}`, external: true } : null;
  },
};

/**
 * Dependencies the script-tag file imports only dynamically, each built on its own into
 * `a2ui-<name>.js` (like the bridge: a lazy chunk built with the script-tag file would split the
 * bundler's runtime helpers it shares with it into a third file).
 */
const LAZY = { marked: 'a2ui-marked.js', jmespath: 'a2ui-jmespath.js', icons: 'a2ui-icons.js' };
/** Our own modules among them, by resolved path (the packages are matched by specifier). */
const LAZY_MODULES = { [at('elements/icons.ts')]: 'icons' };

const lazyExternal = {
  name: 'a2ui-lazy-external',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    let name = Object.hasOwn(LAZY, source) && !Object.hasOwn(LAZY_MODULES, source) ? source : undefined;
    if (!name && importer && source.startsWith('.')) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      name = resolved && LAZY_MODULES[resolved.id];
    }
    if (!name) return null;
    // A static import would make every page fetch the file before the script-tag file can run.
    if (options?.kind !== 'dynamic-import') this.error(`${source} may only be imported dynamically (import('${source}')), found in ${importer}`);
    return { id: `./${LAZY[name]}`, external: true };
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
const bundled = (entry, label) => ({
  ...common,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    minify: false,
    lib: { entry, formats: ['es'] },
    // What such a file imports lazily from our sources is inlined (the script-tag file splits instead).
    rollupOptions: { output: { entryFileNames: '[name].js', codeSplitting: false } },
  },
  plugins: [polyfillFromSource, cssTemplateMinify(), sizeReport({ label, attribute: true }), minifyChunks(), selfContained()],
});

/**
 * Our own modules the script-tag file imports on first use, split off by the bundler into
 * `a2ui-<name>.js` next to it (stable names: the files are served from one folder). Such a file
 * imports what it shares with the script-tag file from it (`./a2ui-elements.js`), so nothing is
 * loaded twice; a lazily imported module missing here fails the build (see selfContained).
 */
const SPLIT = {
  [at('elements/components/field.ts')]: 'field',
  [at('src/regex/index.ts')]: 'regex',
  [at('sandbox/index.ts')]: 'sandbox',
  [at('src/transport/text.ts')]: 'text-parser',
  [at('src/transport/stream.ts')]: 'stream',
  // A2A / MCP parts, request bodies and sendToAgent, with the first send or `transportHelpers.load()`.
  [at('src/transport/helpers.ts')]: 'transport',
  // Markdown through marked: the renderer and its sanitizer, with the first text that may be markdown.
  [at('elements/markdown-render.ts')]: 'sanitize',
  // The function calls with the agent: the pending-call table, callRendererFunction, agentFunctionResponse.
  [at('src/rpc/index.ts')]: 'function-calls',
  [at('src/functions/basic/format-date.ts')]: 'format-date',
  [at('src/functions/basic/number-functions.ts')]: 'number-functions',
  // formatString's template parser and body, with the first message that calls formatString.
  [at('src/functions/basic/format-string.ts')]: 'format-string',
  // required, length, numeric and email, with the first message that calls one.
  [at('src/functions/basic/validators.ts')]: 'validators',
  // The schema validator with what runs only with it (validation.ts: the component rules, argument
  // checks, common types, the built-in catalogs' component schemas), and what says why a value is refused.
  [at('src/validation.ts')]: 'schema',
  [at('src/schema/interpret.ts')]: 'schema-issues',
  // The draft v1.0 rewriting rules, with the first draft message.
  [at('src/draft/envelope.ts')]: 'draft',
  // Basic components defined on first use (elements/components/on-demand.ts).
  ...Object.fromEntries(['list', 'card', 'divider', 'button', 'text-field', 'image', 'icon', 'checkbox', 'video', 'audio-player', 'tabs', 'modal', 'date-time-input', 'choice-picker', 'slider'].map((n) => [at(`elements/components/${n}.ts`), n])),
};

/**
 * Modules several split files share and the first load does not use: small helpers, kept in the
 * script-tag file (the split files import them from it) instead of a common chunk of their own.
 */
// Dependencies by their real path, as the bundler names them (node_modules may be a link).
const SHARED_BY_SPLIT = [at('elements/components/util.ts'), at('src/functions/basic/numbers.ts'), realpathSync(at('node_modules/lit-html/directives/live.js')), realpathSync(at('node_modules/lit/directives/live.js'))];

/**
 * Split modules whose file is there before the others that share modules with it load: the schema
 * validator (requested when the first store is created; its explanations load only after it has
 * refused something). What they share stays in its file, which the others import from.
 */
const LOADED_FIRST = { [at('src/validation.ts')]: 'schema' };

/** `a2ui-<name>.js` for a split module, by its path (see SPLIT). */
const splitName = (chunk) => {
  // A LOADED_FIRST module's file is a group of modules (firstLoadInEntry), named after it.
  const name = (chunk.facadeModuleId && SPLIT[chunk.facadeModuleId]) || Object.values(LOADED_FIRST).find((n) => n === chunk.name);
  return name ? `a2ui-${name}.js` : `a2ui-unnamed-${chunk.name}.js`;
};

/**
 * For the inspector's script-tag file, which sits next to the script-tag file: what it imports
 * lazily from our sources is the script-tag file's split file (the same code, fetched once).
 */
const splitExternal = {
  name: 'a2ui-split-external',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (options?.kind !== 'dynamic-import' || !importer) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    const name = resolved && SPLIT[resolved.id];
    return name ? { id: `./a2ui-${name}.js`, external: true } : null;
  },
};

const configs = {
  script: (() => {
    const c = bundled({ 'a2ui-elements': at('build/entries/script-tag.ts') }, 'script-tag');
    c.plugins.unshift(bridgeExternal, lazyExternal, firstLoadInEntry('a2ui-elements', SHARED_BY_SPLIT, LOADED_FIRST));
    c.plugins = c.plugins.map((p) => (p.name === 'a2ui-self-contained' ? selfContained({ split: Object.values(SPLIT) }) : p));
    // The entry may export more than its own API: what the split files take from it.
    c.build.rollupOptions = { preserveEntrySignatures: 'allow-extension', output: { entryFileNames: '[name].js', chunkFileNames: splitName } };
    return c;
  })(),
  bridge: bundled({ [BRIDGE_FILE.replace(/\.js$/, '')]: BRIDGE }, 'mcp-bridge'),
  // One build per package, so that no two of them share a chunk.
  ...Object.fromEntries(Object.entries(LAZY).map(([dep, file]) => [`lazy-${dep}`, bundled({ [file.replace(/\.js$/, '')]: at(`build/entries/lazy-${dep}.ts`) }, `lazy-${dep}`)])),
  inspector: (() => {
    const c = bundled({ 'a2ui-inspector': at('build/entries/inspector.ts') }, 'inspector-script-tag');
    c.plugins.unshift(bridgeExternal, lazyExternal, splitExternal);
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
    plugins: [sizeReport({ label: 'proxy' })],
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
        },
        formats: ['es'],
      },
      rollupOptions: {
        external: isDependency,
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
    plugins: [sizeReport({ label: 'lib' })],
  },
};

export default defineConfig(({ mode }) => configs[mode] ?? configs.script);
export { configs, LAZY, SPLIT };
