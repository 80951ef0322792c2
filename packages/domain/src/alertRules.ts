/**
 * The alert model (`Alert`, as the api answers it) and the original product's one rule, which the
 * `Crossing` condition keeps (docs/architecture.md §6; the conditions are `alertCondition.ts`):
 *
 * - **Direction, fixed at creation** ({@link alertDirection}): a target strictly above the value
 *   at creation is `up`; at or below it `down`.
 * - **Reaching** ({@link alertFires}): `value ≥ target` for `up`, `value ≤ target` for `down`.
 * - **What a watcher counts of a candle** ({@link priceSeenSince}): only price action after the
 *   start of the watch; the Positions screen's take-profit fills use it, and domain `pricePath`
 *   is its many-value form for alerts.
 *
 * @module
 */
import { type AlertCondition, type AlertFrequency } from './alertCondition';
import { type Candle } from './candles';
import { type Interval } from './intervals';
import { type SymbolId } from './symbols';

/** The two kinds of alert. */
export type AlertType = 'Price' | 'Rsi';

/** The alert types, in the form's order. */
export const ALERT_TYPES: readonly AlertType[] = ['Price', 'Rsi'];

/**
 * `Active` while it watches; `Triggered` once an `OnlyOnce` alert fired; `Expired` once its
 * `expiresAt` passed; `Halted` once its pair stopped trading (the market no longer lists it as
 * `TRADING`). A repeating alert stays `Active` until it expires, halts or is deleted.
 */
export type AlertStatus = 'Active' | 'Triggered' | 'Expired' | 'Halted';

/** The statuses, for readers that check them. */
export const ALERT_STATUSES: readonly AlertStatus[] = ['Active', 'Triggered', 'Expired', 'Halted'];

/** An alert as the api returns it (ISO 8601 timestamps; docs/architecture.md §3). */
export interface Alert {
  readonly id: string;
  readonly symbol: SymbolId;
  readonly type: AlertType;
  /**
   * The bars the alert counts ("per bar", "bar close", "within N bars"); an RSI alert's RSI
   * interval. Absent only in answers of an api older than conditions (then: the RSI interval, or
   * one minute).
   */
  readonly interval?: Interval;
  readonly condition: AlertCondition;
  readonly frequency: AlertFrequency;
  readonly valueOnCreation: number;
  /** The level; a channel's lower bound; a percent move's percent. */
  readonly valueTarget: number;
  /** A channel's upper bound. */
  readonly valueUpper?: number;
  /** A percent move's window, in bars. */
  readonly bars?: number;
  readonly expiresAt?: string;
  /** The trader's own text, carried in the push. */
  readonly message?: string;
  readonly status: AlertStatus;
  readonly createdAt: string;
  readonly triggerCount: number;
  readonly lastTriggeredAt?: string;
  /** The same as `lastTriggeredAt` (the name before repeating alerts). */
  readonly triggeredAt?: string;
  /** The value of the last firing. */
  readonly triggeredValue?: number;
}

/** Which way a value must move to reach the target: fixed when the alert is created. */
export type AlertDirection = 'up' | 'down';

/** A target above the value at creation is bullish (`up`); anything else is bearish (`down`). */
export function alertDirection(valueOnCreation: number, valueTarget: number): AlertDirection {
  return valueTarget > valueOnCreation ? 'up' : 'down';
}

/** Whether `value` reaches the target in the alert's direction (≥ for up, ≤ for down). */
export function alertFires(direction: AlertDirection, valueTarget: number, value: number): boolean {
  return direction === 'up' ? value >= valueTarget : value <= valueTarget;
}

/**
 * The price a watcher may count in `candle` for a target in `direction`, when it started watching
 * during the candle `baseline` (open time, and the high and low that candle had then); undefined
 * when the candle does not count.
 *
 * A forming candle's high and low include price action from before the watch began. So:
 * - a candle older than the baseline does not count;
 * - a later candle counts in full: its high for `up`, its low for `down`;
 * - the baseline's own candle counts its high (low) only beyond the baseline's, else its close —
 *   the one price known to be later than the start of the watch.
 *
 * Shared by the api's price alerts and the positions screen's take-profit fills.
 *
 * @example
 * ```ts
 * // watching began when the forming candle had high 101: a later tick to 101.5 counts
 * priceSeenSince({ time, high: 101, low: 99 }, { time, high: 101.5, low: 99, close: 100 }, 'up'); // 101.5
 * ```
 */
export function priceSeenSince(
  baseline: Pick<Candle, 'time' | 'high' | 'low'>,
  candle: Pick<Candle, 'time' | 'high' | 'low' | 'close'>,
  direction: AlertDirection,
): number | undefined {
  if (candle.time < baseline.time) return undefined;
  const up = direction === 'up';
  if (candle.time > baseline.time) return up ? candle.high : candle.low;
  if (up) return candle.high > baseline.high ? candle.high : candle.close;
  return candle.low < baseline.low ? candle.low : candle.close;
}
