/**
 * The words of alerts: what the table says an alert watches ("Crossing up 44,000.00") and what a
 * notification says happened ("BTCUSDT crossed up 44,000.00"). Prices use the symbol's precision,
 * RSI two decimals, percents one.
 *
 * @module
 */
import {
  type AlertCondition,
  type AlertFrequency,
  CONDITION_INFO,
  FREQUENCY_LABELS,
  type LevelChange,
} from './alertCondition';
import { type Alert, alertDirection } from './alertRules';
import { formatNumber } from './formatting';
import { INTERVAL_INFO } from './intervals';
import { defaultSymbolInfo } from './symbols';

/**
 * The fields the words need, and `pricePrecision`: the decimals of the pair's prices from the
 * market's catalogue (the ten defaults know theirs without it).
 */
export type DescribedAlert = Pick<
  Alert,
  'symbol' | 'type' | 'valueOnCreation' | 'valueTarget' | 'condition'
> &
  Partial<Pick<Alert, 'interval' | 'valueUpper' | 'bars' | 'message'>> & {
    readonly pricePrecision?: number;
  };

/** Decimals written for a pair whose format nobody passed: enough for sub-cent coins. */
const UNKNOWN_PRICE_PRECISION = 8;

/**
 * The precision an alert's values are written in: 2 for RSI, else the pair's price format (the
 * given `pricePrecision`, the default catalogue's, or 8 decimals when neither knows the pair).
 */
export function alertValuePrecision(
  alert: Pick<Alert, 'symbol' | 'type'> & { readonly pricePrecision?: number },
): number {
  if (alert.type === 'Rsi') return 2;
  return (
    alert.pricePrecision ??
    defaultSymbolInfo(alert.symbol)?.priceFormat.precision ??
    UNKNOWN_PRICE_PRECISION
  );
}

/** A percent with at most one decimal: 8.1, 5, 12.5. */
function percentText(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return formatNumber(rounded, Number.isInteger(rounded) ? 0 : 1);
}

function barsText(bars: number | undefined): string {
  return bars === 1 ? '1 bar' : `${bars ?? 0} bars`;
}

/**
 * What an alert watches, in the table's words: "Crossing 65,000.00", "Entering channel
 * 2,300.00–2,400.00", "Moving up 5 % in 12 bars".
 */
export function describeAlertCondition(alert: DescribedAlert): string {
  const p = alertValuePrecision(alert);
  const level = formatNumber(alert.valueTarget, p);
  const channel = `${level}–${formatNumber(alert.valueUpper ?? alert.valueTarget, p)}`;
  const info = CONDITION_INFO[alert.condition];
  switch (info.shape) {
    case 'level':
      return `${info.label} ${level}`;
    case 'channel':
      return `${info.label} ${channel}`;
    case 'move': {
      const way = alert.condition === 'MovingUpPercent' ? 'Moving up' : 'Moving down';
      return `${way} ${percentText(alert.valueTarget)} % in ${barsText(alert.bars)}`;
    }
  }
}

/** The words of a frequency: "Once per bar". */
export function describeAlertFrequency(frequency: AlertFrequency): string {
  return FREQUENCY_LABELS[frequency];
}

/** How a firing happened, as the engine saw it. */
export interface AlertFiring {
  /** The value it fired at. */
  readonly value: number;
  /** The crossing that fired a crossing condition. */
  readonly change?: LevelChange;
  /** The percent moved, for a percent move. */
  readonly movedPercent?: number;
}

/** The human text of a triggered alert: a notification's title and body. */
export interface AlertTriggerText {
  readonly title: string;
  readonly body: string;
}

/** What happened, after the subject: "crossed up 44,000.00", "entered 2,300.00–2,400.00". */
function happened(alert: DescribedAlert, firing: AlertFiring): string {
  const p = alertValuePrecision(alert);
  const level = formatNumber(alert.valueTarget, p);
  const channel = `${level}–${formatNumber(alert.valueUpper ?? alert.valueTarget, p)}`;
  const value = formatNumber(firing.value, p);
  const condition: AlertCondition = alert.condition;
  switch (condition) {
    case 'Crossing': {
      // The original product's words, with the way of this crossing (a repeating alert goes both
      // ways). Without the change (a screen reading a stored alert), the value tells: above the
      // level it rose, below it dropped; on it, the original direction.
      let up: boolean;
      if (firing.change !== undefined) up = firing.change === 'upThroughLower';
      else if (firing.value !== alert.valueTarget) up = firing.value > alert.valueTarget;
      else up = alertDirection(alert.valueOnCreation, alert.valueTarget) === 'up';
      return `${up ? 'rose to' : 'dropped to'} ${value}`;
    }
    case 'CrossingUp':
      return `crossed up ${level}`;
    case 'CrossingDown':
      return `crossed down ${level}`;
    case 'GreaterThan':
      return `above ${level} at ${value}`;
    case 'LessThan':
      return `below ${level} at ${value}`;
    case 'EnteringChannel':
      return `entered ${channel}`;
    case 'ExitingChannel':
      return `exited ${channel} at ${value}`;
    case 'InsideChannel':
      return `inside ${channel} at ${value}`;
    case 'OutsideChannel':
      return `outside ${channel} at ${value}`;
    case 'MovingUpPercent':
      return `up ${percentText(firing.movedPercent ?? alert.valueTarget)} % in ${barsText(alert.bars)}`;
    case 'MovingDownPercent':
      return `down ${percentText(firing.movedPercent ?? alert.valueTarget)} % in ${barsText(alert.bars)}`;
  }
}

/**
 * Describes a firing, e.g. "BTCUSDT price rose to 65,000.00" (a crossing, in the original
 * product's words), "BTCUSDT crossed up 44,000.00", "ETHUSDT RSI (1h) entered 30.00–70.00",
 * "DOTUSDT up 8.1 % in 5 bars", followed by the trader's message on its own line.
 */
export function describeAlertTrigger(alert: DescribedAlert, firing: AlertFiring): AlertTriggerText {
  const rsi = alert.type === 'Rsi';
  const label = rsi && alert.interval ? ` (${INTERVAL_INFO[alert.interval].label})` : '';
  const subject =
    alert.condition === 'Crossing'
      ? `${alert.symbol} ${rsi ? `RSI${label}` : 'price'}`
      : `${alert.symbol}${rsi ? ` RSI${label}` : ''}`;
  const text = `${subject} ${happened(alert, firing)}`;
  const message = alert.message?.trim();
  return {
    title: `${alert.symbol} ${rsi ? 'RSI' : 'price'} alert`,
    body: message ? `${text}\n${message}` : text,
  };
}
