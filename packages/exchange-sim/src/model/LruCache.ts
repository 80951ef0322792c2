/**
 * A bounded cache that forgets the least recently used entries first, approximately: entries live
 * in two generations and a hit in the older one moves the entry to the newer. Cheaper than exact
 * LRU bookkeeping on every hit, which dominated the cost of reading candles.
 */
export class LruCache<K, V> {
  private recent = new Map<K, V>();
  private older = new Map<K, V>();

  /** @param capacity entries per generation (the cache holds at most twice that). */
  constructor(private readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError(`LruCache capacity must be ≥ 1, got ${capacity}`);
  }

  /** The cached value, or `undefined`; a hit in the older generation is promoted. */
  get(key: K): V | undefined {
    const hit = this.recent.get(key);
    if (hit !== undefined) return hit;
    const old = this.older.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  /** Stores a value in the newer generation, retiring the older one when full. */
  set(key: K, value: V): void {
    if (this.recent.size >= this.capacity) {
      this.older = this.recent;
      this.recent = new Map<K, V>();
    }
    this.recent.set(key, value);
  }
}
