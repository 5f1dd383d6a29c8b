// Vite plugins for the package build: full minification of self-contained bundles, and a size
// report (raw and gzip bytes per output file; for bundles, what each dependency and source folder
// costs). Reports are printed and appended to dist/.sizes.json for build/build.mjs to summarize.
import { appendFileSync, mkdirSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { transform, transformSync } from 'esbuild';
import { minify } from 'vite';

const ROOT = resolve(new URL('..', import.meta.url).pathname);

/** gzip -9 size in bytes. */
export function gzipSize(text) {
  return gzipSync(typeof text === 'string' ? Buffer.from(text) : text, { level: 9 }).length;
}

export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/**
 * Minifies every chunk completely. Vite's library mode keeps whitespace in `es` output (so that
 * bundlers can tree-shake it) and re-prints whatever `renderChunk` returns, so this runs last, in
 * `generateBundle`; the script-tag file is not tree-shaken again. Each chunk is minified by both
 * Oxc (Vite's `minify`, what Vite 8 minifies applications with) and esbuild, and keeps the output
 * that gzips smaller: Oxc's for the script-tag file (51.4 KB where esbuild's was 52.6 KB, mostly its
 * naming) and the MCP Apps bridge (66 KB against 86 KB: it drops the bridge's unused top-level
 * code, which esbuild's transform keeps), esbuild's for the inspector's file (23.5 KB against
 * 25.0 KB). License comments are kept at the end of the file (Oxc drops them: they are put back
 * as esbuild's `legalComments: 'eof'` keeps them). (No source maps for these files.)
 */
export function minifyChunks() {
  return {
    name: 'a2ui-minify-chunks',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        const [oxc, es] = await Promise.all([
          minify(out.fileName, out.code, { module: true, compress: { target: 'es2022' } }),
          transform(out.code, { minify: true, format: 'esm', target: 'es2022', legalComments: 'eof' }),
        ]);
        if (oxc.errors?.length) this.error(`minifying ${out.fileName}: ${oxc.errors.map((e) => e.message).join('; ')}`);
        const legal = licenseComments(out.code);
        const byOxc = legal.length ? `${oxc.code}\n${legal.join('\n')}\n` : oxc.code;
        out.code = gzipSize(byOxc) <= gzipSize(es.code) ? byOxc : es.code;
      }
    },
  };
}

/**
 * The license comments of `code` (`/*! … *\/`, or a block comment with `@license` or `@preserve`),
 * each once, in order. Read off the unminified chunk, where every comment starts a line.
 */
export function licenseComments(code) {
  const comments = code.match(/^[ \t]*\/\*[\s\S]*?\*\//gm) ?? [];
  const legal = comments.map((c) => c.trim()).filter((c) => c.startsWith('/*!') || /@(?:license|preserve)\b/.test(c));
  return [...new Set(legal.map((c) => c.replace(/\n[ \t]+/g, '\n')))];
}

/**
 * Fails the build unless its entry chunk imports nothing statically: a file for a
 * `<script type="module">` must not make the page fetch another file first. Dynamic imports of the
 * lazy files built on their own are fine, and so are the `split` files (`a2ui-<name>.js`, see
 * SPLIT in vite.config.mjs), which the entry imports dynamically only; any other chunk fails.
 */
export function selfContained({ split = [] } = {}) {
  // Split files are named `a2ui-<name>-<hash>.js` (build/pieces.mjs).
  const isSplit = (file) => split.some((n) => file.startsWith(`a2ui-${n}-`) && /^[\w-]{8}\.js$/.test(file.slice(`a2ui-${n}-`.length)));
  return {
    name: 'a2ui-self-contained',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
      const entries = chunks.filter((c) => c.isEntry);
      const names = chunks.map((c) => c.fileName).join(', ');
      if (entries.length !== 1) this.error(`expected one entry file, got ${entries.length}: ${names}`);
      const [entry] = entries;
      if (entry.imports.length) this.error(`${entry.fileName} imports ${entry.imports.join(', ')} statically`);
      for (const c of chunks) {
        if (c === entry) continue;
        if (!isSplit(c.fileName)) this.error(`unexpected chunk ${c.fileName} (${c.facadeModuleId ?? c.moduleIds.join(', ')}): name the lazily imported module in ON_FIRST_USE (build/pieces.mjs)`);
        // A group of modules (firstLoadInEntry's `first`) is no entry of its own, but is imported dynamically too.
        const dynamic = c.isDynamicEntry === true || chunks.some((o) => o.dynamicImports.includes(c.fileName));
        if (!dynamic) this.error(`${c.fileName} is not a dynamically imported module`);
      }
    },
  };
}

/** The group a module is billed to: its npm package, or its source folder. */
function groupOf(id) {
  const clean = id.replace(/^\0/, '').split('?')[0];
  const nm = clean.lastIndexOf(`node_modules${sep}`);
  if (nm >= 0) {
    const parts = clean.slice(nm + 13).split(sep);
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (!clean.startsWith(ROOT)) return clean.includes('rolldown') ? '(bundler runtime)' : clean;
  const parts = relative(ROOT, clean).split(sep);
  const dirs = parts.slice(0, -1);
  // src/ is the core: one line per subfolder, so the report says which concept costs what.
  if (dirs[0] === 'src') return dirs[1] ? `src/${dirs[1]}/` : 'src/*.ts';
  if (dirs[0] === 'elements' && parts.at(-1) === 'inspector.ts') return 'elements/inspector.ts';
  if (dirs[0] === 'elements' && parts.at(-1) === 'icons.ts') return 'elements/icons.ts';
  if (dirs[0] === 'elements' && parts.at(-1) === 'markdown.ts') return 'elements/markdown.ts';
  if (dirs[0] === 'sandbox' && dirs[1] === 'functions') return 'sandbox/functions/';
  return `${dirs[0] ?? parts[0]}/`;
}

/**
 * What each group costs in a chunk, gzipped: the group's modules are minified and gzipped on
 * their own, then scaled so the groups add up to the chunk's real gzip size (compression shared
 * across groups is spread proportionally). An estimate, good to a few hundred bytes.
 */
function attribute(chunk, total) {
  const groups = new Map();
  for (const [id, m] of Object.entries(chunk.modules)) {
    const g = groupOf(id);
    groups.set(g, (groups.get(g) ?? '') + (m.code ?? '') + '\n');
  }
  const alone = [...groups].map(([g, code]) => {
    let min = code;
    try {
      min = transformSync(code, { minify: true, format: 'esm', target: 'es2022', legalComments: 'none' }).code;
    } catch {
      // A fragment esbuild cannot parse on its own: bill its unminified size.
    }
    return [g, code.trim() ? gzipSize(min) : 0];
  });
  const sum = alone.reduce((n, [, s]) => n + s, 0) || 1;
  return alone.map(([g, s]) => [g, Math.round((s * total) / sum)]).filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1]);
}

/** Prints raw and gzip sizes of every output file (and, with `attribute`, per dependency). */
export function sizeReport({ label, attribute: perModule = false }) {
  return {
    name: 'a2ui-size-report',
    apply: 'build',
    // writeBundle: after every plugin (minification included) has finished with the code.
    writeBundle(_options, bundle) {
      const rows = [];
      for (const [file, out] of Object.entries(bundle)) {
        if (file.endsWith('.map')) continue;
        const content = out.type === 'chunk' ? out.code : out.source;
        const row = { build: label, file, raw: Buffer.byteLength(content), gzip: gzipSize(content) };
        if (perModule && out.type === 'chunk') row.groups = attribute(out, row.gzip);
        rows.push(row);
      }
      const lines = [`\n[size] ${label}`];
      for (const r of rows) {
        lines.push(`  ${r.file.padEnd(40)} ${kb(r.raw).padStart(10)} raw ${kb(r.gzip).padStart(10)} gzip`);
        for (const [g, s] of r.groups ?? []) lines.push(`      ${g.padEnd(36)} ${kb(s).padStart(10)} gzip (est.)`);
      }
      console.log(lines.join('\n'));
      mkdirSync(resolve(ROOT, 'dist'), { recursive: true });
      appendFileSync(resolve(ROOT, 'dist', '.sizes.json'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    },
  };
}
