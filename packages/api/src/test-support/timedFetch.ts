/** An answer of {@link timedFetch}: status, headers, parsed body and how long it took. */
export interface TimedAnswer {
  readonly status: number;
  readonly headers: Headers;
  /** The JSON body, or the text when it is not JSON. */
  readonly body: unknown;
  /** Milliseconds from sending the request to having read the whole body. */
  readonly ms: number;
}

/**
 * Fetches `url` and measures the whole exchange, for fault tests that bound latencies. A request
 * that takes longer than `abortAfterMs` is aborted (the test then fails on the thrown error rather
 * than on jest's timeout, naming the request).
 */
export async function timedFetch(
  url: string,
  init: RequestInit = {},
  abortAfterMs = 30_000,
): Promise<TimedAnswer> {
  const started = Date.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(abortAfterMs) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text itself.
  }
  return { status: response.status, headers: response.headers, body, ms: Date.now() - started };
}
