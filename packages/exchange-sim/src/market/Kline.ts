import { type SymbolId } from '@pairwatch/domain';
import { type KlineCode } from './KlineInterval';

/**
 * One kline as Binance sends it, decimals already written as Binance strings ("43519.34000000").
 * REST rows and stream events are two layouts of this.
 */
export interface Kline {
  readonly symbol: SymbolId;
  readonly interval: KlineCode;
  /** Open time, ms. */
  readonly openTime: number;
  /** Close time, ms: the next open − 1. */
  readonly closeTime: number;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  /** Base asset volume. */
  readonly volume: string;
  readonly quoteVolume: string;
  readonly trades: number;
  readonly takerBuyVolume: string;
  readonly takerBuyQuoteVolume: string;
  /** First and last trade id; −1 when the kline has no trade. */
  readonly firstTradeId: number;
  readonly lastTradeId: number;
  /** Whether the kline is final (its close time has passed). */
  readonly closed: boolean;
}
