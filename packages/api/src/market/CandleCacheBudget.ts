/** Construction options of {@link CandleCacheBudget}. */
export interface CandleCacheBudgetOptions {
  /** The estimated bytes all caches may hold together before idle ones are dropped. */
  readonly maxBytes: number;
  /** Drops the cache of `key`; called for each cache the budget evicts. */
  readonly evict: (key: string) => void;
}

/**
 * The byte budget of the candle caches: a least-recently-used list of the caches of streams
 * nobody streams ("idle"), and the sizes of the streamed ones ("pinned"). When the estimated
 * total goes over `maxBytes`, idle caches go, least recently used first, until it fits. Pinned
 * caches count towards the total but are never evicted: their stream is live, and a listener
 * relies on what they hold.
 *
 * NOTE: the cache just used (the key of the call that went over) is never evicted by that call:
 * it holds the answer being served. So the total may exceed the budget by one idle cache, or by
 * however much the pinned caches need; both are bounded by what is streamed.
 *
 * Every operation is O(1) but eviction (O(evicted)): a Map keeps the idle keys in use order.
 */
export class CandleCacheBudget {
  /** Idle caches, least recently used first, with their bytes. */
  private readonly idle = new Map<string, number>();
  private readonly pinned = new Map<string, number>();
  private total = 0;

  constructor(private readonly options: CandleCacheBudgetOptions) {
    if (!(options.maxBytes >= 0)) {
      throw new RangeError(`maxBytes must be a number ≥ 0, got ${options.maxBytes}.`);
    }
  }

  /** Estimated bytes of every cache. */
  get totalBytes(): number {
    return this.total;
  }

  /** Caches counted (idle and pinned). */
  get size(): number {
    return this.idle.size + this.pinned.size;
  }

  /** Whether `key` is counted. */
  has(key: string): boolean {
    return this.idle.has(key) || this.pinned.has(key);
  }

  /**
   * Records the size of the cache of `key` (new or not) as just used, then evicts idle caches
   * while over budget.
   */
  update(key: string, bytes: number): void {
    if (this.pinned.has(key)) {
      this.total += bytes - this.pinned.get(key)!;
      this.pinned.set(key, bytes);
    } else {
      this.total += bytes - (this.idle.get(key) ?? 0);
      this.idle.delete(key);
      this.idle.set(key, bytes);
    }
    this.evictOver(key);
  }

  /** Marks the cache of `key` as just used (nothing if it is not counted). */
  touch(key: string): void {
    const bytes = this.idle.get(key);
    if (bytes === undefined) return;
    this.idle.delete(key);
    this.idle.set(key, bytes);
  }

  /** The stream of `key` is live: its cache is not evicted until {@link unpin}. */
  pin(key: string): void {
    if (this.pinned.has(key)) return;
    const bytes = this.idle.get(key) ?? 0;
    this.idle.delete(key);
    this.pinned.set(key, bytes);
  }

  /** The stream of `key` is no longer live: its cache becomes the most recently used idle one. */
  unpin(key: string): void {
    const bytes = this.pinned.get(key);
    if (bytes === undefined) return;
    this.pinned.delete(key);
    this.idle.set(key, bytes);
    this.evictOver(key);
  }

  /** Stops counting `key` (its cache was dropped by its owner). */
  delete(key: string): void {
    const bytes = this.idle.get(key) ?? this.pinned.get(key);
    if (bytes === undefined) return;
    this.idle.delete(key);
    this.pinned.delete(key);
    this.total -= bytes;
  }

  private evictOver(keep: string): void {
    if (this.total <= this.options.maxBytes) return;
    for (const [key, bytes] of this.idle) {
      // The kept key is the most recently used, so the last in order: nothing older is left.
      if (this.total <= this.options.maxBytes || key === keep) return;
      this.idle.delete(key);
      this.total -= bytes;
      this.options.evict(key);
    }
  }
}
