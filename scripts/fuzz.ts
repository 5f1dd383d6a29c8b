/**
 * The long fuzz run (issue 11): ≥ 10,000 mutated streams against the store, with a random seed
 * printed first so any failure can be replayed. Exits 1 on the first violated invariant, after
 * fast-check has shrunk the case.
 *
 *   node --import tsx scripts/fuzz.ts [--runs N] [--seed S] [--quick] [--explore] [--case file.json]
 *
 * --explore runs every case without stopping and prints one example per distinct violation;
 * --case replays one case printed by --explore.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { runPlan, type HarnessEnv, type Violation } from '../test/fuzz/harness.ts';
import { buildPlan, fuzzCase, type FuzzCase } from '../test/fuzz/plan.ts';
import { prepareSeeds } from '../test/fuzz/seeds.ts';
import { LONG, QUICK } from '../test/fuzz/values.ts';
import { formatFailure } from '../test/fuzz/report.ts';
import { createEnv } from '../test/fuzz/env.ts';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Number(option('--runs') ?? 10_000);
const seed = option('--seed') !== undefined ? Number(option('--seed')) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
const scale = flag('--quick') ? QUICK : LONG;

const DIR = new URL('../../shared/spec/v1_0-current/catalogs/basic/examples/', import.meta.url);
if (!existsSync(DIR)) {
  console.error(`fuzz: seed examples not found at ${DIR.pathname}`);
  process.exit(1);
}
const seeds = prepareSeeds(
  readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f, messages: JSON.parse(readFileSync(new URL(f, DIR), 'utf8')).messages })),
);

const env: HarnessEnv = createEnv(setImmediate, (report) => {
  process.on('unhandledRejection', report);
  process.on('uncaughtException', report);
});

console.log(`fuzz: ${runs} streams, seed ${seed}, ${seeds.length} seed examples, scale ${scale === LONG ? 'long' : 'quick'}`);
const started = Date.now();
let done = 0;
let slowest = { ms: 0, index: -1 };
const totals: Record<string, number> = {};

async function runCase(c: FuzzCase): Promise<Violation[]> {
  const t0 = Date.now();
  let violations: Violation[];
  try {
    let stats;
    ({ violations, stats } = await runPlan(buildPlan(seeds, c), env));
    for (const [k, n] of Object.entries(stats.outbound)) totals[k] = (totals[k] ?? 0) + n;
    totals.messages = (totals.messages ?? 0) + stats.messages;
    totals.typed = (totals.typed ?? 0) + stats.typed;
    totals.renderedNodes = (totals.renderedNodes ?? 0) + stats.renderedNodes;
    totals.pendingCalls = (totals.pendingCalls ?? 0) + stats.pendingCalls;
  } catch (e) {
    // A fault of the harness itself: stop loudly rather than count it as the store's.
    console.error('fuzz: harness error', e);
    process.exit(2);
  }
  const ms = Date.now() - t0;
  if (ms > slowest.ms) slowest = { ms, index: done };
  done++;
  if (done % 1000 === 0) console.log(`  ${done} streams, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return violations;
}

const caseFile = option('--case');
if (caseFile) {
  // Replays one case (as printed by --explore) and prints every violation.
  const c = JSON.parse(readFileSync(caseFile, 'utf8')) as FuzzCase;
  const violations = await runCase(c);
  console.log(formatFailure(buildPlan(seeds, c), violations, 2000));
  process.exit(violations.length ? 1 : 0);
}

if (flag('--explore')) {
  const seen = new Map<string, { count: number; example: string }>();
  for (const c of fc.sample(fuzzCase(scale), { seed, numRuns: runs })) {
    for (const vio of await runCase(c)) {
      const key = `${vio.invariant} :: ${vio.detail.replace(/\d+/g, 'N').replace(/'[^']*'/g, "'…'").slice(0, 90)}`;
      const entry = seen.get(key) ?? { count: 0, example: `${formatFailure(buildPlan(seeds, c), [vio])}\ncase: ${JSON.stringify(c)}` };
      entry.count++;
      seen.set(key, entry);
    }
  }
  for (const [key, { count, example }] of [...seen].sort((a, b) => b[1].count - a[1].count)) {
    console.log(`\n### ${count}× ${key}\n${example}`);
  }
  console.log(`\ntotals: ${JSON.stringify(totals)}`);
  console.log(`\nfuzz: ${done} streams in ${((Date.now() - started) / 1000).toFixed(1)} s, ${seen.size} distinct violations, slowest ${slowest.ms} ms`);
  process.exit(seen.size ? 1 : 0);
}

// The last failing run is the shrunk counterexample: keep its report.
let failure = '';
try {
  await fc.assert(
    fc.asyncProperty(fuzzCase(scale), async (c) => {
      const violations = await runCase(c);
      if (violations.length) failure = `${formatFailure(buildPlan(seeds, c), violations)}\ncase: ${JSON.stringify(c)}`;
      return violations.length === 0;
    }),
    { seed, numRuns: runs },
  );
} catch (e) {
  console.error(e instanceof Error ? e.message.split('\n').slice(0, 4).join('\n') : e);
  console.error(`\n${failure}`);
  console.error(`\nfuzz: FAILED after ${done} runs (seed ${seed}; replay with --seed ${seed} --runs ${runs}, or save the case line and use --case)`);
  process.exit(1);
}
console.log(`fuzz: ${runs} streams passed in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${seed}, slowest stream ${slowest.ms} ms)`);
process.exit(0);
