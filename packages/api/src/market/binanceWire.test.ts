import { describe, expect, it } from '@jest/globals';
import { parseStreamMessage, parseExchangeSymbols } from './binanceWire';
import { DEFAULT_SYMBOL_CATALOGUE } from '@pairwatch/domain';

// A real combined-stream kline event (spot BTCUSDT 1m, 2022-05-29; crypto-msg-parser's fixture shape).
const KLINE = JSON.stringify({
  stream: 'btcusdt@kline_1m',
  data: {
    e: 'kline',
    E: 1653819041520,
    s: 'BTCUSDT',
    k: {
      t: 1653819000000,
      T: 1653819059999,
      s: 'BTCUSDT',
      i: '1m',
      f: 1379018393,
      L: 1379018760,
      o: '29023.02000000',
      c: '29018.89000000',
      h: '29027.00000000',
      l: '29011.80000000',
      v: '9.53711000',
      n: 368,
      x: false,
      q: '276784.85690680',
      V: '4.29416000',
      Q: '124628.34006290',
      B: '0',
    },
  },
});

describe('parseStreamMessage', () => {
  it('reads a combined-stream kline event as a candle keyed by open time in seconds', () => {
    expect(parseStreamMessage(KLINE)).toEqual({
      kind: 'kline',
      stream: 'btcusdt@kline_1m',
      candle: {
        time: 1653819000,
        open: 29023.02,
        high: 29027,
        low: 29011.8,
        close: 29018.89,
        volume: 9.53711,
      },
      closed: false,
    });
  });

  it('recognises the shutdown notice in both the combined and the raw form', () => {
    expect(
      parseStreamMessage('{"stream":"!serverShutdown","data":{"e":"serverShutdown","E":1}}'),
    ).toEqual({
      kind: 'serverShutdown',
    });
    expect(parseStreamMessage('{"e":"serverShutdown","E":1}')).toEqual({ kind: 'serverShutdown' });
  });

  it('reads control answers and errors', () => {
    expect(parseStreamMessage('{"result":null,"id":3}')).toEqual({ kind: 'result', id: 3 });
    expect(parseStreamMessage('{"error":{"code":2,"msg":"Invalid request"},"id":4}')).toEqual({
      kind: 'result',
      id: 4,
      error: '2 Invalid request',
    });
  });

  it('ignores events it does not know', () => {
    expect(parseStreamMessage('{"stream":"btcusdt@trade","data":{"e":"trade"}}')).toEqual({
      kind: 'other',
    });
    expect(parseStreamMessage('[1,2]')).toEqual({ kind: 'other' });
  });

  it('refuses a kline with a non-numeric price, quoting the frame', () => {
    expect(() => parseStreamMessage(KLINE.replace('"29018.89000000"', '"n/a"'))).toThrow(
      /malformed kline event on btcusdt@kline_1m/,
    );
  });
});

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
  const bySymbol = (body: unknown) =>
    new Map(parseExchangeSymbols(body).map((info) => [info.symbol, info]));

  it('derives formats from tickSize and stepSize', () => {
    const symbols = bySymbol(BODY);
    expect(symbols.get('BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      baseAsset: 'BTC',
      quoteAsset: 'USDT',
      priceFormat: { precision: 2, minMove: 0.01 },
      quantityFormat: { precision: 5, minMove: 0.00001 },
    });
    expect(symbols.get('DOGEUSDT')?.priceFormat).toEqual({ precision: 5, minMove: 0.00001 });
    expect(symbols.get('DOGEUSDT')?.quantityFormat).toEqual({ precision: 0, minMove: 1 });
  });

  it('falls back to the default catalogue for a default pair with a disabled or missing filter', () => {
    const symbols = bySymbol(BODY);
    expect(symbols.get('ETHUSDT')?.priceFormat).toEqual(
      DEFAULT_SYMBOL_CATALOGUE.ETHUSDT.priceFormat,
    );
    expect(symbols.get('ETHUSDT')?.quantityFormat).toEqual(
      DEFAULT_SYMBOL_CATALOGUE.ETHUSDT.quantityFormat,
    );
  });

  it('reads any trading pair, with its own precision and quote asset', () => {
    const symbols = bySymbol({
      symbols: [
        {
          symbol: 'PEPEUSDT',
          status: 'TRADING',
          baseAsset: 'PEPE',
          quoteAsset: 'USDT',
          filters: [
            { filterType: 'PRICE_FILTER', tickSize: '0.00000001' },
            { filterType: 'LOT_SIZE', stepSize: '1.00000000' },
          ],
        },
        {
          symbol: 'ETHBTC',
          status: 'TRADING',
          baseAsset: 'ETH',
          quoteAsset: 'BTC',
          filters: [
            { filterType: 'PRICE_FILTER', tickSize: '0.00001000' },
            { filterType: 'LOT_SIZE', stepSize: '0.00010000' },
          ],
        },
      ],
    });
    expect(symbols.get('PEPEUSDT')?.priceFormat.precision).toBe(8);
    expect(symbols.get('ETHBTC')).toMatchObject({
      quoteAsset: 'BTC',
      priceFormat: { precision: 5 },
      quantityFormat: { precision: 4 },
    });
  });

  it('leaves out pairs not trading, pairs without formats, and entries that are no pair', () => {
    const filters = [
      { filterType: 'PRICE_FILTER', tickSize: '0.01000000' },
      { filterType: 'LOT_SIZE', stepSize: '0.01000000' },
    ];
    const symbols = bySymbol({
      symbols: [
        ...['BREAK', 'HALT', 'CANCEL_ONLY', 'END_OF_DAY'].map((status, index) => ({
          symbol: `COIN${index}USDT`,
          status,
          baseAsset: `COIN${index}`,
          quoteAsset: 'USDT',
          filters,
        })),
        { symbol: 'NOFILTERUSDT', status: 'TRADING', baseAsset: 'NOFILTER', quoteAsset: 'USDT' },
        { symbol: 'bad-pair', status: 'TRADING', baseAsset: 'X', quoteAsset: 'Y', filters },
        null,
        'BTCUSDT',
        { symbol: 'SOLUSDT', status: 'TRADING', baseAsset: 'SOL', quoteAsset: 'USDT', filters },
      ],
    });
    expect([...symbols.keys()]).toEqual(['SOLUSDT']);
  });

  it('lists every readable entry of the answer (a non-default pair without filters is not)', () => {
    expect([...bySymbol(BODY).keys()].sort()).toEqual(['BTCUSDT', 'DOGEUSDT', 'ETHUSDT']);
  });

  it('refuses an answer without a symbols array', () => {
    expect(() => parseExchangeSymbols({ code: -1121, msg: 'Invalid symbol.' })).toThrow(
      /must carry a symbols array/,
    );
  });
});
