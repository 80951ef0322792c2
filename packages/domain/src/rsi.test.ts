import { describe, expect, it } from '@jest/globals';
import { type Candle } from './candles';
import { RsiCalculator, computeRsiCandles, hasRsiValue, rsiFromAverages } from './rsi';
import { type UnixSeconds } from './time';

// The StockCharts "RSI" article's example closes. Their table rounds intermediate averages and
// shows 70.53 first; exact Wilder smoothing (TA-Lib) gives the values below.
const STOCKCHARTS_CLOSES = [
  44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28,
  46.28, 46.0, 46.03, 46.41, 46.22, 45.64, 46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18,
  44.22, 44.57, 43.42, 42.66, 43.13,
];
const EXACT_RSI_FROM_INDEX_14 = [
  70.46, 66.25, 66.48, 69.35, 66.29, 57.92, 62.88, 63.21, 56.01, 62.34, 54.67, 50.39, 40.02, 41.49,
  41.9, 45.5, 37.32, 33.09, 37.79,
];

function candle(time: number, close: number, open = close, high = close, low = close): Candle {
  return { time: time as UnixSeconds, open, high, low, close };
}

/** A small seeded PRNG (mulberry32) so property runs are reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomCandle(next: () => number, time: number, previousClose: number): Candle {
  const open = previousClose * (1 + (next() - 0.5) * 0.01);
  const close = open * (1 + (next() - 0.5) * 0.02);
  const high = Math.max(open, close) * (1 + next() * 0.01);
  const low = Math.min(open, close) * (1 - next() * 0.01);
  return candle(time, close, open, high, low);
}

describe('computeRsiCandles', () => {
  it('matches exact Wilder RSI on the StockCharts reference series', () => {
    const result = computeRsiCandles(STOCKCHARTS_CLOSES.map((close, i) => candle(i * 60, close)));
    const closes = result.slice(14).map((bar) => (hasRsiValue(bar) ? bar.close : Number.NaN));
    expect(closes.map((value) => Number(value.toFixed(2)))).toEqual(EXACT_RSI_FROM_INDEX_14);
  });

  it('gives warm-up bars only a time, and one entry per candle', () => {
    const candles = STOCKCHARTS_CLOSES.map((close, i) => candle(i * 60, close));
    const result = computeRsiCandles(candles);
    expect(result).toHaveLength(candles.length);
    result.slice(0, 14).forEach((bar, i) => expect(bar).toEqual({ time: i * 60 }));
    expect(hasRsiValue(result[14]!)).toBe(true);
  });

  it('computes open, high and low against the previous close from the previous averages', () => {
    const closes = STOCKCHARTS_CLOSES.slice(0, 15);
    const candles = closes.map((close, i) =>
      i === 14 ? candle(i, close, 46.0, 46.5, 45.9) : candle(i, close),
    );
    const bar = computeRsiCandles(candles)[14]!;
    // Each of o/h/l equals the close-RSI of the same bar had it closed at that price.
    for (const [field, price] of [
      ['open', 46.0],
      ['high', 46.5],
      ['low', 45.9],
    ] as const) {
      const asClose = computeRsiCandles([...candles.slice(0, 14), candle(14, price)])[14]!;
      expect(hasRsiValue(bar) && hasRsiValue(asClose)).toBe(true);
      if (hasRsiValue(bar) && hasRsiValue(asClose)) expect(bar[field]).toBe(asClose.close);
    }
    if (hasRsiValue(bar)) {
      expect(bar.high).toBeGreaterThanOrEqual(bar.close);
      expect(bar.low).toBeLessThanOrEqual(bar.open);
    }
  });

  it('treats a zero average loss as a ratio of 100, as the spec says', () => {
    const rising = Array.from({ length: 20 }, (_, i) => candle(i, 100 + i));
    const last = computeRsiCandles(rising).at(-1)!;
    expect(hasRsiValue(last) && last.close).toBeCloseTo(100 - 100 / 101, 10);
    expect(rsiFromAverages(1, 0)).toBeCloseTo(99.0099, 4);
  });

  it('honours another lookback', () => {
    const result = computeRsiCandles(
      STOCKCHARTS_CLOSES.map((close, i) => candle(i, close)),
      5,
    );
    expect(result.findIndex(hasRsiValue)).toBe(5);
  });
});

describe('RsiCalculator', () => {
  it('equals a full recomputation for random series with the forming bar replaced many times', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const next = random(seed);
      const calculator = new RsiCalculator();
      const final: Candle[] = [];
      const incremental = [];
      let close = 100;
      const bars = 20 + Math.floor(next() * 60);
      for (let i = 0; i < bars; i += 1) {
        const replacements = Math.floor(next() * 5);
        let bar = randomCandle(next, i * 60, close);
        let rsi = calculator.update(bar);
        for (let r = 0; r < replacements; r += 1) {
          bar = randomCandle(next, i * 60, close);
          rsi = calculator.update(bar);
        }
        incremental.push(rsi);
        final.push(bar);
        close = bar.close;
      }
      expect(incremental).toEqual(computeRsiCandles(final));
      const last = incremental.at(-1)!;
      expect(calculator.latest).toBe(hasRsiValue(last) ? last.close : undefined);
    }
  });

  it('has no latest value during warm-up', () => {
    const calculator = new RsiCalculator();
    STOCKCHARTS_CLOSES.slice(0, 14).forEach((close, i) => calculator.update(candle(i, close)));
    expect(calculator.latest).toBeUndefined();
    calculator.update(candle(14, STOCKCHARTS_CLOSES[14]!));
    expect(calculator.latest).toBeCloseTo(70.46, 2);
  });

  it('rejects an update older than the last bar and keeps its state', () => {
    const calculator = new RsiCalculator();
    calculator.update(candle(120, 1));
    expect(() => calculator.update(candle(60, 2))).toThrow(/before the last bar 120/);
    expect(calculator.length).toBe(1);
  });

  it('rejects a lookback that is not a positive integer', () => {
    expect(() => new RsiCalculator(0)).toThrow(RangeError);
    expect(() => new RsiCalculator(2.5)).toThrow(RangeError);
  });
});
