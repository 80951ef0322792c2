import { describe, expect, it } from '@jest/globals';
import { autoscaleWithLines } from './autoscaleWithLines';

describe('autoscaleWithLines', () => {
  const candles = { minValue: 100, maxValue: 110 };

  it('widens the candles’ range to the alert lines near it', () => {
    expect(autoscaleWithLines(candles, [115, 95])).toEqual({ minValue: 95, maxValue: 115 });
  });

  it('keeps a far-away line out, so the candles are not squashed', () => {
    expect(autoscaleWithLines(candles, [50, 200, 121])).toEqual(candles);
    expect(autoscaleWithLines(candles, [120, 90])).toEqual({ minValue: 90, maxValue: 120 });
  });

  it('leaves the range alone without lines or without candles', () => {
    expect(autoscaleWithLines(candles, [])).toBe(candles);
    expect(autoscaleWithLines(null, [105])).toBeNull();
  });

  it('still takes in a near line when all candles share one price', () => {
    expect(autoscaleWithLines({ minValue: 1, maxValue: 1 }, [1.00005, 2])).toEqual({
      minValue: 1,
      maxValue: 1.00005,
    });
  });
});
