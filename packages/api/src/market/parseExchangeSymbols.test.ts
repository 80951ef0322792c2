import { describe, expect, it } from '@jest/globals';
import { SYMBOL_CATALOGUE } from '@pairwatch/domain';
import { parseExchangeSymbols } from './parseExchangeSymbols';

// The shape of a real 2021 answer (old field set: no permissionSets), with extra unknown fields.
const BODY = {
  timezone: 'UTC',
  serverTime: 1634913014581,
  rateLimits: [
    { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 1200 },
  ],
  exchangeFilters: [],
  symbols: [
    {
      symbol: 'BTCUSDT',
      status: 'TRADING',
      baseAsset: 'BTC',
      baseAssetPrecision: 8,
      quoteAsset: 'USDT',
      quotePrecision: 8,
      orderTypes: ['LIMIT'],
      somethingNew: { nested: true },
      filters: [
        {
          filterType: 'PRICE_FILTER',
          minPrice: '0.01000000',
          maxPrice: '1000000.00000000',
          tickSize: '0.01000000',
        },
        { filterType: 'PERCENT_PRICE', multiplierUp: '5', multiplierDown: '0.2', avgPriceMins: 5 },
        {
          filterType: 'LOT_SIZE',
          minQty: '0.00001000',
          maxQty: '9000.00000000',
          stepSize: '0.00001000',
        },
      ],
    },
    {
      symbol: 'DOGEUSDT',
      baseAsset: 'DOGE',
      quoteAsset: 'USDT',
      filters: [
        { filterType: 'PRICE_FILTER', tickSize: '0.00001000' },
        { filterType: 'LOT_SIZE', stepSize: '1.00000000' },
      ],
    },
    {
      symbol: 'ETHUSDT',
      baseAsset: 'ETH',
      quoteAsset: 'USDT',
      filters: [{ filterType: 'PRICE_FILTER', tickSize: '0' }],
    },
    { symbol: 'BNBBTC', baseAsset: 'BNB', quoteAsset: 'BTC', filters: [] },
  ],
};

describe('parseExchangeSymbols', () => {
  it('derives formats from tickSize and stepSize', () => {
    const symbols = parseExchangeSymbols(BODY);
    expect(symbols.BTCUSDT).toEqual({
      symbol: 'BTCUSDT',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      priceFormat: { precision: 2, minMove: 0.01 },
      quantityFormat: { precision: 5, minMove: 0.00001 },
    });
    expect(symbols.DOGEUSDT?.priceFormat).toEqual({ precision: 5, minMove: 0.00001 });
    expect(symbols.DOGEUSDT?.quantityFormat).toEqual({ precision: 0, minMove: 1 });
  });

  it('falls back to the catalogue for a disabled or missing filter', () => {
    const symbols = parseExchangeSymbols(BODY);
    expect(symbols.ETHUSDT?.priceFormat).toEqual(SYMBOL_CATALOGUE.ETHUSDT.priceFormat);
    expect(symbols.ETHUSDT?.quantityFormat).toEqual(SYMBOL_CATALOGUE.ETHUSDT.quantityFormat);
  });

  it('leaves out symbols we do not support and symbols the answer does not list', () => {
    expect(Object.keys(parseExchangeSymbols(BODY)).sort()).toEqual([
      'BTCUSDT',
      'DOGEUSDT',
      'ETHUSDT',
    ]);
  });

  it('refuses an answer without a symbols array', () => {
    expect(() => parseExchangeSymbols({ code: -1121, msg: 'Invalid symbol.' })).toThrow(
      /must carry a symbols array/,
    );
  });
});
