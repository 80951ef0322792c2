import { INTERVAL_INFO } from './INTERVAL_INFO';
import { INTERVALS, type Interval } from './Interval';

/** Maps a Binance kline code (`1m`, `1M`, …) back to an interval, or `undefined` if unsupported. */
export function intervalFromBinanceCode(code: string): Interval | undefined {
  return INTERVALS.find((interval) => INTERVAL_INFO[interval].binanceCode === code);
}
