import {
  type Alert,
  type AlertDirection,
  type Interval,
  type SymbolId,
  type UnixSeconds,
  alertDirection,
  intervalOpenTime,
} from '@pairwatch/domain';
import { type AlertPane } from './alertLinesFor';

/** A triggered alert as a marker on the bar it fired in. */
export interface AlertMarker {
  readonly id: string;
  readonly pane: AlertPane;
  /** UTC open time of the bar of the shown interval that holds the trigger time. */
  readonly barTime: UnixSeconds;
  /** The value it fired at (the target when the api sent none). */
  readonly value: number;
  readonly direction: AlertDirection;
}

/**
 * The markers the chart draws for `alerts` while it shows `symbol` at `interval`: every Triggered
 * alert of that symbol with a trigger time, on the bar of `interval` that holds it — price alerts
 * in the price pane, RSI alerts in the RSI pane when they watch the interval shown. Oldest first,
 * as the chart's marker plugin wants them.
 */
export function alertMarkersFor(
  alerts: readonly Alert[],
  symbol: SymbolId,
  interval: Interval,
): AlertMarker[] {
  const markers: AlertMarker[] = [];
  for (const alert of alerts) {
    if (alert.status !== 'Triggered' || alert.symbol !== symbol) continue;
    if (alert.type === 'Rsi' && alert.interval !== interval) continue;
    const triggeredMs = alert.triggeredAt === undefined ? NaN : Date.parse(alert.triggeredAt);
    if (!Number.isFinite(triggeredMs)) continue;
    markers.push({
      id: alert.id,
      pane: alert.type === 'Price' ? 'price' : 'rsi',
      barTime: intervalOpenTime(interval, Math.floor(triggeredMs / 1000) as UnixSeconds),
      value: alert.triggeredValue ?? alert.valueTarget,
      direction: alertDirection(alert.valueOnCreation, alert.valueTarget),
    });
  }
  return markers.sort((a, b) => a.barTime - b.barTime || (a.id < b.id ? -1 : 1));
}
