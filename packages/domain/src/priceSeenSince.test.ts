import { describe, expect, it } from '@jest/globals';
import { type Candle, priceSeenSince, type UnixSeconds } from './index';

function candle(time: number, low: number, high: number, close: number): Candle {
  return { time: time as UnixSeconds, open: close, high, low, close };
}

const baseline = candle(120, 90, 110, 100);

describe('priceSeenSince', () => {
  it('does not count a candle older than the baseline', () => {
    expect(priceSeenSince(baseline, candle(60, 50, 150, 100), 'up')).toBeUndefined();
    expect(priceSeenSince(baseline, candle(60, 50, 150, 100), 'down')).toBeUndefined();
  });

  it('counts the whole range of a later candle: the high going up, the low going down', () => {
    expect(priceSeenSince(baseline, candle(180, 95, 105, 100), 'up')).toBe(105);
    expect(priceSeenSince(baseline, candle(180, 95, 105, 100), 'down')).toBe(95);
  });

  it('counts only the close of the baseline candle while its high and low stay as they were', () => {
    expect(priceSeenSince(baseline, baseline, 'up')).toBe(100);
    expect(priceSeenSince(baseline, baseline, 'down')).toBe(100);
    expect(priceSeenSince(baseline, candle(120, 90, 110, 104), 'up')).toBe(104);
  });

  it('counts a new high or low of the baseline candle beyond the one it had', () => {
    expect(priceSeenSince(baseline, candle(120, 90, 112, 104), 'up')).toBe(112);
    expect(priceSeenSince(baseline, candle(120, 88, 110, 96), 'down')).toBe(88);
    // A new extreme on the other side does not count for this direction.
    expect(priceSeenSince(baseline, candle(120, 88, 110, 96), 'up')).toBe(96);
  });
});
