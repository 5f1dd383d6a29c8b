/**
 * Statistics for the bench table: medians with 95% percentile-bootstrap intervals, and the ratio
 * of two medians with its own bootstrap interval (the two sample sets resampled independently).
 * The resampling is seeded, so the same samples always give the same table.
 *
 * @module
 */

export interface Summary {
  n: number;
  median: number;
  lo: number;
  hi: number;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A small deterministic PRNG (mulberry32): the same seed, the same sequence in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RESAMPLES = 2000;

function resampledMedians(xs: readonly number[], next: () => number): number[] {
  const out: number[] = [];
  const buf = new Array<number>(xs.length);
  for (let r = 0; r < RESAMPLES; r++) {
    for (let i = 0; i < xs.length; i++) buf[i] = xs[Math.floor(next() * xs.length)];
    out.push(median(buf));
  }
  return out;
}

function percentiles(xs: number[]): [number, number] {
  xs.sort((a, b) => a - b);
  return [xs[Math.floor(0.025 * (xs.length - 1))], xs[Math.ceil(0.975 * (xs.length - 1))]];
}

/** Median and 95% bootstrap interval of the median. */
export function summarize(xs: readonly number[], seed = 1): Summary {
  if (!xs.length) return { n: 0, median: NaN, lo: NaN, hi: NaN };
  const [lo, hi] = percentiles(resampledMedians(xs, rng(seed)));
  return { n: xs.length, median: median(xs), lo, hi };
}

/** median(a) / median(b) with a 95% bootstrap interval. */
export function ratio(a: readonly number[], b: readonly number[], seed = 2): Summary {
  if (!a.length || !b.length) return { n: 0, median: NaN, lo: NaN, hi: NaN };
  const next = rng(seed);
  const ma = resampledMedians(a, next);
  const mb = resampledMedians(b, next);
  const [lo, hi] = percentiles(ma.map((v, i) => v / mb[i]));
  return { n: Math.min(a.length, b.length), median: median(a) / median(b), lo, hi };
}
