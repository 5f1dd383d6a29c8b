/** The bench's issue-15 target table: what counts as met, and how a miss is measured. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { issue15Targets, type TargetRow } from '../../bench/targets.ts';

const s = (median: number, lo = median, hi = median) => ({ n: 10, median, lo, hi });

function row(workload: string, metric: string, over: Partial<TargetRow>): TargetRow {
  return { workload, metric, unit: 'ms', values: {}, flagged: [], ...over };
}

const find = (checks: ReturnType<typeof issue15Targets>, target: string, r: string) => checks.find((c) => c.target.startsWith(target) && c.row === r);

test('a raw-DOM bound is met at or under it and missed by the share over it', () => {
  const checks = issue15Targets([
    row('format', 'update', { oursRaw: s(2.28, 1.9, 2.5) }),
    row('one-path', 'update', { oursRaw: s(1.5) }),
  ]);
  assert.equal(find(checks, 'ours ≤ 2×', 'format update')?.status, 'MISS by 14%');
  assert.equal(find(checks, 'ours ≤ 1.5×', 'one-path update')?.met, true);
  assert.equal(find(checks, 'ours ≤ 2×', 'stream-in total')?.status, 'not measured');
});

test('faster than official needs the upper bound under 1, on the worse input; ≤ 0.5× only where official > 2× raw', () => {
  const checks = issue15Targets([
    row('typing', 'total', { values: { official: s(1261), raw: s(618) }, oursOfficial: s(0.65, 0.6, 0.93), oursV09Official: s(0.66, 0.6, 1.01) }),
    row('one-path', 'update', { values: { official: s(5.4), raw: s(2.8) }, oursOfficial: s(0.69, 0.6, 0.9) }),
  ]);
  const typing = find(checks, 'ours faster', 'typing total');
  assert.equal(typing?.met, false, 'the v0.9 interval reaches 1.01');
  assert.equal(typing?.value?.median, 0.66);
  assert.equal(find(checks, 'ours ≤ 0.5×', 'typing total')?.status, 'MISS by 32%');
  assert.equal(find(checks, 'ours faster', 'one-path update')?.met, true);
  assert.equal(find(checks, 'ours ≤ 0.5×', 'one-path update'), undefined, 'official is under 2× raw there');
});

test('an abandoned official run is an upper bound; a failed check of ours is a miss', () => {
  const upper = { ...s(0.002, NaN, NaN), upper: true };
  const checks = issue15Targets([
    row('stream-in', 'total', { values: { raw: s(17.8) }, officialAtLeast: 30000, oursOfficial: upper, oursRaw: s(1.9), flagged: ['ours'] }),
  ]);
  assert.equal(find(checks, 'ours faster', 'stream-in total')?.met, false, 'flagged');
  assert.equal(find(checks, 'ours ≤ 2×', 'stream-in total')?.status, 'MISS † (a check failed)');
  const clean = issue15Targets([row('stream-in', 'total', { values: { raw: s(17.8) }, officialAtLeast: 30000, oursOfficial: upper })]);
  assert.equal(find(clean, 'ours faster', 'stream-in total')?.met, true);
  assert.equal(find(clean, 'ours ≤ 0.5×', 'stream-in total')?.met, true);
});
