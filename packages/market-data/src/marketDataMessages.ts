/**
 * The user-facing texts of market-data failures. The first two are the spec's (§8) word for word;
 * the hub texts are ours (the spec's client gave up silently).
 *
 * @example `toast(MARKET_DATA_MESSAGES.candles)`
 */
export const MARKET_DATA_MESSAGES = {
  candles: 'An error occurred while trying to fetch candles data.',
  symbols: 'An error occurred while fetching symbols info.',
  connectionFailed: 'Could not connect to live updates. Retrying...',
  connectionLost: 'Live updates were interrupted. Reconnecting...',
  subscription: 'Could not subscribe to live updates.',
} as const;
