import { type StartMarketOptions } from '../market/startMarket';

/**
 * Market timings for tests against the exchange simulator: retries, reconnects and the stall
 * detector in fractions of a second instead of production's seconds, so a fault and its recovery
 * fit in a test.
 */
export const FAST_MARKET_TUNING = {
  syncRetryBaseMs: 100,
  syncRetryMaxMs: 500,
  syncGiveUpMs: 20_000,
  feed: {
    reconnectBaseMs: 50,
    reconnectMaxMs: 400,
    stallTimeoutMs: 1_500,
    stableAfterMs: 1_000,
  },
} as const satisfies NonNullable<StartMarketOptions['tuning']>;
