import {
  type AlertCondition,
  type AlertMachineState,
  type Candle,
  CONDITION_INFO,
  type FormingBar,
  initialMachineState,
  pricePath,
  stepAlert,
} from '@pairwatch/domain';
import { type AlertRecord } from '../storage/AlertStore';
import { alertBaseline, armAlert, type ArmedAlert } from './evaluators/ArmedAlert';
import {
  type BarWindow,
  type ConditionEvaluator,
  type EvaluationPoint,
  type EvaluationSink,
} from './evaluators/ConditionEvaluator';
import { createEvaluator } from './evaluators/createEvaluator';
import { machineAlertOf } from './evaluators/machineAlertOf';

/** The longest percent-move window (domain `ALERT_LIMITS.maxBars`) and the history kept for it. */
const MAX_BARS = 500;

/** What an alert observes: the stream's prices or RSI, every update or each bar's close. */
type FeedName = 'price' | 'priceClose' | 'rsi' | 'rsiClose';

function feedOf(record: AlertRecord): FeedName {
  const close = record.frequency === 'OncePerBarClose';
  if (record.type === 'Rsi') return close ? 'rsiClose' : 'rsi';
  return close ? 'priceClose' : 'price';
}

/** A new alert judged alone (domain `stepAlert`) until its flags agree with its feed's. */
interface Staged {
  readonly armed: ArmedAlert;
  state: AlertMachineState;
  /** The forming bar as this alert has seen it (from its creation on). */
  bar: FormingBar | undefined;
}

/** Whether two views of a forming bar agree (then the alert sees what its feed sees). */
function sameFormingBar(a: FormingBar | undefined, b: FormingBar | undefined): boolean {
  return (
    a !== undefined && b !== undefined && a.time === b.time && a.high === b.high && a.low === b.low
  );
}

/** One feed's evaluators (one per condition in use), its staged alerts and its last value. */
class Feed {
  readonly evaluators = new Map<AlertCondition, ConditionEvaluator>();
  readonly staged = new Map<ArmedAlert, Staged>();
  last: number | undefined;

  observe(point: EvaluationPoint, sink: EvaluationSink): void {
    this.last = point.value;
    for (const evaluator of this.evaluators.values()) evaluator.observe(point, sink);
  }

  join(alert: ArmedAlert): void {
    const condition = alert.record.condition;
    let evaluator = this.evaluators.get(condition);
    if (!evaluator) {
      evaluator = createEvaluator(condition, this.last);
      this.evaluators.set(condition, evaluator);
    }
    evaluator.add(alert);
  }

  remove(alert: ArmedAlert): void {
    // Mostly empty: no hash lookup per alert an update lets go of then.
    if (this.staged.size > 0) this.staged.delete(alert);
    this.evaluators.get(alert.record.condition)?.remove(alert);
  }
}

/** A closed bar of the stream, for percent-move windows. */
interface ClosedBar {
  readonly time: number;
  readonly high: number;
  readonly low: number;
}

function restoredState(alert: ArmedAlert): AlertMachineState {
  if (alert.triggerCount === 0) return initialMachineState(machineAlertOf(alert.record));
  // Fired before a restart: its flags then are unknown, so the next value sets them.
  return {
    flags: undefined,
    triggerCount: alert.triggerCount,
    lastFiredPeriod: alert.lastFiredPeriod,
    lastTriggeredAt: alert.lastTriggeredAt,
    ended: undefined,
  };
}

/**
 * The active alerts of one candle stream (symbol × interval) and what they observe
 * (docs/architecture.md §6): each price update becomes the values of domain `pricePath`, each RSI
 * update one value, and a bar's close a value for `OncePerBarClose` alerts; every value goes to
 * one evaluator per condition in use ({@link createEvaluator}). A new alert is judged alone by
 * domain `stepAlert` from the candle forming at its creation, until it sees what its feed sees
 * (the same forming bar, the same last value); then it joins its evaluator.
 */
export class StreamEvaluator {
  private readonly feeds: Record<FeedName, Feed> = {
    price: new Feed(),
    priceClose: new Feed(),
    rsi: new Feed(),
    rsiClose: new Feed(),
  };
  /**
   * The alerts held by id, and those that ended by firing whose entry waits for
   * {@link StreamEvaluator.settleEnded} (flagged `released`): an update firing thousands of
   * `OnlyOnce` alerts deletes none of them from this map of up to a million while it is judged
   * (issue #27: the deletes were a third of the decision); the engine settles each with the batch
   * that records its firing.
   */
  private readonly byId = new Map<string, ArmedAlert>();
  /** Entries of `byId` released and not yet settled. */
  private endedUnsettled = 0;
  private bar: FormingBar | undefined;
  private readonly closed: ClosedBar[] = [];
  /** Extremes of the last k closed bars, index k − 1; rebuilt when a bar closes. */
  private suffixLow: number[] = [];
  private suffixHigh: number[] = [];
  private rsiBar: { time: number; value: number } | undefined;

  /** Active alerts held. */
  get size(): number {
    return this.byId.size - this.endedUnsettled;
  }

  /** Alerts still judged alone, not yet in their evaluator (for benchmarks and diagnostics). */
  get stagedCount(): number {
    return Object.values(this.feeds).reduce((sum, feed) => sum + feed.staged.size, 0);
  }

  /** The ids of the alerts held. */
  ids(): string[] {
    return [...this.held()].map((alert) => alert.record.id);
  }

  get(id: string): ArmedAlert | undefined {
    const armed = this.byId.get(id);
    return armed === undefined || armed.released ? undefined : armed;
  }

  /** The alerts held, without those that ended and wait to be settled. */
  private *held(): Iterable<ArmedAlert> {
    for (const alert of this.byId.values()) if (!alert.released) yield alert;
  }

  /** How many alerts observe prices, RSI, and percent moves (which need bar history). */
  counts(): { price: number; rsi: number; moves: number; maxBars: number } {
    let price = 0;
    let rsi = 0;
    let moves = 0;
    let maxBars = 0;
    for (const alert of this.held()) {
      if (alert.record.type === 'Rsi') rsi += 1;
      else price += 1;
      if (CONDITION_INFO[alert.record.condition].shape === 'move') {
        moves += 1;
        maxBars = Math.max(maxBars, alert.record.bars ?? 1);
      }
    }
    return { price, rsi, moves, maxBars };
  }

  /** The earliest creation candle among the alerts (where a replay must start). */
  earliestCreation(): number | undefined {
    let earliest: number | undefined;
    for (const alert of this.held()) {
      const time = alert.record.creationCandleTime;
      if (earliest === undefined || time < earliest) earliest = time;
    }
    return earliest;
  }

  /** Adds an active alert; false when it is already held or not active. */
  add(record: AlertRecord): boolean {
    if (record.status !== 'Active' || this.get(record.id) !== undefined) return false;
    this.settleEnded(record.id);
    const armed = armAlert(record);
    this.byId.set(record.id, armed);
    this.feeds[feedOf(record)].staged.set(armed, {
      armed,
      state: restoredState(armed),
      bar: alertBaseline(armed),
    });
    return true;
  }

  /** Removes an alert; returns it (with its frequency state), or undefined when not held. */
  remove(id: string): ArmedAlert | undefined {
    const armed = this.get(id);
    if (!armed) {
      this.settleEnded(id);
      return undefined;
    }
    this.release(armed);
    this.byId.delete(id);
    return armed;
  }

  /**
   * Drops the entry of an alert that ended by firing, once its firing is recorded (or refused):
   * the deferred half of letting it go. Nothing for an alert held or unknown.
   */
  settleEnded(id: string): void {
    const armed = this.byId.get(id);
    if (armed === undefined || !armed.released) return;
    this.byId.delete(id);
    this.endedUnsettled -= 1;
  }

  /** Lets go of an alert held here (the one `byId` has for its id); its entry is the caller's. */
  private release(armed: ArmedAlert): void {
    armed.released = true;
    this.feeds[feedOf(armed.record)].remove(armed);
  }

  /**
   * Closed bars from before the stream was watched (a percent move's window reaches back), oldest
   * first. Only bars older than any seen are taken.
   */
  seedBars(candles: readonly Candle[]): void {
    const oldest = this.closed[0]?.time ?? this.bar?.time ?? Number.POSITIVE_INFINITY;
    const older = candles
      .filter((c) => c.time < oldest)
      .map((c) => ({ time: c.time, high: c.high, low: c.low }));
    this.closed.unshift(...older);
    this.trimAndIndex();
  }

  /**
   * One price update of the stream's forming (or a later) candle, observed at `at` (Unix ms).
   * Fires through `sink`; alerts that fire once or expire are let go of (and reported).
   */
  onCandle(candle: Candle, at: number, sink: EvaluationSink): void {
    const bar = this.bar;
    if (bar !== undefined && candle.time < bar.time) return;
    const ended = this.endingSink(sink);
    if (bar !== undefined && candle.time > bar.time) this.closeBar(bar, at, ended);
    const path = pricePath(bar, candle);
    if (path === undefined) return;
    this.bar = path.bar;
    const sameBar = bar !== undefined && bar.time === candle.time;
    for (const point of this.points(path.values, sameBar ? bar : undefined, candle.time, at))
      this.feeds.price.observe(point, ended);
    if (this.feeds.price.staged.size === 0) return;
    for (const staged of [...this.feeds.price.staged.values()]) {
      const own = pricePath(staged.bar, candle);
      if (own === undefined) continue;
      const ownSame = staged.bar !== undefined && staged.bar.time === candle.time;
      const points = this.points(own.values, ownSame ? staged.bar : undefined, candle.time, at);
      staged.bar = own.bar;
      // It joins once its view of the forming bar is the stream's: before, a new high the stream
      // saw before the alert existed would be a new high to the alert, or the other way round.
      this.stepStaged(this.feeds.price, staged, points, ended, sameFormingBar(own.bar, this.bar));
    }
  }

  /** One live RSI value of the candle opening at `candleTime`, observed at `at`. */
  onRsi(candleTime: number, value: number, at: number, sink: EvaluationSink): void {
    const previous = this.rsiBar;
    if (previous !== undefined && candleTime < previous.time) return;
    const ended = this.endingSink(sink);
    if (previous !== undefined && candleTime > previous.time) {
      const point = this.plainPoint(previous.value, previous.time, at);
      this.feeds.rsiClose.observe(point, ended);
      this.stepStagedFrom(this.feeds.rsiClose, previous.time, [point], ended);
    }
    this.rsiBar = { time: candleTime, value };
    const point = this.plainPoint(value, candleTime, at);
    this.feeds.rsi.observe(point, ended);
    this.stepStagedFrom(this.feeds.rsi, candleTime, [point], ended);
  }

  /** A sink that also lets go of the alerts that ended (OnlyOnce fired, or expired). */
  private endingSink(sink: EvaluationSink): EvaluationSink {
    // The engine passes the same sink every time: one wrapper, not one per update.
    if (this.ending?.outer === sink) return this.ending.wrapped;
    const wrapped = this.wrapEnding(sink);
    this.ending = { outer: sink, wrapped };
    return wrapped;
  }

  private ending: { outer: EvaluationSink; wrapped: EvaluationSink } | undefined;

  private wrapEnding(sink: EvaluationSink): EvaluationSink {
    return {
      fired: (hit) => {
        // Its entry stays until the engine settles it (see `byId`).
        if (hit.alert.record.frequency === 'OnlyOnce' && !hit.alert.released) {
          this.release(hit.alert);
          this.endedUnsettled += 1;
        }
        sink.fired(hit);
      },
      expired: (alert) => {
        // The flag, not a lookup by id: an alert reported here is one this evaluator armed, held
        // until released. Expiries are few: the entry goes now.
        if (!alert.released) {
          this.release(alert);
          this.byId.delete(alert.record.id);
        }
        sink.expired(alert);
      },
    };
  }

  private closeBar(bar: FormingBar, at: number, sink: EvaluationSink): void {
    this.closed.push({ time: bar.time, high: bar.high, low: bar.low });
    this.trimAndIndex();
    // At the close the window is the last `bars` closed bars, the closing one included.
    const windowFor = (bars: number): BarWindow | undefined =>
      bars <= this.suffixLow.length
        ? { lowestLow: this.suffixLow[bars - 1]!, highestHigh: this.suffixHigh[bars - 1]! }
        : undefined;
    const point: EvaluationPoint = { value: bar.last, barTime: bar.time, at, windowFor };
    this.feeds.priceClose.observe(point, sink);
    this.stepStagedFrom(this.feeds.priceClose, bar.time, [point], sink);
  }

  /** The points of a price path, each with the window up to it (the forming bar's so far). */
  private points(
    values: readonly number[],
    sameBar: FormingBar | undefined,
    barTime: number,
    at: number,
  ): EvaluationPoint[] {
    let low = sameBar?.low ?? Number.POSITIVE_INFINITY;
    let high = sameBar?.high ?? Number.NEGATIVE_INFINITY;
    return values.map((value) => {
      low = Math.min(low, value);
      high = Math.max(high, value);
      const formingLow = low;
      const formingHigh = high;
      const windowFor = (bars: number): BarWindow | undefined => {
        if (bars === 1) return { lowestLow: formingLow, highestHigh: formingHigh };
        if (bars - 1 > this.suffixLow.length) return undefined;
        return {
          lowestLow: Math.min(formingLow, this.suffixLow[bars - 2]!),
          highestHigh: Math.max(formingHigh, this.suffixHigh[bars - 2]!),
        };
      };
      return { value, barTime, at, windowFor };
    });
  }

  private plainPoint(value: number, barTime: number, at: number): EvaluationPoint {
    return { value, barTime, at, windowFor: () => undefined };
  }

  /** Steps the staged alerts of a feed created by the bar at `barTime` through `points`. */
  private stepStagedFrom(
    feed: Feed,
    barTime: number,
    points: readonly EvaluationPoint[],
    sink: EvaluationSink,
  ): void {
    if (feed.staged.size === 0) return;
    for (const staged of [...feed.staged.values()]) {
      if (barTime < staged.armed.record.creationCandleTime) continue;
      this.stepStaged(feed, staged, points, sink);
    }
  }

  /** Judges a staged alert alone over `points` (domain `stepAlert`), then lets it join its feed. */
  private stepStaged(
    feed: Feed,
    staged: Staged,
    points: readonly EvaluationPoint[],
    sink: EvaluationSink,
    canJoin = true,
  ): void {
    const { armed } = staged;
    const alert = machineAlertOf(armed.record);
    for (const point of points) {
      const window = alert.bars !== undefined ? point.windowFor(alert.bars) : undefined;
      const countBefore = staged.state.triggerCount;
      const step = stepAlert(alert, staged.state, {
        value: point.value,
        barTime: point.barTime,
        at: point.at,
        ...(window !== undefined ? { window } : {}),
      });
      staged.state = step.state;
      armed.triggerCount = step.state.triggerCount;
      armed.lastFiredPeriod = step.state.lastFiredPeriod;
      armed.lastTriggeredAt = step.state.lastTriggeredAt;
      if (step.fired) {
        sink.fired({
          alert: armed,
          value: point.value,
          at: point.at,
          period: step.state.lastFiredPeriod,
          countBefore,
          ...(step.change !== undefined ? { change: step.change } : {}),
          ...(step.movedPercent !== undefined ? { movedPercent: step.movedPercent } : {}),
        });
      }
      if (step.state.ended === 'Expired') sink.expired(armed);
      if (step.state.ended !== undefined) return;
    }
    if (!canJoin || !feed.staged.delete(armed)) return;
    feed.join(armed);
  }

  private trimAndIndex(): void {
    if (this.closed.length > MAX_BARS) this.closed.splice(0, this.closed.length - MAX_BARS);
    const n = this.closed.length;
    this.suffixLow = new Array<number>(n);
    this.suffixHigh = new Array<number>(n);
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let k = 1; k <= n; k += 1) {
      const bar = this.closed[n - k]!;
      low = Math.min(low, bar.low);
      high = Math.max(high, bar.high);
      this.suffixLow[k - 1] = low;
      this.suffixHigh[k - 1] = high;
    }
  }
}
