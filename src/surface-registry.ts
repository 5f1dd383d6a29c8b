/**
 * The live surfaces of one store, by id, and the signals elements watch them through: one per id
 * (an element waiting for `main` re-renders when `main` is created, not when `side` is), and one
 * for the id list. The message handlers add and remove surfaces here; the store reads.
 */
import { Signal } from 'signal-polyfill';
import type { Surface } from './surface.ts';

export class SurfaceRegistry {
  private readonly surfaces = new Map<string, Surface>();
  /** The signal of each id something watches or that is live (see {@link idSignal}). */
  private readonly idSignals = new Map<string, Signal.State<Surface | undefined>>();
  private readonly idList = new Signal.State<readonly string[]>([]);
  
  /** @param beforeRemove runs before a removed surface is disposed (the store cancels its agent calls). */
  constructor(private readonly beforeRemove: (id: string) => void = () => {}) {}

  /** The surface with `id` (reactive: re-evaluates when it is created or deleted). */
  get(id: string): Surface | undefined {
    // Outside a reactive computation there is nothing to notify later: no signal needed.
    if (!Signal.subtle.currentComputed()) return this.surfaces.get(id);
    return this.idSignal(id).get();
  }

  /** The surface with `id`, without tracking. */
  peek(id: string): Surface | undefined {
    return this.surfaces.get(id);
  }

  /** Ids of the live surfaces, in creation order (reactive). */
  get ids(): readonly string[] {
    return this.idList.get();
  }

  /** The live surfaces, in creation order (not reactive). */
  values(): IterableIterator<Surface> {
    return this.surfaces.values();
  }

  /** Adds a created surface. */
  add(surface: Surface): void {
    this.surfaces.set(surface.id, surface);
    this.idSignal(surface.id).set(surface);
    this.idList.set([...this.surfaces.keys()]);
  }

  /** Removes and disposes a surface; an unknown id is a no-op. */
  remove(id: string): void {
    const s = this.surfaces.get(id);
    if (!s) return;
    this.beforeRemove(id);
    s.dispose();
    this.surfaces.delete(id);
    const signal = this.idSignal(id);
    signal.set(undefined);
    // Keep the signal only while something watches for this id to come back.
    if (!Signal.subtle.hasSinks(signal)) this.idSignals.delete(id);
    this.idList.set([...this.surfaces.keys()]);
  }

  /** How many per-id signals are held (a leak check for tests). */
  get idSignalCount(): number {
    return this.idSignals.size;
  }

  private idSignal(id: string): Signal.State<Surface | undefined> {
    let s = this.idSignals.get(id);
    if (s) return s;
    const signal: Signal.State<Surface | undefined> = new Signal.State<Surface | undefined>(this.surfaces.get(id), {
      // A deleted surface's signal outlives the delete while an element still watches it; it goes
      // when the last watcher leaves, or every deleted id would stay in the map.
      [Signal.subtle.unwatched]: () => {
        if (!this.surfaces.has(id) && this.idSignals.get(id) === signal) this.idSignals.delete(id);
      },
    });
    this.idSignals.set(id, signal);
    return signal;
  }
}
