import { INTERVAL_INFO } from './INTERVAL_INFO';
import { type Interval } from './Interval';
import { type UnixSeconds } from './UnixSeconds';

const DAY = 24 * 60 * 60;

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
