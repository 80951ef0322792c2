import {
  type Alert,
  type Candle,
  type CandleUpdate,
  type Interval,
  INTERVALS,
  intervalOpenTime,
  isInterval,
  isSymbolId,
  parseCandle,
  type SymbolId,
  toUnixSeconds,
  type UnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import {
  BehaviorSubject,
  distinctUntilChanged,
  EMPTY,
  Observable,
  share,
  type Subscriber,
} from 'rxjs';
import { CandleStream } from './CandleStream';
import { type HubConnectionFactory, type HubConnectionPort } from './HubConnectionPort';
import { MarketDataError } from './MarketDataError';

import { ReconnectPolicy } from './ReconnectPolicy';

/** Where the hub connection is: the lifecycle the UI may show (e.g. a "reconnecting" chip). */
export type HubConnectionState = 'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting';

/** Fetches up to `limit` candles opening at or after `startTime`, oldest first. */
export type FetchCandlesSince = (
  symbol: SymbolId,
  interval: Interval,
  startTime: UnixSeconds,
  limit: number,
) => Promise<Candle[]>;

/** What a {@link CandleHub} is built from. */
export interface CandleHubOptions {
  /** The hub's absolute URL (`{api}/candles-hub`). */
  readonly url: string;
  /** Creates a connection each time the hub needs one. */
  readonly connect: HubConnectionFactory;
  /** The REST call used to backfill a gap. */
  readonly fetchCandlesSince: FetchCandlesSince;
  /** Receives hub failures (connection, invocations, backfill); the shell toasts them. */
  readonly reportError: (error: MarketDataError) => void;
  /** Delays of the start-retry loop; the same schedule as SignalR's reconnect by default. */
  readonly reconnectPolicy?: ReconnectPolicy;
  /** How long an unused connection stays open; {@link CONNECTION_LINGER_MS} by default. */
  readonly lingerMs?: number;
  /** The clock, in Unix milliseconds; `Date.now` by default. */
  readonly now?: () => number;
}

/**
 * NOTE: when the last subscriber leaves, the connection is stopped after this short linger
 * rather than at once. React StrictMode mounts effects twice and a route change unmounts one
 * screen just before the next one subscribes; both would otherwise tear down and renegotiate
 * the connection for nothing.
 */
export const CONNECTION_LINGER_MS = 1_000;

/** A gap is backfilled by pages of this many candles (the api's maximum)… */
const BACKFILL_PAGE_SIZE = 1_000;
/** …and at most this many pages; a longer gap is left to the consumer's history reload. */
const MAX_BACKFILL_PAGES = 10;

interface Connection {
  readonly port: HubConnectionPort;
  readonly offs: (() => void)[];
  /** Started at least once: later (re)connections resume and backfill. */
  everConnected: boolean;
  /** Started and not closed (it may be reconnecting). */
  live: boolean;
  /** Consecutive failed starts, for the retry delay. */
  attempt: number;
  /** The current outage was already reported on `errors$`. */
  outageReported: boolean;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
}

interface KeySubscription {
  readonly symbols: readonly SymbolId[];
  readonly intervals: readonly Interval[];
  readonly streams: CandleStream[];
  readonly listener: (update: CandleUpdate) => void;
  readonly subscriber: Subscriber<CandleUpdate>;
}

interface AlertWatch {
  readonly subscriptionId: string;
  readonly subscriber: Subscriber<Alert>;
}

/**
 * The client of `{api}/candles-hub`: one connection, opened by the first subscriber and stopped
 * (after {@link CONNECTION_LINGER_MS}) when the last one leaves, shared by every candle
 * subscription and alert watch.
 *
 * - `candleUpdates$(symbols, intervals)` is shared per combination (sorted symbols + intervals):
 *   the first subscriber invokes `SubscribeToCandleUpdates`, later ones reuse it, the last one
 *   leaving invokes `UnsubscribeFromCandleUpdates` for the streams no other combination uses.
 * - Reconnects forever ({@link ReconnectPolicy}); after a reconnect it resubscribes and emits the
 *   candles missed during the gap (REST) before the live updates held meanwhile, never emitting a
 *   candle older than the last one emitted for its stream.
 *
 * @example
 * ```ts
 * const hub = new CandleHub({ url, connect: createSignalRConnection, fetchCandlesSince, reportError });
 * const sub = hub.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe((u) => chart.update(u.candle));
 * sub.unsubscribe();
 * ```
 */
export class CandleHub {
  private readonly state = new BehaviorSubject<HubConnectionState>('Disconnected');
  private readonly streams = new Map<string, CandleStream>();
  private readonly keySubscriptions = new Set<KeySubscription>();
  private readonly alertWatches = new Set<AlertWatch>();
  private readonly sharedUpdates = new Map<string, Observable<CandleUpdate>>();
  private readonly sharedAlerts = new Map<string, Observable<Alert>>();
  private readonly policy: ReconnectPolicy;
  private readonly lingerMs: number;
  private readonly now: () => number;
  private connection: Connection | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  /** The connection's lifecycle; replays the current state to each subscriber. */
  readonly connectionState$: Observable<HubConnectionState> =
    this.state.pipe(distinctUntilChanged());

  constructor(private readonly options: CandleHubOptions) {
    this.policy = options.reconnectPolicy ?? new ReconnectPolicy();
    this.lingerMs = options.lingerMs ?? CONNECTION_LINGER_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * Live updates of every (symbol, interval) pair of `symbols × intervals`.
   *
   * @returns a hot, shared observable; empty lists give `EMPTY` (nothing to watch, no connection).
   * @throws RangeError when a symbol or interval is not supported (nothing is subscribed).
   */
  candleUpdates$(
    symbols: readonly SymbolId[],
    intervals: readonly Interval[],
  ): Observable<CandleUpdate> {
    this.assertUsable();
    const badSymbol = symbols.find((symbol) => !isSymbolId(symbol));
    if (badSymbol !== undefined) throw new RangeError(`Unsupported symbol '${String(badSymbol)}'`);
    const badInterval = intervals.find((interval) => !isInterval(interval));
    if (badInterval !== undefined) {
      throw new RangeError(`Unsupported interval '${String(badInterval)}'`);
    }
    const sortedSymbols = [...new Set(symbols)].sort();
    const sortedIntervals = INTERVALS.filter((interval) => intervals.includes(interval));
    if (sortedSymbols.length === 0 || sortedIntervals.length === 0) return EMPTY;

    const key = `${sortedSymbols.join(',')}|${sortedIntervals.join(',')}`;
    let shared = this.sharedUpdates.get(key);
    if (!shared) {
      shared = new Observable<CandleUpdate>((subscriber) =>
        this.acquireKey(sortedSymbols, sortedIntervals, subscriber),
      ).pipe(share());
      this.sharedUpdates.set(key, shared);
    }
    return shared;
  }

  /**
   * `AlertTriggered` events, after invoking `WatchAlerts(subscriptionId)` (again after every
   * reconnect). Shared per subscription id.
   *
   * NOTE: the hub has no "unwatch" and its events do not name the subscription, so a connection
   * watching several ids delivers every trigger to every watcher. A browser has one push
   * subscription, so in practice there is one id.
   *
   * @throws TypeError when `subscriptionId` is empty.
   */
  watchAlerts$(subscriptionId: string): Observable<Alert> {
    this.assertUsable();
    if (typeof subscriptionId !== 'string' || subscriptionId.trim() === '') {
      throw new TypeError('watchAlerts$ needs a non-empty subscription id');
    }
    let shared = this.sharedAlerts.get(subscriptionId);
    if (!shared) {
      shared = new Observable<Alert>((subscriber) =>
        this.acquireWatch(subscriptionId, subscriber),
      ).pipe(share());
      this.sharedAlerts.set(subscriptionId, shared);
    }
    return shared;
  }

  /** Completes every subscription and closes the connection at once. The hub is unusable after. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const subscription of [...this.keySubscriptions]) subscription.subscriber.complete();
    for (const watch of [...this.alertWatches]) watch.subscriber.complete();
    this.stopConnection();
    this.state.complete();
  }

  private assertUsable(): void {
    if (this.disposed) throw new Error('This market-data client was disposed');
  }

  // ---- subscriptions -------------------------------------------------------------------------

  private acquireKey(
    symbols: readonly SymbolId[],
    intervals: readonly Interval[],
    subscriber: Subscriber<CandleUpdate>,
  ): () => void {
    const since = toUnixSeconds(this.now() as UnixMillis);
    const listener = (update: CandleUpdate) => subscriber.next(update);
    const streams: CandleStream[] = [];
    for (const symbol of symbols) {
      for (const interval of intervals) {
        const key = CandleStream.keyOf(symbol, interval);
        let stream = this.streams.get(key);
        if (!stream) {
          stream = new CandleStream(symbol, interval, intervalOpenTime(interval, since));
          this.streams.set(key, stream);
        }
        stream.refCount += 1;
        stream.addListener(listener);
        streams.push(stream);
      }
    }
    const subscription: KeySubscription = { symbols, intervals, streams, listener, subscriber };
    this.keySubscriptions.add(subscription);
    const connection = this.retainConnection();
    if (this.isConnected(connection)) this.invokeSubscribe(connection, subscription);
    return () => this.releaseKey(subscription);
  }

  private releaseKey(subscription: KeySubscription): void {
    if (!this.keySubscriptions.delete(subscription)) return;
    const released: CandleStream[] = [];
    for (const stream of subscription.streams) {
      stream.removeListener(subscription.listener);
      stream.refCount -= 1;
      if (stream.refCount === 0) {
        this.streams.delete(stream.key);
        stream.close();
        released.push(stream);
      }
    }
    const connection = this.connection;
    if (released.length > 0 && this.isConnected(connection)) {
      this.invokeUnsubscribe(connection, released);
    }
    this.releaseConnectionIfIdle();
  }

  private acquireWatch(subscriptionId: string, subscriber: Subscriber<Alert>): () => void {
    const watch: AlertWatch = { subscriptionId, subscriber };
    this.alertWatches.add(watch);
    const connection = this.retainConnection();
    if (this.isConnected(connection)) this.invokeWatch(connection, watch);
    return () => {
      if (this.alertWatches.delete(watch)) this.releaseConnectionIfIdle();
    };
  }

  // ---- connection lifecycle ------------------------------------------------------------------

  private retainConnection(): Connection {
    if (this.lingerTimer !== undefined) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = undefined;
    }
    return this.connection ?? this.openConnection();
  }

  private releaseConnectionIfIdle(): void {
    if (this.keySubscriptions.size > 0 || this.alertWatches.size > 0 || !this.connection) return;
    if (this.lingerTimer !== undefined) clearTimeout(this.lingerTimer);
    this.lingerTimer = setTimeout(() => {
      this.lingerTimer = undefined;
      if (this.keySubscriptions.size === 0 && this.alertWatches.size === 0) this.stopConnection();
    }, this.lingerMs);
  }

  private openConnection(): Connection {
    const port = this.options.connect(this.options.url);
    const connection: Connection = {
      port,
      offs: [],
      everConnected: false,
      live: false,
      attempt: 0,
      outageReported: false,
      retryTimer: undefined,
    };
    this.connection = connection;
    // Every callback checks it still belongs to the current connection: a stopped one may
    // still settle a promise or fire a late event.
    const current = () => this.connection === connection;
    connection.offs.push(
      port.on('CandleUpdate', (payload) => {
        if (current()) this.onCandleUpdate(payload);
      }),
      port.on('AlertTriggered', (payload) => {
        if (current()) this.onAlertTriggered(payload);
      }),
      port.onReconnecting((error) => {
        if (current()) this.onConnectionLost(connection, error);
      }),
      port.onReconnected(() => {
        if (current()) this.onConnected(connection);
      }),
      port.onClose((error) => {
        if (!current() || !connection.live) return;
        // Closed for good (the server refused a reconnect): our own loop takes over.
        connection.live = false;
        this.onConnectionLost(connection, error);
        this.scheduleStart(connection);
      }),
    );
    this.start(connection);
    return connection;
  }

  private start(connection: Connection): void {
    this.state.next(connection.everConnected ? 'Reconnecting' : 'Connecting');
    connection.port.start().then(
      () => {
        if (this.connection !== connection) return;
        connection.live = true;
        this.onConnected(connection);
      },
      (error: unknown) => {
        if (this.connection !== connection) return;
        if (!connection.outageReported) {
          connection.outageReported = true;
          this.options.reportError(
            new MarketDataError('connectionFailed', { detail: describe(error), cause: error }),
          );
        }
        this.scheduleStart(connection);
      },
    );
  }

  private scheduleStart(connection: Connection): void {
    const delay = this.policy.delayFor(connection.attempt);
    connection.attempt += 1;
    connection.retryTimer = setTimeout(() => {
      connection.retryTimer = undefined;
      if (this.connection === connection) this.start(connection);
    }, delay);
  }

  private onConnectionLost(connection: Connection, error: Error | undefined): void {
    this.state.next('Reconnecting');
    if (connection.outageReported) return;
    connection.outageReported = true;
    this.options.reportError(
      new MarketDataError('connectionLost', { detail: error?.message, cause: error }),
    );
  }

  private onConnected(connection: Connection): void {
    const resumed = connection.everConnected;
    connection.everConnected = true;
    connection.attempt = 0;
    connection.outageReported = false;
    this.state.next('Connected');

    // NOTE: after a drop every stream is backfilled. On the first connect only the streams whose
    // candle closed while we were connecting need it; the others are covered by the consumer's
    // history load and the forming candle's next live update, which carries its full OHLC.
    const nowOpen = toUnixSeconds(this.now() as UnixMillis);
    const gaps = [...this.streams.values()]
      .filter((stream) => resumed || intervalOpenTime(stream.interval, nowOpen) > stream.resumeFrom)
      .map((stream) => ({ stream, run: stream.hold() }));
    for (const subscription of this.keySubscriptions)
      this.invokeSubscribe(connection, subscription);
    for (const watch of this.alertWatches) this.invokeWatch(connection, watch);
    for (const { stream, run } of gaps) void this.backfill(stream, run);
  }

  private stopConnection(): void {
    const connection = this.connection;
    if (!connection) return;
    this.connection = undefined;
    connection.offs.forEach((off) => off());
    if (connection.retryTimer !== undefined) clearTimeout(connection.retryTimer);
    // Stopping a connection that failed or is still negotiating may reject; it is gone either way.
    connection.port.stop().catch(() => undefined);
    this.state.next('Disconnected');
  }

  private isConnected(connection: Connection | undefined): connection is Connection {
    return (
      connection !== undefined && connection === this.connection && this.state.value === 'Connected'
    );
  }

  // ---- hub traffic ---------------------------------------------------------------------------

  private invokeSubscribe(connection: Connection, subscription: KeySubscription): void {
    connection.port
      .invoke('SubscribeToCandleUpdates', subscription.symbols, subscription.intervals)
      .catch((error: unknown) => {
        // A drop rejects pending invocations; the reconnect resubscribes, so only a refusal
        // on a healthy connection is worth telling.
        if (!this.isConnected(connection) || !this.keySubscriptions.has(subscription)) return;
        this.options.reportError(
          new MarketDataError('subscription', { detail: describe(error), cause: error }),
        );
      });
  }

  private invokeUnsubscribe(connection: Connection, streams: readonly CandleStream[]): void {
    // The hub takes a cross product, so released streams are grouped per interval.
    const symbolsByInterval = new Map<Interval, SymbolId[]>();
    for (const stream of streams) {
      const symbols = symbolsByInterval.get(stream.interval) ?? [];
      symbols.push(stream.symbol);
      symbolsByInterval.set(stream.interval, symbols);
    }
    for (const [interval, symbols] of symbolsByInterval) {
      // Failing to unsubscribe only costs updates that no stream listens to any more.
      connection.port
        .invoke('UnsubscribeFromCandleUpdates', symbols, [interval])
        .catch(() => undefined);
    }
  }

  private invokeWatch(connection: Connection, watch: AlertWatch): void {
    connection.port.invoke('WatchAlerts', watch.subscriptionId).catch((error: unknown) => {
      if (!this.isConnected(connection) || !this.alertWatches.has(watch)) return;
      this.options.reportError(
        new MarketDataError('subscription', { detail: describe(error), cause: error }),
      );
    });
  }

  private onCandleUpdate(payload: unknown): void {
    const update = payload as Partial<Record<keyof CandleUpdate, unknown>> | null;
    if (
      typeof update !== 'object' ||
      update === null ||
      !isSymbolId(update.symbol) ||
      !isInterval(update.interval)
    ) {
      console.warn('Ignored a malformed CandleUpdate', payload);
      return;
    }
    const stream = this.streams.get(CandleStream.keyOf(update.symbol, update.interval));
    if (!stream) return;
    let candle: Candle;
    try {
      candle = parseCandle(update.candle, `CandleUpdate of ${stream.key}`);
    } catch (error) {
      console.warn((error as Error).message);
      return;
    }
    stream.receive(candle);
  }

  private onAlertTriggered(payload: unknown): void {
    const alert = payload as Partial<Alert> | null;
    if (typeof alert !== 'object' || alert === null || typeof alert.id !== 'string') {
      console.warn('Ignored a malformed AlertTriggered', payload);
      return;
    }
    for (const watch of [...this.alertWatches]) {
      if (this.alertWatches.has(watch)) watch.subscriber.next(alert as Alert);
    }
  }

  private async backfill(stream: CandleStream, run: number): Promise<void> {
    let from = stream.resumeFrom;
    try {
      for (let page = 0; page < MAX_BACKFILL_PAGES; page += 1) {
        const candles = await this.options.fetchCandlesSince(
          stream.symbol,
          stream.interval,
          from,
          BACKFILL_PAGE_SIZE,
        );
        if (!stream.isCurrent(run)) return;
        for (const candle of candles) stream.deliver(candle);
        const last = candles.at(-1);
        if (candles.length < BACKFILL_PAGE_SIZE || !last || last.time <= from) break;
        from = last.time;
      }
    } catch (error) {
      if (stream.isCurrent(run)) {
        this.options.reportError(
          error instanceof MarketDataError
            ? error
            : new MarketDataError('candles', { detail: describe(error), cause: error }),
        );
      }
    } finally {
      stream.release(run);
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
