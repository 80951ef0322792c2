// Reading a push service's reply: a short reason fit for logs, and when to try again.

/** Longest part of a push service's reply kept in a reason (logs read it, nothing else does). */
const MAX_REASON_LENGTH = 100;

/**
 * A short reason for a push service's error answer, fit for logs: the status, and at most 100
 * characters of the reply body with URLs (which may carry a subscription's endpoint) and long
 * tokens removed, and only plain printable characters kept. The body is whatever the service
 * chose to send, so nothing else of it is kept.
 *
 * @example `pushReplyReason(403, '{"reason":"invalid JWT"}')` → `'push service answered 403: reason : invalid JWT'`
 */
export function pushReplyReason(status: number, body: string): string {
  const gist = body
    .slice(0, 4 * MAX_REASON_LENGTH)
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S*/gi, ' ')
    .replace(/[A-Za-z0-9_+/=-]{24,}/g, ' ')
    .replace(/[^A-Za-z0-9 .,:;'()_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = gist.length > MAX_REASON_LENGTH ? `${gist.slice(0, MAX_REASON_LENGTH)}…` : gist;
  return `push service answered ${status}${short ? `: ${short}` : ''}`;
}

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
