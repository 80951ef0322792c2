import { type AlertDirection } from './alertDirection';
import { type Candle } from './Candle';

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
