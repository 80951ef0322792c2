import { describe, expect, it } from '@jest/globals';
import { type UnixSeconds } from '@pairwatch/domain';
import { candle } from '../test-support/candles';
import { LocalTimeAdapter } from './LocalTimeAdapter';

const T = 1_700_000_040 as UnixSeconds;

describe('LocalTimeAdapter', () => {
  it('shifts intraday times by the local offset so the axis shows wall time', () => {
    const adapter = new LocalTimeAdapter('OneMinute', 120);
    expect(adapter.toChart(T)).toBe(T + 7200);
  });

  it('unshifts chart times back to UTC exactly', () => {
    const adapter = new LocalTimeAdapter('OneHour', -300);
    expect(adapter.toUtc(adapter.toChart(T))).toBe(T);
  });

  it('leaves day, week and month bars on their UTC dates', () => {
    for (const interval of ['OneDay', 'OneWeek', 'OneMonth'] as const) {
      expect(new LocalTimeAdapter(interval, 540).toChart(T)).toBe(T);
    }
  });

  it('maps a candle to a chart bar with the shifted time', () => {
    expect(new LocalTimeAdapter('FiveMinutes', 60).candleToChart(candle(T, 10))).toEqual({
      time: T + 3600,
      open: 9.5,
      high: 11,
      low: 9,
      close: 10,
    });
  });

  it('keeps warm-up RSI bars as whitespace', () => {
    const adapter = new LocalTimeAdapter('OneMinute', 0);
    expect(adapter.rsiToChart({ time: T })).toEqual({ time: T });
    expect(adapter.rsiToChart({ time: T, open: 1, high: 2, low: 0.5, close: 1.5 })).toEqual({
      time: T,
      open: 1,
      high: 2,
      low: 0.5,
      close: 1.5,
    });
  });
});
