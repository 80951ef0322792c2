import { describe, expect, it } from '@jest/globals';
import { type Interval, type SymbolId } from '@pairwatch/domain';
import { candle, minuteCandles } from '../test-support/candles';
import { MemoryStorage } from '../test-support/MemoryStorage';
import { LAST_CANDLES_KEY, LastCandlesStore } from './LastCandlesStore';

const BTC = 'BTCUSDT' as SymbolId;
const ETH = 'ETHUSDT' as SymbolId;
const DOGE = 'DOGEUSDT' as SymbolId;
const M1: Interval = 'OneMinute';
const H1: Interval = 'OneHour';

describe('LastCandlesStore', () => {
  it('gives back the candles kept of a pair, with when they were seen', () => {
    const store = new LastCandlesStore(new MemoryStorage());
    const candles = [candle(60, 100), { ...candle(120, 101), volume: 3.5 }];
    store.keep(BTC, M1, candles, 1_000);
    expect(store.read(BTC, M1)).toEqual({ candles, seenAt: 1_000 });
    expect(store.read(BTC, H1)).toBeUndefined();
    expect(store.read(ETH, M1)).toBeUndefined();
  });

  it('keeps only the latest maxBars of a pair', () => {
    const store = new LastCandlesStore(new MemoryStorage(), { maxPairs: 2, maxBars: 500 });
    const candles = minuteCandles(0, 700);
    store.keep(BTC, M1, candles, 1);
    expect(store.read(BTC, M1)?.candles).toEqual(candles.slice(-500));
  });

  it('evicts the pair seen longest ago beyond maxPairs, its candles too', () => {
    const storage = new MemoryStorage();
    const store = new LastCandlesStore(storage, { maxPairs: 2, maxBars: 10 });
    store.keep(BTC, M1, minuteCandles(0, 3), 1);
    store.keep(ETH, M1, minuteCandles(0, 3), 2);
    store.keep(BTC, M1, minuteCandles(0, 4), 3); // seen again: now the most recent
    store.keep(DOGE, H1, minuteCandles(0, 3), 4);
    expect(store.read(ETH, M1)).toBeUndefined();
    expect(storage.getItem(`${LAST_CANDLES_KEY}:ETHUSDT:OneMinute`)).toBeNull();
    expect(store.read(BTC, M1)?.candles).toHaveLength(4);
    expect(store.read(DOGE, H1)?.seenAt).toBe(4);
    expect(storage.length).toBe(3); // the index and two pairs
  });

  it('ignores what it cannot read', () => {
    const storage = new MemoryStorage();
    const store = new LastCandlesStore(storage);
    storage.setItem(LAST_CANDLES_KEY, '{not json');
    expect(store.read(BTC, M1)).toBeUndefined();
    storage.setItem(
      LAST_CANDLES_KEY,
      JSON.stringify([{ symbol: 'BTCUSDT', interval: 'OneMinute', seenAt: 5 }]),
    );
    storage.setItem(`${LAST_CANDLES_KEY}:BTCUSDT:OneMinute`, JSON.stringify([[60, 1, 2, 'x', 1]]));
    expect(store.read(BTC, M1)).toBeUndefined();
    expect(new LastCandlesStore(undefined).read(BTC, M1)).toBeUndefined();
  });

  it('survives a full storage, keeping its index true to what is stored', () => {
    const storage = new MemoryStorage();
    const store = new LastCandlesStore(storage);
    store.keep(ETH, M1, minuteCandles(0, 3), 1);
    const setItem = storage.setItem.bind(storage);
    storage.setItem = (key: string, value: string) => {
      if (key.endsWith('BTCUSDT:OneMinute')) throw new DOMException('full', 'QuotaExceededError');
      setItem(key, value);
    };
    expect(() => store.keep(BTC, M1, minuteCandles(0, 3), 2)).not.toThrow();
    expect(store.read(BTC, M1)).toBeUndefined();
    expect(store.read(ETH, M1)?.seenAt).toBe(1);
  });
});
