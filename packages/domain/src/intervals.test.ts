import { describe, expect, it } from '@jest/globals';
import {
  INTERVALS,
  INTERVAL_INFO,
  intervalOpenTime,
  intervalShowsTime,
  isInterval,
  nextIntervalOpen,
  previousIntervalOpen,
} from './intervals';
import { type UnixSeconds } from './time';

const at = (iso: string) => (Date.parse(iso) / 1000) as UnixSeconds;

// The reverse lookup the simulator and the api rely on (a Binance code names one interval), done
// here from INTERVAL_INFO: domain has no caller for it, so it does not export one.
const intervalFromBinanceCode = (code: string) =>
  INTERVALS.find((interval) => INTERVAL_INFO[interval].binanceCode === code);

describe('intervals', () => {
  it('has the spec labels and codes in order', () => {
    expect(INTERVALS.map((i) => `${INTERVAL_INFO[i].label} ${i}`)).toEqual([
      '1m OneMinute',
      '5m FiveMinutes',
      '15m FifteenMinutes',
      '1h OneHour',
      '4h FourHour',
      '1d OneDay',
      '1w OneWeek',
      '1M OneMonth',
    ]);
    expect(INTERVALS.map((i) => INTERVAL_INFO[i].binanceCode)).toEqual([
      '1m',
      '5m',
      '15m',
      '1h',
      '4h',
      '1d',
      '1w',
      '1M',
    ]);
    expect(INTERVALS.map((i) => intervalFromBinanceCode(INTERVAL_INFO[i].binanceCode))).toEqual([
      ...INTERVALS,
    ]);
    expect(intervalFromBinanceCode('2h')).toBeUndefined();
    expect(isInterval('OneHour')).toBe(true);
    expect(isInterval('1h')).toBe(false);
  });

  it('shows clock times only for minute and hour intervals', () => {
    expect(INTERVALS.filter(intervalShowsTime)).toEqual([
      'OneMinute',
      'FiveMinutes',
      'FifteenMinutes',
      'OneHour',
      'FourHour',
    ]);
  });

  it('aligns fixed intervals to the epoch', () => {
    expect(intervalOpenTime('FifteenMinutes', at('2024-03-05T10:44:59Z'))).toBe(
      at('2024-03-05T10:30:00Z'),
    );
    expect(intervalOpenTime('FourHour', at('2024-03-05T10:44:59Z'))).toBe(
      at('2024-03-05T08:00:00Z'),
    );
  });

  it('opens weeks on Monday 00:00 UTC', () => {
    // 2024-03-10 is a Sunday; its week opened on Monday 2024-03-04.
    expect(intervalOpenTime('OneWeek', at('2024-03-10T23:59:59Z'))).toBe(
      at('2024-03-04T00:00:00Z'),
    );
    expect(intervalOpenTime('OneWeek', at('2024-03-11T00:00:00Z'))).toBe(
      at('2024-03-11T00:00:00Z'),
    );
    expect(nextIntervalOpen('OneWeek', at('2024-03-06T12:00:00Z'))).toBe(
      at('2024-03-11T00:00:00Z'),
    );
  });

  it('uses calendar months', () => {
    expect(intervalOpenTime('OneMonth', at('2024-02-29T18:00:00Z'))).toBe(
      at('2024-02-01T00:00:00Z'),
    );
    expect(nextIntervalOpen('OneMonth', at('2024-02-10T00:00:00Z'))).toBe(
      at('2024-03-01T00:00:00Z'),
    );
    expect(previousIntervalOpen('OneMonth', at('2024-01-10T00:00:00Z'))).toBe(
      at('2023-12-01T00:00:00Z'),
    );
    expect(nextIntervalOpen('OneMonth', at('2023-12-31T00:00:00Z'))).toBe(
      at('2024-01-01T00:00:00Z'),
    );
  });
});
