import { type DefaultSymbolId } from '@pairwatch/domain';

/** How the simulator makes one pair's market look like itself. */
export interface SymbolProfile {
  /** The price the walk is pinned to at the anchor date (near real prices of late 2026). */
  readonly referencePrice: number;
  /** Standard deviation of daily log returns. */
  readonly dailyVolatility: number;
  /** Mean-reversion time of the walk, in days: keeps prices in a realistic band for ever. */
  readonly reversionDays: number;
  /** Long-run log growth per year before the anchor date (older prices are lower when > 0). */
  readonly growthPerYear: number;
  /** First trading day (UTC); there are no candles before it, as on the real exchange. */
  readonly listedOn: string;
  /** Typical daily volume in base asset. */
  readonly dailyVolume: number;
  /** Typical number of trades per day. */
  readonly dailyTrades: number;
  /** PRICE_FILTER maxPrice and LOT_SIZE maxQty as in exchangeInfo. */
  readonly maxPrice: number;
  readonly maxQuantity: number;
}

/** The hand-tuned market of the ten default pairs (the catalogue derives the others'). */
export const SYMBOL_PROFILES: Readonly<Record<DefaultSymbolId, SymbolProfile>> = {
  BTCUSDT: {
    referencePrice: 90_000,
    dailyVolatility: 0.028,
    reversionDays: 120,
    growthPerYear: 0.35,
    listedOn: '2017-08-17',
    dailyVolume: 20_000,
    dailyTrades: 2_500_000,
    maxPrice: 1_000_000,
    maxQuantity: 9_000,
  },
  ETHUSDT: {
    referencePrice: 3_000,
    dailyVolatility: 0.037,
    reversionDays: 120,
    growthPerYear: 0.3,
    listedOn: '2017-08-17',
    dailyVolume: 400_000,
    dailyTrades: 1_800_000,
    maxPrice: 1_000_000,
    maxQuantity: 9_000,
  },
  BNBUSDT: {
    referencePrice: 900,
    dailyVolatility: 0.03,
    reversionDays: 120,
    growthPerYear: 0.45,
    listedOn: '2017-11-06',
    dailyVolume: 250_000,
    dailyTrades: 700_000,
    maxPrice: 100_000,
    maxQuantity: 9_000,
  },
  ADAUSDT: {
    referencePrice: 0.6,
    dailyVolatility: 0.045,
    reversionDays: 100,
    growthPerYear: 0.2,
    listedOn: '2018-04-17',
    dailyVolume: 300_000_000,
    dailyTrades: 500_000,
    maxPrice: 1_000,
    maxQuantity: 900_000,
  },
  DOGEUSDT: {
    referencePrice: 0.17,
    dailyVolatility: 0.055,
    reversionDays: 100,
    growthPerYear: 0.3,
    listedOn: '2019-07-05',
    dailyVolume: 1_500_000_000,
    dailyTrades: 600_000,
    maxPrice: 1_000,
    maxQuantity: 90_000_000,
  },
  DOTUSDT: {
    referencePrice: 3,
    dailyVolatility: 0.05,
    reversionDays: 100,
    growthPerYear: -0.1,
    listedOn: '2020-08-18',
    dailyVolume: 10_000_000,
    dailyTrades: 400_000,
    maxPrice: 10_000,
    maxQuantity: 9_000_000,
  },
  UNIUSDT: {
    referencePrice: 7,
    dailyVolatility: 0.05,
    reversionDays: 100,
    growthPerYear: 0,
    listedOn: '2020-09-17',
    dailyVolume: 3_000_000,
    dailyTrades: 400_000,
    maxPrice: 10_000,
    maxQuantity: 9_000_000,
  },
  LINKUSDT: {
    referencePrice: 14,
    dailyVolatility: 0.045,
    reversionDays: 100,
    growthPerYear: 0.15,
    listedOn: '2019-01-16',
    dailyVolume: 3_000_000,
    dailyTrades: 450_000,
    maxPrice: 10_000,
    maxQuantity: 9_000_000,
  },
  ATOMUSDT: {
    referencePrice: 3,
    dailyVolatility: 0.045,
    reversionDays: 100,
    growthPerYear: -0.05,
    listedOn: '2019-04-29',
    dailyVolume: 5_000_000,
    dailyTrades: 400_000,
    maxPrice: 10_000,
    maxQuantity: 9_000_000,
  },
  USDCUSDT: {
    referencePrice: 1,
    dailyVolatility: 0.0004,
    reversionDays: 3,
    growthPerYear: 0,
    listedOn: '2018-12-15',
    dailyVolume: 500_000_000,
    dailyTrades: 400_000,
    maxPrice: 10,
    maxQuantity: 90_000_000,
  },
};
