/**
 * A small least-recently-used cache. Templates, formatters and name tables are built once per
 * distinct input and reused; the bound keeps hostile streams of distinct inputs from growing memory.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();
  #weight = 0;

  /**
   * At most `capacity` entries and at most `maxWeight` in the total `weigh` of their keys (a
   * template cache bounds the characters it keeps too); the newest entry always stays.
   */
  constructor(
    readonly capacity: number,
    readonly maxWeight = Infinity,
    readonly weigh: (key: K) => number = () => 0,
  ) {}

  /** The cached value for `key`, marking it most recently used. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /** Stores `value`, evicting the least recently used entries while over a bound. */
  set(key: K, value: V): V {
    this.#delete(key);
    this.#entries.set(key, value);
    this.#weight += this.weigh(key);
    for (const oldest of this.#entries.keys()) {
      if (oldest === key || (this.#entries.size <= this.capacity && this.#weight <= this.maxWeight)) break;
      this.#delete(oldest);
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

  #delete(key: K): void {
    if (this.#entries.delete(key)) this.#weight -= this.weigh(key);
  }
}
