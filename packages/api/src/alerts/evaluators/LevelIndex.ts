import { type ArmedAlert } from './ArmedAlert';

/**
 * Alerts sorted by one of their levels, for range questions: "every alert whose lower bound lies
 * in (p, v]". One binary search per bound, then the alerts in the range: O(log n + k).
 */
export class LevelIndex {
  private items: ArmedAlert[] = [];
  /** Inserted since the last question, sorted in then (many at once: one sort, not n splices). */
  private pending: ArmedAlert[] = [];

  constructor(private readonly level: (alert: ArmedAlert) => number) {}

  get size(): number {
    return this.items.length + this.pending.length;
  }

  insert(alert: ArmedAlert): void {
    this.pending.push(alert);
  }

  /** The alert with the lowest level, if any. */
  first(): ArmedAlert | undefined {
    this.flush();
    return this.items[0];
  }

  remove(alert: ArmedAlert): boolean {
    this.flush();
    const key = this.level(alert);
    for (let i = this.firstAtOrAbove(key); i < this.items.length; i += 1) {
      const item = this.items[i]!;
      if (this.level(item) !== key) break;
      if (item === alert) {
        this.items.splice(i, 1);
        return true;
      }
    }
    return false;
  }

  /**
   * The alerts whose level lies between `from` and `to` (`from ≤ to`), each end included or not.
   */
  range(from: number, fromIncluded: boolean, to: number, toIncluded: boolean): ArmedAlert[] {
    this.flush();
    const start = fromIncluded ? this.firstAtOrAbove(from) : this.firstAbove(from);
    const end = toIncluded ? this.firstAbove(to) : this.firstAtOrAbove(to);
    return start < end ? this.items.slice(start, end) : [];
  }

  private flush(): void {
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
