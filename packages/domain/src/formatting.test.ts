import { describe, expect, it } from '@jest/globals';
import { formatAsEntered } from './formatting';

describe('formatAsEntered', () => {
  it.each([
    [1000.7, 0, '1,000.7'],
    [1000, 0, '1,000'],
    [0.5, 5, '0.50000'],
    [65000, 2, '65,000.00'],
    [1e-8, 2, '0.00000001'],
    [0.1 + 0.2, 2, '0.3000000000'],
    [123.456789123456, 2, '123.4567891235'],
  ])('shows %d with at least %i decimals as %s', (value, min, shown) => {
    expect(formatAsEntered(value, min)).toBe(shown);
  });
});
