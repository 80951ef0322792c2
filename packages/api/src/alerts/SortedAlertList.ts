import { type AlertDirection } from '@pairwatch/domain';
import { type AlertRecord } from '../storage/AlertStore';

/**
 * The active alerts of one (type, symbol, interval, direction), sorted so that the alerts a value
 * reaches form a suffix: `up` alerts by descending target (a value reaches every target at or
 * below it), `down` alerts by ascending target. Finding what a value reaches is one binary search,
 * and taking k fired alerts off the end costs O(k).
 *
 * "Reaches" is domain's `alertFires(direction, valueTarget, value)` (≥ for up, ≤ for down): the
 * sort is a shortcut to it for speed, not a second rule. SortedAlertList.test.ts proves the two
 * agree ("takes exactly the alerts domain's alertFires says a value reaches", a property test).
 */
export class SortedAlertList {
  private readonly sortedItems: AlertRecord[] = [];

  constructor(readonly direction: AlertDirection) {}

  get size(): number {
    return this.sortedItems.length;
  }

  /** The alerts in order (closest to firing last). */
  get items(): readonly AlertRecord[] {
    return this.sortedItems;
  }

  /** Adds many alerts with one sort (the index at start). */
  load(alerts: Iterable<AlertRecord>): void {
    for (const alert of alerts) this.sortedItems.push(alert);
    const sign = this.direction === 'up' ? -1 : 1;
    this.sortedItems.sort((a, b) => sign * (a.valueTarget - b.valueTarget));
  }

  insert(alert: AlertRecord): void {
    const at = this.indexOf(alert.valueTarget, 'after');
    this.sortedItems.splice(at, 0, alert);
  }

  /** Removes the alert with this id and target; false when it is not in the list. */
  remove(alert: Pick<AlertRecord, 'id' | 'valueTarget'>): boolean {
    for (
      let i = this.indexOf(alert.valueTarget, 'atOrAfter');
      i < this.sortedItems.length;
      i += 1
    ) {
      const item = this.sortedItems[i]!;
      if (item.valueTarget !== alert.valueTarget) break;
      if (item.id === alert.id) {
        this.sortedItems.splice(i, 1);
        return true;
      }
    }
    return false;
  }

  /**
   * Takes the alerts that `value` reaches — those for which domain's `alertFires(direction,
   * alert.valueTarget, value)` holds, found by one binary search — and for which `check` returns
   * the value they fire at (undefined keeps the alert, e.g. one created during this candle whose
   * rule is not met yet).
   *
   * @returns the fired alerts with their trigger values, closest target first.
   */
  takeReached(
    value: number,
    check: (alert: AlertRecord) => number | undefined,
  ): { alert: AlertRecord; value: number }[] {
    const start = this.indexOf(value, 'atOrAfter');
    if (start === this.sortedItems.length) return [];
    const fired: { alert: AlertRecord; value: number }[] = [];
    const kept: AlertRecord[] = [];
    for (let i = this.sortedItems.length - 1; i >= start; i -= 1) {
      const alert = this.sortedItems[i]!;
      const at = check(alert);
      if (at === undefined) kept.push(alert);
      else fired.push({ alert, value: at });
    }
    this.sortedItems.length = start;
    for (let i = kept.length - 1; i >= 0; i -= 1) this.sortedItems.push(kept[i]!);
    return fired;
  }

  /** Sort key: ascending along the array; reached values form a suffix. */
  private key(target: number): number {
    return this.direction === 'up' ? -target : target;
  }

  /**
   * Binary search for the first index whose key is ≥ key(value) (`atOrAfter`: the first alert
   * `value` reaches, target ≤ value for up and ≥ value for down) or > key(value) (`after`: the
   * insertion point behind equal targets).
   */
  private indexOf(value: number, side: 'atOrAfter' | 'after'): number {
    const key = this.key(value);
    let low = 0;
    let high = this.sortedItems.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const midKey = this.key(this.sortedItems[mid]!.valueTarget);
      if (midKey < key || (side === 'after' && midKey === key)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
