import { type UnixSeconds } from './UnixSeconds';

/**
 * One bar of the RSI pane: the RSI of the bar's open, high, low and close against the previous
 * close, or `{ time }` alone (whitespace) while the lookback warms up.
 */
export type RsiCandle =
  | { readonly time: UnixSeconds }
  | {
      readonly time: UnixSeconds;
      readonly open: number;
      readonly high: number;
      readonly low: number;
      readonly close: number;
    };

/** Whether an RSI candle carries values (false for warm-up bars). */
export function hasRsiValue(
  candle: RsiCandle,
): candle is Extract<RsiCandle, { readonly open: number }> {
  return 'close' in candle;
}
