/** The pause before the first new subscription after a live query fails. */
export const LIVE_QUERY_FIRST_RETRY_MS = 1000;

/** The longest pause between two new subscriptions while a live query keeps failing. */
export const LIVE_QUERY_MAX_RETRY_MS = 30_000;

/**
 * How long to wait before subscribing again to a failed live query: 1 s, doubling with each
 * consecutive failure, at most 30 s — so a broken database is not hammered, and a transient
 * failure (an aborted transaction, a database closed by a version change in another tab) heals
 * within seconds.
 *
 * @param attempt - the number of consecutive failures so far (1 for the first).
 */
export function liveQueryRetryDelay(attempt: number): number {
  const doublings = Math.max(0, Math.min(attempt - 1, 16));
  return Math.min(LIVE_QUERY_FIRST_RETRY_MS * 2 ** doublings, LIVE_QUERY_MAX_RETRY_MS);
}
