import { type Alert, type CandleUpdate, type Interval, type SymbolId } from '@pairwatch/domain';
import { type Observable } from 'rxjs';
import { AlertWatches } from './AlertWatches';
import { CandleSubscriptions } from './CandleSubscriptions';
import { type FetchCandlesSince } from './FetchCandlesSince';
import { HubConnectionLifecycle } from './HubConnectionLifecycle';
import { type HubConnectionFactory } from './HubConnectionPort';
import { type HubConnectionState } from './HubConnectionState';
import { type MarketDataError } from './MarketDataError';
import { type ReconnectPolicy } from './ReconnectPolicy';

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
  /** How long an unused connection stays open; `CONNECTION_LINGER_MS` by default. */
  readonly lingerMs?: number;
  /** The clock, in Unix milliseconds; `Date.now` by default. */
  readonly now?: () => number;
}

/**
 * The client of `{api}/candles-hub`: one connection ({@link HubConnectionLifecycle}: opened by the
 * first subscriber, stopped shortly after the last one leaves, reconnected forever) shared by the
 * candle subscriptions ({@link CandleSubscriptions}: refcounted per stream, batched per tick,
 * resubscribed and backfilled after a reconnect) and the alert watches ({@link AlertWatches}).
 *
 * @example
 * ```ts
 * const hub = new CandleHub({ url, connect: createSignalRConnection, fetchCandlesSince, reportError });
 * const sub = hub.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe((u) => chart.update(u.candle));
 * sub.unsubscribe();
 * ```
 */
export class CandleHub {
  /** The connection's lifecycle; replays the current state to each subscriber. */
  readonly connectionState$: Observable<HubConnectionState>;

  private readonly connection: HubConnectionLifecycle;
  private readonly candles: CandleSubscriptions;
  private readonly alerts: AlertWatches;
  private disposed = false;

  constructor(options: CandleHubOptions) {
    this.connection = new HubConnectionLifecycle({
      url: options.url,
      connect: options.connect,
      reportError: options.reportError,
      reconnectPolicy: options.reconnectPolicy,
      lingerMs: options.lingerMs,
    });
    this.candles = new CandleSubscriptions({
      connection: this.connection,
      fetchCandlesSince: options.fetchCandlesSince,
      reportError: options.reportError,
      now: options.now ?? Date.now,
    });
    this.alerts = new AlertWatches(this.connection, options.reportError);
    this.connectionState$ = this.connection.state$;
  }

  /**
   * Live updates of every (symbol, interval) pair of `symbols × intervals`, for any pairs.
   *
   * @returns a hot, shared observable; empty lists give `EMPTY` (nothing to watch, no connection).
   * @throws RangeError when a symbol is malformed or an interval unsupported (nothing is
   * subscribed).
   */
  candleUpdates$(
    symbols: readonly SymbolId[],
    intervals: readonly Interval[],
  ): Observable<CandleUpdate> {
    this.assertUsable();
    return this.candles.updates$(symbols, intervals);
  }

  /**
   * `AlertTriggered` events, after invoking `WatchAlerts(subscriptionId)` (again after every
   * reconnect). Shared per subscription id.
   *
   * @throws TypeError when `subscriptionId` is empty.
   */
  watchAlerts$(subscriptionId: string): Observable<Alert> {
    this.assertUsable();
    return this.alerts.watch$(subscriptionId);
  }

  /** Completes every subscription and closes the connection at once. The hub is unusable after. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.candles.completeAll();
    this.alerts.completeAll();
    this.connection.dispose();
  }

  private assertUsable(): void {
    if (this.disposed) throw new Error('This market-data client was disposed');
  }
}
