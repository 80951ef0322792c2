import { describe, expect, it } from '@jest/globals';
import { type Candle, type UnixSeconds } from '@pairwatch/domain';
import { CANDLE_BYTES, CandleCache } from './CandleCache';

const MINUTE = 60;
/** 2024-01-01T00:00:00Z, a minute boundary. */
const T0 = 1_704_067_200;

function candle(index: number, close = 100 + index): Candle {
  return {
    time: (T0 + index * MINUTE) as UnixSeconds,
    open: close,
    high: close + 1,
    low: close - 1,
    close,
    volume: 1,
  };
}

function range(from: number, to: number): Candle[] {
  return Array.from({ length: to - from + 1 }, (_, offset) => candle(from + offset));
}

/** The ms clock when candle `index` has been forming for 30 s. */
function during(index: number): number {
  return (T0 + index * MINUTE + 30) * 1000;
}

function times(candles: readonly Candle[] | undefined): number[] | undefined {
  return candles?.map((c) => (c.time - T0) / MINUTE);
}

describe('CandleCache', () => {
  it('answers the latest candles from a fresh answer that reached the present', () => {
    const cache = new CandleCache({ interval: 'OneMinute', headTtlMs: 1000 });
    cache.store(range(0, 99), { from: T0, to: 'present' }, during(99));
    expect(times(cache.find({ limit: 3 }, during(99) + 500))).toEqual([97, 98, 99]);
  });

  it('stops answering the latest candles once the head is stale and not live', () => {
    const cache = new CandleCache({ interval: 'OneMinute', headTtlMs: 1000 });
    cache.store(range(0, 99), { from: T0, to: 'present' }, during(99));
    expect(cache.find({ limit: 3 }, during(99) + 1500)).toBeUndefined();
  });

  it('keeps answering closed history after the head went stale', () => {
    const cache = new CandleCache({ interval: 'OneMinute', headTtlMs: 1000 });
    cache.store(range(0, 99), { from: T0, to: 'present' }, during(99));
    const answer = cache.find(
      { limit: 5, endTime: (T0 + 50 * MINUTE) as UnixSeconds },
      during(200),
    );
    expect(times(answer)).toEqual([46, 47, 48, 49, 50]);
  });

  it('never serves the candle that was forming when it was fetched as final', () => {
    const cache = new CandleCache({ interval: 'OneMinute', headTtlMs: 1000 });
    cache.store(range(0, 99), { from: T0, to: 'present' }, during(99));
    expect(
      cache.find({ limit: 2, endTime: (T0 + 99 * MINUTE) as UnixSeconds }, during(150)),
    ).toBeUndefined();
    expect(
      times(cache.find({ limit: 2, endTime: (T0 + 98 * MINUTE) as UnixSeconds }, during(150))),
    ).toEqual([97, 98]);
  });

  it('refuses a window that reaches before the complete span', () => {
    const cache = new CandleCache({ interval: 'OneMinute' });
    cache.store(range(50, 99), { from: T0 + 50 * MINUTE, to: T0 + 99 * MINUTE }, during(500));
    expect(
      cache.find({ limit: 10, endTime: (T0 + 55 * MINUTE) as UnixSeconds }, during(500)),
    ).toBeUndefined();
    expect(
      times(cache.find({ limit: 6, endTime: (T0 + 55 * MINUTE) as UnixSeconds }, during(500))),
    ).toEqual([50, 51, 52, 53, 54, 55]);
  });

  it('answers short when the span starts at the beginning of history', () => {
    const cache = new CandleCache({ interval: 'OneMinute' });
    cache.store(range(0, 9), { from: -Infinity, to: T0 + 9 * MINUTE }, during(500));
    expect(
      times(cache.find({ limit: 500, endTime: (T0 + 3 * MINUTE) as UnixSeconds }, during(500))),
    ).toEqual([0, 1, 2, 3]);
  });

  it('joins adjacent spans so paging backwards stays answerable across pages', () => {
    const cache = new CandleCache({ interval: 'OneMinute' });
    cache.store(range(100, 199), { from: T0 + 100 * MINUTE, to: T0 + 199 * MINUTE }, during(500));
    cache.store(range(0, 99), { from: T0, to: T0 + 99 * MINUTE }, during(500));
    expect(
      times(cache.find({ limit: 4, endTime: (T0 + 101 * MINUTE) as UnixSeconds }, during(500))),
    ).toEqual([98, 99, 100, 101]);
  });

  it('does not join spans with a hole between them (a control case)', () => {
    const cache = new CandleCache({ interval: 'OneMinute' });
    cache.store(range(100, 199), { from: T0 + 100 * MINUTE, to: T0 + 199 * MINUTE }, during(500));
    cache.store(range(0, 98), { from: T0, to: T0 + 98 * MINUTE }, during(500));
    expect(
      cache.find({ limit: 4, endTime: (T0 + 101 * MINUTE) as UnixSeconds }, during(500)),
    ).toBeUndefined();
  });

  it('answers startTime questions forwards and up to the present when live', () => {
    const cache = new CandleCache({ interval: 'OneMinute' });
    cache.store(range(0, 99), { from: T0, to: 'present' }, during(99));
    cache.goLive();
    cache.applyLive(candle(99, 500));
    cache.applyLive(candle(100, 600));
    const answer = cache.find(
      { limit: 500, startTime: (T0 + 97 * MINUTE) as UnixSeconds },
      during(100) + 60_000,
    );
    expect(times(answer)).toEqual([97, 98, 99, 100]);
    expect(answer?.map((c) => c.close)).toEqual([197, 198, 500, 600]);
  });

  it('keeps the head current from the live stream and marks rolled-over candles final', () => {
    const cache = new CandleCache({ interval: 'OneMinute', headTtlMs: 1000 });
    cache.store(range(0, 99), { from: T0, to: 'present' }, during(99));
    cache.goLive();
    cache.applyLive(candle(100, 1000));
    expect(times(cache.find({ limit: 2 }, during(100) + 10_000))).toEqual([99, 100]);
    cache.stopLive();
    expect(cache.find({ limit: 2 }, during(100) + 10_000)).toBeUndefined();
    expect(
      times(
        cache.find({ limit: 2, endTime: (T0 + 99 * MINUTE) as UnixSeconds }, during(100) + 10_000),
      ),
    ).toEqual([98, 99]);
    expect(cache.latest()?.close).toBe(1000);
  });

  it('prefers the live forming candle over an answer that was in flight', () => {
    const cache = new CandleCache({ interval: 'OneMinute' });
    cache.store(range(0, 99), { from: T0, to: 'present' }, during(99));
    cache.goLive();
    cache.applyLive(candle(99, 777));
    cache.store([candle(98), candle(99, 5)], { from: T0 + 98 * MINUTE, to: 'present' }, during(99));
    expect(cache.latest()?.close).toBe(777);
  });

  it('starts the head at the next live candle after a backfill that gave up', () => {
    const cache = new CandleCache({ interval: 'OneMinute' });
    cache.store(range(0, 9), { from: T0, to: T0 + 9 * MINUTE }, during(500));
    cache.goLive(T0 + 300 * MINUTE);
    cache.applyLive(candle(300));
    cache.applyLive(candle(301));
    expect(times(cache.find({ limit: 2 }, during(301)))).toEqual([300, 301]);
    expect(cache.find({ limit: 3 }, during(301))).toBeUndefined();
  });

  it('evicts the oldest candles beyond its bound', () => {
    const cache = new CandleCache({ interval: 'OneMinute', maxCandles: 100 });
    cache.store(range(0, 149), { from: T0, to: T0 + 149 * MINUTE }, during(500));
    expect(cache.size).toBeLessThanOrEqual(100);
    expect(
      cache.find({ limit: 1, endTime: (T0 + 10 * MINUTE) as UnixSeconds }, during(500)),
    ).toBeUndefined();
    expect(
      times(cache.find({ limit: 1, endTime: (T0 + 149 * MINUTE) as UnixSeconds }, during(500))),
    ).toEqual([149]);
  });

  it('estimates its bytes from the candles it holds, down again after its own eviction', () => {
    const cache = new CandleCache({ interval: 'OneMinute', maxCandles: 1_000 });
    const empty = cache.estimatedBytes;
    cache.store(range(0, 499), { from: T0, to: 'present' }, during(499));
    expect(cache.estimatedBytes - empty).toBeGreaterThanOrEqual(500 * CANDLE_BYTES);
    expect(cache.estimatedBytes - empty).toBeLessThan(501 * CANDLE_BYTES);
    cache.store(range(500, 1_099), { from: T0 + 500 * MINUTE, to: 'present' }, during(1_099));
    expect(cache.size).toBe(800);
    expect(cache.estimatedBytes - empty).toBeLessThan(801 * CANDLE_BYTES);
  });
});
