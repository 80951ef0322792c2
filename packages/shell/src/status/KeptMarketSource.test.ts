import { beforeEach, describe, expect, it } from '@jest/globals';
import { KEPT_MARKET_SOURCE_KEY, KeptMarketSource } from './KeptMarketSource';

describe('KeptMarketSource', () => {
  // jsdom's localStorage, emptied for each test.
  const storage = window.localStorage;
  beforeEach(() => storage.clear());

  it('keeps the source last seen, and since when it has been that one', () => {
    let now = 1_000;
    const kept = new KeptMarketSource(
      () => storage,
      () => now,
    );
    expect(kept.read()).toBeUndefined();
    kept.keep('simulator');
    expect(kept.read()).toEqual({ source: 'simulator', since: 1_000 });
    now = 5_000;
    kept.keep('simulator'); // the same source again: since stays
    expect(kept.read()).toEqual({ source: 'simulator', since: 1_000 });
    now = 9_000;
    kept.keep('binance'); // another source: candles kept before were not seen under it
    expect(kept.read()).toEqual({ source: 'binance', since: 9_000 });
  });

  it('reads nothing from a corrupt or foreign value, and survives a storage that throws', () => {
    const kept = new KeptMarketSource(() => storage);
    for (const raw of ['{', 'null', '{"source":"nyse","since":1}', '{"source":"binance"}']) {
      storage.setItem(KEPT_MARKET_SOURCE_KEY, raw);
      expect(kept.read()).toBeUndefined();
    }
    const blocked = new KeptMarketSource(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(blocked.read()).toBeUndefined();
    expect(() => blocked.keep('simulator')).not.toThrow();
  });
});
