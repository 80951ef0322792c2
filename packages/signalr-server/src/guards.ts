/**
 * Checks one hub method argument: a type guard over the decoded JSON value.
 *
 * @public
 */
export type ArgumentGuard<T> = (value: unknown) => value is T;

/**
 * Ready-made {@link ArgumentGuard}s for hub method parameters. Anything else can be a plain type
 * guard function (for instance one wrapping a yup schema's `isValidSync`).
 *
 * @example
 * ```ts
 * hub.addMethod('Subscribe', [guards.arrayOf(guards.string), guards.arrayOf(guards.string)],
 *   (caller, symbols, intervals) => { ... });
 * ```
 * @public
 */
export const guards = {
  /** Any string. */
  string: (value: unknown): value is string => typeof value === 'string',
  /** A finite number (JSON has no NaN or Infinity, but a guard should not rely on that). */
  number: (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value),
  /** An integer. */
  integer: (value: unknown): value is number => Number.isInteger(value),
  boolean: (value: unknown): value is boolean => typeof value === 'boolean',
  /** Any JSON value, unchecked; the method validates it itself. */
  unknown: (_value: unknown): _value is unknown => true,
  /** An array whose every element passes `element`, with at most `maxLength` elements. */
  arrayOf<T>(element: ArgumentGuard<T>, maxLength = Number.POSITIVE_INFINITY): ArgumentGuard<T[]> {
    return (value: unknown): value is T[] =>
      Array.isArray(value) && value.length <= maxLength && value.every((item) => element(item));
  },
  /** `null` or a value passing `inner`. */
  nullable<T>(inner: ArgumentGuard<T>): ArgumentGuard<T | null> {
    return (value: unknown): value is T | null => value === null || inner(value);
  },
};
