import { type AlertCondition } from '@pairwatch/domain';
import { type ArmedAlert } from './ArmedAlert';
import {
  type ConditionEvaluator,
  type EvaluationPoint,
  type EvaluationSink,
} from './ConditionEvaluator';
import { LevelFlips } from './LevelFlips';

/**
 * What the level and channel evaluators share: their alerts held in a {@link LevelFlips} (indexed
 * by both bounds, with the last value observed). Each says what a change of flags means.
 */
export abstract class LevelEvaluator implements ConditionEvaluator {
  protected readonly flips: LevelFlips;

  constructor(
    protected readonly condition: AlertCondition,
    last: number | undefined,
  ) {
    this.flips = new LevelFlips(last);
  }

  get size(): number {
    return this.flips.size;
  }

  alerts(): Iterable<ArmedAlert> {
    return this.flips.alerts();
  }

  add(alert: ArmedAlert): void {
    this.flips.add(alert);
  }

  remove(alert: ArmedAlert): boolean {
    return this.flips.remove(alert);
  }

  abstract observe(point: EvaluationPoint, sink: EvaluationSink): void;
}
