import {
  ALERT_CONDITIONS,
  ALERT_FREQUENCIES,
  type AlertCondition,
  type AlertFrequency,
  CONDITION_INFO,
  type FormingBar,
  type UnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import fc from 'fast-check';
import { type AlertRecord } from '../storage/AlertStore';
import { alertRecord } from './alertRecord';

/** An alert a property test makes just before update `createdBefore`, from the stream then. */
export interface PlannedAlert {
  readonly createdBefore: number;
  readonly condition: AlertCondition;
  readonly frequency: AlertFrequency;
  /** A level, or a channel's lower bound, on the generated streams' grid (88–112). */
  readonly level: number;
  /** A channel's width; a percent move's percent. */
  readonly width: number;
  /** A percent move's window. */
  readonly bars: number;
  /** Expires this many 10 s after creation, or never. */
  readonly expiresAfter: number | undefined;
}

/** Random planned alerts of every condition and frequency (each field can be pinned). */
export function plannedAlertArbitrary(
  options: {
    readonly maxCreatedBefore?: number;
    readonly conditions?: readonly AlertCondition[];
    readonly frequencies?: readonly AlertFrequency[];
    readonly expires?: boolean;
  } = {},
): fc.Arbitrary<PlannedAlert> {
  return fc.record({
    createdBefore: fc.integer({ min: 1, max: options.maxCreatedBefore ?? 59 }),
    condition: fc.constantFrom(...(options.conditions ?? ALERT_CONDITIONS)),
    frequency: fc.constantFrom(...(options.frequencies ?? ALERT_FREQUENCIES)),
    level: fc.integer({ min: 88, max: 112 }),
    width: fc.integer({ min: 1, max: 8 }),
    bars: fc.integer({ min: 1, max: 4 }),
    expiresAfter:
      options.expires === false
        ? fc.constant(undefined)
        : fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
  });
}

/** The stored record of a planned alert, created at `createdAt` against the forming `bar`. */
export function plannedAlertRecord(
  id: string,
  plan: PlannedAlert,
  bar: FormingBar,
  createdAt: number,
): AlertRecord {
  const shape = CONDITION_INFO[plan.condition].shape;
  return alertRecord(id, 'sub', {
    condition: plan.condition,
    frequency: plan.frequency,
    valueOnCreation: bar.last,
    valueTarget: shape === 'move' ? plan.width : plan.level,
    valueUpper: shape === 'channel' ? plan.level + plan.width : undefined,
    bars: shape === 'move' ? plan.bars : undefined,
    expiresAt:
      plan.expiresAfter === undefined
        ? undefined
        : ((createdAt + plan.expiresAfter * 10_000) as UnixMillis),
    createdAt: createdAt as UnixMillis,
    creationCandleTime: bar.time as UnixSeconds,
    creationHigh: bar.high,
    creationLow: bar.low,
  });
}
