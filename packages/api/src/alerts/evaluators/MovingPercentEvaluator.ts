import {
  type AlertFrequency,
  frequencyPeriod,
  movedPercent,
  movingPercentHolds,
} from '@pairwatch/domain';
import { type ArmedAlert } from './ArmedAlert';
import {
  type ConditionEvaluator,
  type EvaluationPoint,
  type EvaluationSink,
  judge,
} from './ConditionEvaluator';
import { LevelIndex } from './LevelIndex';

type Move = 'MovingUpPercent' | 'MovingDownPercent';

/** Alerts that fired (or may not fire) in a period, set aside until the next one. */
interface Parked {
  period: number | undefined;
  readonly alerts: ArmedAlert[];
}

/**
 * Judges `MovingUpPercent` / `MovingDownPercent`: an alert fires when the value is at or beyond
 * the window's lowest low (highest high) times 1 ± percent/100 (domain `movingPercentHolds`). The
 * alerts are grouped by window length and sorted by percent, so a value asks one window per
 * length in use and takes the alerts whose percent the move reaches. A repeating alert that fired
 * is set aside until its frequency's next period, then asked again.
 */
export class MovingPercentEvaluator implements ConditionEvaluator {
  private readonly byBars = new Map<number, LevelIndex>();
  private readonly parked = new Map<AlertFrequency, Parked>();
  private readonly held = new Set<ArmedAlert>();

  constructor(private readonly condition: Move) {}

  get size(): number {
    return this.held.size;
  }

  alerts(): Iterable<ArmedAlert> {
    return this.held;
  }

  add(alert: ArmedAlert): void {
    if (this.held.has(alert)) return;
    this.held.add(alert);
    this.indexOf(alert.record.bars ?? 1).insert(alert);
  }

  remove(alert: ArmedAlert): boolean {
    if (!this.held.delete(alert)) return false;
    if (this.byBars.get(alert.record.bars ?? 1)?.remove(alert)) return true;
    const parked = this.parked.get(alert.record.frequency)?.alerts;
    const at = parked?.indexOf(alert) ?? -1;
    if (parked && at >= 0) parked.splice(at, 1);
    return true;
  }

  observe(point: EvaluationPoint, sink: EvaluationSink): void {
    // A new period brings the alerts set aside in the last one back.
    for (const [frequency, parked] of this.parked) {
      const period = frequencyPeriod(frequency, point);
      if (period === parked.period) continue;
      for (const alert of parked.alerts.splice(0))
        this.indexOf(alert.record.bars ?? 1).insert(alert);
      parked.period = period;
    }
    for (const [bars, index] of this.byBars) {
      if (index.size === 0) continue;
      const window = point.windowFor(bars);
      if (window === undefined) continue;
      const moved = movedPercent(this.condition, point.value, window);
      // The sorted percents are a shortcut; domain's rule has the last word at the boundary.
      const bound = moved * (1 + 1e-12) + 1e-12;
      const smallest = index.first();
      if (smallest === undefined || smallest.record.valueTarget > bound) continue;
      const candidates = index.range(Number.NEGATIVE_INFINITY, true, bound, true);
      for (const alert of candidates) {
        if (!movingPercentHolds(this.condition, alert.record.valueTarget, point.value, window))
          continue;
        const outcome = judge(
          alert,
          point,
          sink,
          undefined,
          movedPercent(this.condition, point.value, window),
        );
        if (
          outcome === 'expired' ||
          (outcome === 'fired' && alert.record.frequency === 'OnlyOnce')
        ) {
          this.remove(alert);
          continue;
        }
        // Fired, or not allowed in this period: asked again in the next one.
        index.remove(alert);
        this.parkedOf(alert.record.frequency, point).alerts.push(alert);
      }
    }
  }

  private indexOf(bars: number): LevelIndex {
    let index = this.byBars.get(bars);
    if (!index) {
      index = new LevelIndex((alert) => alert.record.valueTarget);
      this.byBars.set(bars, index);
    }
    return index;
  }

  private parkedOf(frequency: AlertFrequency, point: EvaluationPoint): Parked {
    let parked = this.parked.get(frequency);
    if (!parked) {
      parked = { period: frequencyPeriod(frequency, point), alerts: [] };
      this.parked.set(frequency, parked);
    }
    return parked;
  }
}
