/**
 * `Watching(LitElement)`: an element whose update tracks the TC39 signals it reads and updates
 * again when one of them *changes value* — what `SignalWatcher` from @lit-labs/signals does,
 * without its leak and without its spurious updates.
 *
 * - **No leak.** That mixin registers every element with a FinalizationRegistry whose held value
 *   (the watcher) keeps a WeakMap entry — and so the element — alive forever (lit/lit#5364). Here
 *   the watcher belongs to the element alone, exists only while the element is connected, and an
 *   update while disconnected tracks nothing.
 * - **Only real changes.** A TC39 watcher hears that a source *may* have changed. The watcher here
 *   watches the signals the last update read directly (its sources); when one is notified, a
 *   microtask re-reads them and requests an update only if one now differs (`Object.is`) from what
 *   the update saw. So a template item that moved to another index (its bindings now read
 *   `/items/4/name` instead of `/items/5/name`, with the same value) does not re-render. A computed
 *   source holding an object is taken as changed whenever it re-evaluated: the data model mutates
 *   in place, so the same object may have new contents.
 */
import type { ReactiveElement } from 'lit';
import { Signal } from 'signal-polyfill';

type Constructor<T> = abstract new (...args: any[]) => T;
type Source = Signal.State<unknown> | Signal.Computed<unknown>;

/** Bumped before every tracked update, so the update's computed always runs again (one for all elements: nothing watches it). */
const force = new Signal.State(0);

/** Returns `Base` with signal tracking; the type stays `Base`'s (the tracking is internal). */
export function Watching<T extends Constructor<ReactiveElement>>(Base: T): T {
  abstract class WatchingElement extends Base {
    private _run: Signal.Computed<void> | undefined;
    private _watcher: Signal.subtle.Watcher | undefined;
    /** What the last update read directly, and the values it saw. */
    private _sources: Source[] = [];
    private _seen: unknown[] = [];
    private _updating = false;
    private _checking: Promise<void> | undefined;

    protected override performUpdate(): void {
      if (!this.isConnected) {
        // A detached element renders untracked: nothing it reads can keep it alive.
        this.dropWatcher();
        super.performUpdate();
        return;
      }
      if (!this._run) {
        const update = () => super.performUpdate();
        this._run = new Signal.Computed(() => {
          force.get();
          update();
        });
      }
      this._watcher ??= new Signal.subtle.Watcher(() => this.notified());
      // Force a fresh run (the computed would otherwise return its cached result).
      this._updating = true;
      force.set(force.get() + 1);
      try {
        this._run.get();
      } finally {
        this._updating = false;
        this.track();
      }
    }

    override connectedCallback(): void {
      super.connectedCallback();
      // Signals may have changed while detached and unwatched: render in full. (A move within one
      // task keeps its watcher, and with it everything it heard.)
      if (!this._watcher) this.requestUpdate();
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      // A move within the same task (keyed reorders) keeps the watcher.
      queueMicrotask(() => {
        if (!this.isConnected) this.dropWatcher();
      });
    }

    /** Watches exactly the sources of the update that just ran, and remembers their values. */
    private track(): void {
      const w = this._watcher;
      if (!w || !this._run) return;
      const next = Signal.subtle.introspectSources(this._run).filter((s) => s !== force) as Source[];
      const prev = this._sources;
      if (next.length !== prev.length || next.some((s, i) => s !== prev[i])) {
        const keep = new Set(next);
        const gone = prev.filter((s) => !keep.has(s));
        if (gone.length) w.unwatch(...gone);
        const had = new Set(prev);
        const added = next.filter((s) => !had.has(s));
        if (added.length) w.watch(...added);
      }
      this._sources = next;
      this._seen = next.map(read);
      w.watch(); // re-arm: the watcher is notified once until then
    }

    /** @internal While a notification is being looked at: settles once an update was (or was not) requested. */
    get signalCheck(): Promise<void> | undefined {
      return this._checking;
    }

    private notified(): void {
      if (this._updating || this._checking) return;
      // No signal may be read inside a watcher's notification: look in a microtask.
      this._checking = Promise.resolve().then(() => {
        this._checking = undefined;
        const w = this._watcher;
        if (!w) return;
        if (this.isUpdatePending || this.changed(w)) this.requestUpdate();
        else w.watch();
      });
    }

    /** True when a source now holds something other than what the last update saw. */
    private changed(w: Signal.subtle.Watcher): boolean {
      const pending = new Set<unknown>(w.getPending());
      for (let i = 0; i < this._sources.length; i++) {
        const s = this._sources[i];
        if (Signal.isComputed(s) && !pending.has(s)) continue;
        const value = read(s);
        if (!Object.is(value, this._seen[i])) return true;
        if (Signal.isComputed(s) && ((typeof value === 'object' && value !== null) || typeof value === 'function')) return true;
      }
      return false;
    }

    private dropWatcher(): void {
      if (this._watcher && this._sources.length) this._watcher.unwatch(...this._sources);
      this._watcher = this._run = undefined;
      this._sources = [];
      this._seen = [];
    }
  }
  return WatchingElement as unknown as T;
}

/** A source's value; a failing computed reads as a fresh token, so it always counts as changed. */
function read(s: Source): unknown {
  try {
    return s.get();
  } catch {
    return {};
  }
}
