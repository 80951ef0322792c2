/**
 * Decimals of the integer unit of quote volumes (1e-4 USDT). Finer units would overflow the exact
 * integer range of a double for a month of BTC volume.
 */
export const QUOTE_DECIMALS = 4;

/**
 * One candle of the model in integer units: prices in ticks of the symbol's `tickSize`, base
 * volumes in lots of its `stepSize`, quote volumes in units of 10^-`QUOTE_DECIMALS` of the quote
 * asset. Integers make aggregation exact: the sum of the children's volumes is the parent's volume
 * to the last unit, and the highest child high is the parent high.
 */
export interface Ohlcv {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  readonly quoteVolume: number;
  readonly trades: number;
  readonly takerBuyVolume: number;
  readonly takerBuyQuoteVolume: number;
}
