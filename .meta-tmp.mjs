import * as esbuild from 'esbuild';
const r = await esbuild.build({ entryPoints: ['build/entries/script-tag.ts'], bundle: true, minify: true, format: 'esm', write: false, metafile: true, splitting: true, outdir: '/tmp/meta-out', logLevel: 'silent' });
const outs = r.metafile.outputs;
const entryKey = Object.keys(outs).find((k) => outs[k].entryPoint === 'build/entries/script-tag.ts');
const seen = new Set(); const q = [entryKey];
while (q.length) { const k = q.pop(); if (seen.has(k)) continue; seen.add(k); for (const i of outs[k].imports) if (i.kind === 'import-statement' && outs[i.path]) q.push(i.path); }
const ins = [];
for (const k of seen) for (const [f, v] of Object.entries(outs[k].inputs)) ins.push([f, v.bytesInOutput]);
ins.sort((a, b) => b[1] - a[1]);
let tot = 0; const dirs = {};
for (const [k, b] of ins) { tot += b; const d = k.replace(/node_modules\/((@[^/]+\/)?[^/]+).*/, 'nm:$1').replace(/\/[^/]+$/, ''); dirs[d] = (dirs[d] || 0) + b; }
console.log('outputs', seen.size, 'total', tot);
for (const [d, b] of Object.entries(dirs).sort((a, b) => b[1] - a[1])) console.log(String(b).padStart(7), d);
console.log('---');
for (const [k, b] of ins.slice(0, 110)) console.log(String(b).padStart(7), k);
