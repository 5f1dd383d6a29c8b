/**
 * Prints the summary (bench/profile.ts) of CPU profiles written by `AB_PROFILE=<dir> bench/ab.ts`:
 * self time per function and inclusive time of ours, mapped to source files through this tree's
 * unminified `ours` page bundle (so summarise an `ab-after` profile from the tree that made it).
 *
 *   node --import tsx bench/profile-summary.ts /tmp/prof/ab-after.cpuprofile [more…]
 *
 * `PROFILE_LIMIT` sets the rows per table (25).
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { buildPages } from './build.ts';
import { profileSummary, type CpuProfile } from './profile.ts';

const files = process.argv.slice(2);
if (!files.length) throw new Error('usage: bench/profile-summary.ts <profile.cpuprofile>…');
const profiles = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as CpuProfile);
const report = profileSummary(profiles, (await buildPages()).get('/ours.js')!);
const ms = (x: number) => x.toFixed(1).padStart(8);
console.log(`total ${report.totalMs.toFixed(0)} ms`);
console.log('self time:');
for (const e of report.top) console.log(`${ms(e.selfMs)} ms ${e.selfPct.toFixed(1).padStart(5)}%  ${e.name}  ${e.where}`);
console.log('ours, inclusive:');
for (const e of report.ours) console.log(`${ms(e.totalMs)} ms  ${e.name}  ${e.where}`);
console.log('by file:');
for (const f of report.byFile) console.log(`${f.pct.toFixed(1).padStart(6)}%  ${f.file}`);
