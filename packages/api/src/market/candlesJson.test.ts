import { describe, expect, it } from '@jest/globals';
import { type Candle, type UnixSeconds } from '@pairwatch/domain';
import fc from 'fast-check';
import { candlesJson } from './candlesJson';

const candle = fc.record(
  {
    time: fc.integer({ min: 0, max: 4_102_444_800 }).map((time) => time as UnixSeconds),
    open: fc.double(),
    high: fc.double(),
    low: fc.double(),
    close: fc.double(),
    volume: fc.double(),
  },
  { requiredKeys: ['time', 'open', 'high', 'low', 'close'] },
);

describe('candlesJson', () => {
  it('writes the same text as JSON.stringify, for any candles', () => {
    fc.assert(
      fc.property(fc.array(candle, { maxLength: 50 }), (candles: Candle[]) => {
        expect(candlesJson(candles)).toBe(JSON.stringify(candles));
      }),
      { numRuns: 500 },
    );
  });

  it('writes a replaced candle anew and keeps the others', () => {
    const first: Candle = { time: 60 as UnixSeconds, open: 1, high: 2, low: 0.5, close: 1.5 };
    const forming: Candle = {
      time: 120 as UnixSeconds,
      open: 1.5,
      high: 1.5,
      low: 1.5,
      close: 1.5,
    };
    expect(candlesJson([first, forming])).toBe(JSON.stringify([first, forming]));

    const moved: Candle = { ...forming, high: 1.75, close: 1.75, volume: 3 };
    expect(candlesJson([first, moved])).toBe(JSON.stringify([first, moved]));
    expect(candlesJson([first])).toBe('[{"time":60,"open":1,"high":2,"low":0.5,"close":1.5}]');
  });
});
