/**
 * `StableReads`: reads a computed signal in a render *without* making the render depend on it,
 * and re-renders the host only when the computed's value actually changed.
 *
 * Why: a render's own sources (watching.ts) count a re-evaluated computed that holds an object as
 * changed, since the data model mutates in place. A List reading its child entries that way would
 * re-render on every keystroke in one of its items (the write bumps the list's array ancestor),
 * although the computed's `equals` kept the same entries. Read through here, the value is compared
 * (`Object.is`, after the computed's own `equals`) before the host is asked to update: these
 * computeds make new values whenever something really changed.
 *
 * @module
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Signal } from 'signal-polyfill';

type AnyComputed = Signal.Computed<unknown>;

export class StableReads implements ReactiveController {
  private readonly last = new Map<AnyComputed, unknown>();
  private readonly used = new Set<AnyComputed>();
  private readonly watcher: Signal.subtle.Watcher;
  private scheduled: Promise<void> | undefined;
  private dropped = false;

  constructor(private readonly host: ReactiveControllerHost & { readonly isConnected: boolean }) {
    host.addController(this);
    this.watcher = new Signal.subtle.Watcher(() => this.schedule());
  }

  /** The computed's current value; the host re-renders when that value changes. */
  read<T>(computed: Signal.Computed<T>): T {
    const value = Signal.subtle.untrack(() => computed.get());
    const c = computed as AnyComputed;
    if (!this.last.has(c)) this.watcher.watch(c);
    this.last.set(c, value);
    this.used.add(c);
    return value;
  }

  hostUpdate(): void {
    this.used.clear();
  }

  hostUpdated(): void {
    // Stop watching what the last render no longer read.
    const stale = [...this.last.keys()].filter((c) => !this.used.has(c));
    if (!stale.length) return;
    this.watcher.unwatch(...stale);
    for (const c of stale) this.last.delete(c);
  }

  hostDisconnected(): void {
    // A move within one task (a keyed reorder, a host re-inserting the surface) keeps watching.
    queueMicrotask(() => {
      if (this.host.isConnected || this.dropped) return;
      if (this.last.size) this.watcher.unwatch(...this.last.keys());
      this.last.clear();
      this.dropped = true;
      for (const f of this.onDrop) f();
    });
  }

  /** Runs `f` whenever the host has left the page (not moved within a task). */
  whenDropped(f: () => void): void {
    this.onDrop.push(f);
  }

  private readonly onDrop: Array<() => void> = [];

  hostConnected(): void {
    // Changes while unwatched went unheard: read everything again.
    if (!this.dropped) return;
    this.dropped = false;
    this.host.requestUpdate();
  }

  /** Asks the host to render again (something its render reads outside signals changed). */
  invalidate(): void {
    this.host.requestUpdate();
  }

  /** While a change is being looked at: settles once the host has (or has not) requested an update. */
  get checking(): Promise<void> | undefined {
    return this.scheduled;
  }

  private schedule(): void {
    // No signal may be read inside a watcher's notification: look in a microtask.
    this.scheduled ??= Promise.resolve().then(() => this.check());
  }

  private check(): void {
    this.scheduled = undefined;
    let changed = false;
    for (const c of this.watcher.getPending()) {
      const value = c.get();
      if (this.last.has(c) && !Object.is(value, this.last.get(c))) changed = true;
    }
    this.watcher.watch();
    if (changed) this.host.requestUpdate();
  }
}
