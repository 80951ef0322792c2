import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE } from '@pairwatch/domain';
import { formatAlertValue } from './formatAlertValue';

const PRICE_BTC = { symbol: 'BTCUSDT', type: 'Price' } as const;
const liveBtc = {
  ...DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
  priceFormat: { precision: 4, minMove: 0.0001 },
};

describe('formatAlertValue', () => {
  it('formats a price with the catalogue precision and quote asset without live info', () => {
    expect(formatAlertValue(PRICE_BTC, 65000)).toBe('65,000.00 USDT');
  });

  it('formats a price with the live symbol info precision when it is the same symbol', () => {
    expect(formatAlertValue(PRICE_BTC, 65000, liveBtc)).toBe('65,000.0000 USDT');
  });

  it('ignores live info of another symbol', () => {
    const liveEth = {
      ...DEFAULT_SYMBOL_CATALOGUE.ETHUSDT,
      priceFormat: { precision: 5, minMove: 1e-5 },
    };
    expect(formatAlertValue(PRICE_BTC, 65000, liveEth)).toBe('65,000.00 USDT');
  });

  it('formats RSI values with 2 decimals whatever the symbol format', () => {
    expect(formatAlertValue({ symbol: 'BTCUSDT', type: 'Rsi' }, 55.126, liveBtc)).toBe('55.13');
  });
});

describe('formatAlertValue for values finer than the symbol’s tick', () => {
  it('shows a target of 1e-8 as entered, not as 0.00', () => {
    expect(formatAlertValue({ symbol: 'BTCUSDT', type: 'Price' }, 1e-8)).toBe('0.00000001 USDT');
  });
});
