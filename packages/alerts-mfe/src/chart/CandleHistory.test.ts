import { describe, expect, it } from '@jest/globals';
import { computeRsiCandles, hasRsiValue } from '@pairwatch/domain';
import { candle, minuteCandles } from '../test-support/candles';
import { CandleHistory } from './CandleHistory';

const T0 = 1_700_000_040; // a minute boundary

describe('CandleHistory', () => {
  it('loads a page sorted by time with one bar per time', () => {
    const history = new CandleHistory();
    history.load([candle(T0 + 120, 3), candle(T0, 1), candle(T0 + 60, 2), candle(T0 + 60, 2.5)]);
    expect(history.candles.map((c) => [c.time, c.close])).toEqual([
      [T0, 1],
      [T0 + 60, 2.5],
      [T0 + 120, 3],
    ]);
    expect(history.rsi).toHaveLength(3);
  });

  it('replaces the last bar when a live candle has the same time', () => {
    const history = new CandleHistory();
    history.load(minuteCandles(T0, 30));
    const last = history.latest!;
    const change = history.applyLive(candle(last.time, last.close + 10));
    expect(change.kind).toBe('replace');
    expect(history.length).toBe(30);
    expect(history.latest!.close).toBe(last.close + 10);
  });

  it('appends a live candle with a newer time', () => {
    const history = new CandleHistory();
    history.load(minuteCandles(T0, 30));
    const change = history.applyLive(candle(T0 + 30 * 60, 200));
    expect(change.kind).toBe('append');
    expect(history.candles).toHaveLength(31);
    expect(history.rsi).toHaveLength(31);
  });

  it('drops a live candle older than the last bar and changes nothing', () => {
    const history = new CandleHistory();
    history.load(minuteCandles(T0, 30));
    const before = [...history.candles];
    expect(history.applyLive(candle(T0 + 60, 1)).kind).toBe('stale');
    expect(history.candles).toEqual(before);
  });

  it('recomputes the RSI of a replaced bar from the averages before it', () => {
    const base = minuteCandles(T0, 40);
    const history = new CandleHistory();
    history.load(base);
    const replaced = candle(base[39]!.time, base[39]!.close + 3);
    // Several ticks of the forming bar must end where a full recomputation ends.
    history.applyLive(candle(replaced.time, replaced.close - 7));
    history.applyLive(candle(replaced.time, replaced.close + 2));
    const change = history.applyLive(replaced);
    const expected = computeRsiCandles([...base.slice(0, 39), replaced]);
    expect(change.kind).toBe('replace');
    expect(change.kind !== 'stale' && change.rsi).toEqual(expected[39]);
    expect(history.rsi).toEqual(expected);
  });

  it('computes the RSI of an appended bar as a full recomputation would', () => {
    const base = minuteCandles(T0, 40);
    const next = candle(T0 + 40 * 60, 150);
    const history = new CandleHistory();
    history.load(base);
    history.applyLive(next);
    expect(history.rsi).toEqual(computeRsiCandles([...base, next]));
    expect(hasRsiValue(history.rsi[40]!)).toBe(true);
  });

  it('prepends an older page without duplicating the overlapping bars', () => {
    const all = minuteCandles(T0, 60);
    const history = new CandleHistory();
    history.load(all.slice(30));
    const result = history.prepend(all.slice(0, 35)); // 5 bars overlap what is loaded
    expect(result.added).toBe(30);
    expect(history.candles).toEqual(all);
    const times = history.candles.map((c) => c.time);
    expect(new Set(times).size).toBe(times.length);
  });

  it('recomputes the whole RSI series after a prepend', () => {
    const all = minuteCandles(T0, 60);
    const history = new CandleHistory();
    history.load(all.slice(20));
    history.prepend(all.slice(0, 20));
    expect(history.rsi).toEqual(computeRsiCandles(all));
  });

  it('keeps live updates consistent after a prepend', () => {
    const all = minuteCandles(T0, 60);
    const history = new CandleHistory();
    history.load(all.slice(20));
    history.prepend(all.slice(0, 20));
    const tick = candle(all[59]!.time, 42);
    history.applyLive(tick);
    expect(history.rsi).toEqual(computeRsiCandles([...all.slice(0, 59), tick]));
  });

  it('reports nothing added when the older page holds nothing older', () => {
    const history = new CandleHistory();
    history.load(minuteCandles(T0, 10));
    expect(history.prepend(minuteCandles(T0, 5)).added).toBe(0);
    expect(history.prepend([]).added).toBe(0);
    expect(history.length).toBe(10);
  });
});
