/**
 * The alert rule: when a price or RSI alert fires, in one place. The api's alert engine judges
 * alerts with it, the Alerts screen draws and words them with it, and the Positions screen reuses
 * {@link priceSeenSince} for its take-profit fills.
 *
 * The rule in words:
 *
 * - **Direction, fixed at creation.** The api reads the watched value when it accepts the alert
 *   (`valueOnCreation`: the live price, or the live RSI of the alert's interval). A target strictly
 *   above that value makes an `up` alert; a target at or below it makes a `down` alert (equal
 *   counts as `down`). The direction never changes afterwards ({@link alertDirection}).
 * - **Reaching, not crossing.** An alert fires on the first observed value that is at or beyond
 *   the target on its side: `value ≥ target` for `up`, `value ≤ target` for `down`; touching the
 *   target is enough ({@link alertFires}). Each value is judged on its own, with no memory of the
 *   previous one, so a jump past the target fires just as a move through it does, and an alert
 *   whose target equals the value at creation (`down`) fires on the first value at or below it.
 * - **What is observed.** A price alert sees only price action after its creation, through
 *   {@link priceSeenSince} on 1-minute candles: a candle older than the one forming at creation is
 *   ignored; a later candle offers its high (`up`) or low (`down`), so a wick between two updates
 *   still fires; the candle forming at creation offers its high or low only where it went beyond
 *   the extreme it had at creation, else its close. An RSI alert observes the close RSI of its
 *   interval's candles, live updates included, from the creation candle on
 *   (`packages/api/src/alerts/AlertIndex.ts` applies both).
 * - **Once.** An alert is `Active` until it fires, then `Triggered` for good; it is not re-armed.
 *   The notification says "rose to" for `up` and "dropped to" for `down`
 *   ({@link describeAlertTrigger}).
 *
 * @module
 */
import { type Candle } from './candles';
import { formatNumber } from './formatting';
import { INTERVAL_INFO, type Interval } from './intervals';
import { SYMBOL_CATALOGUE, type SymbolId } from './symbols';

/** The two kinds of alert. */
export type AlertType = 'Price' | 'Rsi';

/** The alert types, in the form's order. */
export const ALERT_TYPES: readonly AlertType[] = ['Price', 'Rsi'];

/** An alert fires once: `Active` until it triggers. */
export type AlertStatus = 'Active' | 'Triggered';

/** An alert as the api returns it (ISO 8601 timestamps). */
export interface Alert {
  readonly id: string;
  readonly symbol: SymbolId;
  readonly type: AlertType;
  /** The RSI interval, for RSI alerts only. */
  readonly interval?: Interval;
  readonly valueOnCreation: number;
  readonly valueTarget: number;
  readonly status: AlertStatus;
  readonly createdAt: string;
  readonly triggeredAt?: string;
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

/** The human text of a triggered alert: a notification's title and body. */
interface AlertTriggerText {
  readonly title: string;
  readonly body: string;
}

/**
 * Describes a triggered alert, e.g. "BTCUSDT price rose to 65,000.00" or
 * "ETHUSDT RSI (1h) dropped to 30.00". Rose/dropped follows the target against the value at creation.
 */
export function describeAlertTrigger(
  alert: Pick<Alert, 'symbol' | 'type' | 'interval' | 'valueOnCreation' | 'valueTarget'>,
  value: number,
): AlertTriggerText {
  const verb =
    alertDirection(alert.valueOnCreation, alert.valueTarget) === 'up' ? 'rose to' : 'dropped to';
  if (alert.type === 'Rsi') {
    const label = alert.interval ? ` (${INTERVAL_INFO[alert.interval].label})` : '';
    return {
      title: `${alert.symbol} RSI alert`,
      body: `${alert.symbol} RSI${label} ${verb} ${formatNumber(value, 2)}`,
    };
  }
  const precision = SYMBOL_CATALOGUE[alert.symbol].priceFormat.precision;
  return {
    title: `${alert.symbol} price alert`,
    body: `${alert.symbol} price ${verb} ${formatNumber(value, precision)}`,
  };
}
