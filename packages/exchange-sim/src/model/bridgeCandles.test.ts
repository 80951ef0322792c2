import { describe, expect, it } from '@jest/globals';
import { bridgeCandles, splitInteger } from './bridgeCandles';
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

function split(total: number, weights: number[], caps?: number[]): number[] {
  const out = new Float64Array(weights.length);
  splitInteger(total, weights, out, caps);
  return [...out];
}

describe('splitInteger', () => {
  it('sums exactly to the total with integer parts', () => {
    const parts = split(1_000_003, [0.3, 1.7, 2.2, 0.01, 5]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1_000_003);
    expect(parts.every(Number.isInteger)).toBe(true);
  });

  it('splits in proportion to the weights', () => {
    expect(split(100, [1, 3])).toEqual([25, 75]);
  });

  it('splits evenly when no weight is positive', () => {
    expect(split(9, [0, 0, 0])).toEqual([3, 3, 3]);
  });

  it('never exceeds a cap and still sums to the total', () => {
    const parts = split(10, [10, 1, 1], [4, 5, 5]);
    expect(parts[0]).toBeLessThanOrEqual(4);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(10);
  });

  it('refuses caps that cannot hold the total', () => {
    expect(() => split(10, [1, 1], [2, 2])).toThrow(RangeError);
  });

  it('gives zeros for a zero total', () => {
    expect(split(0, [1, 2])).toEqual([0, 0]);
  });
});
