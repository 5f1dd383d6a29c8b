/**
 * Each package entry bundled alone, as a consumer's bundler would (esbuild, code splitting, tree
 * shaking): what it loads up front holds exactly what the loading design says (issue 35,
 * build/pieces.mjs). The bundler entries hold every piece of the core (`process()` is
 * synchronous) and leave `marked`, `jmespath`, the Icon paths and the MCP Apps code behind dynamic
 * imports; the script-tag file holds what a typical surface needs and nothing rarer.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '../..');

/** Pieces loaded on first use, by the source modules that make them up. */
const PIECES: Record<string, RegExp> = {
  'regex checker': /^src\/regex\/(index|parse|safety)\.ts$/,
  'text parser': /^src\/transport\/(text|block-scanner|provisional)\.ts$/,
  'date formatter': /^src\/functions\/basic\/format-date\.ts$/,
  'number formatters': /^src\/functions\/basic\/(number-functions|formatters)\.ts$/,
  validators: /^src\/functions\/basic\/validators\.ts$/,
  'formatString template parser': /^src\/functions\/basic\/(format-string|template)\.ts$/,
  'schema explanations': /^src\/schema\/(interpret|alternatives)\.ts$/,
  'schema validator': /^src\/schema\/(compiled|formats|unevaluated|validator|context|defaults|component|common-types|util)\.ts$/,
  'what arrives with the schema validator':
    /^src\/(validation|component-check|catalog-schemas|topology-check|rpc\/check-args|catalog\/rules|catalog\/child-references|catalog\/definitions\/(basic|mcp))\.ts$/,
  'draft rewriting rules': /^src\/draft\/(envelope|upgrade)\.ts$/,
  'stream readers': /^src\/transport\/stream\.ts$/,
  'SSE parser': /^src\/transport\/(sse|format)\.ts$/,
  'transport helpers': /^src\/transport\/(helpers|parts|requests)\.ts$/,
  'function calls with the agent': /^src\/(rpc\/(index|agent-calls)|messages\/rpc)\.ts$/,
  'markdown renderer and sanitizer': /^elements\/(markdown-render|sanitize)\.ts$/,
  marked: /node_modules\/marked\//,
  jmespath: /node_modules\/jmespath\//,
  'icon paths': /^elements\/icons\.ts$/,
  'MCP Apps bridge': /^sandbox\/bridge\.ts$|node_modules\/@modelcontextprotocol\//,
  sandbox: /^sandbox\/(mcp-app|component|functions\/[\w-]+)\.ts$/,
  'common components': /^elements\/components\/(list|card|divider|button|text-field|field|image|icon|checkbox|date-time-input|choice-picker|slider)\.ts$/,
  'rare components': /^elements\/components\/(video|audio-player|tabs|modal)\.ts$/,
};

/** Static modules, no pieces: a bundler keeps them when the consumer uses them (tree shaking). */
const STATIC = ['text parser', 'stream readers', 'SSE parser', 'transport helpers'];
/** Every piece of the core: up front in the bundler entries. */
const CORE = ['regex checker', 'date formatter', 'number formatters', 'validators', 'formatString template parser', 'schema explanations', 'schema validator', 'what arrives with the schema validator', 'draft rewriting rules', 'function calls with the agent'];
/** What a typical surface needs: up front in the script-tag file. */
const TYPICAL = ['date formatter', 'number formatters', 'validators', 'formatString template parser', 'schema validator', 'what arrives with the schema validator', 'common components'];

/** Source modules in what `code` (a consumer module at the repo root) loads before anything runs. */
async function firstLoad(code: string): Promise<string[]> {
  const result = await build({
    absWorkingDir: ROOT,
    stdin: { contents: code, resolveDir: ROOT, sourcefile: 'consumer.ts', loader: 'ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: 'out',
    write: false,
    metafile: true,
    minify: true,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((o) => outputs[o].entryPoint === 'consumer.ts')!;
  const seen = new Set<string>();
  const visit = (o: string) => {
    if (seen.has(o)) return;
    seen.add(o);
    for (const i of outputs[o].imports) if (i.kind === 'import-statement' && outputs[i.path]) visit(i.path);
  };
  visit(entry);
  return [...seen].flatMap((o) => Object.keys(outputs[o].inputs));
}

const CASES: Array<{ entry: string; code: string; uses: string[] }> = [
  { entry: 'a2ui-elements (core)', code: `import { A2uiStore } from './build/entries/core.ts'; new A2uiStore().process([]);`, uses: CORE },
  { entry: 'a2ui-elements/elements', code: `import './build/entries/elements.ts';`, uses: [...CORE, 'common components', 'rare components'] },
  { entry: 'a2ui-elements/sandbox', code: `import './build/entries/sandbox.ts';`, uses: [...CORE, 'sandbox'] },
  { entry: 'a2ui-elements/transport', code: `import { requestBody } from './build/entries/transport.ts'; console.log(requestBody);`, uses: ['transport helpers'] },
  { entry: 'the script-tag file (its whole API)', code: `export * from './build/entries/script-tag.ts';`, uses: TYPICAL },
];

for (const { entry, code, uses } of CASES) {
  test(`${entry} loads up front what it uses and no other piece`, async () => {
    const modules = await firstLoad(code);
    assert.ok(modules.some((m) => m.startsWith('src/')), `nothing of ours bundled for ${entry}: ${modules.slice(0, 5).join(', ')}`);
    const missing = uses.filter((piece) => !modules.some((m) => PIECES[piece].test(m)));
    assert.deepEqual(missing, [], `${entry} should hold these up front`);
    const found = Object.entries(PIECES)
      .filter(([piece]) => !uses.includes(piece) && !STATIC.includes(piece))
      .flatMap(([piece, re]) => modules.filter((m) => re.test(m)).map((m) => `${piece}: ${m}`));
    assert.deepEqual(found, []);
  });
}
