/** Where the api's market data comes from (`GET {api}/status` → `marketData.source`). */
export type MarketSource = 'binance' | 'simulator';

/**
 * Asks the api where its market data comes from.
 *
 * @param apiUrl - the api origin.
 * @param fetchFn - `fetch`, injectable for tests.
 * @param signal - aborts the request.
 * @returns the source.
 * @throws when the api does not answer 2xx or 503 or the answer has no known `marketData.source`.
 */
export async function fetchMarketSource(
  apiUrl: string,
  fetchFn: typeof fetch = fetch,
  signal?: AbortSignal,
): Promise<MarketSource> {
  // The browser's default cache mode: the api answers `Cache-Control: no-store`, so nothing is
  // kept, and a preload of it announced with the page (the service worker's) answers this request.
  const response = await fetchFn(`${apiUrl}/status`, { signal });
  // 503: a health check of the api fails (its database, say), but the body still says where the
  // prices come from — and a simulated market must be labelled whatever else is wrong.
  if (!response.ok && response.status !== 503)
    throw new Error(`GET ${apiUrl}/status answered HTTP ${response.status}.`);
  const body: unknown = await response.json();
  const source = (body as { marketData?: { source?: unknown } } | null)?.marketData?.source;
  if (source !== 'binance' && source !== 'simulator') {
    throw new Error(`GET ${apiUrl}/status: unknown marketData.source ${JSON.stringify(source)}.`);
  }
  return source;
}
