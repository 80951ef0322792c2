import { describe, expect, it } from '@jest/globals';
import { formatUnits } from './formatUnits';

describe('formatUnits', () => {
  it('writes integer units as an eight-decimal Binance string', () => {
    expect(formatUnits(4_351_934, 2)).toBe('43519.34000000');
    expect(formatUnits(1, 2)).toBe('0.01000000');
    expect(formatUnits(17_000, 5)).toBe('0.17000000');
    expect(formatUnits(42, 0)).toBe('42.00000000');
    expect(formatUnits(0, 4)).toBe('0.00000000');
    expect(formatUnits(-5, 1)).toBe('-0.50000000');
  });

  it('refuses non-integers and unsupported decimals', () => {
    expect(() => formatUnits(1.5, 2)).toThrow(RangeError);
    expect(() => formatUnits(1, 9)).toThrow(RangeError);
  });
});
