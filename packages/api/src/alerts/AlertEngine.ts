import {
  type Candle,
  type CandleUpdate,
  hasRsiValue,
  type Interval,
  type RsiCalculator,
  type SymbolId,
  type UnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import { type MarketData } from '../market/MarketData';
import { buildAlertNotification } from '../push/buildAlertNotification';
import { pushTopic } from '../push/pushTopic';
import { type AlertRecord, type AlertStore } from '../storage/AlertStore';
import { AlertIndex, alertStreamInterval, type ReachedAlert, streamKey } from './AlertIndex';
import { loadRsiHistory } from './loadRsiHistory';
import { randomId } from './randomId';

/** What the engine logs through (a pino logger fits). */
export interface AlertEngineLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Options of {@link AlertEngine}. */
export interface AlertEngineOptions {
  readonly store: AlertStore;
  readonly marketData: MarketData;
  readonly logger: AlertEngineLogger;
  /** Called once per alert this engine moved to Triggered (its push message is in the outbox). */
  readonly onTriggered: (alert: AlertRecord) => void;
  /** Wait before trying a failed replay again. Default 5 000 ms. */
  readonly replayRetryMs?: number;
  readonly now?: () => number;
}

/** 1-minute candles per replay request (the market port's maximum). */
const REPLAY_PAGE = 1000;
/** Replay at most this many pages (about six weeks of 1-minute candles) after an outage. */
const REPLAY_MAX_PAGES = 60;
/** Give up replaying a stream after this many failed attempts (live evaluation goes on). */
const REPLAY_MAX_ATTEMPTS = 10;

/** One candle stream the engine holds on the market because alerts watch it. */
interface StreamState {
  readonly key: string;
  readonly symbol: SymbolId;
  readonly interval: Interval;
  release: () => void;
  /** Live updates are evaluated once the replay has run (or failed); until then they wait here. */
  live: boolean;
  readonly waiting: Map<number, Candle>;
  /** The live RSI of the stream, once seeded from history. */
  rsi: RsiCalculator | undefined;
  rsiTime: number;
  seedingRsi: boolean;
  markedTime: number | undefined;
  closed: boolean;
}

/**
 * Watches the market for the active alerts and fires them (architecture §6).
 *
 * - Price alerts are judged on every 1-minute update by its high/low, RSI alerts on every update
 *   of their interval by the live RSI (domain `RsiCalculator`), through an {@link AlertIndex}.
 * - Firing is one conditional update in the store together with the push message (the outbox),
 *   so an alert fires once even when several engines see the same candle.
 * - Per stream it keeps an "evaluated up to" mark; at start it replays the candles since the mark
 *   (or since the alerts' creation), so a crossing during an outage still fires.
 * - It holds a market stream only while alerts watch it.
 */
export class AlertEngine {
  private readonly _index = new AlertIndex();
  private readonly _streams = new Map<string, StreamState>();
  private readonly _tasks = new Set<Promise<unknown>>();
  private readonly _timers = new Set<NodeJS.Timeout>();
  private readonly _now: () => number;
  private _marks = new Map<string, UnixSeconds>();
  /** Alerts taken from the index whose trigger is being recorded. */
  private readonly _firing = new Set<string>();
  /** Alerts forgotten while `start` was loading, so that the load does not bring them back. */
  private _forgottenWhileStarting: Set<string> | undefined;
  private _started = false;
  private _closed = false;

  public constructor(private readonly _options: AlertEngineOptions) {
    this._now = _options.now ?? Date.now;
  }

  /** Active alerts being watched. */
  public get activeCount(): number {
    return this._index.size;
  }

  /** Streams held on the market, as `SYMBOL|Interval`. */
  public get streamKeys(): string[] {
    return [...this._streams.keys()];
  }

  /** Loads the active alerts and marks, opens their streams and starts the replays. */
  public async start(): Promise<void> {
    if (this._started || this._forgottenWhileStarting) return;
    const forgotten = new Set<string>();
    this._forgottenWhileStarting = forgotten;
    let alerts: AlertRecord[];
    let marks: Map<string, UnixSeconds>;
    try {
      [alerts, marks] = await Promise.all([
        this._options.store.listActiveAlerts(),
        this._options.store.readEvaluationMarks(),
      ]);
    } finally {
      this._forgottenWhileStarting = undefined;
    }
    if (this._closed) return;
    this._marks = marks;
    this._index.load(alerts.filter((alert) => !forgotten.has(alert.id)));
    this._started = true;
    for (const { symbol, interval } of this._index.streams().values())
      this._openStream(symbol, interval);
    this._options.logger.info(
      { alerts: this._index.size, streams: this._streams.size },
      'alert engine started',
    );
  }

  /** Watches a newly created alert. */
  public add(alert: AlertRecord): void {
    if (this._closed || !this._index.add(alert)) return;
    if (!this._started) return; // start() opens the streams of everything loaded by then
    const interval = alertStreamInterval(alert);
    const state = this._streams.get(streamKey(alert.symbol, interval));
    if (!state) this._openStream(alert.symbol, interval);
    else if (alert.type === 'Rsi' && state.rsi === undefined && !state.seedingRsi)
      this._track(this._seedRsi(state));
  }

  /** Stops watching alerts (deleted, or removed with their subscription). */
  public forget(alertIds: Iterable<string>): void {
    for (const id of alertIds) {
      this._forgottenWhileStarting?.add(id);
      const alert = this._index.remove(id);
      if (alert) this._releaseIfUnwatched(alert.symbol, alertStreamInterval(alert));
    }
  }

  /**
   * Brings the watched alerts in line with the ids the table holds as active (a safety net for a
   * lost notification): forgets watched alerts that are not among them, and returns the active
   * ids it does not watch, for the caller to load and {@link AlertEngine.add}. An alert whose
   * trigger is being recorded counts as watched.
   */
  public reconcile(activeIds: Iterable<string>): { missing: string[]; forgotten: string[] } {
    const active = new Set(activeIds);
    const forgotten = this._index.ids().filter((id) => !active.has(id));
    this.forget(forgotten);
    const missing = [...active].filter(
      (id) => this._index.get(id) === undefined && !this._firing.has(id),
    );
    return { missing, forgotten };
  }

  /** Resolves once replays, triggers and mark writes started so far have finished. */
  public async whenIdle(): Promise<void> {
    while (this._tasks.size > 0) await Promise.allSettled([...this._tasks]);
  }

  /** Releases every stream and waits for the work in progress. */
  public async close(): Promise<void> {
    this._closed = true;
    for (const timer of this._timers) clearTimeout(timer);
    this._timers.clear();
    for (const state of this._streams.values()) this._closeStream(state);
    this._streams.clear();
    await this.whenIdle();
  }

  private _openStream(symbol: SymbolId, interval: Interval): void {
    const key = streamKey(symbol, interval);
    const state: StreamState = {
      key,
      symbol,
      interval,
      release: () => undefined,
      live: false,
      waiting: new Map(),
      rsi: undefined,
      rsiTime: Number.NEGATIVE_INFINITY,
      seedingRsi: false,
      markedTime: this._marks.get(key),
      closed: false,
    };
    this._streams.set(key, state);
    state.release = this._options.marketData.subscribe(symbol, interval, (update) =>
      this._onUpdate(state, update),
    );
    this._track(this._prepare(state, 1));
  }

  private _onUpdate(state: StreamState, update: CandleUpdate): void {
    if (state.closed) return;
    if (!state.live) {
      // Only the latest update per candle is kept: its high and low include the earlier ones.
      state.waiting.set(update.candle.time, update.candle);
      return;
    }
    this._evaluate(state, update.candle);
  }

  /** Replays what the stream missed, then lets live updates through (even if the replay failed). */
  private async _prepare(state: StreamState, attempt: number): Promise<void> {
    try {
      await this._replay(state);
    } catch (error: unknown) {
      if (!state.closed) {
        this._options.logger.warn(
          { err: error, stream: state.key, attempt },
          attempt < REPLAY_MAX_ATTEMPTS
            ? 'alert replay failed; will try again'
            : 'alert replay failed; giving up',
        );
        if (attempt < REPLAY_MAX_ATTEMPTS)
          this._after(this._options.replayRetryMs ?? 5_000, () =>
            this._prepare(state, attempt + 1),
          );
      }
    } finally {
      if (!state.live) {
        state.live = true;
        const waiting = [...state.waiting.values()].sort((a, b) => a.time - b.time);
        state.waiting.clear();
        for (const candle of waiting) if (!state.closed) this._evaluate(state, candle);
      }
    }
  }

  /** Where a stream's replay starts: its mark, but not before its oldest alert was created. */
  private _replayStart(state: StreamState): number | undefined {
    const earliest = this._index.earliestCreation(state.symbol, state.interval);
    if (earliest === undefined) return undefined;
    const mark = this._marks.get(state.key);
    return mark === undefined ? earliest : Math.max(mark, earliest);
  }

  private async _replay(state: StreamState): Promise<void> {
    const from = this._replayStart(state);
    if (from === undefined || state.closed) return;
    const { marketData } = this._options;
    if (this._index.countsFor(state.symbol, state.interval).rsi > 0 && state.rsi === undefined) {
      await this._seedRsi(state, from);
    }
    if (
      state.interval !== 'OneMinute' ||
      this._index.countsFor(state.symbol, 'OneMinute').price === 0
    )
      return;
    let start = from;
    for (let page = 0; page < REPLAY_MAX_PAGES && !state.closed; page += 1) {
      const candles = await marketData.getCandles({
        symbol: state.symbol,
        interval: 'OneMinute',
        startTime: start as UnixSeconds,
        limit: REPLAY_PAGE,
      });
      for (const candle of candles) {
        if (candle.time < start || state.closed) continue;
        this._fire(this._index.takeReachedByPrice(state.symbol, candle));
        this._mark(state, candle.time);
      }
      if (candles.length < REPLAY_PAGE) return;
      start = (candles.at(-1)?.time ?? start) + 60;
    }
  }

  /**
   * Seeds the stream's live RSI from history and, when `replayFrom` is given, judges the RSI
   * alerts against the close RSI of every candle since then.
   */
  private async _seedRsi(state: StreamState, replayFrom?: number): Promise<void> {
    state.seedingRsi = true;
    try {
      const history = await loadRsiHistory(this._options.marketData, state.symbol, state.interval);
      if (state.closed) return;
      history.candles.forEach((candle, i) => {
        const rsi = history.rsiCandles[i];
        if (replayFrom === undefined || candle.time < replayFrom || !rsi || !hasRsiValue(rsi))
          return;
        this._fire(
          this._index.takeReachedByRsi(state.symbol, state.interval, candle.time, rsi.close),
        );
      });
      state.rsi = history.calculator;
      state.rsiTime = history.candles.at(-1)?.time ?? Number.NEGATIVE_INFINITY;
    } finally {
      state.seedingRsi = false;
    }
  }

  private _evaluate(state: StreamState, candle: Candle): void {
    const { symbol, interval } = state;
    const counts = this._index.countsFor(symbol, interval);
    if (interval === 'OneMinute' && counts.price > 0)
      this._fire(this._index.takeReachedByPrice(symbol, candle));
    if (state.rsi !== undefined && candle.time >= state.rsiTime) {
      const rsi = state.rsi.update(candle);
      state.rsiTime = candle.time;
      if (counts.rsi > 0 && hasRsiValue(rsi)) {
        this._fire(this._index.takeReachedByRsi(symbol, interval, candle.time, rsi.close));
      }
    }
    this._mark(state, candle.time);
  }

  /** Records that the stream was evaluated up to (and including) the candle opening at `time`. */
  private _mark(state: StreamState, time: number): void {
    if (state.markedTime !== undefined && time <= state.markedTime) return;
    state.markedTime = time;
    this._marks.set(state.key, time as UnixSeconds);
    this._track(
      this._options.store
        .writeEvaluationMark(state.key, time as UnixSeconds)
        .catch((error: unknown) => {
          this._options.logger.warn(
            { err: error, stream: state.key },
            'could not save the evaluation mark',
          );
        }),
    );
  }

  private _fire(reached: readonly ReachedAlert[]): void {
    for (const { alert, value } of reached) {
      const now = this._now() as UnixMillis;
      // The source that produced this price, read when the push is queued (not at boot).
      const { source } = this._options.marketData.status();
      const message = {
        id: randomId(),
        topic: pushTopic(alert.id),
        payload: JSON.stringify(buildAlertNotification(alert, value, source)),
        createdAt: now,
      };
      this._firing.add(alert.id);
      this._track(
        this._options.store
          .triggerAlert({ alertId: alert.id, triggeredAt: now, triggeredValue: value }, message)
          .then((triggered) => {
            // undefined: another engine fired it first, or it was deleted meanwhile.
            if (triggered) this._options.onTriggered(triggered);
          })
          .catch((error: unknown) => {
            this._options.logger.error(
              { err: error, alertId: alert.id },
              'could not record a triggered alert; will judge it again',
            );
            // Through add(): its stream may have been released meanwhile (it was the stream's last
            // alert), and add() opens it again and replays from the mark.
            if (!this._closed) this.add(alert);
          })
          .finally(() => this._firing.delete(alert.id)),
      );
      this._releaseIfUnwatched(alert.symbol, alertStreamInterval(alert));
    }
  }

  private _releaseIfUnwatched(symbol: SymbolId, interval: Interval): void {
    const key = streamKey(symbol, interval);
    // Deferred: this may run inside the stream's own listener.
    queueMicrotask(() => {
      const state = this._streams.get(key);
      const counts = this._index.countsFor(symbol, interval);
      if (!state || counts.price > 0 || counts.rsi > 0) return;
      this._streams.delete(key);
      this._closeStream(state);
    });
  }

  private _closeStream(state: StreamState): void {
    state.closed = true;
    state.waiting.clear();
    state.release();
  }

  private _track(task: Promise<unknown>): void {
    const tracked: Promise<unknown> = task
      .catch((error: unknown) => {
        this._options.logger.error({ err: error }, 'alert engine task failed');
      })
      .finally(() => this._tasks.delete(tracked));
    this._tasks.add(tracked);
  }

  private _after(delayMs: number, run: () => Promise<void>): void {
    if (this._closed) return;
    const timer = setTimeout(() => {
      this._timers.delete(timer);
      if (!this._closed) this._track(run());
    }, delayMs);
    timer.unref();
    this._timers.add(timer);
  }
}
