import {
  type Candle,
  type Interval,
  type RsiCandle,
  RsiCalculator,
  type SymbolId,
} from '@pairwatch/domain';
import { type MarketData } from '../market/MarketData';

/**
 * Candles of history behind every server-side RSI. Wilder's smoothing forgets its seed by a factor
 * 13/14 per bar, so after this many bars the value matches any longer history to many decimals.
 */
export const RSI_HISTORY_CANDLES = 1000;

/** A stream's recent candles with their RSI, and a calculator positioned after the last one. */
export interface RsiHistory {
  readonly candles: readonly Candle[];
  readonly rsiCandles: readonly RsiCandle[];
  readonly calculator: RsiCalculator;
}

/**
 * Loads the recent candles of a stream (plus the live forming candle, when the market knows a newer
 * one than the cache gave) and computes their RSI with the domain's calculator.
 */
export async function loadRsiHistory(
  marketData: MarketData,
  symbol: SymbolId,
  interval: Interval,
): Promise<RsiHistory> {
  const candles = await marketData.getCandles({ symbol, interval, limit: RSI_HISTORY_CANDLES });
  const live = marketData.latestCandle(symbol, interval);
  const last = candles.at(-1);
  if (live !== undefined && (last === undefined || live.time >= last.time)) {
    if (last !== undefined && live.time === last.time) candles[candles.length - 1] = live;
    else candles.push(live);
  }
  const calculator = new RsiCalculator();
  const rsiCandles = calculator.load(candles);
  return { candles, rsiCandles, calculator };
}
