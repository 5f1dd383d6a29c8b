/**
 * Bundles the bench pages (in memory) and measures workload 8, size.
 *
 * - Pages: one ES module per implementation, esbuild `--bundle --format=esm`, production
 *   conditions (Lit's production build), not minified so profiles name functions; esbuild's
 *   `// path/to/file.ts` module comments map bundle lines back to source files.
 * - Size: the script-tag build is `src/index.ts` + `elements/index.ts` in one module (what the
 *   README's `<script type="module" src="a2ui-elements.js">` loads; there is no `dist/` build yet),
 *   bundled with `esbuild --bundle --minify --format=esm` and gzipped at level 9; the official
 *   packages (`@a2ui/lit/v0_9` with `MessageProcessor` from `@a2ui/web_core/v0_9`, everything a
 *   page needs to render) are bundled and gzipped the same way.
 *
 * @module
 */
import { build, type BuildOptions } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const common: BuildOptions = {
  absWorkingDir: ROOT,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'chrome130',
  write: false,
  logLevel: 'error',
  legalComments: 'none',
};

export const PAGES = ['ours', 'official', 'raw'] as const;
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

const SIZE_ENTRIES: Array<{ key: string; label: string; contents: string }> = [
  {
    key: 'ours',
    label: 'ours: script-tag build (src + elements, lit and marked included)',
    contents: `export * from './src/index.ts';\nexport * from './elements/index.ts';\n`,
  },
  {
    key: 'oursV09',
    label: 'ours + v0.9 input (elements/v09.ts)',
    contents: `export * from './src/index.ts';\nexport * from './elements/index.ts';\nexport * from './elements/v09.ts';\n`,
  },
  {
    key: 'official',
    label: 'official: @a2ui/lit/v0_9 + MessageProcessor (lit included, no markdown renderer)',
    contents: `export * from '@a2ui/lit/v0_9';\nexport { MessageProcessor } from '@a2ui/web_core/v0_9';\n`,
  },
];

/** Workload 8: minified and gzip bytes of each bundle. */
export async function measureSizes(): Promise<Record<string, SizeEntry>> {
  const out: Record<string, SizeEntry> = {};
  for (const { key, label, contents } of SIZE_ENTRIES) {
    const result = await build({
      ...common,
      stdin: { contents, resolveDir: ROOT, sourcefile: `size-${key}.ts`, loader: 'ts' },
      minify: true,
      outfile: `size-${key}.js`,
    });
    const bytes = result.outputFiles![0].contents;
    out[key] = { label, minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  }
  return out;
}

/** What part of the script-tag build's gzip size each piece accounts for (leave-one-out). */
export interface SizeShare {
  piece: string;
  /** Gzip bytes saved when the piece is left out of the bundle (marked external). */
  gzipSaved: number;
}

const PIECES: Array<[string, RegExp]> = [
  ['marked (markdown)', /^marked$/],
  ['lit, lit-html, @lit/*, @lit-labs/signals', /^(lit|lit-html|lit-element|@lit\/|@lit-labs\/)/],
  ['signal-polyfill', /^signal-polyfill$/],
  ['src/regex (dialect + safety check)', /(^|\/)regex\/index\.ts$/],
  ['src/schema + schema-check (JSON Schema validation)', /(^|\/)schema\/[\w-]+\.ts$|schema-check\.ts$/],
  ['src/functions (basic catalog functions)', /(^|\/)functions\/basic\/index\.ts$/],
  ['src/catalog/definitions (catalog JSON as TS)', /(^|\/)definitions\/[\w-]+\.ts$/],
  ['elements/icons.ts (icon paths)', /(^|\/)icons\.ts$/],
  ['elements/markdown.ts + sanitize.ts', /(^|\/)(markdown|sanitize)\.ts$/],
];

export async function sizeBreakdown(): Promise<SizeShare[]> {
  const contents = SIZE_ENTRIES[0].contents;
  const gzip = async (exclude?: RegExp) => {
    const result = await build({
      ...common,
      logLevel: 'silent',
      stdin: { contents, resolveDir: ROOT, sourcefile: 'size-breakdown.ts', loader: 'ts' },
      minify: true,
      outfile: 'size-breakdown.js',
      plugins: exclude ? [{ name: 'leave-out', setup: (b) => b.onResolve({ filter: /.*/ }, (a) => (exclude.test(a.path) ? { path: a.path, external: true } : undefined)) }] : [],
    });
    return gzipSync(result.outputFiles![0].contents, { level: 9 }).length;
  };
  const all = await gzip();
  const out: SizeShare[] = [];
  for (const [piece, re] of PIECES) out.push({ piece, gzipSaved: all - (await gzip(re)) });
  return out.sort((a, b) => b.gzipSaved - a.gzipSaved);
}
