import { type Candle } from './Candle';
import { RsiCalculator } from './RsiCalculator';
import { type RsiCandle } from './RsiCandle';
import { RSI_LOOKBACK } from './rsiLevels';

/**
 * The RSI candles of a series: one entry per candle, `{ time }` alone for the first `lookback`
 * (warm-up) bars, else `{ time, open, high, low, close }` in RSI units.
 *
 * @param candles - oldest first, strictly increasing times.
 * @param lookback - default 14.
 */
export function computeRsiCandles(
  candles: readonly Candle[],
  lookback: number = RSI_LOOKBACK,
): RsiCandle[] {
  return new RsiCalculator(lookback).load(candles);
}
