import { type Interval } from './intervals';
import { type SymbolId } from './symbols';

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
 * Whether a candle's range reaches the target: the high for `up`, the low for `down`, so a wick
 * between two updates is not missed.
 */
export function alertFiresWithin(
  direction: AlertDirection,
  valueTarget: number,
  range: { readonly high: number; readonly low: number },
): boolean {
  return alertFires(direction, valueTarget, direction === 'up' ? range.high : range.low);
}
