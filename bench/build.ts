/**
 * Bundles the bench pages (in memory) and measures workload 8, size.
 *
 * - Pages: one ES module per implementation, esbuild `--bundle --format=esm`, production
 *   conditions (Lit's production build), not minified so profiles name functions; esbuild's
 *   `// path/to/file.ts` module comments map bundle lines back to source files.
 * - Size: ours is the script-tag build exactly as `npm run build` ships it (the Vite builds of
 *   vite.config.mjs, in memory: build/shipped-size.mjs), each file gzipped at level 9 on its own,
 *   "first load" summed over the entry and its static imports, the files fetched on first use
 *   apart. The other entries of ours are bundled the way that file is built (esbuild, one minified
 *   file, the lazily imported modules left as imports); the official packages (`@a2ui/lit/v0_9`
 *   with `MessageProcessor` from `@a2ui/web_core/v0_9`, everything a page needs to render) with
 *   `esbuild --bundle --minify --splitting --format=esm`, the entry and its static imports.
 *
 * @module
 */
import { build, type BuildOptions } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, relative, resolve } from 'node:path';
import { measureShipped } from '../build/shipped-size.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const common: BuildOptions = {
  absWorkingDir: ROOT,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'chrome130',
  write: false,
  logLevel: 'error',
  legalComments: 'none',
  // As in the script-tag build (vite.config.mjs): the polyfill's published build keeps every signal
  // in module-level WeakSets whose storage only shrinks at a full GC.
  alias: { 'signal-polyfill': resolve(ROOT, 'node_modules/signal-polyfill/src/index.ts') },
};

export const PAGES = ['ours', 'official', 'raw', 'ce-shadow', 'ce-light'] as const;
export type Page = (typeof PAGES)[number];

/** The bench pages' bundles, by URL path (`/ours.js`, …). */
export async function buildPages(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const page of PAGES) {
    const result = await build({ ...common, entryPoints: [`bench/pages/${page}.ts`], minify: false, sourcemap: false, outfile: `${page}.js` });
    out.set(`/${page}.js`, result.outputFiles![0].text);
  }
  return out;
}

export interface SizeEntry {
  label: string;
  minified: number;
  gzip: number;
}

/**
 * What is measured besides the shipped script-tag file: entries of ours as one file each (how the
 * script-tag file is built), the official packages with code splitting.
 */
const SIZE_ENTRIES: Array<{ key: string; label: string; contents: string; split?: boolean }> = [
  {
    key: 'oursCore',
    label: 'ours: store + elements only (no sandbox front), first load',
    contents: `export * from './src/index.ts';\nexport * from './elements/index.ts';\n`,
  },
  {
    key: 'oursV09',
    label: 'ours + v0.9 input (elements/v09.ts), first load',
    contents: `export * from './build/entries/script-tag.ts';\nexport * from './elements/v09.ts';\n`,
  },
  {
    key: 'official',
    label: 'official: @a2ui/lit/v0_9 + MessageProcessor (lit included, no markdown renderer)',
    contents: `export * from '@a2ui/lit/v0_9';\nexport { MessageProcessor } from '@a2ui/web_core/v0_9';\n`,
    split: true,
  },
];

/** Workload 8: minified and gzip bytes of each first load (gzip -9 per file, summed). */
export async function measureSizes(): Promise<Record<string, SizeEntry>> {
  const shipped = await measureShipped();
  const out: Record<string, SizeEntry> = {
    ours: { label: `ours: dist/${shipped.firstLoad.files.join(' + ')} as shipped, first load (store, elements, lit; the rest on first use)`, ...bytes(shipped.firstLoad) },
    oursSurface: { label: `ours: + what the first surface waits for (${shipped.firstSurface.files.slice(1).join(' + ')}: fetched when the store is created)`, ...bytes(shipped.firstSurface) },
    oursDraftSurface: { label: `ours: + what a first draft v1.0 surface waits for (${shipped.firstDraftSurface.files.slice(1).join(' + ')})`, ...bytes(shipped.firstDraftSurface) },
    oursLazy: { label: `ours: the ${shipped.onFirstUse.files.length} files fetched on first use (regex checker, sandbox + MCP Apps bridge, text parser, rare components, marked, …)`, ...bytes(shipped.onFirstUse) },
  };
  for (const { key, label, contents, split } of SIZE_ENTRIES) {
    if (!split) {
      const code = await firstLoadFile(contents);
      out[key] = { label, minified: code.length, gzip: gzipSync(code, { level: 9 }).length };
      continue;
    }
    const result = await build({
      ...common,
      stdin: { contents, resolveDir: ROOT, sourcefile: `size-${key}.ts`, loader: 'ts' as const },
      minify: true,
      splitting: true,
      metafile: true,
      outdir: 'size-out',
      entryNames: `size-${key}`,
    });
    const files = new Map(result.outputFiles!.map((f) => [relative(ROOT, f.path), f.contents]));
    const outputs = result.metafile!.outputs;
    const main = Object.keys(outputs).find((o) => outputs[o].entryPoint === `size-${key}.ts`)!;
    // The entry and what it imports statically; dynamic imports load later.
    const first = new Set<string>();
    const visit = (o: string) => {
      if (first.has(o)) return;
      first.add(o);
      for (const i of outputs[o].imports) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
    };
    visit(main);
    out[key] = {
      label,
      minified: [...first].reduce((n, o) => n + files.get(o)!.length, 0),
      gzip: [...first].reduce((n, o) => n + gzipSync(files.get(o)!, { level: 9 }).length, 0),
    };
  }
  return out;
}

const bytes = ({ minified, gzip }: { minified: number; gzip: number }) => ({ minified, gzip });

/**
 * A module's source (`contents`, resolved from the repo root) bundled into one minified file with
 * every dynamic import left as an import of its own file, which is how the script-tag build ships
 * its first load (vite.config.mjs keeps the entry's static closure in one chunk, and the split
 * files import what they share with it from it). `exclude`: specifiers also left out (the
 * leave-one-out below).
 */
async function firstLoadFile(contents: string, exclude?: RegExp): Promise<Uint8Array> {
  const result = await build({
    ...common,
    logLevel: 'silent',
    stdin: { contents, resolveDir: ROOT, sourcefile: 'size-first-load.ts', loader: 'ts' },
    minify: true,
    outfile: 'size-first-load.js',
    plugins: [{ name: 'leave-out', setup: (b) => b.onResolve({ filter: /.*/ }, (a) => (a.kind === 'dynamic-import' || exclude?.test(a.path) ? { path: a.path, external: true } : undefined)) }],
  });
  return result.outputFiles![0].contents;
}

/** What part of the script-tag build's gzip size each piece accounts for (leave-one-out). */
export interface SizeShare {
  piece: string;
  /** Gzip bytes saved when the piece is left out of the bundle (marked external). */
  gzipSaved: number;
}

/**
 * The first load's larger pieces. What moved to files of its own on first use (schema validation,
 * transport helpers, function calls with the agent, catalog documents) is no longer listed: left
 * out here, it would only swap its lazy import for a static one.
 */
const PIECES: Array<[string, RegExp]> = [
  ['lit (lit-html, lit-element, @lit/*)', /^(lit|lit-html|lit-element|@lit\/)/],
  ['signal-polyfill', /^signal-polyfill$/],
  ['elements/reactive (the reactivity seam)', /(^|\/)reactive\/index\.ts$/],
  ['src/messages (applying the agent\'s messages)', /(^|\/)messages\/apply\.ts$/],
  ['src/catalog (catalogs, built-in catalog indexes)', /(^|\/)catalog\/(catalog|basic|mcp)\.ts$/],
  ['src/functions (basic catalog functions)', /(^|\/)functions\/basic\/index\.ts$/],
  ['elements/markdown.ts (plain-text path, marked glue)', /(^|\/)markdown\.ts$/],
];

export async function sizeBreakdown(): Promise<SizeShare[]> {
  const gzip = async (exclude?: RegExp) => gzipSync(await firstLoadFile(`export * from './build/entries/script-tag.ts';\n`, exclude), { level: 9 }).length;
  const all = await gzip();
  const out: SizeShare[] = [];
  for (const [piece, re] of PIECES) out.push({ piece, gzipSaved: all - (await gzip(re)) });
  return out.sort((a, b) => b.gzipSaved - a.gzipSaved);
}

/** The ours page bundled from the checkout at `root` (the "before" of a before/after pair), as this tree's is bundled. */
export async function oursPageFrom(root: string): Promise<string> {
  const result = await build({
    ...common,
    absWorkingDir: root,
    alias: { 'signal-polyfill': resolve(root, 'node_modules/signal-polyfill/src/index.ts') },
    entryPoints: ['bench/pages/ours.ts'],
    minify: false,
    outfile: 'ours.js',
  });
  return result.outputFiles![0].text;
}
