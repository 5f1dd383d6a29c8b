/**
 * How often a streaming surface is shown. A showing costs the page more the larger the surface
 * is (a render of the new components, then a style and layout pass over all of it, and the frames
 * after it), and showing a large surface often costs more than the stream itself. So the pace
 * measures what the last showing cost, the stall between chunks beyond the shortest gap seen
 * (main-thread time the page spent outside the parser) since then, and expects the next to cost
 * as much again per component shown: the next showing waits {@link COST_FACTOR} times that. The
 * first components show the moment they close, so the first paint is never held back (the
 * elements' batch still renders them at most once per frame), and a cap that grows with
 * the surface keeps a slow stream (or one whose gaps are network jitter) progressing.
 */

/** How much longer the base wait gets per component staged (ms). */
const PER_COMPONENT_MS = 0.5;
/** The next showing waits this many times its expected cost: showing takes about a fifth of the time. */
const COST_FACTOR = 4;
/** Below this many components, each shows the moment it closes (the first paint waits for nothing). */
const SHOW_AT_ONCE = 8;
/** The cost-based wait is at most this many times `publishMs`, or this many ms per component staged. */
const MAX_WAIT_FACTOR = 4;
const MAX_WAIT_PER_COMPONENT_MS = 2;

export class ShowingPace {
  private lastEnd: number | undefined;
  private minGap = Infinity;
  /** Time spent outside the parser, beyond the shortest gap between chunks, since the last showing. */
  private stall = 0;
  /** Components shown at the last showing. */
  private shownCount = 0;

  /** @param publishMs the base wait's cap (the text parser's `publishMs`) */
  constructor(private readonly publishMs: number) {}

  /** A chunk of text starts being parsed. */
  chunkStart(now: number): void {
    if (this.lastEnd === undefined) return;
    const gap = now - this.lastEnd;
    if (gap < this.minGap) this.minGap = gap;
    this.stall += gap - this.minGap;
  }

  /** The chunk is parsed. */
  chunkEnd(now: number): void {
    this.lastEnd = now;
  }

  /** The surface was shown with `count` components staged. */
  shown(count: number): void {
    this.stall = 0;
    this.shownCount = count;
  }

  /** How long after the last showing the next may come, with `count` components staged (ms). */
  wait(count: number): number {
    if (count < SHOW_AT_ONCE) return 0;
    const base = Math.min(this.publishMs, count * PER_COMPONENT_MS);
    if (this.shownCount === 0) return base;
    const expected = (this.stall * count) / this.shownCount;
    const cap = Math.max(MAX_WAIT_FACTOR * this.publishMs, count * MAX_WAIT_PER_COMPONENT_MS);
    return Math.max(base, Math.min(cap, COST_FACTOR * expected));
  }

  /** The message ended. */
  reset(): void {
    this.stall = 0;
    this.shownCount = 0;
  }
}
