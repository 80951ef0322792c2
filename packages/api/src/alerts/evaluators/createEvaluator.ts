import { type AlertCondition } from '@pairwatch/domain';
import { type ConditionEvaluator } from './ConditionEvaluator';
import { CrossingEvaluator } from './CrossingEvaluator';
import { MovingPercentEvaluator } from './MovingPercentEvaluator';
import { StateEvaluator } from './StateEvaluator';

/**
 * The evaluator of one condition over one feed, starting from the feed's last value. The one place
 * the engine maps conditions to evaluators: a new condition fails the exhaustive switch (lint and
 * the compiler) until it has one.
 */
export function createEvaluator(
  condition: AlertCondition,
  last: number | undefined,
): ConditionEvaluator {
  switch (condition) {
    case 'Crossing':
    case 'CrossingUp':
    case 'CrossingDown':
    case 'EnteringChannel':
    case 'ExitingChannel':
      return new CrossingEvaluator(condition, last);
    case 'GreaterThan':
    case 'LessThan':
    case 'InsideChannel':
    case 'OutsideChannel':
      return new StateEvaluator(condition, last);
    case 'MovingUpPercent':
    case 'MovingDownPercent':
      return new MovingPercentEvaluator(condition);
  }
}
