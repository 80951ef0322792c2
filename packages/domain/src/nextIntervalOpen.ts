import { INTERVAL_INFO } from './INTERVAL_INFO';
import { type Interval } from './Interval';
import { type UnixSeconds } from './UnixSeconds';
import { intervalOpenTime } from './intervalOpenTime';

/** The open time of the candle after the one that opens at (or contains) `time`. */
export function nextIntervalOpen(interval: Interval, time: UnixSeconds): UnixSeconds {
  const open = intervalOpenTime(interval, time);
  if (interval === 'OneMonth') {
    const date = new Date(open * 1000);
    return (Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000) as UnixSeconds;
  }
  return (open + INTERVAL_INFO[interval].seconds) as UnixSeconds;
}
