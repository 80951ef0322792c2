import { describe, expect, it } from '@jest/globals';
import { backoffWithJitter } from './backoffWithJitter';

const timing = { baseMs: 1_000, maxMs: 60_000 };

describe('backoffWithJitter', () => {
  it('doubles the ceiling per attempt, half of it fixed and half random', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffWithJitter(attempt, timing, () => 0))).toEqual([
      500, 1_000, 2_000, 4_000,
    ]);
    expect([0, 1, 2, 3].map((attempt) => backoffWithJitter(attempt, timing, () => 0.5))).toEqual([
      750, 1_500, 3_000, 6_000,
    ]);
  });

  it('stays below the ceiling however the random number falls', () => {
    const almostOne = 1 - Number.EPSILON;
    expect(backoffWithJitter(2, timing, () => almostOne)).toBeLessThan(4_000);
    expect(backoffWithJitter(2, timing, () => almostOne)).toBeGreaterThan(3_999);
  });

  it('stops growing at maxMs, even for attempts whose power of two overflows', () => {
    expect(backoffWithJitter(6, timing, () => 0)).toBe(30_000);
    expect(backoffWithJitter(50, timing, () => 0.5)).toBe(45_000);
    expect(backoffWithJitter(2_000, timing, () => 0.5)).toBe(45_000);
  });
});
