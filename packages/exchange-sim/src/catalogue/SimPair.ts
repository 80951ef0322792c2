import { type SymbolId } from '@pairwatch/domain';
import { type SymbolProfile } from '../model/symbolProfiles';
import { type PairStatus } from './PairStatus';

/** One spot pair the simulator lists: what `exchangeInfo` says of it and how its market moves. */
export interface SimPair {
  /** Base then quote asset, e.g. "PEPEUSDT", "ETHBTC", "1000SATSFDUSD". */
  readonly symbol: SymbolId;
  readonly baseAsset: string;
  readonly quoteAsset: string;
  /** The status it is listed with until a control changes it (a few are in BREAK). */
  readonly listedStatus: PairStatus;
  /** Decimals of `PRICE_FILTER.tickSize` (8 → "0.00000001"); prices are integers in ticks. */
  readonly tickDecimals: number;
  /** Decimals of `LOT_SIZE.stepSize` (0 → "1.00000000"); volumes are integers in lots. */
  readonly lotDecimals: number;
  /** Decimals of the integer unit of quote volumes (8 for BTC, 4 for USDT, 2 for TRY…). */
  readonly quoteDecimals: number;
  /** `NOTIONAL.minNotional`, a Binance decimal string in the quote asset. */
  readonly minNotional: string;
  /** Reference price (in the quote asset), volatility, listing day, volumes, filter limits. */
  readonly profile: SymbolProfile;
  /**
   * Seeds the pair's random draws. Pairs of one base against USD-pegged or fiat quotes share it,
   * so BTCFDUSD and BTCEUR move with BTCUSDT; the ten defaults keep 0–9, the draws they always had.
   */
  readonly drawKey: number;
  /** Position in the catalogue (0…size−1): a small integer that keys the model's caches. */
  readonly index: number;
}
