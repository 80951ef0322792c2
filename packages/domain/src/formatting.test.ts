import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { formatAsEntered, formatNumber } from './formatting';

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

describe('formatNumber against Intl', () => {
  it("writes exactly en-US Intl.NumberFormat's text, for any number and precision 0–10", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: false }),
          fc.double({ min: -1e7, max: 1e7 }),
          fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
          fc.constantFrom(0, -0, 0.125, -0.125, 1.005, 2.5, -2.5, 999.995, 1e21, -1e21),
        ),
        fc.integer({ min: 0, max: 10 }),
        (value, precision) => {
          const intl = new Intl.NumberFormat('en-US', {
            minimumFractionDigits: precision,
            maximumFractionDigits: precision,
          }).format(value);
          expect(formatNumber(value, precision)).toBe(intl);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
