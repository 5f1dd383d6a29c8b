// What each part of the script-tag file costs, measured exactly: the file is rebuilt (in memory)
// without that part, and the gzip sizes are compared. `node build/cost.mjs` (about 10 s).
// (what loads on first use — the files split from it, marked, jmespath, the McpApp bridge — is
// not in the script-tag file, and <a2ui-inspector> has its own script-tag file.)
import { build } from 'vite';
import { configs } from '../vite.config.mjs';
import { gzipSize, kb } from './size-report.mjs';

const ENTRY = new URL('./entries/script-tag.ts', import.meta.url).pathname;
const SANDBOX = /^export \* from '..\/..\/sandbox\/on-demand.ts';$/m;
const base = (await import('node:fs')).readFileSync(ENTRY, 'utf8');

/** The script-tag entry with some of its lines removed. */
const entry = (text) => ({
  name: 'variant-entry',
  enforce: 'pre',
  load: (id) => (id === ENTRY ? text : null),
});

const VARIANTS = [
  ['the script-tag file as built', []],
  ['without the sandbox front (MCP catalog registration; the sandbox itself loads on first use)', [entry(base.replace(SANDBOX, ''))]],
];

const sizes = [];
for (const [label, plugins] of VARIANTS) {
  const c = configs.script;
  const out = await build({
    ...c,
    mode: 'script',
    logLevel: 'silent',
    plugins: [...plugins, ...c.plugins.filter((p) => p.name !== 'a2ui-size-report')],
    build: { ...c.build, write: false },
  });
  const main = out[0].output.find((o) => o.fileName === 'a2ui-elements.js');
  sizes.push([label, gzipSize(main.code)]);
}
const full = sizes[0][1];
console.log(`${'variant'.padEnd(80)} ${'gzip'.padStart(9)} ${'saves'.padStart(9)}`);
for (const [label, size] of sizes) console.log(`${label.padEnd(80)} ${kb(size).padStart(9)} ${size === full ? '' : kb(full - size).padStart(9)}`);
