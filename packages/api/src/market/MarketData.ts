import {
  type Candle,
  type CandleUpdate,
  type Interval,
  type SymbolId,
  type UnixSeconds,
} from '@pairwatch/domain';

/** A `GET /candles`-shaped question: at most `limit` candles, oldest first. */
export interface CandleQuery {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  /** 1–1000. */
  readonly limit: number;
  /** The latest candles opening at or before this time. */
  readonly endTime?: UnixSeconds;
  /** The earliest candles opening at or after this time. */
  readonly startTime?: UnixSeconds;
  /**
   * The client this question is asked for (its budget key, `clientKey` of @pairwatch/signalr-server), when a client
   * asked it (`GET /candles`): its cache misses draw on that client's share of the upstream
   * budget. Absent: the api's own question (alert creation, the engine, backfills), which draws
   * on the reserve too.
   */
  readonly client?: string;
}

/** Where the live market comes from, and whether the upstream is reachable now. */
export interface MarketDataStatus {
  readonly source: 'binance' | 'simulator';
  readonly connected: boolean;
  /**
   * The upstream REST weight this minute: `used` of `budget`, of which clients' `GET /candles`
   * may spend `clientBudget` (the rest is kept for alerts, the engine and backfills).
   */
  readonly weight?: {
    readonly used: number;
    readonly budget: number;
    readonly clientBudget: number;
  };
}

/**
 * The api's port to the market (architecture §5): one upstream stream per process shared by
 * every consumer (the candle hub, the alert engine), and a candle cache in front of the REST API.
 */
export interface MarketData {
  /**
   * Live updates of one stream; acquires the upstream stream by refcount; returns the release
   * function. After any gap the missed candles (REST backfill) are delivered in order before live
   * ones resume.
   */
  subscribe(
    symbol: SymbolId,
    interval: Interval,
    listener: (update: CandleUpdate) => void,
  ): () => void;
  /**
   * Candles like GET /candles (oldest first), served from the cache where possible.
   *
   * @throws ApiProblem `UPSTREAM_UNAVAILABLE` (503) or `UPSTREAM_BAD_RESPONSE` (502) when the
   * cache cannot answer and the upstream fails.
   */
  getCandles(query: CandleQuery): Promise<Candle[]>;
  /** The latest (forming) candle known for the stream, if any. */
  latestCandle(symbol: SymbolId, interval: Interval): Candle | undefined;
  /** Which source is live and whether it is reachable. */
  status(): MarketDataStatus;
}
