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
