import { INTERVAL_INFO, type Interval, type SymbolId } from '@pairwatch/domain';

/** Binance's kline stream name, e.g. `btcusdt@kline_1m` (the month keeps its capital: `…@kline_1M`). */
export function streamName(symbol: SymbolId, interval: Interval): string {
  return `${symbol.toLowerCase()}@kline_${INTERVAL_INFO[interval].binanceCode}`;
}
