import { type AlertCondition, conditionEvent } from '@pairwatch/domain';
import { type EvaluationPoint, type EvaluationSink, judge } from './ConditionEvaluator';
import { firstFlipChange, flipChangeMask } from './LevelFlips';
import { LevelEvaluator } from './LevelEvaluator';

/**
 * Judges a crossing condition (`Crossing`, `CrossingUp`, `CrossingDown`, `EnteringChannel`,
 * `ExitingChannel`): an alert fires when a change of its flags is one domain `conditionEvent`
 * names. A value that sits on a level changes no flag, so nothing fires again until the value
 * has been to the other side.
 */
export class CrossingEvaluator extends LevelEvaluator {
  /** The changes domain `conditionEvent` names for the condition, asked once, not per alert. */
  private readonly events: number;

  constructor(condition: AlertCondition, last: number | undefined) {
    super(condition, last);
    this.events = flipChangeMask((change) => conditionEvent(condition, change));
  }

  observe(point: EvaluationPoint, sink: EvaluationSink): void {
    for (const alert of this.flips.step(point.value)) {
      const change = firstFlipChange(alert, this.events);
      if (change === undefined) continue;
      const outcome = judge(alert, point, sink, change);
      // The stream evaluator's sink may have let go of it already: then this is a flag read.
      if (outcome === 'expired' || (outcome === 'fired' && alert.record.frequency === 'OnlyOnce'))
        this.flips.remove(alert);
    }
  }
}
