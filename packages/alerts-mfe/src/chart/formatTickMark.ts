import { type Time, TickMarkType } from 'lightweight-charts';

const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The time axis labels, as lightweight-charts' own formatter writes them for `en-US` (year,
 * short month, day of month, 24-hour `HH:mm` and `HH:mm:ss` of the bar's chart time read as UTC:
 * the chart's times are already local wall time, see `LocalTimeAdapter`), written without Intl;
 * `null` (the library's own, Intl-based formatter) for any other locale.
 *
 * @remarks Why: the library formats each label with `Date.prototype.toLocaleString`, and the
 * page's first Intl date format costs 15–20 ms of locale set-up in a fresh tab, inside the frame
 * that draws the first candles (`pnpm bench:web`). A property test holds the text equal to Intl's.
 */
export function formatTickMark(time: Time, type: TickMarkType, locale: string): string | null {
  if (locale !== 'en-US' || typeof time !== 'number') return null;
  const date = new Date(time * 1000);
  switch (type) {
    case TickMarkType.Year:
      return String(date.getUTCFullYear());
    case TickMarkType.Month:
      return MONTHS[date.getUTCMonth()] ?? null;
    case TickMarkType.DayOfMonth:
      return String(date.getUTCDate());
    case TickMarkType.Time:
      return `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
    case TickMarkType.TimeWithSeconds:
      return `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())}`;
    default:
      return null;
  }
}
