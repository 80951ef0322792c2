import { describe, expect, it } from '@jest/globals';
import { type Candle, type SymbolId } from '@pairwatch/domain';
import { LAST_CANDLES_KEY, readLastCandles, writeLastCandles } from './lastCandles';

const candle = { time: 1_700_000_040, open: 1, high: 2, low: 0.5, close: 1.5 } as Candle;

describe('last candles', () => {
  it('keeps the latest candle of each symbol for the next start', () => {
    writeLastCandles(localStorage, new Map<SymbolId, Candle>([['BTCUSDT', candle]]));
    expect(readLastCandles(localStorage)).toEqual(new Map([['BTCUSDT', candle]]));
  });

  it('reads nothing from no storage, unreadable text, malformed symbols or malformed candles', () => {
    expect(readLastCandles(undefined)).toEqual(new Map());
    localStorage.setItem(LAST_CANDLES_KEY, '{not json');
    expect(readLastCandles(localStorage)).toEqual(new Map());
    localStorage.setItem(
      LAST_CANDLES_KEY,
      JSON.stringify({ 'nope-usdt': candle, ETHUSDT: { ...candle, close: 'x' }, BTCUSDT: candle }),
    );
    expect(readLastCandles(localStorage)).toEqual(new Map([['BTCUSDT', candle]]));
  });
});
