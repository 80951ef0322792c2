/**
 * The chart and alert intervals: their names, static facts (label, Binance code, length) and the
 * calendar arithmetic of candle open times (epoch-aligned, Monday weeks, calendar months, UTC).
 *
 * @module
 */
import { type UnixSeconds } from './time';

/** The chart and alert intervals, named as on the wire (Binance.Net `KlineInterval` names). */
export const INTERVALS = [
  'OneMinute',
  'FiveMinutes',
  'FifteenMinutes',
  'OneHour',
  'FourHour',
  'OneDay',
  'OneWeek',
  'OneMonth',
] as const;

/** One of the supported intervals. */
export type Interval = (typeof INTERVALS)[number];

/** The default chart interval. */
export const DEFAULT_INTERVAL: Interval = 'OneMinute';

/** Tells whether a string names a supported interval. */
export function isInterval(value: unknown): value is Interval {
  return typeof value === 'string' && (INTERVALS as readonly string[]).includes(value);
}

/** A Binance kline interval code. */
type BinanceIntervalCode = '1m' | '5m' | '15m' | '1h' | '4h' | '1d' | '1w' | '1M';

/** Static facts about one interval. */
interface IntervalInfo {
  readonly interval: Interval;
  /** What the interval picker shows (1m…1M). */
  readonly label: string;
  readonly binanceCode: BinanceIntervalCode;
  /** Nominal length in seconds; a month is 30 days here, use `nextIntervalOpen` for real bounds. */
  readonly seconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Facts per interval. */
export const INTERVAL_INFO: Readonly<Record<Interval, IntervalInfo>> = {
  OneMinute: { interval: 'OneMinute', label: '1m', binanceCode: '1m', seconds: MINUTE },
  FiveMinutes: { interval: 'FiveMinutes', label: '5m', binanceCode: '5m', seconds: 5 * MINUTE },
  FifteenMinutes: {
    interval: 'FifteenMinutes',
    label: '15m',
    binanceCode: '15m',
    seconds: 15 * MINUTE,
  },
  OneHour: { interval: 'OneHour', label: '1h', binanceCode: '1h', seconds: HOUR },
  FourHour: { interval: 'FourHour', label: '4h', binanceCode: '4h', seconds: 4 * HOUR },
  OneDay: { interval: 'OneDay', label: '1d', binanceCode: '1d', seconds: DAY },
  OneWeek: { interval: 'OneWeek', label: '1w', binanceCode: '1w', seconds: 7 * DAY },
  OneMonth: { interval: 'OneMonth', label: '1M', binanceCode: '1M', seconds: 30 * DAY },
};

/** Whether the time axis shows clock times for this interval (names containing Minute or Hour). */
export function intervalShowsTime(interval: Interval): boolean {
  return /Minute|Hour/.test(interval);
}

// 1970-01-01 was a Thursday; Binance weeks open on Monday 00:00 UTC, 4 days later.
const FIRST_MONDAY = 4 * DAY;

/**
 * The open time of the candle of `interval` that contains `time` (UTC): fixed-length intervals
 * are aligned to the epoch, weeks open on Monday 00:00 UTC, months on the 1st 00:00 UTC.
 */
export function intervalOpenTime(interval: Interval, time: UnixSeconds): UnixSeconds {
  if (interval === 'OneMonth') {
    const date = new Date(time * 1000);
    return (Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000) as UnixSeconds;
  }
  if (interval === 'OneWeek') {
    const week = 7 * DAY;
    return (Math.floor((time - FIRST_MONDAY) / week) * week + FIRST_MONDAY) as UnixSeconds;
  }
  const seconds = INTERVAL_INFO[interval].seconds;
  return (Math.floor(time / seconds) * seconds) as UnixSeconds;
}

/** The open time of the candle after the one that opens at (or contains) `time`. */
export function nextIntervalOpen(interval: Interval, time: UnixSeconds): UnixSeconds {
  const open = intervalOpenTime(interval, time);
  if (interval === 'OneMonth') {
    const date = new Date(open * 1000);
    return (Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000) as UnixSeconds;
  }
  return (open + INTERVAL_INFO[interval].seconds) as UnixSeconds;
}

/** The open time of the candle before the one that opens at (or contains) `time`. */
export function previousIntervalOpen(interval: Interval, time: UnixSeconds): UnixSeconds {
  const open = intervalOpenTime(interval, time);
  if (interval === 'OneMonth') {
    const date = new Date(open * 1000);
    return (Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1) / 1000) as UnixSeconds;
  }
  return (open - INTERVAL_INFO[interval].seconds) as UnixSeconds;
}
