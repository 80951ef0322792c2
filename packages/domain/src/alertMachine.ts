/**
 * One alert judged over the values it observes: a small state machine, the reference the api's
 * indexed engine is property-tested against (`packages/api/src/alerts/StreamEvaluator.test.ts`).
 * What a condition means is `alertCondition.ts`; this module adds what is observed
 * ({@link pricePath}), how often an alert may fire ({@link frequencyPeriod}) and expiry.
 *
 * @module
 */
import {
  type AlertCondition,
  type AlertFrequency,
  CONDITION_INFO,
  conditionEvent,
  conditionHolds,
  type ConditionSpec,
  conditionLevels,
  initialLevelFlags,
  type LevelChange,
  type LevelFlags,
  levelChanges,
  levelFlags,
  movedPercent,
  movingPercentHolds,
} from './alertCondition';
import { type Candle } from './candles';

/** The forming bar as an observer last saw it: open time, extremes so far, last price. */
export interface FormingBar {
  readonly time: number;
  readonly high: number;
  readonly low: number;
  readonly last: number;
}

/**
 * The prices one candle update shows an observer who last saw `bar`, in the order they are taken
 * to have happened, and the bar as it is now; undefined for a candle older than `bar`.
 *
 * - The same bar: the new extremes (a high above the bar's, a low below it), the one nearer to the
 *   last price first, then the close. A wick that came and went between two updates is seen.
 * - A later bar (or no bar yet): its open, its high and low (nearer to the open first), its close.
 *   The step from the last price to the open is a gap, and a gap over a level crosses it.
 *
 * With `bar` the candle forming at an alert's creation (its extremes then, the price then), only
 * price action after creation is observed (domain `priceSeenSince` is the one-value form of this).
 */
export function pricePath(
  bar: FormingBar | undefined,
  candle: Pick<Candle, 'time' | 'open' | 'high' | 'low' | 'close'>,
): { readonly values: number[]; readonly bar: FormingBar } | undefined {
  if (bar !== undefined && candle.time < bar.time) return undefined;
  const values: number[] = [];
  const extremes = (from: number, high: number | undefined, low: number | undefined): void => {
    if (high !== undefined && low !== undefined) {
      if (high - from <= from - low) values.push(high, low);
      else values.push(low, high);
    } else if (high !== undefined) values.push(high);
    else if (low !== undefined) values.push(low);
  };
  if (bar !== undefined && candle.time === bar.time) {
    extremes(
      bar.last,
      candle.high > bar.high ? candle.high : undefined,
      candle.low < bar.low ? candle.low : undefined,
    );
    values.push(candle.close);
    return {
      values,
      bar: {
        time: bar.time,
        high: Math.max(bar.high, candle.high),
        low: Math.min(bar.low, candle.low),
        last: candle.close,
      },
    };
  }
  values.push(candle.open);
  extremes(candle.open, candle.high, candle.low);
  values.push(candle.close);
  return {
    values,
    bar: { time: candle.time, high: candle.high, low: candle.low, last: candle.close },
  };
}

/** One value an alert observes, with when and in which bar of the alert's interval. */
export interface AlertObservation {
  readonly value: number;
  /** Open time (Unix seconds) of the bar of the alert's interval the value belongs to. */
  readonly barTime: number;
  /** When it was observed (Unix ms): the clock live, the candle's time in a replay. */
  readonly at: number;
  /** The window's extremes up to this value, for percent moves (the engine knows the bars). */
  readonly window?: { readonly lowestLow: number; readonly highestHigh: number };
}

/**
 * The period an alert may fire once in: the bar for `OncePerBar` and `OncePerBarClose`, the
 * wall-clock minute for `OncePerMinute`; undefined for `OnlyOnce` (it fires once, full stop).
 */
export function frequencyPeriod(
  frequency: AlertFrequency,
  observation: Pick<AlertObservation, 'barTime' | 'at'>,
): number | undefined {
  switch (frequency) {
    case 'OnlyOnce':
      return undefined;
    case 'OncePerBar':
    case 'OncePerBarClose':
      return observation.barTime;
    case 'OncePerMinute':
      return Math.floor(observation.at / 60_000);
  }
}

/** What the machine needs of an alert. */
export interface MachineAlert extends ConditionSpec {
  readonly frequency: AlertFrequency;
  /** Unix ms; the alert expires at and after it. */
  readonly expiresAt?: number;
  readonly valueOnCreation: number;
}

/** What the machine remembers of one alert between values. */
export interface AlertMachineState {
  /** The flags against the alert's levels; undefined: the next value sets them, with no event. */
  readonly flags: LevelFlags | undefined;
  readonly triggerCount: number;
  readonly lastFiredPeriod: number | undefined;
  readonly lastTriggeredAt: number | undefined;
  /** Fired (`OnlyOnce`) or expired: it observes nothing more. */
  readonly ended: 'Triggered' | 'Expired' | undefined;
}

/** A new alert's state: its flags from the value at creation (domain `initialLevelFlags`). */
export function initialMachineState(alert: MachineAlert): AlertMachineState {
  const levels = conditionLevels(alert);
  return {
    flags: levels ? initialLevelFlags(alert.condition, levels, alert.valueOnCreation) : undefined,
    triggerCount: 0,
    lastFiredPeriod: undefined,
    lastTriggeredAt: undefined,
    ended: undefined,
  };
}

/**
 * Whether a firing is allowed now: not in a period it fired in already, and not at or before its
 * last firing (a replay after a restart sees candles again that were judged live).
 */
export function mayFireAgain(
  state: Pick<AlertMachineState, 'lastFiredPeriod' | 'lastTriggeredAt'>,
  period: number | undefined,
  at: number,
): boolean {
  if (state.lastTriggeredAt !== undefined && at <= state.lastTriggeredAt) return false;
  return period === undefined || period !== state.lastFiredPeriod;
}

/** What one value did to an alert. */
export interface AlertStep {
  readonly state: AlertMachineState;
  readonly fired: boolean;
  /** The crossing that fired it, for the words of the notification. */
  readonly change?: LevelChange;
  /** The percent moved, when a percent move fired. */
  readonly movedPercent?: number;
}

/** Whether the condition wants to fire on this value, from its flags before and after. */
function wants(
  condition: AlertCondition,
  before: LevelFlags | undefined,
  after: LevelFlags,
): { want: boolean; change?: LevelChange } {
  if (CONDITION_INFO[condition].kind === 'state') return { want: conditionHolds(condition, after) };
  if (before === undefined) return { want: false };
  const change = levelChanges(before, after).find((c) => conditionEvent(condition, c));
  return change === undefined ? { want: false } : { want: true, change };
}

/**
 * Judges one observed value: expiry first (a value at or after `expiresAt` ends the alert
 * unfired), then the condition, then the frequency ({@link frequencyPeriod}, {@link mayFireAgain}).
 * An `OnlyOnce` alert ends when it fires.
 */
export function stepAlert(
  alert: MachineAlert,
  state: AlertMachineState,
  observation: AlertObservation,
): AlertStep {
  if (state.ended !== undefined) return { state, fired: false };
  if (alert.expiresAt !== undefined && observation.at >= alert.expiresAt) {
    return { state: { ...state, ended: 'Expired' }, fired: false };
  }
  const levels = conditionLevels(alert);
  let flags = state.flags;
  let decision: { want: boolean; change?: LevelChange; movedPercent?: number };
  if (levels === undefined) {
    const move = alert.condition as 'MovingUpPercent' | 'MovingDownPercent';
    const window = observation.window;
    decision =
      window !== undefined && movingPercentHolds(move, alert.valueTarget, observation.value, window)
        ? { want: true, movedPercent: movedPercent(move, observation.value, window) }
        : { want: false };
  } else {
    const after = levelFlags(levels, observation.value);
    decision = wants(alert.condition, flags, after);
    flags = after;
  }
  const period = frequencyPeriod(alert.frequency, observation);
  if (!decision.want || !mayFireAgain(state, period, observation.at)) {
    return { state: { ...state, flags }, fired: false };
  }
  return {
    state: {
      flags,
      triggerCount: state.triggerCount + 1,
      lastFiredPeriod: period,
      lastTriggeredAt: observation.at,
      ended: alert.frequency === 'OnlyOnce' ? 'Triggered' : undefined,
    },
    fired: true,
    ...(decision.change !== undefined ? { change: decision.change } : {}),
    ...(decision.movedPercent !== undefined ? { movedPercent: decision.movedPercent } : {}),
  };
}
