import { frequencyPeriod, type LevelChange, mayFireAgain } from '@pairwatch/domain';
import { type ArmedAlert } from './ArmedAlert';

/** The extremes of the last `bars` bars up to a value (the forming bar included). */
export interface BarWindow {
  readonly lowestLow: number;
  readonly highestHigh: number;
}

/** One value a stream's alerts observe (domain `AlertObservation`, with every window at hand). */
export interface EvaluationPoint {
  readonly value: number;
  /** Open time of the stream's bar the value belongs to (Unix seconds). */
  readonly barTime: number;
  /** When it was observed (Unix ms): the clock live, the candle's time in a replay. */
  readonly at: number;
  /** The window of the last `bars` bars; undefined when the stream has too little history. */
  readonly windowFor: (bars: number) => BarWindow | undefined;
}

/** An alert that fired on a value, with what the notification says about it. */
export interface EvaluatorHit {
  readonly alert: ArmedAlert;
  readonly value: number;
  readonly at: number;
  readonly period: number | undefined;
  /** The alert's trigger count before this firing (the store's update is conditional on it). */
  readonly countBefore: number;
  readonly change?: LevelChange;
  readonly movedPercent?: number;
}

/** Where evaluators report what they decided. */
export interface EvaluationSink {
  fired(hit: EvaluatorHit): void;
  expired(alert: ArmedAlert): void;
}

/**
 * The engine's judge of one condition over one feed of values (a stream's prices or RSI, live or
 * at bar close). It holds its alerts indexed so that a value costs O(log n + alerts it concerns),
 * never a scan, and must decide exactly as domain `stepAlert` would alert by alert
 * (`StreamEvaluator.test.ts` holds every evaluator to that, property-tested).
 *
 * An alert is added once its flags agree with the last value the evaluator observed (the stream
 * evaluator judges a new alert alone until then).
 */
export interface ConditionEvaluator {
  readonly size: number;
  /** Adds an alert whose flags are those of the last observed value. */
  add(alert: ArmedAlert): void;
  /** Removes an alert; false when it is not held. */
  remove(alert: ArmedAlert): boolean;
  /** Judges one value; reports firings and expiries to `sink` (and lets go of ended alerts). */
  observe(point: EvaluationPoint, sink: EvaluationSink): void;
  /** The alerts held. */
  alerts(): Iterable<ArmedAlert>;
}

/** The outcome of {@link judge}. */
export type Judgement = 'fired' | 'expired' | 'held';

/**
 * Applies expiry and the frequency to an alert whose condition wants to fire on `point`, as domain
 * `stepAlert` does: expired at or after `expiresAt`; else it fires unless `mayFireAgain` says no.
 * On firing, advances the alert's frequency state and reports the hit.
 */
export function judge(
  alert: ArmedAlert,
  point: EvaluationPoint,
  sink: EvaluationSink,
  change?: LevelChange,
  movedPercent?: number,
): Judgement {
  const { expiresAt, frequency } = alert.record;
  if (expiresAt !== undefined && point.at >= expiresAt) {
    sink.expired(alert);
    return 'expired';
  }
  const period = frequencyPeriod(frequency, point);
  if (!mayFireAgain(alert, period, point.at)) return 'held';
  const countBefore = alert.triggerCount;
  alert.triggerCount += 1;
  alert.lastFiredPeriod = period;
  alert.lastTriggeredAt = point.at;
  // One object of one shape per firing, no spread: an update may fire thousands (issue #27).
  sink.fired({
    alert,
    value: point.value,
    at: point.at,
    period,
    countBefore,
    change,
    movedPercent,
  });
  return 'fired';
}
