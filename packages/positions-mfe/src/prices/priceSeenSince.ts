import { type AlertDirection, type Candle } from '@pairwatch/domain';

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
 * NOTE: the same rule as the api's price alerts (`priceSeenByAlert` in packages/api); it belongs
 * in `@pairwatch/domain`, where both can share it.
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
