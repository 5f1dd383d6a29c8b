/**
 * The batch: every reaction whose signals were written is run once, parents before children, at
 * most once per animation frame while writes keep coming. See index.ts for where it sits in the
 * path of a data write, and for the scheduling rules.
 *
 * @module
 */

/** What the batch runs: an element's update or a part's refresh. The one interface of this folder. */
export interface Reaction {
  /**
   * Where it sits in the A2UI tree: a surface is 0, an element is its parent's level + 2, a part
   * of an element that element's level + 1. Lower levels run first.
   */
  readonly level: number;
  /** Runs in the batch: look at what changed, and update the screen only if a value really did. */
  react(): void;
}

/** Reactions waiting, one set per level (a Set keeps one entry per reaction and visits additions). */
const levels: Array<Set<Reaction> | undefined> = [];
/** How the waiting batch runs: in a microtask, at the next frame, or not at all (nothing waits). */
let scheduled: 'microtask' | 'frame' | undefined;
/** While flushing: the lowest level that got a reaction since the flush passed it. */
let rewind = Infinity;
/** A batch ran since the last frame began: the next one waits for the next frame. */
let ranThisFrame = false;
let frameRequested = false;
/** Resolved after the next batch has run (made when someone waits for it). */
let ran: { promise: Promise<void>; resolve: () => void } | undefined;

/**
 * Without a frame for this long (a hidden page paints none), a batch held for the next frame
 * runs anyway (ms).
 */
const FRAME_FALLBACK_MS = 100;
/**
 * A showing that cost t ms (its batches and the frame's rendering) holds the next batch for
 * HOLD_FACTOR × t ms, at most HOLD_MAX_MS, in a stream: rendering then takes at most a fifth of
 * it. A stream is HOLD_AFTER frames in a row that showed batches (less than STREAK_GAP_MS apart,
 * or the hold kept the batch back in between), or a frame that finds a batch waiting for it
 * (writes came in more than one task since the last frame: messages faster than frames) which
 * takes BURST_MS or more: much arrived between two frames, a large surface coming in pieces,
 * which costs more to show again mid-stream than it shows. A stream's first components (a
 * small batch after its first showing, however slow that was) are not held by it.
 */
const HOLD_AFTER = 3;
const HOLD_FACTOR = 4;
const HOLD_MAX_MS = 120;
const STREAK_GAP_MS = 50;
const BURST_MS = 4;
/** Before this time, a batch waits (for a frame at or after it). */
let holdUntil = 0;
/** What the batches since the last frame took (ms). */
let spent = 0;
/** Frames in a row that showed a batch, and when the last one began. */
let streak = 0;
let lastShown = -Infinity;
/** A batch waited for the hold since the last showing. */
let held = false;
/** Asks for the frame that shows a held batch, once the hold is over. */
let holdTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Queues `reaction` for the next batch. Called from a signal watcher's notification (where no
 * signal may be read), so it only records.
 */
export function enqueue(reaction: Reaction): void {
  const level = reaction.level;
  (levels[level] ??= new Set()).add(reaction);
  if (level < rewind) rewind = level;
  if (scheduled) return;
  // The first batch since a frame runs at once (in a microtask); later ones wait for the next
  // frame, where everything written meanwhile renders together.
  if ((!ranThisFrame && performance.now() >= holdUntil) || (typeof document !== 'undefined' && document.visibilityState === 'hidden')) {
    scheduled = 'microtask';
    queueMicrotask(flush);
  } else {
    scheduled = 'frame';
    requestFrame();
  }
}

/** True while reactions wait for a batch. */
export function batchPending(): boolean {
  return scheduled !== undefined;
}

/**
 * Resolves once the waiting batch has run; a batch held for the next frame runs in a microtask
 * instead (someone is waiting for the screen: `updateComplete`). Resolves at once if none waits.
 */
export function batchDone(): Promise<void> {
  if (!scheduled) return Promise.resolve();
  if (scheduled === 'frame') {
    scheduled = 'microtask';
    queueMicrotask(flush);
  }
  if (!ran) {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    ran = { promise, resolve };
  }
  return ran.promise;
}

function requestFrame(): void {
  if (frameRequested) return;
  frameRequested = true;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    clearTimeout(fallback);
    onFrame();
  });
  fallback = setTimeout(() => {
    cancelAnimationFrame(frame);
    onFrame();
  }, FRAME_FALLBACK_MS);
}

function onFrame(): void {
  frameRequested = false;
  const start = performance.now();
  const before = spent;
  // A batch waits for this frame: writes came faster than frames (a stream).
  const burst = scheduled === 'frame';
  if (scheduled === 'frame') {
    if (start < holdUntil) {
      held = true;
      // No frame is asked for while the batch is held: a timer asks for the one that shows it.
      holdTimer ??= setTimeout(() => {
        holdTimer = undefined;
        if (scheduled === 'frame') requestFrame();
      }, holdUntil - start);
    } else flush();
  }
  // The frame that shows the batches since the last one has begun: in a stream, what they cost,
  // with the frame's own rendering (measured to the first task after it), sets the hold.
  if (ranThisFrame) {
    // A batch the hold kept back continues the streak.
    streak = held || start - lastShown < STREAK_GAP_MS ? streak + 1 : 1;
    held = false;
    lastShown = start;
    // What the batch that waited took: this frame's batches beyond the ones before it.
    if ((burst && spent - before >= BURST_MS) || streak >= HOLD_AFTER) {
      const hold = () => {
        const now = performance.now();
        holdUntil = now + Math.min(HOLD_MAX_MS, HOLD_FACTOR * (before + now - start));
      };
      // Until the frame has rendered, what its batches cost already holds: a write in a task
      // that was queued before the frame's end must not run at once.
      hold();
      afterFrame(hold);
    }
  }
  spent = 0;
  ranThisFrame = false;
}

/** Made on first use: an open channel made when the module loads would keep a server's event loop alive. */
let channel: MessageChannel | undefined;
let afterFrameDo: (() => void) | undefined;

/** Runs `f` in the first task after the current frame's rendering. */
function afterFrame(f: () => void): void {
  afterFrameDo = f;
  if (!channel && typeof MessageChannel !== 'undefined') {
    channel = new MessageChannel();
    channel.port1.onmessage = () => afterFrameDo?.();
  }
  channel?.port2.postMessage(0);
}

function flush(): void {
  if (!scheduled) return; // run early by batchDone
  const start = performance.now();
  let level = rewind;
  rewind = Infinity;
  for (; level < levels.length; level++) {
    const queue = levels[level];
    if (queue?.size) {
      for (const r of queue) {
        queue.delete(r);
        try {
          r.react();
        } catch (e) {
          // A bug in one reaction must not stall the others (renders have their own boundary).
          reportError(e);
        }
      }
    }
    // A reaction queued a shallower one (a render wrote data): go back up.
    if (rewind <= level) {
      level = rewind - 1;
      rewind = Infinity;
    }
  }
  scheduled = undefined;
  rewind = Infinity;
  const end = performance.now();
  spent += end - start;
  ranThisFrame = true;
  requestFrame();
  const done = ran;
  ran = undefined;
  done?.resolve();
}
