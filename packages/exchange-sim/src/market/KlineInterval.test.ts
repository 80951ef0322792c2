import { describe, expect, it } from '@jest/globals';
import { KLINE_CODES, KlineInterval, parseTimeZone } from './KlineInterval';

const parse = (code: string): KlineInterval => {
  const interval = KlineInterval.parse(code);
  if (!interval) throw new Error(`no interval ${code}`);
  return interval;
};
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('KlineInterval', () => {
  it('accepts exactly the sixteen Binance codes, case-sensitively', () => {
    expect(KLINE_CODES).toHaveLength(16);
    for (const code of KLINE_CODES) expect(KlineInterval.parse(code)?.code).toBe(code);
    expect(KlineInterval.parse('1H')).toBeUndefined();
    expect(KlineInterval.parse('2m')).toBeUndefined();
    expect(KlineInterval.parse('')).toBeUndefined();
  });

  it('aligns fixed intervals to the epoch', () => {
    const time = Date.UTC(2026, 4, 6, 13, 47, 12, 345);
    expect(parse('1m').openTime(time)).toBe(Date.UTC(2026, 4, 6, 13, 47));
    expect(parse('15m').openTime(time)).toBe(Date.UTC(2026, 4, 6, 13, 45));
    expect(parse('4h').openTime(time)).toBe(Date.UTC(2026, 4, 6, 12));
    expect(parse('1d').openTime(time)).toBe(Date.UTC(2026, 4, 6));
    expect(parse('1s').nextOpen(time)).toBe(Date.UTC(2026, 4, 6, 13, 47, 13));
  });

  it('opens weeks on Monday 00:00 UTC', () => {
    const sunday = Date.UTC(2026, 10, 22, 23, 59);
    const open = parse('1w').openTime(sunday);
    expect(new Date(open).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(new Date(open).getUTCDay()).toBe(1);
    expect(parse('1w').nextOpen(sunday)).toBe(Date.UTC(2026, 10, 23));
    expect(parse('1w').previousOpen(sunday)).toBe(Date.UTC(2026, 10, 9));
  });

  it('follows calendar months, including February of a leap year', () => {
    const month = parse('1M');
    expect(month.openTime(Date.UTC(2028, 1, 29, 12))).toBe(Date.UTC(2028, 1, 1));
    expect(month.nextOpen(Date.UTC(2028, 1, 29, 12))).toBe(Date.UTC(2028, 2, 1));
    expect(month.previousOpen(Date.UTC(2026, 0, 15))).toBe(Date.UTC(2025, 11, 1));
  });

  it('shifts boundaries into a time zone while times stay UTC', () => {
    const time = Date.UTC(2026, 4, 6, 20);
    // 04:00 on the 7th in UTC+8: that day opened at 16:00 UTC on the 6th.
    expect(parse('1d').openTime(time, 8 * HOUR)).toBe(Date.UTC(2026, 4, 6, 16));
    expect(parse('1h').openTime(Date.UTC(2026, 4, 6, 20, 50), 5.75 * HOUR)).toBe(
      Date.UTC(2026, 4, 6, 20, 15),
    );
    expect(parse('1M').openTime(time, 8 * HOUR)).toBe(Date.UTC(2026, 4, 1) - 8 * HOUR);
    expect(parse('1w').nextOpen(time, -5 * HOUR) - parse('1w').openTime(time, -5 * HOUR)).toBe(
      7 * DAY,
    );
  });
});

describe('parseTimeZone', () => {
  it.each([
    ['0', 0],
    ['8', 8 * HOUR],
    ['+8', 8 * HOUR],
    ['-1:00', -HOUR],
    ['05:45', 5.75 * HOUR],
    ['+14:00', 14 * HOUR],
    ['-12:00', -12 * HOUR],
  ])('reads %s', (text, offset) => {
    expect(parseTimeZone(text)).toBe(offset);
  });

  it.each(['15', '-12:30', '5:60', 'UTC', '1:5', ''])('refuses %s', (text) => {
    expect(parseTimeZone(text)).toBeUndefined();
  });
});
