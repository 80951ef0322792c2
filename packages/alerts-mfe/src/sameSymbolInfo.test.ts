import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE } from '@pairwatch/domain';
import { sameSymbolInfo } from './sameSymbolInfo';

const btc = DEFAULT_SYMBOL_CATALOGUE.BTCUSDT;

describe('sameSymbolInfo', () => {
  it('treats a copy with the same values as the same info', () => {
    expect(sameSymbolInfo(btc, JSON.parse(JSON.stringify(btc)))).toBe(true);
  });

  it('tells infos apart by symbol, assets and either format', () => {
    expect(sameSymbolInfo(btc, DEFAULT_SYMBOL_CATALOGUE.ETHUSDT)).toBe(false);
    expect(sameSymbolInfo(btc, { ...btc, quoteAsset: 'USDC' })).toBe(false);
    expect(sameSymbolInfo(btc, { ...btc, priceFormat: { precision: 2, minMove: 0.05 } })).toBe(
      false,
    );
    expect(sameSymbolInfo(btc, { ...btc, quantityFormat: { precision: 4, minMove: 0.0001 } })).toBe(
      false,
    );
  });
});
