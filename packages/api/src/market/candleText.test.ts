import { describe, expect, it } from '@jest/globals';
import { type Candle, type UnixSeconds } from '@pairwatch/domain';
import fc from 'fast-check';
import { candleText } from './candleText';
import { candleArbitrary } from '../test-support/candleArbitrary';

describe('candleText', () => {
  it('writes the same text as JSON.stringify, for any candle', () => {
    fc.assert(
      fc.property(candleArbitrary, (candle: Candle) => {
        expect(candleText(candle)).toBe(JSON.stringify(candle));
      }),
      { numRuns: 500 },
    );
  });

  it('writes a replaced candle anew', () => {
    const forming: Candle = {
      time: 120 as UnixSeconds,
      open: 1.5,
      high: 1.5,
      low: 1.5,
      close: 1.5,
    };
    expect(candleText(forming)).toBe('{"time":120,"open":1.5,"high":1.5,"low":1.5,"close":1.5}');

    const moved: Candle = { ...forming, high: 1.75, close: 1.75, volume: 3 };
    expect(candleText(moved)).toBe(
      '{"time":120,"open":1.5,"high":1.75,"low":1.5,"close":1.75,"volume":3}',
    );
  });
});
