import { type Ohlcv } from './Ohlcv';

/** Column of each field in a block's storage. */
const FIELDS = [
  'open',
  'high',
  'low',
  'close',
  'volume',
  'quoteVolume',
  'trades',
  'takerBuyVolume',
  'takerBuyQuoteVolume',
  'tradesBefore',
] as const;

/** A field of the candles of a block, plus the running trade count. */
export type CandleField = (typeof FIELDS)[number];

const COLUMN: Readonly<Record<CandleField, number>> = Object.fromEntries(
  FIELDS.map((field, column) => [field, column]),
) as Record<CandleField, number>;

/**
 * `count` consecutive candles stored column-wise in one typed array, with the running number of
 * trades before each candle. Bridges produce these by the thousand, so they avoid one object (or
 * one typed array) per candle and per field.
 */
export class CandleBlock {
  private readonly data: Float64Array;

  constructor(readonly count: number) {
    // One spare slot at the end of the last column holds the total of tradesBefore.
    this.data = new Float64Array(FIELDS.length * count + 1);
  }

  /** Field `field` of candle `index` (tradesBefore accepts index = count: all trades). */
  get(field: CandleField, index: number): number {
    return this.data[COLUMN[field] * this.count + index] ?? 0;
  }

  set(field: CandleField, index: number, value: number): void {
    this.data[COLUMN[field] * this.count + index] = value;
  }

  /** A live view of one field's column (writes go to the block). */
  column(field: CandleField): Float64Array {
    const start = COLUMN[field] * this.count;
    return this.data.subarray(start, start + this.count);
  }

  /** Computes the running trade counts once the candles are filled in. */
  seal(): this {
    let total = 0;
    for (let i = 0; i < this.count; i += 1) {
      this.set('tradesBefore', i, total);
      total += this.get('trades', i);
    }
    this.set('tradesBefore', this.count, total);
    return this;
  }

  /** Candle `index` as an object. */
  candle(index: number): Ohlcv {
    if (!(index >= 0 && index < this.count)) {
      throw new RangeError(`No candle ${index} in a block of ${this.count}`);
    }
    return {
      open: this.get('open', index),
      high: this.get('high', index),
      low: this.get('low', index),
      close: this.get('close', index),
      volume: this.get('volume', index),
      quoteVolume: this.get('quoteVolume', index),
      trades: this.get('trades', index),
      takerBuyVolume: this.get('takerBuyVolume', index),
      takerBuyQuoteVolume: this.get('takerBuyQuoteVolume', index),
    };
  }
}
