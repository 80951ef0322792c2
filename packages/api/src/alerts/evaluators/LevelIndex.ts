import { type ArmedAlert } from './ArmedAlert';

/**
 * Alerts sorted by one of their levels, for range questions: "every alert whose lower bound lies
 * in (p, v]". One binary search per bound, then the alerts in the range: O(log n + k).
 *
 * A removed alert stays in place, only marked, until removed ones are an eighth of the index;
 * then one pass drops them all. A price move that fires k alerts of n costs O(k log n) to let
 * them go, not k splices of O(n) each (10,000 fired of a million held: seconds of the update).
 */
export class LevelIndex {
  private items: ArmedAlert[] = [];
  /** Inserted since the last question, sorted in then (many at once: one sort, not n splices). */
  private pending: ArmedAlert[] = [];
  /** Removed, and still in `items` at their place until the next compaction. */
  private readonly removed = new Set<ArmedAlert>();

  constructor(private readonly level: (alert: ArmedAlert) => number) {}

  get size(): number {
    return this.items.length + this.pending.length - this.removed.size;
  }

  insert(alert: ArmedAlert): void {
    // Taken out and put back (a percent move parked for a period): still at its place. Its level
    // is its record's, which never changes.
    if (this.removed.delete(alert)) return;
    this.pending.push(alert);
  }

  /** The alert with the lowest level, if any. */
  first(): ArmedAlert | undefined {
    this.flush();
    for (const item of this.items) if (!this.removed.has(item)) return item;
    return undefined;
  }

  remove(alert: ArmedAlert): boolean {
    this.flush();
    if (this.removed.has(alert)) return false;
    const key = this.level(alert);
    for (let i = this.firstAtOrAbove(key); i < this.items.length; i += 1) {
      const item = this.items[i]!;
      if (this.level(item) !== key) break;
      if (item === alert) {
        this.removed.add(alert);
        return true;
      }
    }
    return false;
  }

  /** Every alert held, in order of level. */
  all(): ArmedAlert[] {
    this.flush();
    return this.removed.size === 0
      ? [...this.items]
      : this.items.filter((item) => !this.removed.has(item));
  }

  /**
   * Keeps only the alerts `keep` accepts (one pass). For an owner that marks the alerts it lets go
   * of on the alerts themselves and skips them in the ranges (`LevelFlips`): it drops them here
   * when they are many, without telling the index of each.
   */
  retain(keep: (alert: ArmedAlert) => boolean): void {
    this.sortInPending();
    this.items = this.items.filter((item) => keep(item) && !this.removed.has(item));
    this.removed.clear();
  }

  /**
   * The alerts whose level lies between `from` and `to` (`from ≤ to`), each end included or not.
   */
  range(from: number, fromIncluded: boolean, to: number, toIncluded: boolean): ArmedAlert[] {
    this.flush();
    const start = fromIncluded ? this.firstAtOrAbove(from) : this.firstAbove(from);
    const end = toIncluded ? this.firstAbove(to) : this.firstAtOrAbove(to);
    if (start >= end) return [];
    const found = this.items.slice(start, end);
    return this.removed.size === 0 ? found : found.filter((item) => !this.removed.has(item));
  }

  private flush(): void {
    this.sortInPending();
    if (this.removed.size > 0 && this.removed.size * 8 >= this.items.length) {
      this.items = this.items.filter((item) => !this.removed.has(item));
      this.removed.clear();
    }
  }

  private sortInPending(): void {
    if (this.pending.length === 0) return;
    const pending = this.pending;
    this.pending = [];
    if (pending.length < 32) {
      for (const alert of pending) this.items.splice(this.firstAbove(this.level(alert)), 0, alert);
      return;
    }
    // Stable: alerts of equal level keep their order of insertion.
    const all = this.items.concat(pending);
    const keys = new Map(all.map((alert) => [alert, this.level(alert)]));
    all.sort((a, b) => keys.get(a)! - keys.get(b)!);
    this.items = all;
  }

  /** The first index whose level is ≥ `key`. */
  private firstAtOrAbove(key: number): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.level(this.items[mid]!) < key) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The first index whose level is > `key`. */
  private firstAbove(key: number): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.level(this.items[mid]!) <= key) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
