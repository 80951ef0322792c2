import { type LevelChange } from '@pairwatch/domain';
import { type ArmedAlert } from './ArmedAlert';
import { LevelIndex } from './LevelIndex';

/**
 * The level and channel alerts of one evaluator, indexed by their lower and upper bounds, and the
 * last value they observed. Domain's flags of an alert are `v ≥ lower` and `v ≤ upper` for the
 * last value `v`, so a step from `p` to `v` changes exactly the flags of the bounds between them:
 * going up, `v ≥ lower` becomes true for lower in (p, v] and `v ≤ upper` false for upper in
 * [p, v); going down the mirror image. Two range questions per value, no scan.
 */
export class LevelFlips {
  private readonly byLower = new LevelIndex((alert) => alert.levels!.lower);
  private readonly byUpper = new LevelIndex((alert) => alert.levels!.upper);
  private readonly held = new Set<ArmedAlert>();
  /** The last value observed; undefined before the first. */
  last: number | undefined;

  constructor(last: number | undefined) {
    this.last = last;
  }

  get size(): number {
    return this.held.size;
  }

  alerts(): Iterable<ArmedAlert> {
    return this.held;
  }

  add(alert: ArmedAlert): void {
    if (this.held.has(alert)) return;
    this.held.add(alert);
    this.byLower.insert(alert);
    this.byUpper.insert(alert);
  }

  remove(alert: ArmedAlert): boolean {
    if (!this.held.delete(alert)) return false;
    // Held here means held by both indexes: no need for them to search.
    this.byLower.removeHeld(alert);
    this.byUpper.removeHeld(alert);
    return true;
  }

  /** Moves to `value` and returns the alerts whose flags changed, with the changes. */
  step(value: number): Map<ArmedAlert, LevelChange[]> {
    const from = this.last;
    this.last = value;
    const changes = new Map<ArmedAlert, LevelChange[]>();
    if (from === undefined || value === from) return changes;
    const note = (alerts: ArmedAlert[], change: LevelChange): void => {
      for (const alert of alerts) {
        const list = changes.get(alert);
        if (list) list.push(change);
        else changes.set(alert, [change]);
      }
    };
    if (value > from) {
      note(this.byLower.range(from, false, value, true), 'upThroughLower');
      note(this.byUpper.range(from, true, value, false), 'upThroughUpper');
    } else {
      note(this.byLower.range(value, false, from, true), 'downThroughLower');
      note(this.byUpper.range(value, true, from, false), 'downThroughUpper');
    }
    return changes;
  }
}
