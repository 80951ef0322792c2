import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  ALERT_CONDITIONS,
  type AlertCondition,
  CONDITION_INFO,
  conditionEvent,
  conditionHolds,
  conditionLevels,
  initialLevelFlags,
  isAlertCondition,
  isAlertFrequency,
  type LevelChange,
  type LevelFlags,
  levelChanges,
  levelFlags,
  movedPercent,
  movingPercentHolds,
} from './alertCondition';

// The three places a value can be against a level or channel (both flags false cannot happen
// while lower ≤ upper).
const BELOW: LevelFlags = { atLeastLower: false, atMostUpper: true };
const ON: LevelFlags = { atLeastLower: true, atMostUpper: true };
const ABOVE: LevelFlags = { atLeastLower: true, atMostUpper: false };

const CHANGES: readonly LevelChange[] = [
  'upThroughLower',
  'downThroughLower',
  'upThroughUpper',
  'downThroughUpper',
];

describe('levelFlags', () => {
  it('reads a value against a channel: below, on either bound, inside, above', () => {
    const channel = { lower: 100, upper: 110 };
    expect(levelFlags(channel, 99.99)).toEqual(BELOW);
    expect(levelFlags(channel, 100)).toEqual(ON);
    expect(levelFlags(channel, 105)).toEqual(ON);
    expect(levelFlags(channel, 110)).toEqual(ON);
    expect(levelFlags(channel, 110.01)).toEqual(ABOVE);
  });

  it('reads a value exactly on a level as inside (both flags)', () => {
    expect(levelFlags({ lower: 100, upper: 100 }, 100)).toEqual(ON);
  });
});

describe('levelChanges', () => {
  it.each<[string, LevelFlags, LevelFlags, LevelChange[]]>([
    ['below → below', BELOW, BELOW, []],
    ['on → on', ON, ON, []],
    ['above → above', ABOVE, ABOVE, []],
    ['below → on', BELOW, ON, ['upThroughLower']],
    ['on → above', ON, ABOVE, ['upThroughUpper']],
    ['below → above (a jump)', BELOW, ABOVE, ['upThroughLower', 'upThroughUpper']],
    ['above → on', ABOVE, ON, ['downThroughUpper']],
    ['on → below', ON, BELOW, ['downThroughLower']],
    ['above → below (a jump)', ABOVE, BELOW, ['downThroughLower', 'downThroughUpper']],
  ])('%s gives %j', (_name, before, after, changes) => {
    expect(levelChanges(before, after)).toEqual(changes);
  });
});

describe('conditionEvent', () => {
  // Which changes fire each crossing condition; every other condition fires on none.
  const FIRES_ON: Record<AlertCondition, readonly LevelChange[]> = {
    Crossing: ['upThroughLower', 'downThroughUpper'],
    CrossingUp: ['upThroughLower'],
    CrossingDown: ['downThroughUpper'],
    EnteringChannel: ['upThroughLower', 'downThroughUpper'],
    ExitingChannel: ['downThroughLower', 'upThroughUpper'],
    GreaterThan: [],
    LessThan: [],
    InsideChannel: [],
    OutsideChannel: [],
    MovingUpPercent: [],
    MovingDownPercent: [],
  };

  const table = ALERT_CONDITIONS.flatMap((condition) =>
    CHANGES.map((change) => [condition, change, FIRES_ON[condition].includes(change)] as const),
  );

  it.each(table)('%s on %s is %s', (condition, change, fires) => {
    expect(conditionEvent(condition, change)).toBe(fires);
  });

  it('fires only crossing conditions', () => {
    for (const condition of ALERT_CONDITIONS) {
      const firesOnSome = CHANGES.some((change) => conditionEvent(condition, change));
      expect([condition, firesOnSome]).toEqual([
        condition,
        CONDITION_INFO[condition].kind === 'crossing',
      ]);
    }
  });
});

describe('conditionHolds', () => {
  // [below, on/inside, above]
  const HOLDS: Record<AlertCondition, readonly [boolean, boolean, boolean]> = {
    GreaterThan: [false, false, true],
    LessThan: [true, false, false],
    InsideChannel: [false, true, false],
    OutsideChannel: [true, false, true],
    Crossing: [false, false, false],
    CrossingUp: [false, false, false],
    CrossingDown: [false, false, false],
    EnteringChannel: [false, false, false],
    ExitingChannel: [false, false, false],
    MovingUpPercent: [false, false, false],
    MovingDownPercent: [false, false, false],
  };

  const table = ALERT_CONDITIONS.flatMap((condition) =>
    (
      [
        ['below', BELOW],
        ['on', ON],
        ['above', ABOVE],
      ] as const
    ).map(([where, flags], i) => [condition, where, HOLDS[condition][i], flags] as const),
  );

  it.each(table)('%s with the value %s is %s', (condition, _where, holds, flags) => {
    expect(conditionHolds(condition, flags)).toBe(holds);
  });

  it('is strict for a level: GreaterThan and LessThan do not hold exactly on it', () => {
    const level = { lower: 100, upper: 100 };
    expect(conditionHolds('GreaterThan', levelFlags(level, 100))).toBe(false);
    expect(conditionHolds('GreaterThan', levelFlags(level, 100.01))).toBe(true);
    expect(conditionHolds('LessThan', levelFlags(level, 100))).toBe(false);
    expect(conditionHolds('LessThan', levelFlags(level, 99.99))).toBe(true);
  });

  it('counts a channel bound as inside', () => {
    const channel = { lower: 100, upper: 110 };
    expect(conditionHolds('InsideChannel', levelFlags(channel, 100))).toBe(true);
    expect(conditionHolds('InsideChannel', levelFlags(channel, 110))).toBe(true);
    expect(conditionHolds('OutsideChannel', levelFlags(channel, 110))).toBe(false);
    expect(conditionHolds('OutsideChannel', levelFlags(channel, 110.5))).toBe(true);
  });
});

describe('initialLevelFlags', () => {
  const level = { lower: 100, upper: 100 };

  it('reads the value at creation when it is off the level', () => {
    for (const condition of ALERT_CONDITIONS) {
      expect(initialLevelFlags(condition, level, 90)).toEqual(BELOW);
      expect(initialLevelFlags(condition, level, 110)).toEqual(ABOVE);
    }
  });

  it.each(['Crossing', 'CrossingDown'] as const)(
    'counts a %s alert created exactly at its level as above it, so the first value at or below fires',
    (condition) => {
      const flags = initialLevelFlags(condition, level, 100);
      expect(flags).toEqual(ABOVE);
      const atLevel = levelChanges(flags, levelFlags(level, 100));
      expect(atLevel.some((change) => conditionEvent(condition, change))).toBe(true);
      const below = levelChanges(flags, levelFlags(level, 99));
      expect(below.some((change) => conditionEvent(condition, change))).toBe(true);
      const above = levelChanges(flags, levelFlags(level, 101));
      expect(above.some((change) => conditionEvent(condition, change))).toBe(false);
    },
  );

  it('leaves a CrossingUp alert created exactly at its level on it: the first value at or below does not fire', () => {
    const flags = initialLevelFlags('CrossingUp', level, 100);
    expect(flags).toEqual(ON);
    for (const value of [100, 99, 101]) {
      const changes = levelChanges(flags, levelFlags(level, value));
      expect([value, changes.some((change) => conditionEvent('CrossingUp', change))]).toEqual([
        value,
        false,
      ]);
    }
  });

  it('does not apply the compatibility to a channel whose lower bound is the value at creation', () => {
    expect(initialLevelFlags('EnteringChannel', { lower: 100, upper: 110 }, 100)).toEqual(ON);
  });

  it('does not apply it to state conditions', () => {
    expect(initialLevelFlags('GreaterThan', level, 100)).toEqual(ON);
    expect(initialLevelFlags('LessThan', level, 100)).toEqual(ON);
  });
});

describe('conditionLevels', () => {
  it('gives a level equal bounds', () => {
    for (const condition of [
      'Crossing',
      'CrossingUp',
      'CrossingDown',
      'GreaterThan',
      'LessThan',
    ] as const) {
      expect(conditionLevels({ condition, valueTarget: 44000, valueUpper: 50000 })).toEqual({
        lower: 44000,
        upper: 44000,
      });
    }
  });

  it('gives a channel its two bounds', () => {
    for (const condition of [
      'EnteringChannel',
      'ExitingChannel',
      'InsideChannel',
      'OutsideChannel',
    ] as const) {
      expect(conditionLevels({ condition, valueTarget: 2300, valueUpper: 2400 })).toEqual({
        lower: 2300,
        upper: 2400,
      });
    }
  });

  it('gives a percent move no levels (they move with the market)', () => {
    expect(conditionLevels({ condition: 'MovingUpPercent', valueTarget: 5, bars: 12 })).toBe(
      undefined,
    );
    expect(conditionLevels({ condition: 'MovingDownPercent', valueTarget: 5, bars: 12 })).toBe(
      undefined,
    );
  });

  it('agrees with each condition shape', () => {
    for (const condition of ALERT_CONDITIONS) {
      const levels = conditionLevels({ condition, valueTarget: 1, valueUpper: 2, bars: 3 });
      expect([condition, levels === undefined]).toEqual([
        condition,
        CONDITION_INFO[condition].shape === 'move',
      ]);
    }
  });
});

describe('isAlertCondition and isAlertFrequency', () => {
  it('accept the names and nothing else', () => {
    expect(isAlertCondition('CrossingUp')).toBe(true);
    expect(isAlertCondition('crossingup')).toBe(false);
    expect(isAlertCondition(undefined)).toBe(false);
    expect(isAlertFrequency('OncePerMinute')).toBe(true);
    expect(isAlertFrequency('Daily')).toBe(false);
    expect(isAlertFrequency(1)).toBe(false);
  });
});

describe('movingPercentHolds', () => {
  const window = { lowestLow: 100, highestHigh: 200 };

  it('holds for a move up at or beyond the lowest low times 1 + percent', () => {
    expect(movingPercentHolds('MovingUpPercent', 5, 104.99, window)).toBe(false);
    expect(movingPercentHolds('MovingUpPercent', 5, 105, window)).toBe(true);
    expect(movingPercentHolds('MovingUpPercent', 5, 110, window)).toBe(true);
  });

  it('holds for a move down at or beyond the highest high times 1 − percent', () => {
    expect(movingPercentHolds('MovingDownPercent', 10, 180.01, window)).toBe(false);
    expect(movingPercentHolds('MovingDownPercent', 10, 180, window)).toBe(true);
    expect(movingPercentHolds('MovingDownPercent', 10, 150, window)).toBe(true);
  });

  it('measures a move up from the low and a move down from the high, not the other way', () => {
    // 150 is 50 % above the low and 25 % below the high.
    expect(movedPercent('MovingUpPercent', 150, window)).toBeCloseTo(50, 10);
    expect(movedPercent('MovingDownPercent', 150, window)).toBeCloseTo(25, 10);
    expect(movingPercentHolds('MovingDownPercent', 30, 150, window)).toBe(false);
    expect(movingPercentHolds('MovingUpPercent', 30, 150, window)).toBe(true);
  });

  it('agrees with movedPercent: movedPercent ≥ percent exactly when it holds, away from float boundaries', () => {
    const price = fc.double({ min: 0.0001, max: 1e6, noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(
        fc.constantFrom<'MovingUpPercent' | 'MovingDownPercent'>(
          'MovingUpPercent',
          'MovingDownPercent',
        ),
        fc.double({ min: 0.01, max: 1000, noNaN: true, noDefaultInfinity: true }),
        price,
        price,
        // Where the value lies: anywhere, or within ±2 % of the threshold (where it matters).
        fc.oneof(
          fc.record({ near: fc.constant(false), at: price }),
          fc.record({
            near: fc.constant(true),
            at: fc.double({ min: -0.02, max: 0.02, noNaN: true }),
          }),
        ),
        (condition, percent, a, b, where) => {
          const window = { lowestLow: Math.min(a, b), highestHigh: Math.max(a, b) };
          const threshold =
            condition === 'MovingUpPercent'
              ? window.lowestLow * (1 + percent / 100)
              : window.highestHigh * (1 - percent / 100);
          const value = where.near ? threshold * (1 + where.at) : where.at;
          fc.pre(value > 0);
          const moved = movedPercent(condition, value, window);
          // Within a relative 1e-9 of the percent the two forms may round apart.
          fc.pre(Math.abs(moved - percent) > 1e-9 * Math.max(1, percent));
          expect(movingPercentHolds(condition, percent, value, window)).toBe(moved >= percent);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
