/**
 * A small least-recently-used cache. Templates, formatters and name tables are built once per
 * distinct input and reused; the bound keeps hostile streams of distinct inputs from growing memory.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #weigh: ((key: K) => number) | undefined;
  readonly #maxWeight: number;
  #weight = 0;

  /**
   * At most `capacity` entries and, with `weigh`, at most `maxWeight` in total weight of their keys
   * (a template cache bounds the characters it keeps, not only their number).
   */
  constructor(
    readonly capacity: number,
    weight?: { max: number; weigh: (key: K) => number },
  ) {
    this.#weigh = weight?.weigh;
    this.#maxWeight = weight?.max ?? Infinity;
  }

  /** The cached value for `key`, marking it most recently used. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /** Stores `value`, evicting the least recently used entries while over a bound (never `key`'s). */
  set(key: K, value: V): V {
    this.#remove(key);
    this.#entries.set(key, value);
    if (this.#weigh) this.#weight += this.#weigh(key);
    while (this.#entries.size > this.capacity || (this.#weight > this.#maxWeight && this.#entries.size > 1)) {
      const oldest = this.#entries.keys().next();
      if (oldest.done || oldest.value === key) break;
      this.#remove(oldest.value);
    }
    return value;
  }

  /** The cached value for `key`, creating it with `make` on a miss. */
  getOrCreate(key: K, make: () => V): V {
    return this.get(key) ?? this.set(key, make());
  }

  get size(): number {
    return this.#entries.size;
  }

  #remove(key: K): void {
    if (this.#entries.delete(key) && this.#weigh) this.#weight -= this.#weigh(key);
  }
}
