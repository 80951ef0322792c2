import {
  type AlertDirection,
  type Interval,
  type SymbolId,
  CONDITION_INFO,
  alertDirection,
  conditionLevels,
} from '@pairwatch/domain';
import { type AlertEntry, type AlertWithFirings, isUnreadableAlert } from '../alerts/AlertEntry';

/** Where an alert is drawn: the price pane or the RSI pane. */
export type AlertPane = 'price' | 'rsi';

/** How a line reads: the way a level is crossed, or a bound of a channel. */
export type AlertLineTone = AlertDirection | 'channel';

/** One level of an Active alert as a horizontal line on the chart. */
export interface AlertLine {
  /** The alert's id. */
  readonly id: string;
  /** The line's own id: the alert's for a level, with `:lower` / `:upper` for a channel's bounds. */
  readonly lineId: string;
  readonly pane: AlertPane;
  /** The level: a price, or an RSI value. */
  readonly value: number;
  /** Up or down for a level (bullish when it is reached from below), `channel` for a bound. */
  readonly tone: AlertLineTone;
}

/**
 * The way a level alert is met: fixed by its condition, or for a plain `Crossing` by the original
 * product's rule (a target above the value at creation is bullish).
 */
function levelDirection(alert: AlertWithFirings): AlertDirection {
  switch (alert.condition) {
    case 'CrossingUp':
    case 'GreaterThan':
      return 'up';
    case 'CrossingDown':
    case 'LessThan':
      return 'down';
    // Only Crossing is a level here (channels draw bounds, moves nothing): the rest keep a way.
    case 'Crossing':
    case 'EnteringChannel':
    case 'ExitingChannel':
    case 'InsideChannel':
    case 'OutsideChannel':
    case 'MovingUpPercent':
    case 'MovingDownPercent':
      return alertDirection(alert.valueOnCreation, alert.valueTarget);
  }
}

/**
 * The lines the chart draws for `alerts` while it shows `symbol` at `interval`: the levels
 * (domain's `conditionLevels`) of every Active alert of that symbol — one line for a level, two
 * for a channel, none for a percent move, whose level moves with the market; price alerts in the
 * price pane, RSI alerts in the RSI pane only when they watch the interval shown (another
 * interval's RSI is another curve). Ordered by alert id, lower bound first, so the set compares
 * and diffs stably. Alerts the page cannot read draw nothing.
 */
export function alertLinesFor(
  alerts: readonly AlertEntry[],
  symbol: SymbolId,
  interval: Interval,
): AlertLine[] {
  const lines: AlertLine[] = [];
  for (const alert of alerts) {
    if (isUnreadableAlert(alert) || alert.status !== 'Active' || alert.symbol !== symbol) continue;
    if (alert.type === 'Rsi' && alert.interval !== interval) continue;
    const levels = conditionLevels(alert);
    if (!levels) continue;
    const pane: AlertPane = alert.type === 'Price' ? 'price' : 'rsi';
    if (CONDITION_INFO[alert.condition].shape === 'channel') {
      const { id } = alert;
      lines.push({ id, lineId: `${id}:lower`, pane, value: levels.lower, tone: 'channel' });
      lines.push({ id, lineId: `${id}:upper`, pane, value: levels.upper, tone: 'channel' });
    } else {
      lines.push({
        id: alert.id,
        lineId: alert.id,
        pane,
        value: levels.lower,
        tone: levelDirection(alert),
      });
    }
  }
  // Stable: a channel's two lines keep their lower-then-upper order.
  return lines.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
