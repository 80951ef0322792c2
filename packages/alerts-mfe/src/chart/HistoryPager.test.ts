import { describe, expect, it } from '@jest/globals';
import { type UnixSeconds } from '@pairwatch/domain';
import { HISTORY_THRESHOLD_BARS, HistoryPager } from './HistoryPager';

const EARLIEST = 1_700_000_040 as UnixSeconds;

describe('HistoryPager', () => {
  it('asks for nothing while at least 100 bars lie before the visible range', () => {
    const pager = new HistoryPager('OneMinute');
    expect(HISTORY_THRESHOLD_BARS).toBe(100);
    expect(pager.next(100, EARLIEST)).toBeUndefined();
    expect(pager.inFlight).toBe(false);
  });

  it('asks for the page ending one bar before the earliest candle when fewer than 100 remain', () => {
    const pager = new HistoryPager('OneMinute');
    expect(pager.next(99, EARLIEST)).toBe(EARLIEST - 60);
    expect(pager.inFlight).toBe(true);
  });

  it('uses the interval length for the step back', () => {
    expect(new HistoryPager('FourHour').next(0, 1_699_992_000 as UnixSeconds)).toBe(
      1_699_992_000 - 4 * 3600,
    );
  });

  it('steps back one calendar month for monthly bars', () => {
    const march1 = (Date.UTC(2024, 2, 1) / 1000) as UnixSeconds;
    expect(new HistoryPager('OneMonth').next(0, march1)).toBe(Date.UTC(2024, 1, 1) / 1000);
  });

  it('asks for one page at a time', () => {
    const pager = new HistoryPager('OneMinute');
    pager.next(10, EARLIEST);
    expect(pager.next(5, (EARLIEST - 60_000) as UnixSeconds)).toBeUndefined();
  });

  it('never asks again for a start that loaded', () => {
    const pager = new HistoryPager('OneMinute');
    expect(pager.next(10, EARLIEST)).toBeDefined();
    pager.loaded();
    // The page brought nothing older, so the earliest candle is unchanged.
    expect(pager.next(10, EARLIEST)).toBeUndefined();
    expect(pager.inFlight).toBe(false);
  });

  it('asks again once older candles moved the earliest time back', () => {
    const pager = new HistoryPager('OneMinute');
    pager.next(10, EARLIEST);
    pager.loaded();
    const older = (EARLIEST - 500 * 60) as UnixSeconds;
    expect(pager.next(10, older)).toBe(older - 60);
  });

  it('asks again for a start whose page failed', () => {
    const pager = new HistoryPager('OneMinute');
    expect(pager.next(10, EARLIEST)).toBe(EARLIEST - 60);
    pager.failed();
    expect(pager.inFlight).toBe(false);
    // The failure left the earliest candle where it was.
    expect(pager.next(10, EARLIEST)).toBe(EARLIEST - 60);
    expect(pager.inFlight).toBe(true);
  });

  it('keeps a retried start to one request in flight', () => {
    const pager = new HistoryPager('OneMinute');
    pager.next(10, EARLIEST);
    pager.failed();
    expect(pager.next(10, EARLIEST)).toBe(EARLIEST - 60);
    expect(pager.next(10, EARLIEST)).toBeUndefined();
  });

  it('never asks again for a start that loaded after failing first', () => {
    const pager = new HistoryPager('OneMinute');
    pager.next(10, EARLIEST);
    pager.failed();
    pager.next(10, EARLIEST);
    pager.loaded();
    expect(pager.next(10, EARLIEST)).toBeUndefined();
  });

  it('asks for nothing before any candle is loaded', () => {
    expect(new HistoryPager('OneMinute').next(0, undefined)).toBeUndefined();
  });
});
