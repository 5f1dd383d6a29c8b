/**
 * What the "first surface painted" server hosts, one folder per implementation:
 *
 * - `/ours/`: the whole dist/ folder exactly as `node build/build.mjs --no-hosts --no-smoke`
 *   leaves it (only `a2ui-elements.js` is named here; whatever it imports or preloads is served
 *   as built);
 * - `/ours-one-file/a2ui-elements.js`: build/entries/script-tag.ts bundled by esbuild into one
 *   minified file (no splitting: every dynamic import inlined), signal-polyfill from its sources
 *   and `process.env.NODE_ENV` defined as in vite.config.mjs; the same stable name as ours. The
 *   MCP Apps bridge stays the separate file vite.config.mjs builds it as (`a2ui-mcp-bridge.js`,
 *   served next to it, fetched only when an MCP App starts: none does here);
 * - `/official/a2ui-official-<hash>.js`: `@a2ui/lit` 0.11 + `@a2ui/web_core` 0.11 (v0.9) with
 *   `@lit/context` and `marked` (its markdown renderer, as in the render bench) in one minified
 *   esbuild file, named by its content as a bundler names an app's chunk;
 *
 * and in each folder the two pages (`form.html`, `list.html`) and the agent's JSONL for them.
 *
 * @module
 */
import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { ROOT, common } from '../build.ts';
import { page, type NetworkImpl } from './pages.ts';
import type { Asset } from './server.ts';
import { SURFACES } from './surfaces.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.jsonl': 'application/jsonl',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.ts': 'text/plain; charset=utf-8',
};
const typeOf = (path: string) => TYPES[extname(path)] ?? 'application/octet-stream';

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * As vite.config.mjs (`bridgeExternal`): the MCP Apps bridge is built as its own file, never
 * inlined (with zod and the MCP client it is ~640 KB of esbuild output, fetched when an app starts).
 */
const bridgeExternal: Plugin = {
  name: 'bridge-external',
  setup: (b) => b.onResolve({ filter: /bridge\.ts$/ }, (a) => (a.kind === 'dynamic-import' && resolve(a.resolveDir, a.path) === resolve(ROOT, 'sandbox/bridge.ts') ? { path: `./${bridgeFile()}`, external: true } : undefined)),
};

/** The bridge file the build made (`a2ui-mcp-bridge-<hash>.js`, build/pieces.mjs). */
const bridgeFile = (): string => readdirSync(resolve(ROOT, 'dist')).find((f) => /^a2ui-mcp-bridge(-[\w-]{8})?\.js$/.test(f)) ?? 'a2ui-mcp-bridge.js';

async function oneFile(contents: string, name: string): Promise<Buffer> {
  const result = await build({
    plugins: [bridgeExternal],
    ...common,
    stdin: { contents, resolveDir: ROOT, sourcefile: `${name}.ts`, loader: 'ts' },
    target: 'es2022',
    minify: true,
    splitting: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: `${name}.js`,
  });
  return Buffer.from(result.outputFiles![0].contents);
}

/** Name → bytes of the files each implementation's page loads from its folder (not the pages). */
export interface Built {
  files: Map<string, Asset>;
  /** The renderer's own files per implementation: name and raw bytes (for the report). */
  sizes: Record<NetworkImpl, Array<{ file: string; bytes: number }>>;
}

export async function networkAssets(): Promise<Built> {
  const dist = resolve(ROOT, 'dist');
  if (!existsSync(join(dist, 'a2ui-elements.js'))) throw new Error('dist/a2ui-elements.js is missing: run `node build/build.mjs --no-hosts --no-smoke` first');
  const files = new Map<string, Asset>();
  const sizes = { ours: [], 'ours-one-file': [], official: [] } as Built['sizes'];
  for (const path of listFiles(dist)) {
    const name = relative(dist, path).split('\\').join('/');
    const body = readFileSync(path);
    files.set(`/ours/${name}`, { body, type: typeOf(name) });
    if (/^a2ui-[^/]*\.js$/.test(name) && name !== 'a2ui-inspector.js' && name !== 'a2ui-proxy.js') sizes.ours.push({ file: name, bytes: body.length });
  }

  const oneFileBody = await oneFile(`export * from './build/entries/script-tag.ts';\n`, 'a2ui-elements');
  files.set('/ours-one-file/a2ui-elements.js', { body: oneFileBody, type: typeOf('x.js') });
  files.set(`/ours-one-file/${bridgeFile()}`, files.get(`/ours/${bridgeFile()}`)!);
  sizes['ours-one-file'].push({ file: 'a2ui-elements.js', bytes: oneFileBody.length });

  const officialBody = await oneFile(
    [
      `export { MessageProcessor } from '@a2ui/web_core/v0_9';`,
      `export { basicCatalog, Context } from '@a2ui/lit/v0_9';`,
      `export { ContextProvider } from '@lit/context';`,
      `export { marked } from 'marked';`,
    ].join('\n'),
    'a2ui-official',
  );
  const officialFile = `a2ui-official-${createHash('sha256').update(officialBody).digest('base64url').slice(0, 8)}.js`;
  files.set(`/official/${officialFile}`, { body: officialBody, type: typeOf('x.js') });
  sizes.official.push({ file: officialFile, bytes: officialBody.length });

  for (const impl of ['ours', 'ours-one-file', 'official'] as const) {
    const proto = impl === 'official' ? 'v09' : 'v10';
    for (const surface of Object.values(SURFACES)) {
      files.set(`/${impl}/${surface.key}.html`, { body: Buffer.from(page(impl, surface, officialFile)), type: typeOf('x.html') });
      files.set(`/${impl}/agent-${surface.key}.jsonl`, { body: Buffer.from(surface.jsonl(proto)), type: typeOf('x.jsonl') });
    }
  }
  return { files, sizes };
}
