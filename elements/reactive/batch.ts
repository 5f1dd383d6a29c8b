/**
 * The batch: every reaction whose signals were written is run once, in one microtask, parents
 * before children. See index.ts for where it sits in the path of a data write.
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
let scheduled = false;
/** While flushing: the lowest level that got a reaction since the flush passed it. */
let rewind = Infinity;

/**
 * Queues `reaction` for the next batch. Called from a signal watcher's notification (where no
 * signal may be read), so it only records.
 */
export function enqueue(reaction: Reaction): void {
  const level = reaction.level;
  (levels[level] ??= new Set()).add(reaction);
  if (level < rewind) rewind = level;
  if (!scheduled) {
    scheduled = true;
    queueMicrotask(flush);
  }
}

function flush(): void {
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
  scheduled = false;
  rewind = Infinity;
}
