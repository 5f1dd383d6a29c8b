/**
 * The showing pace of streamed components (src/transport/pace.ts): the first components show
 * at once, a large surface waits in proportion to what its last showing cost,
 * and the wait is capped so a slow stream keeps progressing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ShowingPace } from '../../src/transport/pace.ts';

/** Feeds chunks `gaps` ms apart (each parsed in no time), starting at `t`; returns the end time. */
function chunks(pace: ShowingPace, t: number, gaps: number[]): number {
  for (const g of gaps) {
    t += g;
    pace.chunkStart(t);
    pace.chunkEnd(t);
  }
  return t;
}

test('the first seven components show the moment they close, whatever the stall; from the eighth the pace applies', () => {
  const pace = new ShowingPace(250);
  assert.equal(pace.wait(1), 0);
  chunks(pace, 0, [1, 1, 500]);
  pace.shown(3);
  chunks(pace, 600, [1, 400]);
  assert.equal(pace.wait(4), 0);
  assert.equal(pace.wait(7), 0);
  // 497 ms of stall after showing 3: eight would cost 4 × 497 × 8 / 3, capped at 4 × publishMs.
  assert.equal(pace.wait(8), 1000);
});

test('a large surface waits four times what the last showing cost, scaled by its growth', () => {
  const pace = new ShowingPace(250);
  let t = chunks(pace, 0, [1, 1, 1]);
  pace.shown(100);
  // 20 ms of stall beyond the 1 ms gaps after the showing (the elements rendering it).
  t = chunks(pace, t, [21, 1, 1]);
  assert.equal(pace.wait(200), 4 * 20 * 2);
  // No stall since the next showing: the base wait again.
  pace.shown(200);
  chunks(pace, t, [1, 1]);
  assert.equal(pace.wait(300), 150);
});

test('the wait is capped: 4 × publishMs, or 2 ms per component when longer', () => {
  const pace = new ShowingPace(250);
  let t = chunks(pace, 0, [1, 1]);
  pace.shown(10);
  t = chunks(pace, t, [5001]);
  assert.equal(pace.wait(20), 1000);
  assert.equal(pace.wait(2000), 4000);
  pace.reset();
  assert.equal(pace.wait(20), 10);
});
