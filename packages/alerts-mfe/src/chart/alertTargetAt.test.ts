import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE } from '@pairwatch/domain';
import { alertTargetAt } from './alertTargetAt';

describe('alertTargetAt', () => {
  it('rounds a price to the symbol’s tick', () => {
    expect(
      alertTargetAt('price', 87_123.456_78, DEFAULT_SYMBOL_CATALOGUE.BTCUSDT.priceFormat),
    ).toBe(87_123.46);
    expect(alertTargetAt('price', 0.123_456_7, DEFAULT_SYMBOL_CATALOGUE.DOGEUSDT.priceFormat)).toBe(
      0.12346,
    );
    expect(alertTargetAt('price', 12.5, { precision: 0, minMove: 5 })).toBe(15);
  });

  it('refuses a price at or below zero and non-numbers', () => {
    expect(
      alertTargetAt('price', -3, DEFAULT_SYMBOL_CATALOGUE.BTCUSDT.priceFormat),
    ).toBeUndefined();
    expect(
      alertTargetAt('price', 0.001, DEFAULT_SYMBOL_CATALOGUE.BTCUSDT.priceFormat),
    ).toBeUndefined();
    expect(
      alertTargetAt('price', NaN, DEFAULT_SYMBOL_CATALOGUE.BTCUSDT.priceFormat),
    ).toBeUndefined();
  });

  it('keeps an RSI value within 0–100 at 2 decimals', () => {
    const format = DEFAULT_SYMBOL_CATALOGUE.BTCUSDT.priceFormat;
    expect(alertTargetAt('rsi', 71.238, format)).toBe(71.24);
    expect(alertTargetAt('rsi', 104.2, format)).toBe(100);
    expect(alertTargetAt('rsi', -2, format)).toBe(0);
  });
});
