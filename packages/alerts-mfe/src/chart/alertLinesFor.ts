import {
  type Alert,
  type AlertDirection,
  type Interval,
  type SymbolId,
  alertDirection,
} from '@pairwatch/domain';

/** Where an alert is drawn: the price pane or the RSI pane. */
export type AlertPane = 'price' | 'rsi';

/** An Active alert as a horizontal line on the chart. */
export interface AlertLine {
  readonly id: string;
  readonly pane: AlertPane;
  /** The target: a price, or an RSI value. */
  readonly value: number;
  /** Bullish when the target was above the value at creation. */
  readonly direction: AlertDirection;
}

/**
 * The lines the chart draws for `alerts` while it shows `symbol` at `interval`: every Active alert
 * of that symbol — price alerts in the price pane, RSI alerts in the RSI pane only when they watch
 * the interval shown (another interval's RSI is another curve). Ordered by id, so the set compares
 * and diffs stably.
 */
export function alertLinesFor(
  alerts: readonly Alert[],
  symbol: SymbolId,
  interval: Interval,
): AlertLine[] {
  return alerts
    .filter(
      (alert) =>
        alert.status === 'Active' &&
        alert.symbol === symbol &&
        (alert.type === 'Price' || alert.interval === interval),
    )
    .map((alert) => ({
      id: alert.id,
      pane: alert.type === 'Price' ? ('price' as const) : ('rsi' as const),
      value: alert.valueTarget,
      direction: alertDirection(alert.valueOnCreation, alert.valueTarget),
    }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
