import {
  type AlertFrequency,
  conditionHolds,
  frequencyPeriod,
  levelFlags,
} from '@pairwatch/domain';
import { type ArmedAlert } from './ArmedAlert';
import { type EvaluationPoint, type EvaluationSink, judge } from './ConditionEvaluator';
import { LevelEvaluator } from './LevelEvaluator';

/**
 * Judges a level or channel state condition (`GreaterThan`, `LessThan`, `InsideChannel`,
 * `OutsideChannel`): an alert fires whenever domain `conditionHolds`, at most once per period of
 * its frequency. It keeps the alerts that hold now per frequency, updated from the flag changes
 * of each value; they are judged when they start to hold and at the first value of each new
 * period, so a value costs O(log n + changes), and a new period O(alerts holding).
 */
export class StateEvaluator extends LevelEvaluator {
  private readonly holding = new Map<AlertFrequency, Set<ArmedAlert>>();
  private readonly lastPeriod = new Map<AlertFrequency, number | undefined>();

  override add(alert: ArmedAlert): void {
    super.add(alert);
    if (this.flips.last !== undefined && this.holds(alert, this.flips.last))
      this.holdingOf(alert).add(alert);
  }

  override remove(alert: ArmedAlert): boolean {
    this.holding.get(alert.record.frequency)?.delete(alert);
    return super.remove(alert);
  }

  observe(point: EvaluationPoint, sink: EvaluationSink): void {
    const toJudge = new Set<ArmedAlert>();
    for (const alert of this.flips.step(point.value)) {
      const holding = this.holdingOf(alert);
      if (this.holds(alert, point.value)) {
        holding.add(alert);
        toJudge.add(alert);
      } else holding.delete(alert);
    }
    for (const [frequency, holding] of this.holding) {
      const period = frequencyPeriod(frequency, point);
      if (this.lastPeriod.has(frequency) && this.lastPeriod.get(frequency) === period) continue;
      this.lastPeriod.set(frequency, period);
      for (const alert of holding) toJudge.add(alert);
    }
    for (const alert of toJudge) {
      const outcome = judge(alert, point, sink);
      if (outcome === 'expired' || (outcome === 'fired' && alert.record.frequency === 'OnlyOnce'))
        this.remove(alert);
    }
  }

  private holds(alert: ArmedAlert, value: number): boolean {
    return conditionHolds(this.condition, levelFlags(alert.levels!, value));
  }

  private holdingOf(alert: ArmedAlert): Set<ArmedAlert> {
    const frequency = alert.record.frequency;
    let set = this.holding.get(frequency);
    if (!set) {
      set = new Set();
      this.holding.set(frequency, set);
    }
    return set;
  }
}
