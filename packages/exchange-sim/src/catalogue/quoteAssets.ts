/** What kind of asset a quote is: a USD-pegged stablecoin, a crypto asset or a fiat currency. */
type QuoteKind = 'stable' | 'crypto' | 'fiat';

/** A quote asset of the simulated catalogue and which bases the exchange lists against it. */
export interface QuoteAsset {
  readonly asset: string;
  readonly kind: QuoteKind;
  /** Its value in USD at the anchor day: a base's price in it is the base's USD price over this. */
  readonly usd: number;
  /** Only bases ranked up to this (1 = the largest coin) are listed against it… */
  readonly maxRank: number;
  /** …and of those, this share (picked by a hash of the pair, so the same ones every run). */
  readonly share: number;
  /** This quote's part of a base's volume, relative to its USDT pair. */
  readonly volumeShare: number;
  /** Fewest tick decimals: 0.01 USDT, 1 TRY; never coarser however high the price. */
  readonly minTickDecimals: number;
  /** Decimals of quote volumes (finer for BTC, where 0.0001 is worth dollars). */
  readonly quoteDecimals: number;
  /** `NOTIONAL.minNotional` (about 5 USD). */
  readonly minNotional: string;
  /** The first day pairs in this quote could be listed. */
  readonly since: string;
  /** For a stablecoin quoted in this fiat currency: log growth per year before the anchor. */
  readonly fxGrowthPerYear: number;
}

/**
 * The quote assets, in the order the catalogue prefers them (USDT first). Their shares make a
 * catalogue shaped like Binance's: nearly every base against USDT, the larger coins also against
 * USDC, FDUSD, BTC, BNB, ETH, and local currencies for the best known ones.
 */
export const QUOTE_ASSETS: readonly QuoteAsset[] = [
  quote('USDT', 'stable', 1, 10_000, 1, 1, 2, 4, '5.00000000', '2017-07-14', 0),
  quote('USDC', 'stable', 1, 200, 0.8, 0.2, 2, 4, '5.00000000', '2018-12-15', 0),
  quote('FDUSD', 'stable', 1, 130, 0.7, 0.15, 2, 4, '5.00000000', '2023-07-26', 0),
  quote('BTC', 'crypto', 90_000, 320, 0.5, 0.04, 2, 8, '0.00010000', '2017-07-14', 0),
  quote('ETH', 'crypto', 3_000, 140, 0.3, 0.015, 2, 7, '0.00100000', '2017-07-14', 0),
  quote('BNB', 'crypto', 900, 160, 0.3, 0.015, 2, 6, '0.01000000', '2017-11-06', 0),
  quote('EUR', 'fiat', 1.16, 60, 0.6, 0.03, 2, 4, '5.00000000', '2020-01-03', 0),
  quote('TRY', 'fiat', 1 / 42, 320, 0.45, 0.05, 0, 2, '100.00000000', '2019-03-18', 0.27),
  quote('BRL', 'fiat', 1 / 5.4, 45, 0.5, 0.01, 0, 3, '10.00000000', '2020-01-09', 0.05),
  quote('JPY', 'fiat', 1 / 150, 15, 0.6, 0.004, 0, 2, '500.00000000', '2022-12-01', 0.04),
  quote('PLN', 'fiat', 1 / 3.7, 10, 0.6, 0.002, 0, 3, '20.00000000', '2023-06-01', 0),
];

function quote(
  asset: string,
  kind: QuoteKind,
  usd: number,
  maxRank: number,
  share: number,
  volumeShare: number,
  minTickDecimals: number,
  quoteDecimals: number,
  minNotional: string,
  since: string,
  fxGrowthPerYear: number,
): QuoteAsset {
  return {
    asset,
    kind,
    usd,
    maxRank,
    share,
    volumeShare,
    minTickDecimals,
    quoteDecimals,
    minNotional,
    since,
    fxGrowthPerYear,
  };
}
