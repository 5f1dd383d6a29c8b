/**
 * A small least-recently-used cache. Templates, formatters and name tables are built once per
 * distinct input and reused; the bound keeps hostile streams of distinct inputs from growing memory.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

  /** The cached value for `key`, marking it most recently used. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /** Stores `value`, evicting the least recently used entry when full. */
  set(key: K, value: V): V {
    this.#entries.delete(key);
    if (this.#entries.size >= this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
    return value;
  }

  /** The cached value for `key`, creating it with `make` on a miss. */
  getOrCreate(key: K, make: () => V): V {
    return this.get(key) ?? this.set(key, make());
  }

  get size(): number {
    return this.#entries.size;
  }
}
