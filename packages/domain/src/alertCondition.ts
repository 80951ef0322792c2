/**
 * The alert-condition seam: every condition an alert can watch, in one place. The api validates,
 * stores and judges alerts with it; the Alerts screen offers, words and draws them with it. Adding
 * a condition means adding it here (the compiler and the `switch-exhaustiveness-check` lint rule
 * then list every `switch` that must learn it) and one evaluator in the api's engine
 * (`packages/api/src/alerts/evaluators`). docs/architecture.md §6 has the rule table.
 *
 * How a condition is judged, in words:
 *
 * - The engine observes a sequence of **values**: for price alerts the path each candle update
 *   draws ({@link pricePath}: the new extremes, nearer one first, then the close, so a wick between
 *   two updates is seen), for RSI alerts the live RSI (close). `OncePerBarClose` alerts observe
 *   only the close of each closed bar.
 * - Against its level `L` (or channel `lower`–`upper`) an alert keeps two flags about the last
 *   value `v`: `v ≥ lower` and `v ≤ upper` (a level is a channel whose bounds are equal). Every
 *   condition is a function of how these flags change ({@link conditionEvent}) or of what they say
 *   now ({@link conditionHolds}). Because consecutive values are joined, a jump over a level is a
 *   crossing, and touching a level is reaching it.
 * - **Crossing conditions** (`Crossing`, `CrossingUp`, `CrossingDown`, `EnteringChannel`,
 *   `ExitingChannel`) fire on a change of a flag. A value sitting on the level changes nothing, so
 *   a repeating crossing alert needs the value to return to the other side first: no re-firing
 *   storm on a wick or a flat price.
 * - **State conditions** (`GreaterThan`, `LessThan`, `InsideChannel`, `OutsideChannel`, and the
 *   two `Moving…Percent`) fire whenever they hold, at most once per period of their frequency; one
 *   that holds at creation fires at the first evaluation.
 * - `Moving…Percent` hold when the value is at or beyond the lowest low (highest high) of the
 *   last `bars` bars, the forming bar included, times 1 ± percent/100 ({@link movingPercentHolds}).
 *
 * @module
 */
import { type Interval } from './intervals';

/** Every condition an alert can have (TradingView's names). */
export const ALERT_CONDITIONS = [
  'Crossing',
  'CrossingUp',
  'CrossingDown',
  'GreaterThan',
  'LessThan',
  'EnteringChannel',
  'ExitingChannel',
  'InsideChannel',
  'OutsideChannel',
  'MovingUpPercent',
  'MovingDownPercent',
] as const;

/** One alert condition. */
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** The condition an alert has when none is given (the original product's only rule). */
export const DEFAULT_CONDITION: AlertCondition = 'Crossing';

/** Tells whether a value names a condition. */
export function isAlertCondition(value: unknown): value is AlertCondition {
  return typeof value === 'string' && (ALERT_CONDITIONS as readonly string[]).includes(value);
}

/** How often an alert may fire. */
export const ALERT_FREQUENCIES = [
  'OnlyOnce',
  'OncePerBar',
  'OncePerBarClose',
  'OncePerMinute',
] as const;

/** One alert frequency. */
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** The frequency an alert has when none is given. */
export const DEFAULT_FREQUENCY: AlertFrequency = 'OnlyOnce';

/** Tells whether a value names a frequency. */
export function isAlertFrequency(value: unknown): value is AlertFrequency {
  return typeof value === 'string' && (ALERT_FREQUENCIES as readonly string[]).includes(value);
}

/** What a condition is drawn and asked against: one level, a channel, or a percent move. */
export type ConditionShape = 'level' | 'channel' | 'move';

/** Whether a condition fires on a change (a crossing) or whenever it holds (a state). */
export type ConditionKind = 'crossing' | 'state';

/** Static facts about one condition. */
export interface ConditionInfo {
  readonly condition: AlertCondition;
  /** The words the form and the table use: "Crossing up". */
  readonly label: string;
  readonly shape: ConditionShape;
  readonly kind: ConditionKind;
  /** Only price alerts may have it (a percent move of an RSI means nothing to a trader). */
  readonly priceOnly: boolean;
}

function info(
  condition: AlertCondition,
  label: string,
  shape: ConditionShape,
  kind: ConditionKind,
): ConditionInfo {
  return { condition, label, shape, kind, priceOnly: shape === 'move' };
}

/** Facts per condition. */
export const CONDITION_INFO: Readonly<Record<AlertCondition, ConditionInfo>> = {
  Crossing: info('Crossing', 'Crossing', 'level', 'crossing'),
  CrossingUp: info('CrossingUp', 'Crossing up', 'level', 'crossing'),
  CrossingDown: info('CrossingDown', 'Crossing down', 'level', 'crossing'),
  GreaterThan: info('GreaterThan', 'Greater than', 'level', 'state'),
  LessThan: info('LessThan', 'Less than', 'level', 'state'),
  EnteringChannel: info('EnteringChannel', 'Entering channel', 'channel', 'crossing'),
  ExitingChannel: info('ExitingChannel', 'Exiting channel', 'channel', 'crossing'),
  InsideChannel: info('InsideChannel', 'Inside channel', 'channel', 'state'),
  OutsideChannel: info('OutsideChannel', 'Outside channel', 'channel', 'state'),
  MovingUpPercent: info('MovingUpPercent', 'Moving up %', 'move', 'state'),
  MovingDownPercent: info('MovingDownPercent', 'Moving down %', 'move', 'state'),
};

/** The words of each frequency, as the form offers them. */
export const FREQUENCY_LABELS: Readonly<Record<AlertFrequency, string>> = {
  OnlyOnce: 'Only once',
  OncePerBar: 'Once per bar',
  OncePerBarClose: 'Once per bar close',
  OncePerMinute: 'Once per minute',
};

/** Limits of the condition fields (the api and the form enforce the same). */
export const ALERT_LIMITS = {
  /** `bars` of a percent move: 1–500. */
  minBars: 1,
  maxBars: 500,
  /** A percent move is > 0 and at most 1,000 %. */
  maxPercent: 1000,
  /** The trader's own text carried in the push. */
  maxMessageLength: 500,
} as const;

/** The fields that define what an alert watches (besides its symbol and type). */
export interface ConditionSpec {
  readonly condition: AlertCondition;
  /** The level; a channel's lower bound; a move's percent. */
  readonly valueTarget: number;
  /** A channel's upper bound. */
  readonly valueUpper?: number;
  /** A move's window in bars of the alert's interval. */
  readonly bars?: number;
}

/** The levels a condition is asked against: equal bounds for a level; undefined for a move. */
export interface ConditionLevels {
  readonly lower: number;
  readonly upper: number;
}

/**
 * The levels of a level or channel condition (what the chart draws and the engine indexes), or
 * undefined for a percent move, whose level moves with the market.
 */
export function conditionLevels(spec: ConditionSpec): ConditionLevels | undefined {
  switch (CONDITION_INFO[spec.condition].shape) {
    case 'level':
      return { lower: spec.valueTarget, upper: spec.valueTarget };
    case 'channel':
      return { lower: spec.valueTarget, upper: spec.valueUpper ?? spec.valueTarget };
    case 'move':
      return undefined;
  }
}

/**
 * What an alert knows about the last value against its levels: `v ≥ lower` and `v ≤ upper`.
 * Inside a channel both hold; below it only `atMostUpper`; above it only `atLeastLower`.
 */
export interface LevelFlags {
  readonly atLeastLower: boolean;
  readonly atMostUpper: boolean;
}

/** The flags of `value` against `levels`. */
export function levelFlags(levels: ConditionLevels, value: number): LevelFlags {
  return { atLeastLower: value >= levels.lower, atMostUpper: value <= levels.upper };
}

/**
 * The flags an alert starts from, read from the value at creation. A `Crossing` or
 * `CrossingDown` alert created exactly at its level counts as above it, so the first value at or
 * below the level fires it (the original product's rule: a target equal to the value at creation is
 * a `down` alert).
 */
export function initialLevelFlags(
  condition: AlertCondition,
  levels: ConditionLevels,
  valueOnCreation: number,
): LevelFlags {
  const flags = levelFlags(levels, valueOnCreation);
  const compatibleDown =
    (condition === 'Crossing' || condition === 'CrossingDown') &&
    valueOnCreation === levels.lower &&
    levels.lower === levels.upper;
  return compatibleDown ? { atLeastLower: true, atMostUpper: false } : flags;
}

/** The crossing a change of flags is: the value reached the lower bound from below, and so on. */
export type LevelChange =
  'upThroughLower' | 'downThroughLower' | 'upThroughUpper' | 'downThroughUpper';

/** The changes from `before` to `after` (at most one per flag). */
export function levelChanges(before: LevelFlags, after: LevelFlags): LevelChange[] {
  const changes: LevelChange[] = [];
  if (!before.atLeastLower && after.atLeastLower) changes.push('upThroughLower');
  if (before.atLeastLower && !after.atLeastLower) changes.push('downThroughLower');
  if (before.atMostUpper && !after.atMostUpper) changes.push('upThroughUpper');
  if (!before.atMostUpper && after.atMostUpper) changes.push('downThroughUpper');
  return changes;
}

/**
 * Whether a crossing condition fires on one change of flags. For a level (lower = upper):
 * reaching it from below is `upThroughLower`, from above `downThroughUpper`. For a channel:
 * entering is reaching a bound from outside, exiting is leaving past one.
 */
export function conditionEvent(condition: AlertCondition, change: LevelChange): boolean {
  switch (condition) {
    case 'Crossing':
      return change === 'upThroughLower' || change === 'downThroughUpper';
    case 'CrossingUp':
      return change === 'upThroughLower';
    case 'CrossingDown':
      return change === 'downThroughUpper';
    case 'EnteringChannel':
      return change === 'upThroughLower' || change === 'downThroughUpper';
    case 'ExitingChannel':
      return change === 'downThroughLower' || change === 'upThroughUpper';
    case 'GreaterThan':
    case 'LessThan':
    case 'InsideChannel':
    case 'OutsideChannel':
    case 'MovingUpPercent':
    case 'MovingDownPercent':
      return false;
  }
}

/**
 * Whether a level or channel state condition holds for these flags: `GreaterThan` is `v > L`,
 * `LessThan` `v < L`, `InsideChannel` `lower ≤ v ≤ upper`, `OutsideChannel` the rest. False for
 * crossing conditions and percent moves (see {@link movingPercentHolds}).
 */
export function conditionHolds(condition: AlertCondition, flags: LevelFlags): boolean {
  switch (condition) {
    case 'GreaterThan':
      return !flags.atMostUpper;
    case 'LessThan':
      return !flags.atLeastLower;
    case 'InsideChannel':
      return flags.atLeastLower && flags.atMostUpper;
    case 'OutsideChannel':
      return !(flags.atLeastLower && flags.atMostUpper);
    case 'Crossing':
    case 'CrossingUp':
    case 'CrossingDown':
    case 'EnteringChannel':
    case 'ExitingChannel':
    case 'MovingUpPercent':
    case 'MovingDownPercent':
      return false;
  }
}

/**
 * Whether a percent move holds: `MovingUpPercent` when `value ≥ lowestLow × (1 + percent/100)`,
 * `MovingDownPercent` when `value ≤ highestHigh × (1 − percent/100)`; the extremes are those of the
 * last `bars` bars, the forming bar included, up to this value.
 */
export function movingPercentHolds(
  condition: 'MovingUpPercent' | 'MovingDownPercent',
  percent: number,
  value: number,
  window: { readonly lowestLow: number; readonly highestHigh: number },
): boolean {
  return condition === 'MovingUpPercent'
    ? value >= window.lowestLow * (1 + percent / 100)
    : value <= window.highestHigh * (1 - percent / 100);
}

/**
 * The percent a value has moved from the window's extreme, in the condition's direction
 * (`(value / lowestLow − 1) × 100` up, `(1 − value / highestHigh) × 100` down). The engine sorts
 * alerts by percent and asks {@link movingPercentHolds} for the last word at the boundary.
 */
export function movedPercent(
  condition: 'MovingUpPercent' | 'MovingDownPercent',
  value: number,
  window: { readonly lowestLow: number; readonly highestHigh: number },
): number {
  return condition === 'MovingUpPercent'
    ? (value / window.lowestLow - 1) * 100
    : (1 - value / window.highestHigh) * 100;
}

/** The default interval whose bars a new alert counts: the RSI interval, or one minute. */
export function defaultAlertInterval(rsiInterval: Interval | undefined): Interval {
  return rsiInterval ?? 'OneMinute';
}
