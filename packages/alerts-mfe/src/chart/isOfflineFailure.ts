/**
 * Whether a failed request failed for want of a network, not because the api answered (an HTTP
 * status) or sent something unreadable: the browser says it is offline, or `fetch` itself
 * rejected (a `TypeError` "Failed to fetch" / "NetworkError…" / "Load failed", also as the
 * `cause` of market-data's error). A parse error is a `TypeError` too, hence the message test.
 */
export function isOfflineFailure(error: unknown, onLine: boolean): boolean {
  if (!onLine) return true;
  if (typeof error !== 'object' || error === null) return false;
  if (typeof (error as { status?: unknown }).status === 'number') return false;
  return isFetchFailure(error) || isFetchFailure((error as { cause?: unknown }).cause);
}

function isFetchFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /failed to fetch|networkerror|load failed|network/i.test(error.message)
  );
}
