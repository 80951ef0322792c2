/**
 * Time as the product counts it: Unix seconds (candle times on the wire and on the chart) and Unix
 * milliseconds (Binance and `Date`), as two brands of `number` so one cannot be passed for the
 * other by mistake.
 *
 * @module
 */

/**
 * A nominal (branded) type: `T` that cannot be passed where another brand of `T` is expected.
 *
 * @remarks One generic helper, so brands are never typed by hand and never collide.
 * @example
 * ```ts
 * type Meters = Nominal<number, 'Meters'>;
 * const height = 3 as Meters;
 * ```
 */
type Nominal<T, Name extends string> = T & { readonly [brand]: Name };

declare const brand: unique symbol;

/** Seconds since the Unix epoch (UTC); the unit of candle times on the wire and on the chart. */
export type UnixSeconds = Nominal<number, 'UnixSeconds'>;

/** Milliseconds since the Unix epoch (UTC); the unit of Binance and of `Date`. */
export type UnixMillis = Nominal<number, 'UnixMillis'>;

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
