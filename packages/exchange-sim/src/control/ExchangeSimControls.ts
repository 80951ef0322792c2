import { type SymbolId } from '@pairwatch/domain';
import { type PairStatus } from '../catalogue/PairStatus';
import { type StatusChange } from '../catalogue/PairStatuses';
import { type PriceChange, type PriceMove } from '../market/MarketSimulator';
import { type RestFaultState } from '../rest/RestFaults';

/** A snapshot of the simulator for tests and the `GET /__sim/state` answer. */
export interface ExchangeSimState {
  /** The simulator's clock (ms). */
  readonly now: number;
  /** Last price of the ten defaults and of every pair whose price a control set, Binance strings. */
  readonly prices: Readonly<Record<SymbolId, string>>;
  /** The pairs whose status a control changed, with their status now (empty after a reset). */
  readonly statuses: Readonly<Record<SymbolId, PairStatus>>;
  /** Open WebSocket connections. */
  readonly connections: number;
  readonly streamStalled: boolean;
  readonly restFault: RestFaultState;
  /** Request weight used in the current minute. */
  readonly usedWeight: number;
}

/** Options of an injected rate limit. */
export interface RateLimitFault {
  /** How many requests fail. */
  readonly count: number;
  /** The `Retry-After` the 429 advertises (and the ban a 418 announces); default 1 s. */
  readonly retryAfterSeconds?: number;
}

/** Options of injected server errors. */
export interface ServerErrorFault {
  /** How many requests fail. */
  readonly count: number;
  /** 500…599; default 503. */
  readonly status?: number;
}

/**
 * Test controls of a running simulator, in process (`startExchangeSim(...).controls`) and over HTTP
 * under `/__sim/` (same operations, JSON bodies). Bad input throws `SimInputError` and changes
 * nothing.
 */
export interface ExchangeSimControls {
  /** A snapshot of prices, connections and faults. */
  state(): ExchangeSimState;
  /** Sets a pair's price now; the next kline event shows it, high/low stretched to include it. */
  setPrice(symbol: SymbolId, price: number): PriceChange;
  /** Moves a pair's price now by an amount (`{ by }`) or a percentage (`{ percent }`). */
  movePrice(symbol: SymbolId, move: PriceMove): PriceChange;
  /**
   * Puts a pair in a trading status now: `exchangeInfo` reports it (and `symbolStatus=` filters
   * by it), and out of `TRADING` its kline streams stop pushing until it trades again. `reset`
   * puts every pair back in the status it is listed with.
   */
  setStatus(symbol: SymbolId, status: PairStatus): StatusChange;
  /** Drops every WebSocket connection abruptly; returns how many. */
  dropConnections(): number;
  /** Stops kline pushes and pings for `ms`, or until `resumeStream`. */
  stallStream(ms?: number): void;
  /** Ends a stall. */
  resumeStream(): void;
  /** Sends `serverShutdown` to every connection; closes them `closeAfterMs` later if given. */
  serverShutdown(options?: { readonly closeAfterMs?: number }): number;
  /** The next `count` REST requests get 429 (418 when retried before `Retry-After`). */
  failWithRateLimit(fault: RateLimitFault): void;
  /** The next `count` REST requests get a 5xx. */
  failWithServerError(fault: ServerErrorFault): void;
  /** Ends injected REST faults, stalls, and the weight limiter's warnings and bans. */
  resetFaults(): void;
  /** `resetFaults` plus prices back to the seeded model and statuses back to the listed ones. */
  reset(): void;
  /** Pushes every subscription's current kline now instead of at the next tick. */
  pushNow(): void;
}
