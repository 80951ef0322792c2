import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { type Time, TickMarkType } from 'lightweight-charts';
import { formatTickMark } from './formatTickMark';

// lightweight-charts' default label options per tick mark type (its `defaultTickMarkFormatter`),
// with `hour12: false` written as the hour cycle Chromium gives it (h23: "00:05"; Node 20's V8
// gives h24 for en-US, "24:05", which no browser we target shows).
const LIBRARY_OPTIONS: Record<TickMarkType, Intl.DateTimeFormatOptions> = {
  [TickMarkType.Year]: { year: 'numeric' },
  [TickMarkType.Month]: { month: 'short' },
  [TickMarkType.DayOfMonth]: { day: 'numeric' },
  [TickMarkType.Time]: { hourCycle: 'h23', hour: '2-digit', minute: '2-digit' },
  [TickMarkType.TimeWithSeconds]: {
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  },
};

describe('formatTickMark', () => {
  it("writes en-US Intl's text for every tick mark type, reading the chart time as UTC", () => {
    fc.assert(
      fc.property(
        // 1970 to 2200, whole seconds (chart times are UTC timestamps in seconds).
        fc.integer({ min: 0, max: 7_258_118_400 }),
        fc.constantFrom(...(Object.values(TickMarkType) as TickMarkType[])),
        (seconds, type) => {
          const intl = new Intl.DateTimeFormat('en-US', {
            ...LIBRARY_OPTIONS[type],
            timeZone: 'UTC',
          }).format(new Date(seconds * 1000));
          expect(formatTickMark(seconds as Time, type, 'en-US')).toBe(intl);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('writes midnight as 00:00, not 24:00', () => {
    expect(formatTickMark(1_764_115_200 as Time, TickMarkType.Time, 'en-US')).toBe('00:00');
    expect(formatTickMark(1_764_115_259 as Time, TickMarkType.TimeWithSeconds, 'en-US')).toBe(
      '00:00:59',
    );
  });

  it("leaves other locales and non-timestamp times to the library's formatter", () => {
    expect(formatTickMark(1_764_115_200 as Time, TickMarkType.Month, 'de-DE')).toBeNull();
    expect(formatTickMark('2026-11-26' as Time, TickMarkType.Month, 'en-US')).toBeNull();
  });
});
