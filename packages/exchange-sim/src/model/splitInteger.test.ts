import { describe, expect, it } from '@jest/globals';
import { splitInteger } from './splitInteger';

function split(total: number, weights: number[], caps?: number[]): number[] {
  const out = new Float64Array(weights.length);
  splitInteger(total, weights, out, caps);
  return [...out];
}

describe('splitInteger', () => {
  it('sums exactly to the total with integer parts', () => {
    const parts = split(1_000_003, [0.3, 1.7, 2.2, 0.01, 5]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1_000_003);
    expect(parts.every(Number.isInteger)).toBe(true);
  });

  it('splits in proportion to the weights', () => {
    expect(split(100, [1, 3])).toEqual([25, 75]);
  });

  it('splits evenly when no weight is positive', () => {
    expect(split(9, [0, 0, 0])).toEqual([3, 3, 3]);
  });

  it('never exceeds a cap and still sums to the total', () => {
    const parts = split(10, [10, 1, 1], [4, 5, 5]);
    expect(parts[0]).toBeLessThanOrEqual(4);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(10);
  });

  it('refuses caps that cannot hold the total', () => {
    expect(() => split(10, [1, 1], [2, 2])).toThrow(RangeError);
  });

  it('gives zeros for a zero total', () => {
    expect(split(0, [1, 2])).toEqual([0, 0]);
  });
});
