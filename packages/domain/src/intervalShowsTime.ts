import { type Interval } from './Interval';

/** Whether the time axis shows clock times for this interval (names containing Minute or Hour). */
export function intervalShowsTime(interval: Interval): boolean {
  return /Minute|Hour/.test(interval);
}
