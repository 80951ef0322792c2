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
export type Nominal<T, Name extends string> = T & { readonly [brand]: Name };

declare const brand: unique symbol;
