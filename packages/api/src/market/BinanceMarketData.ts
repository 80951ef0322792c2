import {
  type Candle,
  type CandleUpdate,
  type Interval,
  intervalOpenTime,
  nextIntervalOpen,
  type SymbolId,
  toUnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import { type Logger } from 'pino';
import { ApiProblem } from '../errors/ApiProblem';
import { backoffWithJitter } from '../util/backoffWithJitter';
import { TimeSlicedQueue } from '../util/TimeSlicedQueue';
import { type BinanceRestClient, type WeightShare } from './BinanceRestClient';
import {
  CandleCache,
  type CandleCacheOptions,
  DEFAULT_SETTLE_MS,
  type FetchedCoverage,
} from './CandleCache';
import { CandleCacheBudget } from './CandleCacheBudget';
import { WriteRateLimiter } from '../http/WriteRateLimiter';
import { InflightRequests } from './InflightRequests';
import { type CandleQuery, type MarketData, type MarketDataStatus } from './MarketData';
import { MarketFeed, type MarketFeedOptions } from './MarketFeed';
import { streamName } from './binanceWire';
import { UpstreamError } from './UpstreamError';

/** Default byte budget of the candle caches together. */
const DEFAULT_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** Binance's largest klines page; every upstream request asks for it (same weight as fewer). */
export const UPSTREAM_PAGE = 1000;

/** Construction options of {@link BinanceMarketData}. */
export interface BinanceMarketDataOptions {
  /** Reported by `status()`; both speak Binance's protocol. */
  readonly source: 'binance' | 'simulator';
  readonly rest: BinanceRestClient;
  /** The upstream WebSocket: base URL, socket factory and timing overrides. */
  readonly feed: Omit<MarketFeedOptions, 'events' | 'logger' | 'now' | 'random'>;
  readonly logger: Logger;
  readonly now?: () => number;
  readonly random?: () => number;
  /**
   * Per-stream cache options, and `maxTotalBytes`: the estimated bytes all candle caches may hold
   * (default 64 MiB) before the caches of streams nobody streams go, least recently used first.
   */
  readonly cache?: Omit<CandleCacheOptions, 'interval'> & { readonly maxTotalBytes?: number };
  /**
   * Upstream fetches one client's `GET /candles` misses may cause: a burst of `capacity`, then
   * `refillPerSecond` (default 30, then 0.5/s: a chart scrolled back through months is served,
   * 2,500 distinct queries in a minute are not).
   */
  readonly clientFetches?: { readonly capacity?: number; readonly refillPerSecond?: number };
  /** First retry delay of a failed backfill (doubles up to `syncRetryMaxMs`). */
  readonly syncRetryBaseMs?: number;
  readonly syncRetryMaxMs?: number;
  /**
   * How long a backfill may keep failing before live updates resume without it (the gap is
   * logged and left to later REST reads), so a long upstream ban cannot freeze prices.
   */
  readonly syncGiveUpMs?: number;
  /** Longest backfill, in pages of 1000 candles. */
  readonly maxBackfillPages?: number;
  /**
   * Streams kept open for readers of their latest candles (see `holdForReaders`): a stream is held
   * once its latest page is fetched twice within `lingerMs` (default 60 s) and let go `lingerMs`
   * after its last read; at most `maxStreams` (default 200) at once.
   */
  readonly readerHolds?: { readonly lingerMs?: number; readonly maxStreams?: number };
  /**
   * Time one turn of the event loop may spend handling the upstream's updates (default 12 ms): all
   * streams move at once, and the rest wait a turn so that requests are answered in between.
   */
  readonly upstreamBudgetMs?: number;
}

type Listener = (update: CandleUpdate) => void;

interface StreamState {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  readonly name: string;
  readonly cache: CandleCache;
  /** One entry per subscribe call, so the same function may subscribe twice. */
  readonly listeners: Set<{ readonly listener: Listener }>;
  /** idle: nobody listens; waiting: upstream not flowing; syncing: backfilling; live. */
  phase: 'idle' | 'waiting' | 'syncing' | 'live';
  /** Stream updates that arrived while backfilling, latest per open time. */
  readonly buffer: Map<number, Candle>;
  lastDelivered: number | undefined;
  /** Bumped to cancel a running backfill. */
  syncRun: number;
  activatedAt: number;
  /** When its latest page was last fetched for a reader (see `holdForReaders`). */
  latestFetchedAt: number | undefined;
}

/** A stream held open for readers of its latest candles. */
interface ReaderHold {
  readonly release: () => void;
  lastRead: number;
}

/**
 * {@link MarketData} over a Binance-compatible exchange (Binance itself or the simulator): the
 * shared upstream streams ({@link MarketFeed}), a {@link CandleCache} per stream within one byte
 * budget ({@link CandleCacheBudget}: streamed caches stay, the others go least recently used
 * first), and coalesced REST reads.
 *
 * NOTE: a stream is trusted only after a REST backfill. When a stream starts flowing (first
 * subscription, reconnect, a skipped candle), its updates are held back while the candles since
 * the last one delivered are fetched; those are delivered in order, then the held updates, then
 * live ones. Listeners therefore see every candle once the gap is closed, which the alert engine
 * relies on.
 */
export class BinanceMarketData implements MarketData {
  private readonly streams = new Map<string, StreamState>();
  private readonly inflight: InflightRequests<Candle[]>;
  private readonly feed: MarketFeed;
  private readonly budget: CandleCacheBudget;
  private readonly clientFetches: WriteRateLimiter;
  private readonly cacheOptions: Omit<CandleCacheOptions, 'interval'>;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly sleeps = new Set<NodeJS.Timeout>();
  private readonly readerHolds = new Map<string, ReaderHold>();
  private readonly readerLingerMs: number;
  private readonly maxReaderHolds: number;
  private readerSweep: NodeJS.Timeout | undefined;
  /** The upstream's events, handled in order a few milliseconds a turn (see TimeSlicedQueue). */
  private readonly upstreamEvents: TimeSlicedQueue;
  private closed = false;

  constructor(private readonly options: BinanceMarketDataOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.inflight = new InflightRequests(this.now);
    this.readerLingerMs = options.readerHolds?.lingerMs ?? 60_000;
    this.maxReaderHolds = options.readerHolds?.maxStreams ?? 200;
    // A token bucket per client address group (WriteRateLimiter's kind, counting fetches here).
    this.clientFetches = new WriteRateLimiter({
      capacity: options.clientFetches?.capacity ?? 30,
      refillPerSecond: options.clientFetches?.refillPerSecond ?? 0.5,
      now: this.now,
    });
    const { maxTotalBytes, ...cacheOptions } = options.cache ?? {};
    this.cacheOptions = cacheOptions;
    this.budget = new CandleCacheBudget({
      maxBytes: maxTotalBytes ?? DEFAULT_CACHE_MAX_BYTES,
      // Only idle streams are evicted: nobody listens, no backfill runs.
      evict: (name) => this.streams.delete(name),
    });
    this.upstreamEvents = new TimeSlicedQueue({
      ...(options.upstreamBudgetMs === undefined ? {} : { budgetMs: options.upstreamBudgetMs }),
      onError: (error) =>
        options.logger.error({ err: error }, 'a market stream event could not be handled'),
    });
    // All three kinds go through the one queue: a stream's candles and its going inactive or
    // active again are handled in the order they happened, only later.
    this.feed = new MarketFeed({
      ...options.feed,
      logger: options.logger,
      now: this.now,
      random: this.random,
      events: {
        onActive: (name) => this.upstreamEvents.push(() => this.handleActive(name)),
        onInactive: (name) => this.upstreamEvents.push(() => this.handleInactive(name)),
        onCandle: (name, candle) => this.upstreamEvents.push(() => this.handleCandle(name, candle)),
      },
    });
  }

  subscribe(symbol: SymbolId, interval: Interval, listener: Listener): () => void {
    if (this.closed) throw new Error('market data is closed');
    const state = this.stateFor(symbol, interval);
    const entry = { listener };
    state.listeners.add(entry);
    if (state.listeners.size === 1) {
      this.budget.pin(state.name);
      state.phase = 'waiting';
      state.lastDelivered = undefined;
      this.feed.acquire(state.name);
      // Released and taken again before the upstream heard of it: it never stopped flowing.
      if (this.feed.isActive(state.name)) this.handleActive(state.name);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      state.listeners.delete(entry);
      if (state.listeners.size > 0 || this.closed) return;
      this.feed.release(state.name);
      this.reset(state, 'idle');
      this.budget.unpin(state.name);
    };
  }

  async getCandles(query: CandleQuery): Promise<Candle[]> {
    if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > UPSTREAM_PAGE) {
      throw new ApiProblem(
        'INVALID_LIMIT',
        `The limit must be a whole number from 1 to ${UPSTREAM_PAGE}, got ${query.limit}.`,
      );
    }
    const state = this.stateFor(query.symbol, query.interval);
    this.budget.touch(state.name);
    const latestPage = query.startTime === undefined && query.endTime === undefined;
    const hold = latestPage ? this.readerHolds.get(state.name) : undefined;
    if (hold !== undefined) hold.lastRead = this.now();
    const cached = state.cache.find(query, this.now());
    if (cached !== undefined) return cached;
    if (query.client !== undefined) {
      const wait = this.clientFetches.take(query.client);
      if (wait > 0) {
        throw new ApiProblem(
          'RATE_LIMITED',
          `Too many candles not yet cached asked for from your address: the market data source is shared. Try again in ${wait} s.`,
          wait,
        );
      }
    }
    if (latestPage) this.holdForReaders(state);
    const rows = await this.fetchAndStore(
      state,
      query.startTime,
      query.endTime,
      undefined,
      query.client === undefined ? 'reserved' : 'client',
    );
    return query.startTime !== undefined ? rows.slice(0, query.limit) : rows.slice(-query.limit);
  }

  latestCandle(symbol: SymbolId, interval: Interval): Candle | undefined {
    const name = streamName(symbol, interval);
    this.budget.touch(name);
    return this.streams.get(name)?.cache.latest();
  }

  /** Estimated bytes of every candle cache, and how many caches there are. */
  cacheUsage(): { readonly bytes: number; readonly caches: number } {
    return { bytes: this.budget.totalBytes, caches: this.budget.size };
  }

  /** Upstream connections (open or opening) and the streams they carry. */
  feedUsage(): { readonly connections: number; readonly streams: number } {
    return { connections: this.feed.connectionCount, streams: this.feed.streamCount };
  }

  status(): MarketDataStatus {
    const connected = this.feed.streamCount > 0 ? this.feed.connected : this.options.rest.healthy;
    const { total, client } = this.options.rest.weightBudget;
    return {
      source: this.options.source,
      connected,
      weight: { used: this.options.rest.usedWeight, budget: total, clientBudget: client },
    };
  }

  /** Stops the upstream stream and every backfill; listeners get nothing more. */
  close(): void {
    this.closed = true;
    this.upstreamEvents.clear();
    clearInterval(this.readerSweep);
    this.readerHolds.clear();
    for (const state of this.streams.values()) this.reset(state, 'idle');
    for (const timer of this.sleeps) clearTimeout(timer);
    this.sleeps.clear();
    this.feed.close();
  }

  private stateFor(symbol: SymbolId, interval: Interval): StreamState {
    const name = streamName(symbol, interval);
    let state = this.streams.get(name);
    if (state === undefined) {
      state = {
        symbol,
        interval,
        name,
        cache: new CandleCache({ ...this.cacheOptions, interval }),
        listeners: new Set(),
        phase: 'idle',
        buffer: new Map(),
        lastDelivered: undefined,
        syncRun: 0,
        activatedAt: 0,
        latestFetchedAt: undefined,
      };
      this.streams.set(name, state);
      this.budget.update(name, state.cache.estimatedBytes);
    }
    return state;
  }

  /**
   * Called when a stream's latest page is about to be fetched for a reader. The second such fetch
   * within the linger subscribes the stream for as long as its latest page keeps being read: the
   * live stream then keeps the cache current at no request weight. Without it, a page read every
   * second but streamed by nobody in this process (its charts' hub connections are on another
   * process behind the load balancer) was fetched again each time its head went stale, every 2 s:
   * two processes spent the whole upstream budget that way (`pnpm bench:load`).
   */
  private holdForReaders(state: StreamState): void {
    const now = this.now();
    const previous = state.latestFetchedAt;
    state.latestFetchedAt = now;
    if (previous === undefined || now - previous > this.readerLingerMs) return;
    if (this.closed || state.listeners.size > 0 || this.readerHolds.size >= this.maxReaderHolds) {
      return;
    }
    this.hold(state, () => undefined);
  }

  /** Subscribes `state` for readers until nobody has read its latest page for the linger. */
  private hold(state: StreamState, listener: Listener): void {
    const release = this.subscribe(state.symbol, state.interval, listener);
    this.readerHolds.set(state.name, { release, lastRead: this.now() });
    if (this.readerSweep === undefined) {
      this.readerSweep = setInterval(() => this.releaseUnread(), this.readerLingerMs / 4);
      this.readerSweep.unref();
    }
  }

  /**
   * Holds the stream of `symbol`/`interval` for readers now, as a latest page read twice within
   * the linger does, and resolves once its backfill has put the latest page in the cache (the
   * stream then keeps it current): what a process about to take traffic does for the pages its
   * first charts ask for (`warmUpCharts.ts`). One upstream request a stream, from the weight's
   * reserve; a stream already followed (the hub) or held resolves at once, and so does one
   * beyond the holds' cap, having fetched its page as a reader would.
   */
  async holdLatestPage(symbol: SymbolId, interval: Interval, limit: number): Promise<void> {
    if (this.closed) return;
    const state = this.stateFor(symbol, interval);
    this.budget.touch(state.name);
    const held = this.readerHolds.get(state.name);
    if (held !== undefined) held.lastRead = this.now();
    if (state.listeners.size > 0 || held !== undefined) return;
    if (this.readerHolds.size >= this.maxReaderHolds) {
      await this.getCandles({ symbol, interval, limit });
      return;
    }
    await new Promise<void>((resolve) => this.hold(state, () => resolve()));
  }

  /** Lets go of the streams held for readers that nobody has read for the linger. */
  private releaseUnread(): void {
    const now = this.now();
    for (const [name, hold] of this.readerHolds) {
      if (now - hold.lastRead <= this.readerLingerMs) continue;
      this.readerHolds.delete(name);
      hold.release();
    }
    if (this.readerHolds.size === 0) {
      clearInterval(this.readerSweep);
      this.readerSweep = undefined;
    }
  }

  private reset(state: StreamState, phase: 'idle' | 'waiting'): void {
    state.phase = phase;
    state.syncRun += 1;
    state.buffer.clear();
    state.cache.stopLive();
  }

  private handleActive(name: string): void {
    const state = this.streams.get(name);
    if (state === undefined || state.listeners.size === 0 || this.closed) return;
    state.phase = 'syncing';
    state.buffer.clear();
    state.cache.stopLive();
    state.activatedAt = this.now();
    const run = ++state.syncRun;
    void this.sync(state, run);
  }

  private handleInactive(name: string): void {
    const state = this.streams.get(name);
    if (state === undefined || state.phase === 'idle') return;
    this.reset(state, 'waiting');
  }

  private handleCandle(name: string, candle: Candle): void {
    const state = this.streams.get(name);
    if (state === undefined) return;
    if (state.phase === 'live') this.deliver(state, candle, true);
    else if (state.phase === 'syncing') state.buffer.set(candle.time, candle);
  }

  /**
   * Hands a candle to the listeners, in order. A live candle that skips one or more intervals
   * opens a gap: it is held back and a backfill runs first.
   */
  private deliver(state: StreamState, candle: Candle, live: boolean): void {
    const last = state.lastDelivered;
    if (last !== undefined && candle.time < last) return;
    if (
      live &&
      last !== undefined &&
      candle.time > nextIntervalOpen(state.interval, last as UnixSeconds)
    ) {
      this.options.logger.warn(
        { stream: state.name, last, next: candle.time },
        'market stream skipped candles: backfilling',
      );
      this.handleActive(state.name);
      state.buffer.set(candle.time, candle);
      return;
    }
    if (live) {
      state.cache.applyLive(candle);
      this.account(state);
    }
    state.lastDelivered = candle.time;
    const update: CandleUpdate = { symbol: state.symbol, interval: state.interval, candle };
    for (const { listener } of [...state.listeners]) {
      try {
        listener(update);
      } catch (error: unknown) {
        this.options.logger.error({ err: error, stream: state.name }, 'a candle listener threw');
      }
    }
  }

  private async sync(state: StreamState, run: number): Promise<void> {
    const started = this.now();
    const giveUpMs = this.options.syncGiveUpMs ?? 60_000;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const complete = await this.backfill(state, run);
        this.goLive(state, run, complete);
        return;
      } catch (error: unknown) {
        if (state.syncRun !== run) return;
        const reason = error instanceof UpstreamError ? error.reason : String(error);
        if (this.now() - started >= giveUpMs) {
          this.options.logger.error(
            { stream: state.name, since: state.lastDelivered, reason },
            'market backfill gave up: live updates resume with a gap',
          );
          this.goLive(state, run, false);
          return;
        }
        const backoff = backoffWithJitter(
          attempt,
          {
            baseMs: this.options.syncRetryBaseMs ?? 1000,
            maxMs: this.options.syncRetryMaxMs ?? 30_000,
          },
          this.random,
        );
        const retryAfter =
          error instanceof UpstreamError ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
        const delay = Math.min(
          Math.max(backoff, retryAfter),
          Math.max(0, started + giveUpMs - this.now()),
        );
        this.options.logger.warn(
          { stream: state.name, reason, retryInMs: Math.round(delay) },
          'market backfill failed',
        );
        await this.sleep(delay);
        if (state.syncRun !== run) return;
      }
    }
  }

  /** Fetches what the listeners missed; resolves whether it reached the present. */
  private async backfill(state: StreamState, run: number): Promise<boolean> {
    await this.settle(state);
    if (state.syncRun !== run) return false;
    if (state.lastDelivered === undefined) {
      const rows = await this.fetchAndStore(state, undefined, undefined, state.activatedAt);
      const latest = rows.at(-1);
      if (state.syncRun === run && latest !== undefined) this.deliver(state, latest, false);
      return true;
    }
    let from = state.lastDelivered;
    for (let page = 0; page < (this.options.maxBackfillPages ?? 5); page += 1) {
      const rows = await this.fetchAndStore(
        state,
        from as UnixSeconds,
        undefined,
        state.activatedAt,
      );
      if (state.syncRun !== run) return false;
      for (const row of rows) this.deliver(state, row, false);
      const last = rows.at(-1);
      if (rows.length < UPSTREAM_PAGE || last === undefined) return true;
      from = last.time + 1;
    }
    this.options.logger.error(
      { stream: state.name, from },
      'market backfill too long: the rest is skipped',
    );
    return false;
  }

  private goLive(state: StreamState, run: number, complete: boolean): void {
    if (state.syncRun !== run || this.closed) return;
    const held = [...state.buffer.values()].sort((a, b) => a.time - b.time);
    state.buffer.clear();
    state.phase = 'live';
    if (complete) {
      state.cache.goLive();
    } else {
      state.cache.goLive(held[0]?.time);
      // The gap is given up: the next held candle must not look like another gap.
      state.lastDelivered = undefined;
    }
    for (const candle of held) this.deliver(state, candle, true);
  }

  /**
   * Waits out the first moments of an interval. A candle that closed just before a request is not
   * trusted as final (clocks differ), so a backfill answered then would leave it outside the
   * cache's complete span, a hole that every later read around it would refetch.
   */
  private async settle(state: StreamState): Promise<void> {
    const now = this.now();
    const open = intervalOpenTime(state.interval, Math.floor(now / 1000) as UnixSeconds) * 1000;
    const wait = open + (this.options.cache?.settleMs ?? DEFAULT_SETTLE_MS) + 50 - now;
    if (wait > 0) await this.sleep(wait);
  }

  /** One upstream klines request (coalesced with identical ones), stored in the cache. */
  private fetchAndStore(
    state: StreamState,
    startTime: UnixSeconds | undefined,
    endTime: UnixSeconds | undefined,
    notBefore?: number,
    share: WeightShare = 'reserved',
  ): Promise<Candle[]> {
    // A client's fetch and the api's own are not shared: the api's must not fail on the client
    // share being spent.
    const key = `${state.name}|${startTime ?? ''}|${endTime ?? ''}|${share}`;
    return this.inflight.run(
      key,
      async () => {
        const fetchedAt = this.now();
        const rows = await this.options.rest.klines(
          {
            symbol: state.symbol,
            interval: state.interval,
            limit: UPSTREAM_PAGE,
            ...(startTime === undefined ? {} : { startTime: toUnixMillis(startTime) }),
            ...(endTime === undefined ? {} : { endTime: toUnixMillis(endTime) }),
          },
          share,
        );
        state.cache.store(
          rows,
          this.coverage(rows, startTime, endTime, fetchedAt),
          fetchedAt,
          this.now(),
        );
        this.account(state);
        return rows;
      },
      notBefore,
    );
  }

  /** Tells the budget the cache's new size; a state evicted meanwhile no longer counts. */
  private account(state: StreamState): void {
    if (this.streams.get(state.name) === state) {
      this.budget.update(state.name, state.cache.estimatedBytes);
    }
  }

  /** The span of open times a klines answer proves complete. */
  private coverage(
    rows: readonly Candle[],
    startTime: UnixSeconds | undefined,
    endTime: UnixSeconds | undefined,
    fetchedAt: number,
  ): FetchedCoverage {
    const full = rows.length >= UPSTREAM_PAGE;
    if (startTime !== undefined) {
      return { from: startTime, to: full ? (rows.at(-1)?.time ?? startTime) : 'present' };
    }
    const from = full ? (rows[0]?.time ?? -Infinity) : -Infinity;
    return { from, to: endTime === undefined || endTime * 1000 >= fetchedAt ? 'present' : endTime };
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleeps.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      this.sleeps.add(timer);
    });
  }
}
