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

/**
 * What failed: a REST call (`candles`, `symbols`), the hub connection (`connectionFailed` when
 * it cannot be opened, `connectionLost` when an open one dropped) or a hub invocation
 * (`subscription`: SubscribeToCandleUpdates / WatchAlerts rejected).
 */
export type MarketDataErrorKind = keyof typeof MARKET_DATA_MESSAGES;

/** Evidence attached to a {@link MarketDataError}. */
export interface MarketDataErrorDetails {
  /** HTTP status of a failed REST call. */
  readonly status?: number;
  /** The api's stable error `code` (problem+json), when it sent one. */
  readonly code?: string;
  /** The api's human `detail` (problem+json), a hub error text, or what was malformed. */
  readonly detail?: string;
  /** The underlying error (network failure, hub error). */
  readonly cause?: unknown;
}

/**
 * A market-data failure. `message` is the text to show the user (product §8 for REST, see
 * {@link MARKET_DATA_MESSAGES}); `detail`, `code` and `status` carry the evidence.
 *
 * @example
 * ```ts
 * try { await client.getCandles('BTCUSDT', 'OneMinute'); }
 * catch (e) { if (e instanceof MarketDataError) toast(e.message, e.detail); }
 * ```
 */
export class MarketDataError extends Error {
  override readonly name = 'MarketDataError';
  readonly kind: MarketDataErrorKind;
  readonly status?: number;
  readonly code?: string;
  readonly detail?: string;

  /**
   * @param kind - what failed; it picks the message.
   * @param details - the evidence.
   */
  constructor(kind: MarketDataErrorKind, details: MarketDataErrorDetails = {}) {
    super(
      MARKET_DATA_MESSAGES[kind],
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.detail = details.detail;
  }
}
