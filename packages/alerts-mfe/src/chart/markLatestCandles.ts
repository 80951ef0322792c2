import { type ChartView } from './ChartController';
import { LATEST_CANDLES_MARK } from './chartConstants';

/**
 * Sets the performance mark of a chart session's latest page drawn: with its first candles, or
 * after them when they were kept ones (read by `pnpm bench:web`, beside `markFirstCandles`).
 */
export function markLatestCandles(view: ChartView, bars: number): void {
  if (typeof performance.mark !== 'function') return;
  performance.mark(LATEST_CANDLES_MARK, {
    detail: { symbol: view.symbol, interval: view.interval, bars },
  });
}
