import { describe, expect, it } from '@jest/globals';
import { parseCandles } from './candles';

describe('parseCandles', () => {
  it("copies the api's candles, with a volume where there is one", () => {
    expect(
      parseCandles([
        { time: 60, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10, extra: 'x' },
        { time: 120, open: 1.5, high: 2, low: 1, close: 2 },
      ]),
    ).toEqual([
      { time: 60, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 },
      { time: 120, open: 1.5, high: 2, low: 1, close: 2 },
    ]);
  });

  it('names the first bad candle and value', () => {
    expect(() => parseCandles({})).toThrow('Expected an array of candles, got object');
    expect(() => parseCandles([{ time: 60, open: 1, high: 2, low: 0.5, close: 1 }, null])).toThrow(
      'Malformed candle 1: null',
    );
    expect(() => parseCandles([{ time: 60, open: 1, high: 'x', low: 0.5, close: 1 }])).toThrow(
      `Malformed candle 0: 'high' is "x"`,
    );
    expect(() => parseCandles([{ time: 60, open: 1, high: 2, low: 0.5, close: Infinity }])).toThrow(
      `Malformed candle 0: 'close' is null`,
    );
  });
});
