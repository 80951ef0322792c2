import { type Nominal } from './Nominal';

/** Seconds since the Unix epoch (UTC); the unit of candle times on the wire and on the chart. */
export type UnixSeconds = Nominal<number, 'UnixSeconds'>;

/** Milliseconds since the Unix epoch (UTC); the unit of Binance and of `Date`. */
export type UnixMillis = Nominal<number, 'UnixMillis'>;

/** A price in the quote asset of a symbol. */
export type Price = Nominal<number, 'Price'>;

/** An amount of the base asset of a symbol. */
export type Quantity = Nominal<number, 'Quantity'>;

/**
 * Converts milliseconds to whole seconds (floored), the way candle open times are expressed.
 *
 * @example `toUnixSeconds(1700000000123 as UnixMillis) === 1700000000`
 */
export function toUnixSeconds(millis: UnixMillis): UnixSeconds {
  return Math.floor(millis / 1000) as UnixSeconds;
}

/** Converts seconds to milliseconds. */
export function toUnixMillis(seconds: UnixSeconds): UnixMillis {
  return (seconds * 1000) as UnixMillis;
}
