/**
 * Resolves once `condition` holds, checking every 10 ms; rejects naming `what` after `timeoutMs`.
 * For tests that wait on something a server or client does on its own schedule.
 *
 * @example `await waitFor(() => received.length === 2, 'two broadcasts')`
 */
export async function waitFor(
  condition: () => boolean,
  what: string,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
