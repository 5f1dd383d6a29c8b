/**
 * Issue 11, quick pass: seed streams and a few hundred fuzzed streams (fixed seed) against the
 * store, every invariant checked after each stream (see test/fuzz/harness.ts). The long run is
 * `npm run fuzz` (scripts/fuzz.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { createEnv } from '../fuzz/env.ts';
import { runPlan } from '../fuzz/harness.ts';
import { buildPlan, explicitPlan, fuzzCase } from '../fuzz/plan.ts';
import { formatFailure } from '../fuzz/report.ts';
import { prepareSeeds, type Seed } from '../fuzz/seeds.ts';
import { QUICK } from '../fuzz/values.ts';
import { pathToFileURL } from 'node:url';
import { SPEC_DIR, specSkip } from '../spec-data.ts';

const DIR = pathToFileURL(`${SPEC_DIR}/v1_0-current/catalogs/basic/examples/`);
const seeds: Seed[] = existsSync(DIR)
  ? prepareSeeds(
      readdirSync(DIR)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => ({ name: f, messages: JSON.parse(readFileSync(new URL(f, DIR), 'utf8')).messages })),
    )
  : [];
const skip = specSkip(seeds.length ? false : `no seed examples at ${DIR.pathname}`);

const env = createEnv(setImmediate, (report) => {
  process.on('unhandledRejection', report);
  process.on('uncaughtException', report);
});

/** Streams per quick pass and the fixed seed (the long run prints a random one). */
export const QUICK_RUNS = 300;
export const QUICK_SEED = 11;

test('every seed stream, unmutated, is accepted and keeps every invariant', { skip }, async (t) => {
  for (const [i, seed] of seeds.entries()) {
    await t.test(seed.name, async () => {
      // Type into the first three inputs after the stream, with a different sibling each time.
      const typing = [0, 1, 2].map((field) => ({ at: seed.messages.length, field, text: `typed ${field}` }));
      const plan = explicitPlan(seeds, seed.messages, { pristine: true, sibling: i + 1, typing });
      const { violations, stats } = await runPlan(plan, env);
      assert.deepEqual(violations, [], formatFailure(plan, violations));
      assert.equal(stats.streamErrors, 0);
    });
  }
});

test(`quick fuzz pass: ${QUICK_RUNS} mutated streams (seed ${QUICK_SEED})`, { skip, timeout: 120_000 }, async () => {
  let failure = '';
  await fc
    .assert(
      fc.asyncProperty(fuzzCase(QUICK), async (c) => {
        const plan = buildPlan(seeds, c);
        const { violations } = await runPlan(plan, env);
        if (violations.length) {
          failure = `${formatFailure(plan, violations)}\ncase: ${JSON.stringify(c)}`;
          return false;
        }
        return true;
      }),
      { seed: QUICK_SEED, numRuns: QUICK_RUNS },
    )
    .catch((e: unknown) => {
      // fast-check's report (seed, path, shrunk case) plus ours for the shrunk case.
      throw new Error(`${e instanceof Error ? e.message.split('\n').slice(0, 4).join('\n') : e}\n\n${failure}`);
    });
});
