import {
  type AlertDirection,
  type Interval,
  type SymbolId,
  type UnixSeconds,
  alertDirection,
  conditionLevels,
  intervalOpenTime,
} from '@pairwatch/domain';
import {
  type AlertEntry,
  type AlertFiringRecord,
  type AlertWithFirings,
  isUnreadableAlert,
} from '../alerts/AlertEntry';
import { type AlertPane } from './alertLinesFor';

/** One firing of an alert as a marker on the bar it fired in. */
export interface AlertMarker {
  /** The alert's id; with `:n` (its place among the api's firings) when it lists them. */
  readonly id: string;
  readonly pane: AlertPane;
  /** UTC open time of the bar of the shown interval that holds the firing time. */
  readonly barTime: UnixSeconds;
  /** The value it fired at (the target when the api sent none). */
  readonly value: number;
  readonly direction: AlertDirection;
}

/**
 * Which way a firing went, for its arrow and colour. A crossing goes the way the value passed
 * its level (a repeating `Crossing` goes both ways; on the level itself, the way it was set up).
 * A channel's firing is told by the half it lies in: leaving above or staying outside above is
 * up; entering or staying inside near the top came from above, so down.
 */
function firingDirection(alert: AlertWithFirings, value: number): AlertDirection {
  switch (alert.condition) {
    case 'CrossingUp':
    case 'GreaterThan':
    case 'MovingUpPercent':
      return 'up';
    case 'CrossingDown':
    case 'LessThan':
    case 'MovingDownPercent':
      return 'down';
    case 'Crossing':
      if (value === alert.valueTarget)
        return alertDirection(alert.valueOnCreation, alert.valueTarget);
      return value > alert.valueTarget ? 'up' : 'down';
    case 'EnteringChannel':
    case 'ExitingChannel':
    case 'InsideChannel':
    case 'OutsideChannel': {
      const levels = conditionLevels(alert) ?? { lower: value, upper: value };
      const upperHalf = value >= (levels.lower + levels.upper) / 2;
      const outside = alert.condition === 'ExitingChannel' || alert.condition === 'OutsideChannel';
      return upperHalf === outside ? 'up' : 'down';
    }
  }
}

/** The firings of an alert: the api's list, else its last firing (an older api's only one). */
function firingsOf(alert: AlertWithFirings): { id: string; firing: AlertFiringRecord }[] {
  if (alert.firings && alert.firings.length > 0) {
    return alert.firings.map((firing, index) => ({ id: `${alert.id}:${index}`, firing }));
  }
  const at = alert.lastTriggeredAt ?? alert.triggeredAt;
  if (at === undefined) return [];
  return [{ id: alert.id, firing: { at, value: alert.triggeredValue ?? alert.valueTarget } }];
}

/**
 * The markers the chart draws for `alerts` while it shows `symbol` at `interval`: each firing of
 * every alert of that symbol that has fired (the api's latest firings of a repeating alert, else
 * its last one), on the bar of `interval` that holds it — price alerts in the price pane, RSI
 * alerts in the RSI pane when they watch the interval shown. Expired alerts and alerts the page
 * cannot read draw nothing. Oldest first, as the chart's marker plugin wants them.
 */
export function alertMarkersFor(
  alerts: readonly AlertEntry[],
  symbol: SymbolId,
  interval: Interval,
): AlertMarker[] {
  const markers: AlertMarker[] = [];
  for (const alert of alerts) {
    if (isUnreadableAlert(alert) || alert.status === 'Expired' || alert.symbol !== symbol) continue;
    if (alert.type === 'Rsi' && alert.interval !== interval) continue;
    for (const { id, firing } of firingsOf(alert)) {
      const firedMs = Date.parse(firing.at);
      if (!Number.isFinite(firedMs)) continue;
      markers.push({
        id,
        pane: alert.type === 'Price' ? 'price' : 'rsi',
        barTime: intervalOpenTime(interval, Math.floor(firedMs / 1000) as UnixSeconds),
        value: firing.value,
        direction: firingDirection(alert, firing.value),
      });
    }
  }
  return markers.sort((a, b) => a.barTime - b.barTime || (a.id < b.id ? -1 : 1));
}
