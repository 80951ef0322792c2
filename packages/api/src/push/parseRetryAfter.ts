/**
 * Reads an HTTP `Retry-After` value — delay-seconds or an HTTP-date — as milliseconds from `now`.
 *
 * @returns undefined when absent or unreadable; never negative.
 * @example `parseRetryAfter('3', 0) === 3000`
 */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now: number,
): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
