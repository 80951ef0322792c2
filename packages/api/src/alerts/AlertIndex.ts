import {
  type AlertDirection,
  type Candle,
  type Interval,
  type SymbolId,
  alertFires,
  priceSeenSince,
} from '@pairwatch/domain';
import { type AlertRecord } from '../storage/AlertStore';
import { SortedAlertList } from './SortedAlertList';

/** The candle stream an alert watches: 1-minute candles for price, its own interval for RSI. */
export function alertStreamInterval(alert: Pick<AlertRecord, 'type' | 'interval'>): Interval {
  return alert.type === 'Rsi' && alert.interval !== undefined ? alert.interval : 'OneMinute';
}

/** An alert the index let go because a value reached it, and the value it fired at. */
export interface ReachedAlert {
  readonly alert: AlertRecord;
  readonly value: number;
}

/**
 * The value a price alert sees in a 1-minute candle, or undefined when the candle does not count
 * for it: only price action after creation counts (domain `priceSeenSince`, from the candle that
 * was forming at creation with the extremes it had then).
 */
export function priceSeenByAlert(alert: AlertRecord, candle: Candle): number | undefined {
  return priceSeenSince(
    { time: alert.creationCandleTime, high: alert.creationHigh, low: alert.creationLow },
    candle,
    alert.direction,
  );
}

function listKey(
  type: AlertRecord['type'],
  symbol: SymbolId,
  interval: Interval,
  direction: AlertDirection,
): string {
  return `${type}|${symbol}|${interval}|${direction}`;
}

/** Key of a candle stream (also the key of its evaluation mark). */
export function streamKey(symbol: SymbolId, interval: Interval): string {
  return `${symbol}|${interval}`;
}

/**
 * The active alerts in memory, one {@link SortedAlertList} per (type, symbol, interval,
 * direction), so a candle update costs O(log n + fired) instead of a scan of every alert.
 *
 * It applies domain's rule and no other: which price of a candle counts is `priceSeenSince`, and
 * whether a value reaches a target is `alertFires` (the sorted lists are a shortcut to it).
 * AlertIndex.test.ts holds both `takeReached…` methods to a scan of every alert with those domain
 * functions (property tests).
 */
export class AlertIndex {
  private readonly lists = new Map<string, SortedAlertList>();
  private readonly byId = new Map<string, AlertRecord>();
  private readonly perStream = new Map<string, { price: number; rsi: number }>();

  /** Active alerts held. */
  get size(): number {
    return this.byId.size;
  }

  get(id: string): AlertRecord | undefined {
    return this.byId.get(id);
  }

  /** The ids of the alerts held. */
  ids(): string[] {
    return [...this.byId.keys()];
  }

  /** Streams that have at least one alert, with how many price and RSI alerts each. */
  streams(): Map<string, { symbol: SymbolId; interval: Interval; price: number; rsi: number }> {
    const result = new Map<
      string,
      { symbol: SymbolId; interval: Interval; price: number; rsi: number }
    >();
    for (const [key, counts] of this.perStream) {
      const [symbol, interval] = key.split('|') as [SymbolId, Interval];
      result.set(key, { symbol, interval, ...counts });
    }
    return result;
  }

  /** Price and RSI alert counts of one stream. */
  countsFor(symbol: SymbolId, interval: Interval): { price: number; rsi: number } {
    return this.perStream.get(streamKey(symbol, interval)) ?? { price: 0, rsi: 0 };
  }

  /** The earliest creation candle among a stream's alerts (where a replay must start). */
  earliestCreation(symbol: SymbolId, interval: Interval): number | undefined {
    let earliest: number | undefined;
    for (const type of ['Price', 'Rsi'] as const) {
      for (const direction of ['up', 'down'] as const) {
        for (const alert of this.lists.get(listKey(type, symbol, interval, direction))?.items ??
          []) {
          if (earliest === undefined || alert.creationCandleTime < earliest)
            earliest = alert.creationCandleTime;
        }
      }
    }
    return earliest;
  }

  /** Adds many alerts with one sort per list (start-up). */
  load(alerts: Iterable<AlertRecord>): void {
    const groups = new Map<string, AlertRecord[]>();
    for (const alert of alerts) {
      if (alert.status !== 'Active' || this.byId.has(alert.id)) continue;
      this.track(alert);
      const key = listKey(alert.type, alert.symbol, alertStreamInterval(alert), alert.direction);
      const group = groups.get(key);
      if (group) group.push(alert);
      else groups.set(key, [alert]);
    }
    for (const [key, group] of groups) {
      this.list(key, group[0]!.direction).load(group);
    }
  }

  /** Adds one active alert; false if it is already there. */
  add(alert: AlertRecord): boolean {
    if (alert.status !== 'Active' || this.byId.has(alert.id)) return false;
    this.track(alert);
    this.list(
      listKey(alert.type, alert.symbol, alertStreamInterval(alert), alert.direction),
      alert.direction,
    ).insert(alert);
    return true;
  }

  /** Removes one alert; returns it, or undefined when it was not held. */
  remove(id: string): AlertRecord | undefined {
    const alert = this.byId.get(id);
    if (!alert) return undefined;
    const key = listKey(alert.type, alert.symbol, alertStreamInterval(alert), alert.direction);
    this.lists.get(key)?.remove(alert);
    this.untrack(alert);
    return alert;
  }

  /**
   * Takes the price alerts of `symbol` that a 1-minute candle fires, with the price each fired at:
   * those whose price seen since creation ({@link priceSeenByAlert}, domain `priceSeenSince`)
   * reaches the target by domain `alertFires`. The candle's high (up) or low (down) only bounds the
   * search: no alert beyond it can fire, since the price seen never lies beyond the candle.
   */
  takeReachedByPrice(symbol: SymbolId, candle: Candle): ReachedAlert[] {
    const fired: ReachedAlert[] = [];
    for (const direction of ['up', 'down'] as const) {
      const list = this.lists.get(listKey('Price', symbol, 'OneMinute', direction));
      if (!list || list.size === 0) continue;
      const bound = direction === 'up' ? candle.high : candle.low;
      for (const reached of list.takeReached(bound, (alert) => {
        const seen = priceSeenByAlert(alert, candle);
        return seen !== undefined && alertFires(direction, alert.valueTarget, seen)
          ? seen
          : undefined;
      })) {
        this.untrack(reached.alert);
        fired.push(reached);
      }
    }
    return fired;
  }

  /**
   * Takes the RSI alerts of a stream that the live RSI of the candle opening at `candleTime`
   * fires: those created by that candle whose target the RSI reaches, by domain `alertFires` (the
   * sorted list's shortcut to it, see {@link SortedAlertList.takeReached}).
   */
  takeReachedByRsi(
    symbol: SymbolId,
    interval: Interval,
    candleTime: number,
    rsi: number,
  ): ReachedAlert[] {
    const fired: ReachedAlert[] = [];
    for (const direction of ['up', 'down'] as const) {
      const list = this.lists.get(listKey('Rsi', symbol, interval, direction));
      if (!list || list.size === 0) continue;
      for (const reached of list.takeReached(rsi, (alert) =>
        candleTime >= alert.creationCandleTime ? rsi : undefined,
      )) {
        this.untrack(reached.alert);
        fired.push(reached);
      }
    }
    return fired;
  }

  private list(key: string, direction: AlertDirection): SortedAlertList {
    let list = this.lists.get(key);
    if (!list) {
      list = new SortedAlertList(direction);
      this.lists.set(key, list);
    }
    return list;
  }

  private track(alert: AlertRecord): void {
    this.byId.set(alert.id, alert);
    const key = streamKey(alert.symbol, alertStreamInterval(alert));
    const counts = this.perStream.get(key) ?? { price: 0, rsi: 0 };
    if (alert.type === 'Rsi') counts.rsi += 1;
    else counts.price += 1;
    this.perStream.set(key, counts);
  }

  private untrack(alert: AlertRecord): void {
    this.byId.delete(alert.id);
    const key = streamKey(alert.symbol, alertStreamInterval(alert));
    const counts = this.perStream.get(key);
    if (!counts) return;
    if (alert.type === 'Rsi') counts.rsi -= 1;
    else counts.price -= 1;
    if (counts.price <= 0 && counts.rsi <= 0) this.perStream.delete(key);
  }
}
