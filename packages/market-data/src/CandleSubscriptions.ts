import {
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
} from '@pairwatch/domain';
import { EMPTY, Observable, share, type Subscriber } from 'rxjs';
import { assertSymbolIds } from './assertSymbolIds';
import { backfillStream } from './backfillStream';
import { CandleStream } from './CandleStream';
import { describeError } from './describeError';
import { type FetchCandlesSince } from './FetchCandlesSince';
import { type HubConnectionLifecycle, type HubSession } from './HubConnectionLifecycle';
import { MarketDataError } from './MarketDataError';

/**
 * The most symbols one `SubscribeToCandleUpdates` / `UnsubscribeFromCandleUpdates` names. The hub
 * refuses lists over 200 and a call with one unlisted pair as a whole; smaller calls keep the
 * search for that pair short (see {@link CandleSubscriptions}).
 */
export const MAX_SYMBOLS_PER_INVOCATION = 50;

/** What {@link CandleSubscriptions} is built from. */
export interface CandleSubscriptionsOptions {
  /** The hub connection, retained while a subscription is live. */
  readonly connection: HubConnectionLifecycle;
  /** The REST call used to backfill a gap. */
  readonly fetchCandlesSince: FetchCandlesSince;
  /** Receives refused subscriptions (`subscription`) and failed backfills (`candles`). */
  readonly reportError: (error: MarketDataError) => void;
  /** The clock, in Unix milliseconds. */
  readonly now: () => number;
}

interface KeySubscription {
  readonly streams: readonly CandleStream[];
  readonly listener: (update: CandleUpdate) => void;
  readonly subscriber: Subscriber<CandleUpdate>;
  readonly releaseConnection: () => void;
}

/** One hub call's worth of streams: symbols of one interval. */
interface StreamBatch {
  readonly interval: Interval;
  readonly streams: readonly CandleStream[];
}

/**
 * The refcounted candle subscriptions of a {@link CandleHub}, for any number of pairs.
 *
 * - A combination (sorted symbols + intervals) is shared: its subscribers share one set of
 *   {@link CandleStream}s, and each (symbol, interval) stream is refcounted across combinations.
 * - The hub is told the difference, once per tick: the streams newly wanted are subscribed and the
 *   streams no combination uses any more are unsubscribed, grouped per interval in calls of at
 *   most {@link MAX_SYMBOLS_PER_INVOCATION} symbols. A screen that swaps one combination for
 *   another in the same tick (a position added) costs only the streams that changed.
 * - Every (re)connection subscribes every stream again, and backfills the gaps by REST before the
 *   live updates held meanwhile ({@link backfillStream}).
 *
 * NOTE: the hub refuses a whole `SubscribeToCandleUpdates` when one of its pairs is unlisted (a
 * position on a pair delisted since, a stale link). So that such a pair does not cost the others
 * their live updates, a refused call of several pairs is split in halves and tried again, one
 * half after the other (the hub queues at most 32 invocations per connection), down to the pair
 * it refuses, which alone is reported. Refused streams are not asked for again until the next
 * reconnection.
 *
 * @example
 * ```ts
 * const candles = new CandleSubscriptions({ connection, fetchCandlesSince, reportError, now: Date.now });
 * candles.updates$(['BTCUSDT', 'ETHUSDT'], ['OneMinute']).subscribe((u) => draw(u));
 * ```
 */
export class CandleSubscriptions {
  private readonly streams = new Map<string, CandleStream>();
  private readonly subscriptions = new Set<KeySubscription>();
  private readonly shared = new Map<string, Observable<CandleUpdate>>();
  /** The streams asked of the current session, by key: what the hub is (about to be) sending. */
  private readonly onHub = new Map<string, CandleStream>();
  private syncScheduled = false;

  constructor(private readonly options: CandleSubscriptionsOptions) {
    options.connection.on('CandleUpdate', (payload) => this.onCandleUpdate(payload));
    options.connection.onConnected((session, resumed) => this.onConnected(session, resumed));
  }

  /**
   * Live updates of every (symbol, interval) pair of `symbols × intervals`.
   *
   * @returns a hot observable shared per combination; empty lists give `EMPTY`.
   * @throws RangeError when a symbol is malformed or an interval unsupported (nothing is
   * subscribed). A well-formed pair the market does not list is the hub's to refuse.
   */
  updates$(symbols: readonly SymbolId[], intervals: readonly Interval[]): Observable<CandleUpdate> {
    assertSymbolIds(symbols);
    const badInterval = intervals.find((interval) => !isInterval(interval));
    if (badInterval !== undefined) {
      throw new RangeError(`Unsupported interval '${String(badInterval)}'`);
    }
    const sortedSymbols = [...new Set(symbols)].sort();
    const sortedIntervals = INTERVALS.filter((interval) => intervals.includes(interval));
    if (sortedSymbols.length === 0 || sortedIntervals.length === 0) return EMPTY;

    const key = `${sortedSymbols.join(',')}|${sortedIntervals.join(',')}`;
    let shared = this.shared.get(key);
    if (!shared) {
      const created = new Observable<CandleUpdate>((subscriber) => {
        const release = this.acquire(sortedSymbols, sortedIntervals, subscriber);
        return () => {
          release();
          // Forgotten once unused: with any pair, the combinations seen in a session are many.
          if (this.shared.get(key) === created) this.shared.delete(key);
        };
      }).pipe(share());
      shared = created;
      this.shared.set(key, shared);
    }
    return shared;
  }

  /** Completes every subscription (their teardowns release the streams and the connection). */
  completeAll(): void {
    for (const subscription of [...this.subscriptions]) subscription.subscriber.complete();
  }

  private acquire(
    symbols: readonly SymbolId[],
    intervals: readonly Interval[],
    subscriber: Subscriber<CandleUpdate>,
  ): () => void {
    const since = toUnixSeconds(this.options.now() as UnixMillis);
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
    const subscription: KeySubscription = {
      streams,
      listener,
      subscriber,
      releaseConnection: this.options.connection.retain(),
    };
    this.subscriptions.add(subscription);
    this.scheduleSync();
    return () => this.release(subscription);
  }

  private release(subscription: KeySubscription): void {
    if (!this.subscriptions.delete(subscription)) return;
    for (const stream of subscription.streams) {
      stream.removeListener(subscription.listener);
      stream.refCount -= 1;
      if (stream.refCount === 0) {
        this.streams.delete(stream.key);
        stream.close();
      }
    }
    this.scheduleSync();
    subscription.releaseConnection();
  }

  // NOTE: one sync per tick, not one hub call per subscriber: the effects of one React commit (a
  // table of positions, each row its own pair) land in one call, and a combination swapped for
  // another in the same tick sends only the difference.
  private scheduleSync(): void {
    if (this.syncScheduled) return;
    this.syncScheduled = true;
    queueMicrotask(() => {
      this.syncScheduled = false;
      const session = this.options.connection.session;
      // Not connected: the next connection subscribes every stream.
      if (session) this.sync(session);
    });
  }

  /** Tells the hub the difference between the streams wanted and those asked of `session`. */
  private sync(session: HubSession): void {
    const released: CandleStream[] = [];
    for (const [key, asked] of this.onHub) {
      const wanted = this.streams.get(key);
      if (!wanted) {
        released.push(asked);
        this.onHub.delete(key);
      } else if (wanted !== asked) {
        // Released and wanted again within the tick: the hub still sends it.
        this.onHub.set(key, wanted);
      }
    }
    const added = [...this.streams.values()].filter((stream) => !this.onHub.has(stream.key));
    for (const stream of added) this.onHub.set(stream.key, stream);

    // Unsubscribed first: it frees the hub's per-connection budget of streams for the new ones.
    for (const { interval, streams } of batches(released)) {
      // Failing to unsubscribe only costs updates that no stream listens to any more.
      session
        .invoke('UnsubscribeFromCandleUpdates', symbolsOf(streams), [interval])
        .catch(() => undefined);
    }
    for (const batch of batches(added)) void this.subscribe(session, batch);
  }

  private async subscribe(session: HubSession, batch: StreamBatch): Promise<void> {
    try {
      await session.invoke('SubscribeToCandleUpdates', symbolsOf(batch.streams), [batch.interval]);
    } catch (error) {
      // A drop rejects pending invocations and the next session subscribes again; a stream
      // released meanwhile is nobody's concern.
      const still = batch.streams.filter(
        (stream) => session.live && this.onHub.get(stream.key) === stream,
      );
      if (still.length === 0) return;
      if (batch.streams.length === 1) {
        this.options.reportError(
          new MarketDataError('subscription', { detail: describeError(error), cause: error }),
        );
        return;
      }
      const middle = Math.ceil(still.length / 2);
      await this.subscribe(session, { interval: batch.interval, streams: still.slice(0, middle) });
      await this.subscribe(session, { interval: batch.interval, streams: still.slice(middle) });
    }
  }

  private onConnected(session: HubSession, resumed: boolean): void {
    // NOTE: after a drop every stream is backfilled. On the first connect only the streams whose
    // candle closed while we were connecting need it; the others are covered by the consumer's
    // history load and the forming candle's next live update, which carries its full OHLC.
    const nowOpen = toUnixSeconds(this.options.now() as UnixMillis);
    const gaps = [...this.streams.values()]
      .filter((stream) => resumed || intervalOpenTime(stream.interval, nowOpen) > stream.resumeFrom)
      .map((stream) => ({ stream, run: stream.hold() }));
    // A new session knows none of our streams: ask for all of them.
    this.onHub.clear();
    this.sync(session);
    for (const { stream, run } of gaps) {
      void backfillStream(stream, run, this.options.fetchCandlesSince, this.options.reportError);
    }
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
}

function symbolsOf(streams: readonly CandleStream[]): SymbolId[] {
  return streams.map((stream) => stream.symbol);
}

/**
 * Streams grouped for the hub, which takes a cross product: per interval (in {@link INTERVALS}
 * order), symbols sorted, at most {@link MAX_SYMBOLS_PER_INVOCATION} per batch. The number of
 * calls is bounded by the intervals, not by the pairs.
 */
function batches(streams: readonly CandleStream[]): StreamBatch[] {
  const result: StreamBatch[] = [];
  for (const interval of INTERVALS) {
    const ofInterval = streams
      .filter((stream) => stream.interval === interval)
      .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
    for (let start = 0; start < ofInterval.length; start += MAX_SYMBOLS_PER_INVOCATION) {
      result.push({
        interval,
        streams: ofInterval.slice(start, start + MAX_SYMBOLS_PER_INVOCATION),
      });
    }
  }
  return result;
}
