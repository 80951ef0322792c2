import {
  type Alert,
  type Candle,
  type CandleUpdate,
  type Interval,
  intervalOpenTime,
  isInterval,
  parseCandles,
  type SymbolId,
  type SymbolInfo,
  toUnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import { type Observable, Subject } from 'rxjs';
import { assertSymbolIds } from './assertSymbolIds';
import { CandleHub } from './CandleHub';
import { createSignalRConnection } from './createSignalRConnection';
import { type HubConnectionFactory } from './HubConnectionPort';
import { type HubConnectionState } from './HubConnectionState';
import { MarketDataError } from './MarketDataError';
import { normalizeApiUrl } from './normalizeApiUrl';
import { ReconnectPolicy } from './ReconnectPolicy';
import { type FetchLike, requestJson } from './requestJson';
import { SymbolCatalogueLoader } from './SymbolCatalogueLoader';
import { type CatalogueStorage, SymbolCatalogueStore } from './SymbolCatalogueStore';
import { SymbolsInfoLoader } from './SymbolsInfoLoader';

/** Spec §9: the page size of candle requests. */
const DEFAULT_CANDLE_LIMIT = 500;
/** How long after the client is created a prefetched response may still answer a request. */
export const PREFETCH_MAX_AGE_MS = 10_000;
/** Architecture §3: the api serves at most this many candles per request. */
const MAX_CANDLE_LIMIT = 1_000;

/** What a {@link MarketDataClient} is built from. Only `apiUrl` is needed in the browser. */
export interface MarketDataClientOptions {
  /** The api's origin (and optional base path), e.g. `http://127.0.0.1:5080`. */
  readonly apiUrl: string;
  /** The HTTP client; the browser's `fetch` by default. */
  readonly fetch?: FetchLike;
  /** Creates hub connections; `createSignalRConnection` by default. */
  readonly connect?: HubConnectionFactory;
  /** The source of jitter for reconnect delays; `Math.random` by default. */
  readonly random?: () => number;
  /** The clock in Unix milliseconds; `Date.now` by default. */
  readonly now?: () => number;
  /** How long an unused hub connection stays open (ms); see `CONNECTION_LINGER_MS`. */
  readonly connectionLingerMs?: number;
  /**
   * Responses already requested, by exact URL (e.g. the first chart's candles, started by the
   * shell before this package had loaded). The first GET of such a URL within
   * {@link PREFETCH_MAX_AGE_MS} of the client's creation takes its response instead of asking
   * again; later ones go to the network (an old answer would leave a gap before live updates).
   */
  readonly prefetched?: ReadonlyMap<string, Promise<Response>>;
  /**
   * Where the last symbol catalogue is kept for offline use: `localStorage` by default (when the
   * browser allows it), `null` to keep none.
   */
  readonly catalogueStorage?: CatalogueStorage | null;
}

/**
 * Options of {@link MarketDataClient.getCandles}: a page size and at most one of `endTime`
 * (the latest candles opening at or before it) or `startTime` (candles from it on).
 */
export type GetCandlesOptions = {
  /** 1–1000 candles; 500 by default. */
  readonly limit?: number;
  /** Cancels the request; the promise then rejects with the `AbortError` unchanged. */
  readonly signal?: AbortSignal;
} & (
  | { readonly endTime?: UnixSeconds; readonly startTime?: never }
  | { readonly startTime?: UnixSeconds; readonly endTime?: never }
);

/** Options of {@link MarketDataClient.getSymbolsInfo}. */
export interface GetSymbolsInfoOptions {
  /** Ask the api again even for cached symbols (e.g. when the tab becomes visible again). */
  readonly refresh?: boolean;
}

/** Options of {@link MarketDataClient.getSymbolCatalogue}. */
export interface GetSymbolCatalogueOptions {
  /** Ask the api again even when it already answered (pairs are listed and delisted). */
  readonly refresh?: boolean;
}

/** `localStorage` when this browser lets us use it. */
function defaultStorage(): CatalogueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Reading `localStorage` throws a SecurityError where storage is blocked.
    return undefined;
  }
}

function defaultFetch(input: string, init?: RequestInit): Promise<Response> {
  // Called through globalThis: a detached `window.fetch` throws "Illegal invocation".
  return globalThis.fetch(input, init);
}

/**
 * `fetchFn`, except that the first GET of a prefetched URL, within {@link PREFETCH_MAX_AGE_MS},
 * is answered by its prefetch.
 */
function usingPrefetched(
  prefetched: ReadonlyMap<string, Promise<Response>> | undefined,
  fetchFn: FetchLike,
  now: () => number,
  onServed: (url: string) => void,
): FetchLike {
  if (!prefetched || prefetched.size === 0) return fetchFn;
  const pending = new Map(prefetched);
  const expires = now() + PREFETCH_MAX_AGE_MS;
  return (input, init) => {
    if (pending.size > 0 && now() > expires) pending.clear();
    const response = pending.get(input);
    if (response === undefined || (init?.method ?? 'GET') !== 'GET') return fetchFn(input, init);
    pending.delete(input);
    onServed(input);
    return response;
  };
}

/**
 * The browser client of the api: candles and symbol infos over REST, live candle updates and
 * alert triggers over the candle hub. The shell and both remotes share ONE instance through
 * `configureMarketData` / `getMarketData` (the package is a Module Federation singleton).
 *
 * @example
 * ```ts
 * const client = new MarketDataClient({ apiUrl: 'http://127.0.0.1:5080' });
 * const history = await client.getCandles('BTCUSDT', 'OneMinute');
 * const sub = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe(({ candle }) => draw(candle));
 * ```
 */
export class MarketDataClient {
  /** The api base URL, without a trailing slash. */
  readonly apiUrl: string;
  /** The hub connection's lifecycle (current state first). */
  readonly connectionState$: Observable<HubConnectionState>;
  /**
   * Failures nobody else can report: the hub connection (`connectionFailed`, `connectionLost`,
   * once per outage), refused hub invocations (`subscription`) and failed gap backfills
   * (`candles`). REST calls made by the UI reject instead and are not repeated here.
   */
  readonly errors$: Observable<MarketDataError>;

  private readonly fetchFn: FetchLike;
  private readonly now: () => number;
  /** URLs answered by a prefetch (each once), so a stale latest page can be asked for again. */
  private readonly servedByPrefetch = new Set<string>();
  private readonly errors = new Subject<MarketDataError>();
  private readonly hub: CandleHub;
  private readonly symbolsLoader: SymbolsInfoLoader;
  private readonly catalogueLoader: SymbolCatalogueLoader;

  constructor(options: MarketDataClientOptions) {
    this.apiUrl = normalizeApiUrl(options.apiUrl);
    this.now = options.now ?? Date.now;
    this.fetchFn = usingPrefetched(
      options.prefetched,
      options.fetch ?? defaultFetch,
      this.now,
      (url) => this.servedByPrefetch.add(url),
    );
    this.errors$ = this.errors.asObservable();
    this.hub = new CandleHub({
      url: `${this.apiUrl}/candles-hub`,
      connect: options.connect ?? ((url) => createSignalRConnection(url)),
      fetchCandlesSince: (symbol, interval, startTime, limit) =>
        this.getCandles(symbol, interval, { startTime, limit }),
      reportError: (error) => this.errors.next(error),
      reconnectPolicy: new ReconnectPolicy(options.random),
      lingerMs: options.connectionLingerMs,
      now: options.now,
    });
    this.connectionState$ = this.hub.connectionState$;
    this.symbolsLoader = new SymbolsInfoLoader((symbols) =>
      requestJson(this.fetchFn, `${this.apiUrl}/symbols/${symbols.join(',')}`, 'symbols'),
    );
    this.catalogueLoader = new SymbolCatalogueLoader(
      () => requestJson(this.fetchFn, `${this.apiUrl}/symbols`, 'symbols'),
      new SymbolCatalogueStore(
        options.catalogueStorage === null
          ? undefined
          : (options.catalogueStorage ?? defaultStorage()),
        this.apiUrl,
      ),
      (catalogue) => this.symbolsLoader.prime(catalogue),
    );
  }

  /**
   * `GET {api}/candles`: candles of one stream, oldest first, `time` in Unix seconds (UTC).
   *
   * @param symbol - any pair id; one the market does not list is the api's 4xx (`UNKNOWN_SYMBOL`).
   * @param interval - a supported interval.
   * @param options - `limit` (default 500) and `endTime` or `startTime`.
   * @returns the candles (possibly empty).
   * @throws MarketDataError (`kind: 'candles'`, message 'An error occurred while trying to fetch
   * candles data.', plus the api's `detail`/`code`) when the call fails or answers garbage;
   * RangeError for a malformed symbol or other bad arguments (no request is made).
   * @example `await client.getCandles('ETHUSDT', 'OneHour', { endTime: oldest - 3600 as UnixSeconds })`
   */
  async getCandles(
    symbol: SymbolId,
    interval: Interval,
    options: GetCandlesOptions = {},
  ): Promise<Candle[]> {
    const { limit = DEFAULT_CANDLE_LIMIT, endTime, startTime, signal } = options;
    assertSymbolIds([symbol]);
    if (!isInterval(interval)) throw new RangeError(`Unsupported interval '${String(interval)}'`);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CANDLE_LIMIT) {
      throw new RangeError(`limit must be an integer from 1 to ${MAX_CANDLE_LIMIT}, got ${limit}`);
    }
    if (endTime !== undefined && startTime !== undefined) {
      throw new RangeError('Pass endTime or startTime, not both');
    }
    const query = new URLSearchParams({ symbol, interval, limit: String(limit) });
    if (endTime !== undefined) query.set('endTime', toIsoTime(endTime, 'endTime'));
    if (startTime !== undefined) query.set('startTime', toIsoTime(startTime, 'startTime'));
    const url = `${this.apiUrl}/candles?${query.toString()}`;
    const candles = await this.requestCandles(url, signal);
    // A prefetched latest page from before an interval boundary lacks the final update of the
    // bar that was current then (live updates reach only subscribers, which it predates): ask
    // again for a page that ends in the current interval.
    if (this.servedByPrefetch.delete(url) && endTime === undefined && startTime === undefined) {
      const current = intervalOpenTime(interval, Math.floor(this.now() / 1000) as UnixSeconds);
      if ((candles.at(-1)?.time ?? current) < current) return this.requestCandles(url, signal);
    }
    return candles;
  }

  private async requestCandles(url: string, signal: AbortSignal | undefined): Promise<Candle[]> {
    const body = await requestJson(this.fetchFn, url, 'candles', signal);
    try {
      return parseCandles(body);
    } catch (error) {
      throw new MarketDataError('candles', { detail: (error as Error).message, cause: error });
    }
  }

  /**
   * `GET {api}/symbols/A,B`: symbol infos keyed by symbol, for any pairs. Calls made in the same
   * tick are merged into one request (several of at most 50 symbols for a longer list), and
   * answers are cached for the session; the infos of a loaded catalogue are cached too.
   *
   * @param symbols - pair ids.
   * @returns the infos of the symbols the api lists (the others are absent).
   * @throws MarketDataError (`kind: 'symbols'`, message 'An error occurred while fetching symbols
   * info.') when the call fails; RangeError for a malformed symbol (no request is made).
   * @example `const { BTCUSDT } = await client.getSymbolsInfo(['BTCUSDT']);`
   */
  async getSymbolsInfo(
    symbols: readonly SymbolId[],
    options: GetSymbolsInfoOptions = {},
  ): Promise<Partial<Record<SymbolId, SymbolInfo>>> {
    assertSymbolIds(symbols);
    return this.symbolsLoader.load(symbols, options.refresh ?? false);
  }

  /**
   * `GET {api}/symbols`: every pair the market lists (~1,500), for the symbol picker, in the
   * api's order (the ten defaults first). Asked once per client: concurrent and later callers
   * share the answer until `refresh`. Each answer is kept in `localStorage` (see
   * `catalogueStorage`); when the api cannot be reached (offline) the last catalogue known answers
   * instead, and the next call asks the api again.
   *
   * @returns the pairs' infos; they also answer {@link MarketDataClient.getSymbolsInfo}.
   * @throws MarketDataError (`kind: 'symbols'`, message 'An error occurred while fetching symbols
   * info.') when the answer is malformed (`detail` names the entry), or when the api cannot answer
   * and no catalogue was ever loaded.
   * @example
   * ```ts
   * const pairs = await client.getSymbolCatalogue();
   * picker.setOptions(pairs.map((info) => info.symbol));
   * ```
   */
  getSymbolCatalogue(options: GetSymbolCatalogueOptions = {}): Promise<readonly SymbolInfo[]> {
    return this.catalogueLoader.load(options.refresh ?? false);
  }

  /**
   * Live candle updates of `symbols × intervals`, shared per combination and refcounted: the
   * first subscriber opens the hub connection and subscribes, the last one leaving releases it.
   * After a reconnect the missed candles are emitted (fetched by REST) before live updates
   * resume; a stream never goes back in time (an update with the last time replaces that candle).
   *
   * Any number of pairs: the streams newly wanted in a tick are subscribed in one hub call per
   * interval (of at most 50 pairs), and a pair the hub refuses (not listed) is reported on
   * `errors$` without costing the others their updates.
   *
   * @returns a hot observable that never completes by itself (`EMPTY` for empty lists).
   * @throws RangeError for a malformed symbol or an unsupported interval (nothing is subscribed).
   * @example
   * ```ts
   * const sub = client.candleUpdates$(['BTCUSDT', 'ETHUSDT'], ['OneMinute']).subscribe((u) => …);
   * sub.unsubscribe();
   * ```
   */
  candleUpdates$(
    symbols: readonly SymbolId[],
    intervals: readonly Interval[],
  ): Observable<CandleUpdate> {
    return this.hub.candleUpdates$(symbols, intervals);
  }

  /**
   * Alerts of `subscriptionId` as they trigger (`AlertTriggered` on the hub, after
   * `WatchAlerts(subscriptionId)`; re-invoked after every reconnect). Shares the hub connection.
   *
   * @returns a hot observable of triggered alerts.
   * @throws TypeError for an empty id.
   * @example `client.watchAlerts$(subscriptionId).subscribe((alert) => markTriggered(alert));`
   */
  watchAlerts$(subscriptionId: string): Observable<Alert> {
    return this.hub.watchAlerts$(subscriptionId);
  }

  /** Completes every live subscription and closes the hub connection. */
  dispose(): void {
    this.hub.dispose();
    this.errors.complete();
  }
}

function toIsoTime(time: UnixSeconds, name: string): string {
  if (!Number.isFinite(time)) throw new RangeError(`${name} must be Unix seconds, got ${time}`);
  return new Date(toUnixMillis(time)).toISOString();
}
