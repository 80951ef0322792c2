import { type CandleBlock } from './CandleBlock';
import { type Ohlcv } from './Ohlcv';

function scalePrice(ticks: number, factor: number): number {
  return Math.max(1, Math.round(ticks * factor));
}

/** Merges consecutive candles (oldest first) into one, optionally rescaling prices on the way. */
export class OhlcvBuilder {
  private count = 0;
  private open = 0;
  private high = 0;
  private low = 0;
  private close = 0;
  private volume = 0;
  private quoteVolume = 0;
  private trades = 0;
  private takerBuyVolume = 0;
  private takerBuyQuoteVolume = 0;

  get isEmpty(): boolean {
    return this.count === 0;
  }

  /** Appends the next candle in time order. */
  add(candle: Ohlcv): void {
    this.addPrices(candle.open, candle.high, candle.low, candle.close);
    this.addVolumes(
      candle.volume,
      candle.quoteVolume,
      candle.trades,
      candle.takerBuyVolume,
      candle.takerBuyQuoteVolume,
    );
  }

  /** Appends candle `index` of a block. */
  addFromBlock(block: CandleBlock, index: number): void {
    this.addPrices(
      block.get('open', index),
      block.get('high', index),
      block.get('low', index),
      block.get('close', index),
    );
    this.addVolumes(
      block.get('volume', index),
      block.get('quoteVolume', index),
      block.get('trades', index),
      block.get('takerBuyVolume', index),
      block.get('takerBuyQuoteVolume', index),
    );
  }

  /**
   * Appends the next candle with its prices (and so its quote volumes) multiplied by `factor`.
   * Rounding to ticks is monotonic, so scaling an aggregate equals aggregating scaled candles.
   */
  addScaled(candle: Ohlcv, factor: number): void {
    if (factor === 1) {
      this.add(candle);
      return;
    }
    this.addPrices(
      scalePrice(candle.open, factor),
      scalePrice(candle.high, factor),
      scalePrice(candle.low, factor),
      scalePrice(candle.close, factor),
    );
    const quoteVolume = Math.round(candle.quoteVolume * factor);
    this.addVolumes(
      candle.volume,
      quoteVolume,
      candle.trades,
      candle.takerBuyVolume,
      Math.min(quoteVolume, Math.round(candle.takerBuyQuoteVolume * factor)),
    );
  }

  /**
   * Appends one candle during which the price level changed, possibly several times (a control
   * set or moved the price): it opens at the level before the change, closes at the last level, and
   * its high and low cover every level, so a consumer watching highs and lows sees the crossing.
   */
  addRescaled(candle: Ohlcv, factors: readonly number[]): void {
    const first = factors[0] ?? 1;
    const last = factors[factors.length - 1] ?? first;
    let high = 0;
    let low = Number.POSITIVE_INFINITY;
    for (const factor of factors) {
      high = Math.max(high, scalePrice(candle.high, factor));
      low = Math.min(low, scalePrice(candle.low, factor));
    }
    const open = scalePrice(candle.open, first);
    const close = scalePrice(candle.close, last);
    this.addPrices(open, Math.max(high, open, close), Math.min(low, open, close), close);
    const quoteVolume = Math.round(candle.quoteVolume * last);
    this.addVolumes(
      candle.volume,
      quoteVolume,
      candle.trades,
      candle.takerBuyVolume,
      Math.min(quoteVolume, Math.round(candle.takerBuyQuoteVolume * last)),
    );
  }

  /** The merged candle; throws when nothing was added. */
  build(): Ohlcv {
    if (this.count === 0) {
      throw new Error('OhlcvBuilder.build() called before any candle was added');
    }
    return {
      open: this.open,
      high: this.high,
      low: this.low,
      close: this.close,
      volume: this.volume,
      quoteVolume: this.quoteVolume,
      trades: this.trades,
      takerBuyVolume: this.takerBuyVolume,
      takerBuyQuoteVolume: this.takerBuyQuoteVolume,
    };
  }

  private addPrices(open: number, high: number, low: number, close: number): void {
    if (this.count === 0) {
      this.open = open;
      this.high = high;
      this.low = low;
    } else {
      if (high > this.high) this.high = high;
      if (low < this.low) this.low = low;
    }
    this.close = close;
    this.count += 1;
  }

  private addVolumes(
    volume: number,
    quoteVolume: number,
    trades: number,
    takerBuyVolume: number,
    takerBuyQuoteVolume: number,
  ): void {
    this.volume += volume;
    this.quoteVolume += quoteVolume;
    this.trades += trades;
    this.takerBuyVolume += takerBuyVolume;
    this.takerBuyQuoteVolume += takerBuyQuoteVolume;
  }
}
