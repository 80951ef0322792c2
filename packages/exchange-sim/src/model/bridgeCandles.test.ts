import { describe, expect, it } from '@jest/globals';
import { bridgeCandles } from './bridgeCandles';
import { type Ohlcv } from './Ohlcv';
import { OhlcvBuilder } from './OhlcvBuilder';
import { SeededRandom } from './SeededRandom';

const parent: Ohlcv = {
  open: 9_000_000,
  high: 9_120_000,
  low: 8_930_000,
  close: 9_050_000,
  volume: 2_500_000_000,
  quoteVolume: 22_500_000_000_000,
  trades: 250_000,
  takerBuyVolume: 1_200_000_000,
  takerBuyQuoteVolume: 10_800_000_000_000,
};

describe('bridgeCandles', () => {
  it.each([4, 15, 24, 60])(
    'splits a candle into %i children that aggregate to it exactly',
    (count) => {
      for (let seed = 0; seed < 50; seed += 1) {
        const block = bridgeCandles(parent, count, new SeededRandom(seed));
        const builder = new OhlcvBuilder();
        for (let i = 0; i < count; i += 1) builder.addFromBlock(block, i);
        expect(builder.build()).toEqual(parent);
      }
    },
  );

  it('chains children: each opens at the previous close and stays within its own high and low', () => {
    const block = bridgeCandles(parent, 60, new SeededRandom(3));
    for (let i = 0; i < 60; i += 1) {
      const child = block.candle(i);
      if (i > 0) expect(child.open).toBe(block.candle(i - 1).close);
      expect(child.low).toBeLessThanOrEqual(Math.min(child.open, child.close));
      expect(child.high).toBeGreaterThanOrEqual(Math.max(child.open, child.close));
      expect(child.takerBuyVolume).toBeLessThanOrEqual(child.volume);
      expect(child.takerBuyQuoteVolume).toBeLessThanOrEqual(child.quoteVolume);
      expect(child.trades).toBeGreaterThanOrEqual(1);
    }
  });

  it('counts the trades before each child', () => {
    const block = bridgeCandles(parent, 24, new SeededRandom(5));
    expect(block.get('tradesBefore', 0)).toBe(0);
    expect(block.get('tradesBefore', 1)).toBe(block.get('trades', 0));
    expect(block.get('tradesBefore', 24)).toBe(parent.trades);
  });

  it('keeps a flat candle flat', () => {
    const flat: Ohlcv = { ...parent, open: 10_000, high: 10_000, low: 10_000, close: 10_000 };
    const block = bridgeCandles(flat, 15, new SeededRandom(1));
    for (let i = 0; i < 15; i += 1) {
      expect([block.get('open', i), block.get('high', i), block.get('low', i)]).toEqual([
        10_000, 10_000, 10_000,
      ]);
    }
  });

  it('is deterministic for a given random seed', () => {
    const a = bridgeCandles(parent, 60, new SeededRandom(11));
    const b = bridgeCandles(parent, 60, new SeededRandom(11));
    expect(a.candle(17)).toEqual(b.candle(17));
  });

  it('refuses too few children', () => {
    expect(() => bridgeCandles(parent, 2, new SeededRandom(1))).toThrow(RangeError);
  });
});
