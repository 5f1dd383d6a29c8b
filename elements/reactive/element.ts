/**
 * `Reactive(LitElement)`: an element whose update is a {@link Reaction}. The signals its update
 * reads are its dependencies; when one is written, the batch runs the element's update again (parents
 * first, synchronously inside the batch) if one of them now holds a different value.
 *
 * @module
 */
import type { ReactiveElement } from 'lit';
import { Signal } from 'signal-polyfill';
import { batchDone, batchPending, type Reaction } from './batch.ts';
import { Watch, type Source } from './watch.ts';

type Constructor<T> = abstract new (...args: any[]) => T;

/** Bumped before every tracked update, so the tracking computed runs again (one for all: nothing watches it). */
const force = new Signal.State(0);

/**
 * What a tracked update runs in: a computed whose only job is to record what the update read (its
 * sources are watched by the element's {@link Watch}, never the computed itself). One per nesting
 * depth, shared by every element: no computed per element.
 */
const trackers: Array<Signal.Computed<void>> = [];
/** The update each depth's tracker runs next. */
const runs: Array<ReactiveHost & { untrackedUpdate(): void }> = [];
let depth = 0;
let forgetScheduled = false;

function tracker(at: number): Signal.Computed<void> {
  return (trackers[at] ??= new Signal.Computed(() => {
    force.get();
    const host = runs[at];
    runs[at] = undefined!;
    host?.untrackedUpdate();
  }));
}

/**
 * After the updates of a task: the trackers forget the sources of the last update they ran (they
 * would keep its signals, and what those hold, alive).
 */
function forgetSources(): void {
  forgetScheduled = false;
  if (depth) return;
  force.set(force.get() + 1);
  for (const t of trackers) t.get();
}

/** True while {@link createChild} makes an element (its constructor asks for its first update). */
let makingChild = false;

/**
 * Makes the element `tag` for a parent's render. A reactive element made here schedules no update
 * of its own (no Lit update promise and microtask per element): its parent renders it right after
 * itself ({@link renderAfterParent}, which the caller must call for it). `make` creates it (default
 * `document.createElement`; a surface in a scoped registry makes it in that registry).
 */
export function createChild(tag: string, make: (tag: string) => HTMLElement = (t) => document.createElement(t)): HTMLElement {
  makingChild = true;
  try {
    return make(tag);
  } finally {
    makingChild = false;
  }
}

/** Elements made by the update in progress (a stack: updates nest, depth first). */
const born: ReactiveHost[] = [];

/**
 * Marks `el` as made by the update in progress: it renders right after that update, in the same
 * task, instead of in a microtask of its own (a surface arriving renders depth first, in one go).
 */
export function renderAfterParent(el: ReactiveHost): void {
  born.push(el);
}

/** What the rest of the folder (parts, child lists) needs from a reactive element. */
export interface ReactiveHost extends Reaction {
  /** The A2UI element that rendered this one (its parent in the A2UI tree), if any. */
  treeParent: ReactiveHost | undefined;
  readonly isUpdatePending: boolean;
  /** Runs a pending update now, after the pending updates of its A2UI ancestors. */
  flushUpdate(): void;
  /**
   * Reads a computed by value: the host updates when its value changes (see Watch.read); with
   * `part`, that part of the host runs instead (one watcher per element, its parts included).
   */
  read<T>(computed: Signal.Computed<T>, part?: Reaction): T;
  /** Asks for an update (something outside signals changed). */
  requestUpdate(): void;
  /** Runs `f` when the host has left the page (not merely moved within a task). */
  whenDropped(f: () => void): void;
}

/** Returns `Base` with signal tracking; the type stays `Base`'s plus {@link ReactiveHost}. */
export function Reactive<T extends Constructor<ReactiveElement>>(Base: T): T & Constructor<ReactiveHost> {
  abstract class ReactiveElementBase extends Base implements ReactiveHost {
    // Initialised, so that it is an own property: render-child.ts sets it only where it exists.
    treeParent: ReactiveHost | undefined = undefined;
    private _watch: Watch | undefined;
    private _dropped: Array<() => void> | undefined;
    /** Left the page and stopped watching: render in full when back. */
    private _stopped = false;

    get level(): number {
      return this.treeParent ? this.treeParent.level + 2 : 0;
    }

    read<V>(computed: Signal.Computed<V>, part?: Reaction): V {
      return (this._watch ??= new Watch(this)).read(computed, part);
    }

    whenDropped(f: () => void): void {
      (this._dropped ??= []).push(f);
    }

    /** The batch: update if a dependency really changed (or an update is pending anyway); else run the parts whose value did. */
    react(): void {
      if (!this.isConnected) return;
      const parts: Reaction[] = [];
      if (this.isUpdatePending || this._watch?.changed(parts)) {
        // Updated right here, not in a microtask of its own: no promise per update, and the order
        // of the batch (parents first) is the order of the updates.
        (this as { isUpdatePending: boolean }).isUpdatePending = true;
        this.flushUpdate();
        return;
      }
      for (const part of parts) part.react();
    }

    flushUpdate(): void {
      this.treeParent?.flushUpdate();
      if (this.isUpdatePending) this.performUpdate();
    }

    /**
     * Done when Lit's update is, and no batch waits: a batch held for the next frame runs now,
     * since someone is waiting for the screen (batch.ts).
     */
    protected override async getUpdateComplete(): Promise<boolean> {
      let done = await super.getUpdateComplete();
      while (batchPending()) {
        await batchDone();
        done = await super.getUpdateComplete();
      }
      return done;
    }

    /** The constructor's first request of an element made by {@link createChild}: pending, not scheduled. */
    override requestUpdate(...args: Parameters<ReactiveElement['requestUpdate']>): void {
      if (makingChild && args[0] === undefined) {
        makingChild = false;
        (this as { isUpdatePending: boolean }).isUpdatePending = true;
        return;
      }
      super.requestUpdate(...args);
    }

    /** Lit's own scheduling (a property or state change): parents first here too. */
    protected override scheduleUpdate(): void | Promise<unknown> {
      // Done already (a parent's render ran it): the common case for a child it made.
      if (!this.isUpdatePending) return;
      this.treeParent?.flushUpdate();
      return super.scheduleUpdate();
    }

    protected override performUpdate(): void {
      // Already done (the batch ran it; this is Lit's own scheduled call arriving after).
      if (!this.isUpdatePending) return;
      const first = born.length;
      try {
        if (!this.isConnected) {
          // A detached element renders untracked: nothing it reads can keep it alive.
          this.stopWatching();
          super.performUpdate();
          return;
        }
        const watch = (this._watch ??= new Watch(this));
        const known = this.knownSources();
        if (known) {
          // No tracking: what the update reads besides its parts is known (a Text's record).
          try {
            Signal.subtle.untrack(() => this.untrackedUpdate());
          } finally {
            watch.end(known);
          }
        } else {
          // Tracked: what the update reads (in this depth's tracker) is what the element watches.
          const at = depth++;
          const run = tracker(at);
          runs[at] = this;
          force.set(force.get() + 1);
          try {
            run.get();
          } finally {
            depth--;
            watch.end(run, force);
            if (!forgetScheduled) {
              forgetScheduled = true;
              queueMicrotask(forgetSources);
            }
          }
        }
      } finally {
        // Even when this update threw: a child made by it has no update scheduled of its own.
        this.renderBorn(first);
      }
    }

    /** The children this update made (from `first` on), now: parents first still holds, this one is done. */
    private renderBorn(first: number): void {
      if (born.length > first) for (const child of born.splice(first)) if (child.isUpdatePending) child.flushUpdate();
    }

    /**
     * The signals the next update will read, when the element knows them before it renders (its
     * parts' reads aside, which {@link read} records): the update then runs untracked, and the
     * watch watches these. `undefined` (the default): the update is tracked. A wrong answer misses
     * changes, so an element answers only for a render it knows completely.
     */
    protected knownSources(): readonly Source[] | undefined {
      return undefined;
    }

    override connectedCallback(): void {
      super.connectedCallback();
      // Signals may have changed while unwatched. (A move within one task keeps watching.)
      if (this._stopped) {
        this._stopped = false;
        this.requestUpdate();
      }
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      // A move within the same task (keyed reorders) keeps the watcher.
      queueMicrotask(() => {
        if (!this.isConnected && !this._stopped) this.stopWatching();
      });
    }

    /** Lit's update, run by the tracker (reads here are what this element depends on). */
    untrackedUpdate(): void {
      super.performUpdate();
    }

    private stopWatching(): void {
      if (this._stopped) return;
      this._stopped = true;
      this._watch?.stop();
      const dropped = this._dropped;
      if (dropped) for (const f of dropped) f();
    }
  }
  return ReactiveElementBase as unknown as T & Constructor<ReactiveHost>;
}
