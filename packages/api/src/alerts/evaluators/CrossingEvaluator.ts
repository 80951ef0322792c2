import { conditionEvent } from '@pairwatch/domain';
import { type EvaluationPoint, type EvaluationSink, judge } from './ConditionEvaluator';
import { LevelEvaluator } from './LevelEvaluator';

/**
 * Judges a crossing condition (`Crossing`, `CrossingUp`, `CrossingDown`, `EnteringChannel`,
 * `ExitingChannel`): an alert fires when a change of its flags is one domain `conditionEvent`
 * names. A value that sits on a level changes no flag, so nothing fires again until the value
 * has been to the other side.
 */
export class CrossingEvaluator extends LevelEvaluator {
  observe(point: EvaluationPoint, sink: EvaluationSink): void {
    for (const [alert, changes] of this.flips.step(point.value)) {
      const change = changes.find((c) => conditionEvent(this.condition, c));
      if (change === undefined) continue;
      const outcome = judge(alert, point, sink, { change });
      if (outcome === 'expired' || (outcome === 'fired' && alert.record.frequency === 'OnlyOnce'))
        this.flips.remove(alert);
    }
  }
}
