import { type Candle, type Interval, type SymbolId, type UnixSeconds } from '@pairwatch/domain';

/**
 * Fetches up to `limit` candles of one stream opening at or after `startTime`, oldest first (the
 * REST call a gap backfill uses).
 *
 * @example `const fetchCandlesSince: FetchCandlesSince = (s, i, startTime, limit) => client.getCandles(s, i, { startTime, limit });`
 */
export type FetchCandlesSince = (
  symbol: SymbolId,
  interval: Interval,
  startTime: UnixSeconds,
  limit: number,
) => Promise<Candle[]>;
