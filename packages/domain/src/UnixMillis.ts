import { type Nominal } from './Nominal';
import { type UnixSeconds } from './UnixSeconds';

/** Milliseconds since the Unix epoch (UTC); the unit of Binance and of `Date`. */
export type UnixMillis = Nominal<number, 'UnixMillis'>;

/** Converts seconds to milliseconds. */
export function toUnixMillis(seconds: UnixSeconds): UnixMillis {
  return (seconds * 1000) as UnixMillis;
}
