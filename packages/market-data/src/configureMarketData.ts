import { MarketDataClient, type MarketDataClientOptions } from './MarketDataClient';
import { normalizeApiUrl } from './normalizeApiUrl';

// NOTE: module state on purpose. market-data is a Module Federation singleton, so this module
// (and the one client below) is shared by the shell and the remotes: one hub connection, one
// refcount, one symbol cache per tab.
let client: MarketDataClient | undefined;

/**
 * Creates the tab's one {@link MarketDataClient}. The shell calls it once with the `apiUrl` of
 * its `app-config.json`; a remote running on its own calls it in its standalone bootstrap.
 * Calling it again with the same `apiUrl` returns the existing client.
 *
 * @returns the shared client.
 * @throws Error when a client already exists for another `apiUrl` (nothing changes).
 * @example `configureMarketData({ apiUrl: config.apiUrl });`
 */
export function configureMarketData(options: MarketDataClientOptions): MarketDataClient {
  if (client) {
    const requested = normalizeApiUrl(options.apiUrl);
    if (requested !== client.apiUrl) {
      throw new Error(
        `Market data is already configured for ${client.apiUrl}; cannot reconfigure it for ${requested}`,
      );
    }
    return client;
  }
  client = new MarketDataClient(options);
  return client;
}

/**
 * The tab's shared {@link MarketDataClient}.
 *
 * @throws Error when `configureMarketData` has not been called yet.
 * @example `const candles = await getMarketData().getCandles(symbol, interval);`
 */
export function getMarketData(): MarketDataClient {
  if (!client) {
    throw new Error('Market data is not configured: call configureMarketData({ apiUrl }) first');
  }
  return client;
}
