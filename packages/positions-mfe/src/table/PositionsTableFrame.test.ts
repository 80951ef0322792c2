import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE } from '@pairwatch/domain';
import { formatAmount } from './PositionsTableFrame';

describe('formatAmount', () => {
  it('shows an amount as entered, with at least the symbol’s quantity step', () => {
    expect(formatAmount(1000.7, DEFAULT_SYMBOL_CATALOGUE.DOGEUSDT)).toBe('1,000.7 DOGE');
    expect(formatAmount(1000, DEFAULT_SYMBOL_CATALOGUE.DOGEUSDT)).toBe('1,000 DOGE');
    expect(formatAmount(0.5, DEFAULT_SYMBOL_CATALOGUE.BTCUSDT)).toBe('0.50000 BTC');
  });
});
