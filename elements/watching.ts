/**
 * `Watching(LitElement)`: an element whose update tracks the TC39 signals it reads and updates
 * again when one of them changes — what `SignalWatcher` from @lit-labs/signals does, without its
 * leak: that mixin registers every element with a FinalizationRegistry whose held value (the
 * watcher) keeps a WeakMap entry — and so the element — alive forever, and it re-watches signals
 * when a disconnected element updates. Here the watcher belongs to the element alone, exists only
 * while the element is connected, and an update while disconnected tracks nothing.
 */
import type { ReactiveElement } from 'lit';
import { Signal } from 'signal-polyfill';

type Constructor<T> = abstract new (...args: any[]) => T;

/** Returns `Base` with signal tracking; the type stays `Base`'s (the tracking is internal). */
export function Watching<T extends Constructor<ReactiveElement>>(Base: T): T {
  abstract class WatchingElement extends Base {
    private _force = new Signal.State(0);
    private _run: Signal.Computed<void> | undefined;
    private _watcher: Signal.subtle.Watcher | undefined;
    private _updating = false;

    protected override performUpdate(): void {
      if (!this.isConnected) {
        // A detached element renders untracked: nothing it reads can keep it alive.
        this.dropWatcher();
        super.performUpdate();
        return;
      }
      if (!this._watcher) {
        const update = () => super.performUpdate();
        this._run = new Signal.Computed(() => {
          this._force.get();
          update();
        });
        this._watcher = new Signal.subtle.Watcher(() => {
          if (!this._updating) this.requestUpdate();
        });
        this._watcher.watch(this._run);
      }
      // Force a fresh run (the computed would otherwise return its cached result).
      this._updating = true;
      this._force.set(this._force.get() + 1);
      try {
        this._run!.get();
      } finally {
        this._updating = false;
        this._watcher?.watch();
      }
    }

    override connectedCallback(): void {
      super.connectedCallback();
      // Signals may have changed while detached: render in full.
      this.requestUpdate();
    }

    override disconnectedCallback(): void {
      super.disconnectedCallback();
      // A move within the same task (keyed reorders) keeps the watcher.
      queueMicrotask(() => {
        if (!this.isConnected) this.dropWatcher();
      });
    }

    private dropWatcher(): void {
      if (this._watcher && this._run) this._watcher.unwatch(this._run);
      this._watcher = this._run = undefined;
    }
  }
  return WatchingElement as unknown as T;
}
