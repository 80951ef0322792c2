import { type AlertDirection } from './alertDirection';
import { alertFires } from './alertFires';

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
