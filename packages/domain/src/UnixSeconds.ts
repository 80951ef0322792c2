import { type Nominal } from './Nominal';
import { type UnixMillis } from './UnixMillis';

/** Seconds since the Unix epoch (UTC); the unit of candle times on the wire and on the chart. */
export type UnixSeconds = Nominal<number, 'UnixSeconds'>;

/**
 * Converts milliseconds to whole seconds (floored), the way candle open times are expressed.
 *
 * @example `toUnixSeconds(1700000000123 as UnixMillis) === 1700000000`
 */
export function toUnixSeconds(millis: UnixMillis): UnixSeconds {
  return Math.floor(millis / 1000) as UnixSeconds;
}
