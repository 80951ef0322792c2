import {
  type Candle,
  type CandleUpdate,
  hasRsiValue,
  type Interval,
  nextIntervalOpen,
  type RsiCalculator,
  type SymbolId,
  type SymbolInfo,
  type UnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import { type MarketData, type MarketDataStatus } from '../market/MarketData';
import { describeFiring } from '../push/alertPushMessage';
import { type DeliveryChannels } from '../delivery/DeliverySender';
import { renderFiring } from '../delivery/renderFiring';
import {
  type AlertRecord,
  type AlertStore,
  type DeliveryClaim,
  type TriggerRequest,
} from '../storage/AlertStore';
import { type ServiceLogger } from '../util/ServiceLogger';
import { type EvaluationSink, type EvaluatorHit } from './evaluators/ConditionEvaluator';
import { keysetPages } from '../storage/keysetPages';
import { isDatabaseUnavailable } from '../storage/isDatabaseUnavailable';
import { loadRsiHistory } from './loadRsiHistory';
import { ReconcileScan } from './ReconcileScan';
import { StreamEvaluator } from './StreamEvaluator';

/** The candle stream an alert watches: the bars it counts (its RSI interval for RSI alerts). */
export function alertStreamInterval(alert: Pick<AlertRecord, 'interval'>): Interval {
  return alert.interval;
}

/** Key of a candle stream (also the key of its evaluation mark). */
export function streamKey(symbol: SymbolId, interval: Interval): string {
  return `${symbol}|${interval}`;
}

/** Options of {@link AlertEngine}. */
export interface AlertEngineOptions {
  readonly store: AlertStore;
  readonly marketData: MarketData;
  readonly logger: ServiceLogger;
  /** Called once per firing this engine recorded (its deliveries are in the outbox). */
  readonly onTriggered: (alert: AlertRecord) => void;
  /**
   * Free slots of this process's delivery sender, offered to each batch's transaction: that many
   * of its deliveries are sent from there without waiting for a claim, and the claim tells the
   * sender when the outbox holds more (`DeliverySender.claimFor`).
   */
  readonly claimDeliveries?: () => DeliveryClaim;
  /** The kinds of channel this server delivers to: each renders its message of a firing. */
  readonly channels: DeliveryChannels;
  /** A pair's catalogue facts, when known: a firing's prices in its precision, its logo. */
  readonly pairOf?: (symbol: SymbolId) => SymbolInfo | undefined;
  /** How often expired alerts are looked for. Default 15 000 ms. */
  readonly expirySweepMs?: number;
  /** Wait before trying a failed replay again. Default 5 000 ms. */
  readonly replayRetryMs?: number;
  /**
   * Wait before recording a batch of firings the database refused, doubling with each refusal in
   * a row up to {@link MAX_RECORD_RETRY_MS}. Default 250 ms.
   */
  readonly recordRetryMs?: number;
  /** Active alerts read per query at start (the event loop runs between pages). Default 1 000. */
  readonly loadPageSize?: number;
  readonly now?: () => number;
  /** Monotonic ms that time each batch's recording (see RECORDING_BUDGET_MS). Default `performance.now`. */
  readonly recordingClock?: () => number;
}

/**
 * A firing judged, waiting to be recorded: what its messages need, read when it was judged; they
 * are put in words when its batch is recorded, so that an update firing thousands of alerts is
 * judged whole at the cost of the decision alone.
 */
interface QueuedFiring {
  readonly record: AlertRecord;
  readonly ends: boolean;
  readonly hit: EvaluatorHit;
  /** The stream's candle when it fired (its bar, for webhooks' `{{open}}`…`{{volume}}`). */
  readonly candle: Candle | undefined;
  readonly source: MarketDataStatus['source'];
}

/**
 * Firings recorded in one transaction at most: many alerts crossed by one update are recorded
 * together (one commit instead of one each), and no transaction holds the database for long.
 */
const FIRINGS_PER_BATCH = 500;
/**
 * The first batch after the queue was empty is this small (and no batch is smaller): the first
 * pushes of an update that fires thousands go out while the rest are still being recorded
 * (issue #27: tick → push under 100 ms with 10,000 crossed).
 */
const FIRST_BATCH = 32;
/**
 * How long recording one batch should take: the next batch doubles while one takes less than half
 * of it and halves when one takes more. SQLite records on the event loop, so this bounds the
 * stall a burst of firings causes to every request, hub update and push answer (about 64 firings
 * a batch there, where 500 held the loop for 60 ms and the sends of the first pushes waited).
 */
const RECORDING_BUDGET_MS = 10;

/** The longest wait between attempts to record a batch the database refused. */
const MAX_RECORD_RETRY_MS = 30_000;
/**
 * Refusals in a row after which a batch refused for another reason than an unavailable database
 * (a bug, as a rule: the statement itself is wrong) is given up and its alerts judged again.
 */
const MAX_RECORD_ATTEMPTS = 4;

/** 1-minute candles per replay request (the market port's maximum). */
const REPLAY_PAGE = 1000;
/** Replay at most this many pages (about six weeks of 1-minute candles) after an outage. */
const REPLAY_MAX_PAGES = 60;
/** Give up replaying a stream after this many failed attempts (live evaluation goes on). */
const REPLAY_MAX_ATTEMPTS = 10;

/** The size of the next batch after one of `size` took `tookMs` to record (see {@link RECORDING_BUDGET_MS}). */
function nextBatchSize(size: number, tookMs: number): number {
  if (tookMs < RECORDING_BUDGET_MS / 2) return Math.min(size * 2, FIRINGS_PER_BATCH);
  if (tookMs > RECORDING_BUDGET_MS) return Math.max(Math.floor(size / 2), FIRST_BATCH);
  return size;
}

/** One candle stream the engine holds on the market because alerts watch it. */
interface StreamState {
  readonly key: string;
  readonly symbol: SymbolId;
  readonly interval: Interval;
  release: () => void;
  /** The stream's alerts and what they have observed. */
  readonly alerts: StreamEvaluator;
  /** Live updates are evaluated once the replay has run (or failed); until then they wait here. */
  live: boolean;
  readonly waiting: Map<number, Candle>;
  /** The live RSI of the stream, once seeded from history. */
  rsi: RsiCalculator | undefined;
  rsiTime: number;
  seedingRsi: boolean;
  markedTime: number | undefined;
  /** The candle being judged (a firing's bar, for webhooks' `{{open}}`…`{{volume}}`). */
  candle: Candle | undefined;
  closed: boolean;
}

/**
 * Watches the market for the active alerts and fires them (architecture §6).
 *
 * - Each stream (symbol × the interval the alerts count) has a {@link StreamEvaluator}: price
 *   alerts observe every update's prices, RSI alerts the live RSI (domain `RsiCalculator`),
 *   `OncePerBarClose` alerts each bar's close; one evaluator per condition decides.
 * - A firing is one update in the store conditional on the alert's trigger count, together with
 *   the push message (the outbox), so a firing is recorded once even when several engines see
 *   the same candle.
 * - Expired alerts are moved to Expired (a sweep every `expirySweepMs`).
 * - Per stream it keeps an "evaluated up to" mark; at start it replays the candles since the mark
 *   (or since the alerts' creation), so a crossing during an outage still fires.
 * - It holds a market stream only while alerts watch it.
 */
export class AlertEngine {
  private readonly streams = new Map<string, StreamState>();
  /** Alerts loaded or added before `start` opened their streams. */
  private readonly pending = new Map<string, AlertRecord>();
  /**
   * Which stream holds each alert. An alert that ended by firing stays here until its firing is
   * recorded (it counts as watched meanwhile): its entry goes with its batch, not during the
   * update that fired it and thousands of others (issue #27).
   */
  private readonly streamOf = new Map<string, string>();
  private readonly tasks = new Set<Promise<unknown>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly now: () => number;
  private marks = new Map<string, UnixSeconds>();
  /** Firings judged and not yet recorded, in the order they were judged. */
  private readonly queuedFirings: QueuedFiring[] = [];
  /**
   * The batch being recorded. With the queue, the alerts whose firings are in progress, which
   * reconcile leaves alone: asked of them when it runs (rarely), not counted per firing.
   */
  private recordingBatch: readonly QueuedFiring[] = [];
  /** The recording of queued firings in progress. */
  private recording: Promise<void> | undefined;
  /** Set while a refused batch waits to be recorded again (nothing is recorded meanwhile). */
  private recordRetry: { readonly wake: () => void } | undefined;
  /** Batches refused in a row. */
  private recordRefusals = 0;
  /** Firings queued since start, and of them those whose batch has been recorded (or refused). */
  private firingsQueued = 0;
  private firingsSettled = 0;
  /**
   * Evaluation marks not yet written: each waits for the firings queued before it (see
   * {@link AlertEngine.mark}), in the order they were set.
   */
  private readonly heldMarks: { key: string; time: UnixSeconds; after: number }[] = [];
  /** Reconcile scans in progress, told of every alert the engine starts or stops watching. */
  private readonly scans = new Set<ReconcileScan>();
  /** Alerts forgotten while `start` was loading, so that the load does not bring them back. */
  private forgottenWhileStarting: Set<string> | undefined;
  private started = false;
  private closed = false;

  constructor(private readonly options: AlertEngineOptions) {
    this.now = options.now ?? Date.now;
  }

  /** True until {@link AlertEngine.start} has loaded the active alerts (they fire from then on). */
  get loading(): boolean {
    return !this.started && !this.closed;
  }

  /** Active alerts being watched (one whose last firing is being recorded counts until it is). */
  get activeCount(): number {
    return this.streamOf.size + this.pending.size;
  }

  /** Streams held on the market, as `SYMBOL|Interval`. */
  get streamKeys(): string[] {
    return [...this.streams.keys()];
  }

  /**
   * Loads the active alerts and marks, opens their streams and starts the replays. Counted in
   * {@link AlertEngine.whenIdle} while it runs: alerts added or forgotten meanwhile are kept.
   */
  start(): Promise<void> {
    const run = this.load();
    // Its failure is the caller's to report (the runtime tries again).
    this.track(run.catch(() => undefined));
    return run;
  }

  private async load(): Promise<void> {
    if (this.started || this.forgottenWhileStarting) return;
    const forgotten = new Set<string>();
    this.forgottenWhileStarting = forgotten;
    let alerts: Map<string, AlertRecord>;
    let marks: Map<string, UnixSeconds>;
    try {
      marks = await this.options.store.readEvaluationMarks();
      alerts = await this.loadActiveAlerts();
    } finally {
      this.forgottenWhileStarting = undefined;
    }
    if (this.closed) return;
    this.marks = marks;
    this.started = true;
    // Added while loading: newer than a page that may have read it too.
    for (const alert of this.pending.values()) alerts.set(alert.id, alert);
    const byStream = new Map<string, AlertRecord[]>();
    for (const alert of alerts.values()) {
      if (forgotten.has(alert.id) || alert.status !== 'Active') continue;
      const key = streamKey(alert.symbol, alertStreamInterval(alert));
      const list = byStream.get(key) ?? [];
      list.push(alert);
      byStream.set(key, list);
    }
    this.pending.clear();
    for (const list of byStream.values()) {
      const first = list[0]!;
      this.openStream(first.symbol, alertStreamInterval(first), list);
    }
    this.sweepExpiredLater();
    this.options.logger.info(
      { alerts: this.streamOf.size, streams: this.streams.size },
      'alert engine started',
    );
  }

  /**
   * The active alerts, a page at a time with the event loop's other work in between (issue #27):
   * at 1,000,000 alerts one query held SQLite's event loop for 52 s, most of it collecting the
   * garbage of a 2 GiB result; paged, 26 s in all, none of it longer than a page. Alerts created
   * or forgotten meanwhile come through `pending` and `forgottenWhileStarting`.
   */
  private async loadActiveAlerts(): Promise<Map<string, AlertRecord>> {
    const alerts = new Map<string, AlertRecord>();
    for await (const page of keysetPages(
      (range) => this.options.store.listActiveAlerts(range),
      (alert) => alert.id,
      this.options.loadPageSize ?? 1_000,
    )) {
      for (const alert of page) alerts.set(alert.id, alert);
      if (this.closed) break;
    }
    return alerts;
  }

  /** Watches a newly created alert. */
  add(alert: AlertRecord): void {
    if (this.closed || alert.status !== 'Active' || this.isWatched(alert.id)) return;
    this.touch(alert.id);
    if (!this.started) {
      this.pending.set(alert.id, alert); // start() opens the streams of everything loaded by then
      return;
    }
    const interval = alertStreamInterval(alert);
    const key = streamKey(alert.symbol, interval);
    const state = this.streams.get(key);
    if (!state) {
      this.openStream(alert.symbol, interval, [alert]);
      return;
    }
    state.alerts.add(alert);
    this.streamOf.set(alert.id, key);
    if (alert.type === 'Rsi' && state.rsi === undefined && !state.seedingRsi)
      this.track(this.seedRsi(state));
  }

  /** Stops watching alerts (deleted, expired, or removed with their subscription). */
  forget(alertIds: Iterable<string>): void {
    for (const id of alertIds) {
      this.forgottenWhileStarting?.add(id);
      this.touch(id);
      this.pending.delete(id);
      const key = this.streamOf.get(id);
      if (key === undefined) continue;
      this.streamOf.delete(id);
      const state = this.streams.get(key);
      if (!state) continue;
      state.alerts.remove(id);
      this.releaseIfUnwatched(state.symbol, state.interval);
    }
  }

  private isWatched(id: string): boolean {
    return this.streamOf.has(id) || this.pending.has(id);
  }

  /**
   * Starts a check of the watched alerts against the table's active ids (a safety net for a lost
   * notification), fed a page at a time while the engine goes on ({@link ReconcileScan}); close it
   * when done. An alert whose firing is being recorded counts as watched. The caller forgets the
   * verdict's `forgotten` and loads and adds its `missing` (AlertsRuntime).
   */
  reconcileScan(): ReconcileScan {
    const scan = new ReconcileScan(
      {
        isWatched: (id) => this.isWatched(id),
        watchedIds: () => this.watchedIds(),
        firingIds: () =>
          new Set(
            [...this.recordingBatch, ...this.queuedFirings].map((queued) => queued.record.id),
          ),
      },
      (closed) => this.scans.delete(closed),
    );
    this.scans.add(scan);
    return scan;
  }

  private *watchedIds(): IterableIterator<string> {
    yield* this.streamOf.keys();
    yield* this.pending.keys();
  }

  /** Tells the scans in progress that the engine started or stopped watching this alert. */
  private touch(id: string): void {
    for (const scan of this.scans) scan.touch(id);
  }

  /** Resolves once the start, replays, triggers and mark writes begun so far have finished. */
  async whenIdle(): Promise<void> {
    while (this.tasks.size > 0) await Promise.allSettled([...this.tasks]);
  }

  /** Releases every stream and waits for the work in progress. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.recordRetry?.wake();
    for (const state of this.streams.values()) this.closeStream(state);
    this.streams.clear();
    await this.whenIdle();
  }

  private openStream(
    symbol: SymbolId,
    interval: Interval,
    alerts: readonly AlertRecord[],
  ): StreamState {
    const key = streamKey(symbol, interval);
    const evaluator = new StreamEvaluator();
    for (const alert of alerts) {
      if (evaluator.add(alert)) this.streamOf.set(alert.id, key);
    }
    const state: StreamState = {
      key,
      symbol,
      interval,
      alerts: evaluator,
      release: () => undefined,
      live: false,
      waiting: new Map(),
      rsi: undefined,
      rsiTime: Number.NEGATIVE_INFINITY,
      seedingRsi: false,
      markedTime: this.marks.get(key),
      candle: undefined,
      closed: false,
    };
    this.streams.set(key, state);
    state.release = this.options.marketData.subscribe(symbol, interval, (update) =>
      this.onUpdate(state, update),
    );
    this.track(this.prepare(state, 1));
    return state;
  }

  private onUpdate(state: StreamState, update: CandleUpdate): void {
    if (state.closed) return;
    if (!state.live) {
      // Only the latest update per candle is kept: its high and low include the earlier ones.
      state.waiting.set(update.candle.time, update.candle);
      return;
    }
    this.evaluate(state, update.candle);
  }

  /** Replays what the stream missed, then lets live updates through (even if the replay failed). */
  private async prepare(state: StreamState, attempt: number): Promise<void> {
    try {
      await this.replay(state);
    } catch (error: unknown) {
      if (!state.closed) {
        this.options.logger.warn(
          { err: error, stream: state.key, attempt },
          attempt < REPLAY_MAX_ATTEMPTS
            ? 'alert replay failed; will try again'
            : 'alert replay failed; giving up',
        );
        if (attempt < REPLAY_MAX_ATTEMPTS)
          this.after(this.options.replayRetryMs ?? 5_000, () => this.prepare(state, attempt + 1));
      }
    } finally {
      if (!state.live) {
        state.live = true;
        const waiting = [...state.waiting.values()].sort((a, b) => a.time - b.time);
        state.waiting.clear();
        for (const candle of waiting) if (!state.closed) this.evaluate(state, candle);
      }
    }
  }

  /** Where a stream's replay starts: its mark, but not before its oldest alert was created. */
  private replayStart(state: StreamState): number | undefined {
    const earliest = state.alerts.earliestCreation();
    if (earliest === undefined) return undefined;
    const mark = this.marks.get(state.key);
    return mark === undefined ? earliest : Math.max(mark, earliest);
  }

  private async replay(state: StreamState): Promise<void> {
    const from = this.replayStart(state);
    if (from === undefined || state.closed) return;
    const { marketData } = this.options;
    const counts = state.alerts.counts();
    if (counts.rsi > 0 && state.rsi === undefined) await this.seedRsi(state, from);
    if (counts.price === 0 || state.closed) return;
    if (counts.moves > 0) {
      // A percent move's window reaches back `bars` bars before the first value replayed.
      const before = await marketData.getCandles({
        symbol: state.symbol,
        interval: state.interval,
        endTime: (from - 1) as UnixSeconds,
        limit: Math.min(REPLAY_PAGE, counts.maxBars + 1),
      });
      state.alerts.seedBars(before);
    }
    let start = from;
    for (let page = 0; page < REPLAY_MAX_PAGES && !state.closed; page += 1) {
      const candles = await marketData.getCandles({
        symbol: state.symbol,
        interval: state.interval,
        startTime: start as UnixSeconds,
        limit: REPLAY_PAGE,
      });
      for (const candle of candles) {
        if (candle.time < start || state.closed) continue;
        // What a replayed candle shows happened before its close, and not after now: it is
        // observed at the later of the two bounds it can have, so no firing is dated before the
        // alert existed (the candle forming at creation is replayed too).
        const closesAt = nextIntervalOpen(state.interval, candle.time) * 1000 - 1;
        state.alerts.onCandle(candle, Math.min(this.now(), closesAt), this.sink(state));
        this.mark(state, candle.time);
      }
      const last = candles.at(-1);
      if (candles.length < REPLAY_PAGE || last === undefined) return;
      start = last.time + 1;
    }
  }

  /**
   * Seeds the stream's live RSI from history and, when `replayFrom` is given, judges the RSI
   * alerts against the close RSI of every candle since then.
   */
  private async seedRsi(state: StreamState, replayFrom?: number): Promise<void> {
    state.seedingRsi = true;
    try {
      const history = await loadRsiHistory(this.options.marketData, state.symbol, state.interval);
      if (state.closed) return;
      history.candles.forEach((candle, i) => {
        const rsi = history.rsiCandles[i];
        if (replayFrom === undefined || candle.time < replayFrom || !rsi || !hasRsiValue(rsi))
          return;
        const closesAt = nextIntervalOpen(state.interval, candle.time) * 1000 - 1;
        state.alerts.onRsi(
          candle.time,
          rsi.close,
          Math.min(this.now(), closesAt),
          this.sink(state),
        );
      });
      state.rsi = history.calculator;
      state.rsiTime = history.candles.at(-1)?.time ?? Number.NEGATIVE_INFINITY;
    } finally {
      state.seedingRsi = false;
    }
  }

  /**
   * Judges one live update: the stream's price alerts by the candle, its RSI alerts by the RSI the
   * candle gives; which alerts fire is the {@link StreamEvaluator}'s call (domain's rule),
   * recording them is {@link AlertEngine.fire}'s. Then marks the stream evaluated up to the candle.
   */
  private evaluate(state: StreamState, candle: Candle): void {
    const at = this.now();
    state.candle = candle;
    state.alerts.onCandle(candle, at, this.sink(state));
    if (state.rsi !== undefined && candle.time >= state.rsiTime) {
      const rsi = state.rsi.update(candle);
      state.rsiTime = candle.time;
      if (hasRsiValue(rsi)) state.alerts.onRsi(candle.time, rsi.close, at, this.sink(state));
    }
    this.mark(state, candle.time);
  }

  /** Where a stream's evaluators report: firings are recorded, expiries swept. */
  private sink(state: StreamState): EvaluationSink {
    let sink = this.sinks.get(state);
    if (!sink) {
      sink = this.createSink(state);
      this.sinks.set(state, sink);
    }
    return sink;
  }

  /** One sink per stream, made once (an update must not allocate one). */
  private readonly sinks = new WeakMap<StreamState, EvaluationSink>();

  private createSink(state: StreamState): EvaluationSink {
    return {
      fired: (hit) => this.fire(state, hit),
      expired: (alert) => {
        this.streamOf.delete(alert.record.id);
        this.releaseIfUnwatched(state.symbol, state.interval);
        this.sweepExpiredSoon();
      },
    };
  }

  /**
   * Records that the stream was evaluated up to (and including) the candle opening at `time`. The
   * table's copy waits for the firings queued before it: a replay after a crash starts at the
   * table's mark, and a mark written while a big move's firings were still being recorded (for
   * seconds, issue #27) would let the replay start after the candle that fired them, so that
   * the ones not yet recorded would be lost. Held, the mark only makes a replay longer.
   */
  private mark(state: StreamState, time: number): void {
    if (state.markedTime !== undefined && time <= state.markedTime) return;
    state.markedTime = time;
    this.marks.set(state.key, time as UnixSeconds);
    if (this.firingsSettled < this.firingsQueued) {
      this.heldMarks.push({ key: state.key, time: time as UnixSeconds, after: this.firingsQueued });
      return;
    }
    this.writeMark(state.key, time as UnixSeconds);
  }

  /** Writes the held marks whose firings have all been recorded (the latest of each stream). */
  private releaseMarks(): void {
    const due = new Map<string, UnixSeconds>();
    while (this.heldMarks.length > 0 && this.heldMarks[0]!.after <= this.firingsSettled) {
      const { key, time } = this.heldMarks.shift()!;
      due.set(key, time);
    }
    for (const [key, time] of due) this.writeMark(key, time);
  }

  private writeMark(key: string, time: UnixSeconds): void {
    this.track(
      this.options.store.writeEvaluationMark(key, time).catch((error: unknown) => {
        this.options.logger.warn({ err: error, stream: key }, 'could not save the evaluation mark');
      }),
    );
  }

  /**
   * Queues one firing with its deliveries, rendered for each kind of channel when its batch is
   * recorded; recorded as one update conditional on the alert's trigger count, with the outbox
   * inserts (a firing is recorded once however many engines see the candle). `onTriggered` hears
   * of the ones this engine recorded; the sender delivers them.
   */
  private fire(state: StreamState, hit: EvaluatorHit): void {
    const record = hit.alert.record;
    const ends = record.frequency === 'OnlyOnce';
    this.firingsQueued += 1;
    this.queuedFirings.push({
      record,
      ends,
      hit,
      candle: state.candle,
      source: this.sourceNow(),
    });
    this.recordSoon();
    // The stream evaluator let go of an ended alert before reporting it, so its size is already
    // the one after: only the last alert's firing can leave the stream unwatched (one check
    // queued, not one per firing of an update that fires thousands).
    if (ends && state.alerts.size === 0) this.releaseIfUnwatched(state.symbol, state.interval);
  }

  /** The market's source read in this turn of the event loop (see {@link AlertEngine.sourceNow}). */
  private source: MarketDataStatus['source'] | undefined;

  /**
   * The source that produced the prices being judged, read when a firing is queued (not at boot),
   * once per turn: `status()` builds a report of the whole feed, and an update firing thousands of
   * alerts would build thousands of them (issue #27). Within one synchronous turn it cannot change.
   */
  private sourceNow(): MarketDataStatus['source'] {
    if (this.source === undefined) {
      this.source = this.options.marketData.status().source;
      queueMicrotask(() => {
        this.source = undefined;
      });
    }
    return this.source;
  }

  /** The store's request for a queued firing: its deliveries rendered for each kind of channel. */
  private triggerRequest({ record, ends, hit, candle, source }: QueuedFiring): TriggerRequest {
    const render = renderFiring(this.options.channels, {
      firedAt: hit.at as UnixMillis,
      value: hit.value,
      bar:
        candle === undefined
          ? undefined
          : {
              time: (candle.time * 1000) as UnixMillis,
              open: candle.open,
              high: candle.high,
              low: candle.low,
              close: candle.close,
              volume: candle.volume ?? 0,
            },
      simulated: source === 'simulator',
      text: describeFiring(record, hit, source, this.options.pairOf?.(record.symbol)),
    });
    return {
      firing: {
        alertId: record.id,
        expectedCount: hit.countBefore,
        firedAt: hit.at as UnixMillis,
        value: hit.value,
        period: hit.period,
        ends,
      },
      render,
    };
  }

  /**
   * Records the queued firings once the update that fired them has been judged whole: in batches
   * from {@link FIRST_BATCH} sized to {@link RECORDING_BUDGET_MS}, one transaction each, one batch
   * at a time (so a repeating alert's next firing, judged from the count the previous one writes,
   * never overtakes it). Between batches the event loop runs: SQLite answers synchronously, so
   * without that pause the sender could neither claim nor send anything (nor could a push service's
   * answer be read) until the last of thousands of firings was recorded.
   */
  private recordSoon(): void {
    if (this.recording || this.recordRetry || this.closed) return;
    const run = Promise.resolve()
      .then(() => this.recordQueued())
      .finally(() => {
        this.recording = undefined;
        if (this.queuedFirings.length > 0) this.recordSoon();
      });
    this.recording = run;
    this.track(run);
  }

  private async recordQueued(): Promise<void> {
    const clock = this.options.recordingClock ?? performance.now.bind(performance);
    let size = FIRST_BATCH;
    while (this.queuedFirings.length > 0) {
      const batch = this.queuedFirings.splice(0, size);
      this.recordingBatch = batch;
      const started = clock();
      let results: (AlertRecord | undefined)[];
      try {
        // The batch is sized by its transaction alone: the sends the claim starts once it has
        // committed are the sender's work, as they were after a claim of its own.
        let committed: number | undefined;
        const claim = this.options.claimDeliveries?.();
        results = await this.options.store.triggerAlerts(
          batch.map((queued) => this.triggerRequest(queued)),
          claim && {
            ...claim,
            claimed: (deliveries) => {
              committed = clock();
              claim.claimed(deliveries);
            },
          },
        );
        size = nextBatchSize(size, (committed ?? clock()) - started);
      } catch (error: unknown) {
        this.recordingBatch = [];
        this.recordRefusals += 1;
        if (isDatabaseUnavailable(error) || this.recordRefusals < MAX_RECORD_ATTEMPTS) {
          // Back at the head of the queue, in order, and recorded once the database answers: the
          // update that fired them has passed, and judging them again would miss the crossing
          // unless the price crossed once more. The marks keep waiting for them, so a restart
          // meanwhile replays that update.
          this.queuedFirings.unshift(...batch);
          const delay = Math.min(
            (this.options.recordRetryMs ?? 250) * 2 ** (this.recordRefusals - 1),
            MAX_RECORD_RETRY_MS,
          );
          this.options.logger.warn(
            { err: error, alerts: batch.length, retryInMs: delay },
            'could not record alert firings; will record them again',
          );
          this.retryRecordingAfter(delay);
          return;
        }
        this.recordRefusals = 0;
        // Given up: the alerts are judged again below, and the marks no longer wait for them.
        this.firingsSettled += batch.length;
        this.releaseMarks();
        this.options.logger.error(
          { err: error, alerts: batch.length },
          'could not record alert firings; will judge them again',
        );
        for (const { record } of batch) {
          // Through add(): its stream may have been released meanwhile (it was the stream's last
          // alert), and add() opens it again and replays from the mark.
          if (this.closed) continue;
          this.forget([record.id]);
          this.add(record);
        }
        continue;
      }
      this.recordingBatch = [];
      this.recordRefusals = 0;
      this.firingsSettled += batch.length;
      this.releaseMarks();
      batch.forEach(({ record, ends }, index) => {
        if (ends) this.letGoOfEnded(record.id);
        const recorded = results[index];
        if (recorded) {
          this.options.onTriggered(recorded);
          return;
        }
        // Not active with that count: another engine recorded it, or it expired or was deleted.
        // Judge it again from the table's copy.
        if (!ends) this.reload(record.id);
      });
      if (this.queuedFirings.length > 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Records the queue again in `delayMs` (counted by {@link whenIdle}; {@link close} ends the
   * wait, and what is queued then is replayed from the marks at the next start).
   */
  private retryRecordingAfter(delayMs: number): void {
    let wake = () => undefined as void;
    const waited = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      wake();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
    this.recordRetry = { wake };
    this.track(
      waited.then(() => {
        this.recordRetry = undefined;
        this.recordSoon();
      }),
    );
  }

  /**
   * The firing that ended an alert is recorded (or was refused): it is no longer watched. Its
   * stream let go of it when it fired; an entry of a stream holding the id again is left alone.
   */
  private letGoOfEnded(id: string): void {
    const key = this.streamOf.get(id);
    if (key === undefined) return;
    this.touch(id);
    const alerts = this.streams.get(key)?.alerts;
    alerts?.settleEnded(id);
    if (alerts?.get(id) === undefined) this.streamOf.delete(id);
  }

  /** Forgets an alert and watches the table's copy of it again, if it is still active. */
  private reload(id: string): void {
    this.forget([id]);
    this.track(
      this.options.store.getAlerts([id]).then((alerts) => {
        for (const alert of alerts) if (!this.closed) this.add(alert);
      }),
    );
  }

  /** Moves alerts past their expiry to Expired in the table, and forgets them. */
  private async sweepExpired(): Promise<void> {
    const expired = await this.options.store.expireAlerts(this.now() as UnixMillis);
    if (expired.length > 0) {
      this.forget(expired.map((alert) => alert.id));
      this.options.logger.info({ alerts: expired.length }, 'alerts expired');
    }
  }

  private sweepScheduled = false;

  /** Sweeps expired alerts shortly (an evaluator saw one). */
  private sweepExpiredSoon(): void {
    if (this.sweepScheduled || this.closed) return;
    this.sweepScheduled = true;
    this.after(0, async () => {
      this.sweepScheduled = false;
      await this.sweepExpired();
    });
  }

  /** Sweeps expired alerts now and then, also on streams that do not move. */
  private sweepExpiredLater(): void {
    this.after(this.options.expirySweepMs ?? 15_000, async () => {
      try {
        await this.sweepExpired();
      } finally {
        this.sweepExpiredLater();
      }
    });
  }

  private releaseIfUnwatched(symbol: SymbolId, interval: Interval): void {
    const key = streamKey(symbol, interval);
    // Deferred: this may run inside the stream's own listener.
    queueMicrotask(() => {
      const state = this.streams.get(key);
      if (!state || state.alerts.size > 0) return;
      this.streams.delete(key);
      this.closeStream(state);
    });
  }

  private closeStream(state: StreamState): void {
    state.closed = true;
    state.waiting.clear();
    state.release();
  }

  private track(task: Promise<unknown>): void {
    const tracked: Promise<unknown> = task
      .catch((error: unknown) => {
        this.options.logger.error({ err: error }, 'alert engine task failed');
      })
      .finally(() => this.tasks.delete(tracked));
    this.tasks.add(tracked);
  }

  private after(delayMs: number, run: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) this.track(run());
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }
}
