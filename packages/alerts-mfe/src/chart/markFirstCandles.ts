import { type ChartView } from './ChartController';
import { FIRST_CANDLES_MARK } from './chartConstants';

/**
 * Sets the performance mark of a chart session's first drawn candles (read by the browser tests
 * and `pnpm bench:web`), whether the first chart or the React screen's chart drew them; `kept`
 * when they are kept candles drawn while the latest page loads (a repeat visit).
 */
export function markFirstCandles(view: ChartView, bars: number, kept: boolean): void {
  if (typeof performance.mark !== 'function') return; // e.g. jsdom
  performance.mark(FIRST_CANDLES_MARK, {
    detail: { symbol: view.symbol, interval: view.interval, bars, kept },
  });
}
