import { describe, expect, it } from '@jest/globals';
import { SYMBOL_CATALOGUE } from '@pairwatch/domain';
import { alertTargetAt } from './alertTargetAt';

describe('alertTargetAt', () => {
  it('rounds a price to the symbol’s tick', () => {
    expect(alertTargetAt('price', 87_123.456_78, SYMBOL_CATALOGUE.BTCUSDT.priceFormat)).toBe(
      87_123.46,
    );
    expect(alertTargetAt('price', 0.123_456_7, SYMBOL_CATALOGUE.DOGEUSDT.priceFormat)).toBe(
      0.12346,
    );
    expect(alertTargetAt('price', 12.5, { precision: 0, minMove: 5 })).toBe(15);
  });

  it('refuses a price at or below zero and non-numbers', () => {
    expect(alertTargetAt('price', -3, SYMBOL_CATALOGUE.BTCUSDT.priceFormat)).toBeUndefined();
    expect(alertTargetAt('price', 0.001, SYMBOL_CATALOGUE.BTCUSDT.priceFormat)).toBeUndefined();
    expect(alertTargetAt('price', NaN, SYMBOL_CATALOGUE.BTCUSDT.priceFormat)).toBeUndefined();
  });

  it('keeps an RSI value within 0–100 at 2 decimals', () => {
    const format = SYMBOL_CATALOGUE.BTCUSDT.priceFormat;
    expect(alertTargetAt('rsi', 71.238, format)).toBe(71.24);
    expect(alertTargetAt('rsi', 104.2, format)).toBe(100);
    expect(alertTargetAt('rsi', -2, format)).toBe(0);
  });
});
