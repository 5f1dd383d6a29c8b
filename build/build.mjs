// `npm run build`: everything in dist/, then a smoke test of the script-tag file in Chromium.
//
//   1. Vite: the McpApp bridge chunk, the lazily loaded marked and jmespath files, the script-tag
//      file with the files split from it (SPLIT), the inspector's script-tag file, the sandbox proxy page, the ESM entries for bundlers
//      (vite.config.mjs; sizes are printed per file as each build finishes)
//   2. TypeScript declarations (tsconfig.build.json), with `.ts` import paths rewritten to `.js`
//   3. dist/custom-elements.json (build/cem.mjs)
//   4. the size summary, and the size budget of the first load (build/size-budget.mjs)
//   5. `npm pack` → .pack/a2ui-elements.tgz, and the host test apps installed from it and built
//      (build/hosts.mjs → test/hosts/*/dist/, for test/browser/hosts-*.test.ts; skip with --no-hosts)
//   6. build/smoke-dist.mjs (skip with --no-smoke)
//
// `npm pack` runs it as `prepack` with --no-hosts --no-smoke: dist/ only, no registry, no browser.
//
// Any failing step fails the build.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { configs, SPLIT } from '../vite.config.mjs';
import { OWN_BUILD } from './pieces.mjs';
import { generateManifest } from './cem.mjs';
import { buildHosts } from './hosts.mjs';
import { PACKAGE_FIELDS } from './package-exports.mjs';
import { kb } from './size-report.mjs';
import { FIRST_LOAD_BUDGET, FIRST_LOAD_TARGET } from './size-budget.mjs';

const ROOT = resolve(new URL('..', import.meta.url).pathname);
const DIST = join(ROOT, 'dist');
const args = new Set(process.argv.slice(2));
const started = Date.now();
const step = (name) => console.log(`\n── ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

/** The package's ESM entries: dist/<name>.js and the declarations they re-export. */
const ENTRIES = { core: 'core', elements: 'elements', scoped: 'scoped', inspector: 'inspector', sandbox: 'sandbox', v09: 'v09', transport: 'transport', react: 'react', vue: 'vue', 'a2ui-elements': 'script-tag', 'a2ui-inspector': 'inspector' };
/** Entries that are typings only: their module is empty. */
const TYPES_ONLY = ['react', 'vue'];

rmSync(DIST, { recursive: true, force: true });

step('vite');
// The files built on their own first: the script-tag file imports them as external files, by the name each build gave its file.
const ownModes = Object.values(OWN_BUILD).map(({ name }) => `own-${name}`);
for (const mode of [...ownModes, 'script', 'inspector', 'proxy', 'lib']) await build({ ...configs[mode], mode });

step('declarations');
const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
// --allow-type-errors: keep going with what tsc emitted (while a source elsewhere is mid-edit).
if (tsc.status !== 0 && !args.has('--allow-type-errors')) fail('tsc -p tsconfig.build.json failed');
let rewritten = 0;
for (const file of readdirSync(join(DIST, 'types'), { recursive: true })) {
  if (!file.endsWith('.d.ts')) continue;
  const path = join(DIST, 'types', file);
  const text = readFileSync(path, 'utf8');
  // Declarations keep the sources' `./x.ts` specifiers; consumers resolve `./x.js` to `./x.d.ts`.
  const out = text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+?)\.ts(['"])/g, '$1$2.js$3');
  if (out !== text) {
    writeFileSync(path, out);
    rewritten++;
  }
}
for (const [name, entry] of Object.entries(ENTRIES)) {
  writeFileSync(join(DIST, `${name}.d.ts`), `export * from './types/build/entries/${entry}.js';\n`);
}
for (const name of TYPES_ONLY) writeFileSync(join(DIST, `${name}.js`), `// Typings only: see ${name}.d.ts.\nexport {};\n`);
console.log(`dist/types: ${rewritten} declaration files with rewritten import paths; entry declarations: ${Object.keys(ENTRIES).map((n) => `${n}.d.ts`).join(', ')}`);

step('custom elements manifest');
const { file, tags } = await generateManifest();
console.log(`${file}: ${tags.length} elements`);

step('sizes');
const rows = readFileSync(join(DIST, '.sizes.json'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
rmSync(join(DIST, '.sizes.json'));
writeFileSync(join(DIST, 'sizes.json'), JSON.stringify(rows, null, 2) + '\n');
console.log(`${'file'.padEnd(44)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`);
for (const r of rows) console.log(`${r.file.padEnd(44)} ${kb(r.raw).padStart(10)} ${kb(r.gzip).padStart(10)}`);
const main = rows.find((r) => r.file === 'a2ui-elements.js');
const named = (name) => rows.find((r) => new RegExp(`^a2ui-${name}-[\\w-]{8}\\.js$`).test(r.file));
const split = Object.values(SPLIT).map(named);
const own = Object.values(OWN_BUILD).map(({ name }) => named(name));
const inspector = rows.find((r) => r.file === 'a2ui-inspector.js');
console.log(`\nscript-tag file: ${kb(main.gzip)} gzip first load (a2ui-elements.js: everything a typical surface needs; budget ${kb(FIRST_LOAD_BUDGET)}, target ${kb(FIRST_LOAD_TARGET)})`);
console.log(`  fetched on first use, split from it: ${split.map((r) => `${r.file} ${kb(r.gzip)}`).join(', ')}`);
console.log(`  fetched on first use, built on their own: ${own.map((r) => `${r.file} ${kb(r.gzip)}`).join(', ')}`);
console.log(`  <a2ui-inspector> on its own: ${inspector.file} ${kb(inspector.gzip)} gzip`);
if (main.gzip > FIRST_LOAD_TARGET) {
  console.log(`  over the target by ${kb(main.gzip - FIRST_LOAD_TARGET)}; what it costs (gzip, est.):`);
  for (const [g, s] of main.groups) console.log(`    ${g.padEnd(40)} ${kb(s).padStart(9)}`);
}
console.log(`\nsize budget: first load ${kb(main.gzip)} gzip of ${kb(FIRST_LOAD_BUDGET)} (build/size-budget.mjs): ${main.gzip <= FIRST_LOAD_BUDGET ? 'within' : 'OVER'}`);
if (main.gzip > FIRST_LOAD_BUDGET) fail(`dist/a2ui-elements.js is ${kb(main.gzip)} gzip, over the budget of ${kb(FIRST_LOAD_BUDGET)} by ${kb(main.gzip - FIRST_LOAD_BUDGET)} (build/size-budget.mjs)`);

// After the sizes: the tarball holds dist/ as it ships (no build scratch files).
if (!args.has('--no-hosts')) {
  step('npm pack, host test apps');
  await buildHosts();
}

if (!args.has('--no-smoke')) {
  step('smoke test of dist/ in Chromium');
  const smoke = spawnSync(process.execPath, [join(ROOT, 'build/smoke-dist.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (smoke.status !== 0) fail('dist smoke test failed');
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const stale = Object.keys(PACKAGE_FIELDS).filter((k) => JSON.stringify(pkg[k]) !== JSON.stringify(PACKAGE_FIELDS[k]));
if (stale.length) console.log(`\nnote: package.json ${stale.join(', ')} differ from build/package-exports.mjs (the files this build makes)`);
console.log(`\nbuild done in ${((Date.now() - started) / 1000).toFixed(1)} s`);

function fail(message) {
  console.error(`build: ${message}`);
  process.exit(1);
}

