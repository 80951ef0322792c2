import { type ConditionLevels, conditionLevels, type FormingBar } from '@pairwatch/domain';
import { type AlertRecord } from '../../storage/AlertStore';

/**
 * An active alert as the engine holds it: the stored record, its levels, and the frequency state
 * it advances as it fires (the store's copy is written with each firing).
 */
export interface ArmedAlert {
  readonly record: AlertRecord;
  /** Domain `conditionLevels`: undefined for percent moves. */
  readonly levels: ConditionLevels | undefined;
  triggerCount: number;
  lastFiredPeriod: number | undefined;
  lastTriggeredAt: number | undefined;
  /**
   * Whether its stream evaluator let go of it (it ended, or was removed). A flag rather than a
   * lookup by id: an update that fires thousands of alerts lets go of each (issue #27). Never
   * cleared: an alert watched again is armed anew.
   */
  released: boolean;
  /**
   * Whether a level evaluator (`LevelFlips`) holds it: true while held, false once let go
   * of (it stays in the evaluator's indexes, skipped, until they are compacted), undefined before
   * it joined one. A flag rather than set membership, for the same reason as `released`.
   */
  levelHeld: boolean | undefined;
  /** Scratch of `LevelFlips.step`: the step that last changed its flags… */
  flipStep: number;
  /** …and the changes, one bit per `LevelChange` (read before the next step). */
  flipChanges: number;
}

/** Arms a stored alert with its current frequency state. */
export function armAlert(record: AlertRecord): ArmedAlert {
  return {
    record,
    levels: conditionLevels(record),
    triggerCount: record.triggerCount,
    lastFiredPeriod: record.lastFiredPeriod,
    lastTriggeredAt: record.triggeredAt,
    released: false,
    levelHeld: undefined,
    flipStep: 0,
    flipChanges: 0,
  };
}

/**
 * The bar an alert starts observing from: the candle forming at its creation, with its extremes
 * and the value then (only price action after creation counts). An alert that fired before a
 * restart starts from nothing instead: its next value sets its flags (domain `stepAlert`).
 */
export function alertBaseline(alert: ArmedAlert): FormingBar | undefined {
  if (alert.triggerCount > 0) return undefined;
  const { record } = alert;
  return {
    time: record.creationCandleTime,
    high: record.creationHigh,
    low: record.creationLow,
    last: record.valueOnCreation,
  };
}
