/**
 * Frame sizing from `ui/notifications/size-changed`: heights are clamped, changes under 5 px are
 * ignored once a size was applied, and requests are throttled (trailing, latest wins) so an app
 * cannot make the host re-layout in a tight loop. The element can also hold requests (latest
 * wins) while the user is aiming: a resize then would move the page under the pointer.
 */

export const HEIGHT_LIMITS = { min: 100, max: 2000 } as const;
export const MIN_CHANGE_PX = 5;
export const THROTTLE_MS = 100;
/** Resizes wait until the pointer has been still (in the page, and across the frame's edge) this long. */
export const POINTER_QUIET_MS = 500;

/** A timer seam so the throttle can be driven deterministically. */
export interface Scheduler {
  set(cb: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Scheduler = {
  set: (cb, ms) => setTimeout(cb, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Clamps a requested height; `null` for a non-number. */
export function clampHeight(height: unknown): number | null {
  if (typeof height !== 'number' || !Number.isFinite(height)) return null;
  return Math.round(Math.min(HEIGHT_LIMITS.max, Math.max(HEIGHT_LIMITS.min, height)));
}

/** Applies app-requested heights through `apply`, at most once per {@link THROTTLE_MS}. */
export class SizeThrottle {
  private applied: number | null = null;
  private pending: number | null = null;
  private timer: unknown = null;
  private last = -Infinity;

  constructor(
    private readonly apply: (height: number) => void,
    private readonly timers: Scheduler = realTimers,
    private readonly now: () => number = () => performance.now(),
    /** How long a request must still wait before it may move anything (0: not held). */
    private readonly holdFor: () => number = () => 0,
  ) {}

  /** Records a request; it is applied now or at the end of the current throttle window. */
  request(height: unknown): void {
    const h = clampHeight(height);
    if (h === null) return;
    this.pending = h;
    if (this.timer !== null) return;
    const wait = this.last + THROTTLE_MS - this.now();
    if (wait <= 0) this.flush();
    else this.timer = this.timers.set(() => this.flush(), wait);
  }

  /** Drops any pending request. */
  dispose(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.pending = null;
  }

  private flush(): void {
    this.timer = null;
    const hold = this.holdFor();
    if (hold > 0 && this.pending !== null) {
      this.timer = this.timers.set(() => this.flush(), hold);
      return;
    }
    const h = this.pending;
    this.pending = null;
    if (h === null || (this.applied !== null && Math.abs(h - this.applied) < MIN_CHANGE_PX)) return;
    this.applied = h;
    this.last = this.now();
    this.apply(h);
  }
}
