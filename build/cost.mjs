// What each part of the script-tag file costs, measured exactly: the file is rebuilt (in memory)
// without that part, and the gzip sizes are compared. `node build/cost.mjs` (about 20 s).
import { build } from 'vite';
import { configs } from '../vite.config.mjs';
import { gzipSize, kb } from './size-report.mjs';

const ENTRY = new URL('./entries/script-tag.ts', import.meta.url).pathname;
const SANDBOX = /^export \{[^}]*\} from '..\/..\/sandbox\/index.ts';$/ms;
const INSPECTOR = /^export \{[^}]*\} from '..\/..\/elements\/inspector.ts';$/m;
const base = (await import('node:fs')).readFileSync(ENTRY, 'utf8');

/** Replaces a dependency by an empty module with the same names. */
const stub = (name, code) => ({
  name: `stub-${name}`,
  enforce: 'pre',
  resolveId: (id) => (id === name ? `\0stub:${name}` : null),
  load: (id) => (id === `\0stub:${name}` ? code : null),
});

/** The script-tag entry with some of its lines removed. */
const entry = (text) => ({
  name: 'variant-entry',
  enforce: 'pre',
  load: (id) => (id === ENTRY ? text : null),
});

const VARIANTS = [
  ['the script-tag file as built', []],
  ['without marked (markdown stubbed out)', [stub('marked', 'export class Marked { constructor() {} parse(s) { return String(s); } parseInline(s) { return String(s); } use() { return this; } }')]],
  ['without jmespath (stubbed out)', [stub('jmespath', 'export function search() { return null; } export default { search };')]],
  ['without <a2ui-inspector>', [entry(base.replace(INSPECTOR, ''))]],
  ['without MCP (McpApp element and component, MCP catalog functions, jmespath)', [entry(base.replace(SANDBOX, ''))]],
  ['core + elements only (no inspector, no MCP)', [entry(base.replace(SANDBOX, '').replace(INSPECTOR, ''))]],
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
