import { type LevelChange } from '@pairwatch/domain';
import { type ArmedAlert } from './ArmedAlert';
import { LevelIndex } from './LevelIndex';

/** The changes a step can make, bit `i` of `ArmedAlert.flipChanges` standing for `CHANGES[i]`. */
const CHANGES: readonly LevelChange[] = [
  'upThroughLower',
  'upThroughUpper',
  'downThroughLower',
  'downThroughUpper',
];
const UP_THROUGH_LOWER = 1;
const UP_THROUGH_UPPER = 2;
const DOWN_THROUGH_LOWER = 4;
const DOWN_THROUGH_UPPER = 8;

/** The changes of each set of bits, lower bound first (the order the steps note them in). */
const CHANGE_LISTS: readonly (readonly LevelChange[])[] = Array.from({ length: 16 }, (_, bits) =>
  CHANGES.filter((_change, i) => (bits & (1 << i)) !== 0),
);

/** The changes `LevelFlips.step` noted of an alert it returned (until the next step). */
export function flipChangesOf(alert: ArmedAlert): readonly LevelChange[] {
  return CHANGE_LISTS[alert.flipChanges]!;
}

/** The bits of the changes `wanted` accepts, for {@link firstFlipChange}. */
export function flipChangeMask(wanted: (change: LevelChange) => boolean): number {
  return CHANGES.reduce((mask, change, i) => (wanted(change) ? mask | (1 << i) : mask), 0);
}

/**
 * The first change noted of an alert (lower bound first, as {@link flipChangesOf} lists them)
 * among those of `mask`; undefined when none. No list and no call per alert: an update that fires
 * thousands of alerts asks this of each (issue #27).
 */
export function firstFlipChange(alert: ArmedAlert, mask: number): LevelChange | undefined {
  const bits = alert.flipChanges & mask;
  return bits === 0 ? undefined : CHANGES[31 - Math.clz32(bits & -bits)];
}

/** Numbers the steps of every `LevelFlips`, so that an alert's scratch tells which step wrote it. */
let steps = 0;

/**
 * The level and channel alerts of one evaluator, indexed by their lower and upper bounds, and the
 * last value they observed. Domain's flags of an alert are `v ≥ lower` and `v ≤ upper` for the
 * last value `v`, so a step from `p` to `v` changes exactly the flags of the bounds between them:
 * going up, `v ≥ lower` becomes true for lower in (p, v] and `v ≤ upper` false for upper in
 * [p, v); going down the mirror image. Two range questions per value, no scan.
 *
 * Holding is a flag on the alert (`levelHeld`), not a set: an update that fires thousands lets go
 * of each with a write, and the alerts let go of stay in both indexes, skipped, until they are an
 * eighth of them (then one pass drops them). An alert joins one evaluator (its feed's, for its
 * condition) and is armed anew when watched again, so the flag is this evaluator's.
 */
export class LevelFlips {
  private readonly byLower = new LevelIndex((alert) => alert.levels!.lower);
  private readonly byUpper = new LevelIndex((alert) => alert.levels!.upper);
  private held = 0;
  /** Let go of and still in both indexes. */
  private letGo = 0;
  /** The last value observed; undefined before the first. */
  last: number | undefined;

  constructor(last: number | undefined) {
    this.last = last;
  }

  get size(): number {
    return this.held;
  }

  alerts(): Iterable<ArmedAlert> {
    return this.byLower.all().filter((alert) => alert.levelHeld === true);
  }

  add(alert: ArmedAlert): void {
    if (alert.levelHeld === true) return;
    // Let go of and added back (the engine arms anew instead, but the contract allows it): its
    // old places go first, or it would be in the indexes twice.
    if (alert.levelHeld === false) this.compact();
    alert.levelHeld = true;
    this.held += 1;
    this.byLower.insert(alert);
    this.byUpper.insert(alert);
  }

  remove(alert: ArmedAlert): boolean {
    if (alert.levelHeld !== true) return false;
    alert.levelHeld = false;
    this.held -= 1;
    this.letGo += 1;
    return true;
  }

  /**
   * Moves to `value` and returns the alerts whose flags changed; each one's changes are in its
   * scratch ({@link flipChangesOf}, {@link firstFlipChange}) until the next step of any evaluator.
   */
  step(value: number): readonly ArmedAlert[] {
    const from = this.last;
    this.last = value;
    if (from === undefined || value === from) return [];
    if (this.letGo > 0 && this.letGo * 8 >= this.held + this.letGo) this.compact();
    steps += 1;
    const step = steps;
    const changed: ArmedAlert[] = [];
    const note = (alerts: readonly ArmedAlert[], change: number): void => {
      for (const alert of alerts) {
        if (alert.levelHeld !== true) continue;
        if (alert.flipStep === step) {
          alert.flipChanges |= change;
          continue;
        }
        alert.flipStep = step;
        alert.flipChanges = change;
        changed.push(alert);
      }
    };
    if (value > from) {
      note(this.byLower.range(from, false, value, true), UP_THROUGH_LOWER);
      note(this.byUpper.range(from, true, value, false), UP_THROUGH_UPPER);
    } else {
      note(this.byLower.range(value, false, from, true), DOWN_THROUGH_LOWER);
      note(this.byUpper.range(value, true, from, false), DOWN_THROUGH_UPPER);
    }
    return changed;
  }

  /** Drops the alerts let go of from both indexes. */
  private compact(): void {
    const held = (alert: ArmedAlert): boolean => alert.levelHeld === true;
    this.byLower.retain(held);
    this.byUpper.retain(held);
    this.letGo = 0;
  }
}
