import { describe, expect, it } from '@jest/globals';
import { candle } from '../test-support/candles';
import { LatestCandles } from './LatestCandles';

describe('LatestCandles', () => {
  it('keeps only the last candle of each open time', () => {
    const buffer = new LatestCandles(10);
    buffer.set(candle(60, 1));
    buffer.set(candle(60, 2));
    expect(buffer.values()).toEqual([candle(60, 2)]);
  });

  it('gives the candles oldest first whatever the arrival order', () => {
    const buffer = new LatestCandles(10);
    buffer.set(candle(180, 3));
    buffer.set(candle(60, 1));
    buffer.set(candle(120, 2));
    expect(buffer.values().map((c) => c.time)).toEqual([60, 120, 180]);
  });

  it('drops the oldest open time once more than the capacity arrived', () => {
    const buffer = new LatestCandles(3);
    for (let i = 1; i <= 5; i += 1) buffer.set(candle(i * 60, i));
    expect(buffer.size).toBe(3);
    expect(buffer.values().map((c) => c.time)).toEqual([180, 240, 300]);
  });

  it('drops a late candle older than everything it holds when full', () => {
    const buffer = new LatestCandles(2);
    buffer.set(candle(120, 2));
    buffer.set(candle(180, 3));
    buffer.set(candle(60, 1));
    expect(buffer.values().map((c) => c.time)).toEqual([120, 180]);
  });

  it('updates a held time when full without dropping anything', () => {
    const buffer = new LatestCandles(2);
    buffer.set(candle(60, 1));
    buffer.set(candle(120, 2));
    buffer.set(candle(60, 9));
    expect(buffer.values()).toEqual([candle(60, 9), candle(120, 2)]);
  });

  it('forgets everything when cleared', () => {
    const buffer = new LatestCandles(2);
    buffer.set(candle(60, 1));
    buffer.clear();
    expect(buffer.size).toBe(0);
    expect(buffer.values()).toEqual([]);
  });

  it('rejects a capacity below one', () => {
    expect(() => new LatestCandles(0)).toThrow('at least 1, got 0');
  });
});
