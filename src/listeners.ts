/** A set of listeners called in turn, where one listener's fault stops neither the caller nor the others. */
export class Listeners<A extends unknown[]> {
  private readonly set = new Set<(...args: A) => void>();

  /** Adds `listener`; returns its unsubscribe. */
  add(listener: (...args: A) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }

  /** Whether anyone listens (so a caller can skip building what it would pass). */
  get size(): number {
    return this.set.size;
  }

  /**
   * Calls every listener (a copy: a listener may unsubscribe while called) with `args`. A
   * listener's fault is the host's or its tool's: the store and the other listeners go on.
   */
  call(...args: A): void {
    for (const l of [...this.set]) {
      try {
        l(...args);
      } catch {
        // Deliberately ignored (see above).
      }
    }
  }
}
