import { describe, expect, it } from '@jest/globals';
import { type Ohlcv } from './Ohlcv';
import { OhlcvBuilder } from './OhlcvBuilder';

const candle = (open: number, high: number, low: number, close: number, volume = 10): Ohlcv => ({
  open,
  high,
  low,
  close,
  volume,
  quoteVolume: volume * 100,
  trades: 2,
  takerBuyVolume: volume / 2,
  takerBuyQuoteVolume: volume * 50,
});

describe('OhlcvBuilder', () => {
  it('merges candles: first open, last close, extreme high and low, summed volumes', () => {
    const builder = new OhlcvBuilder();
    builder.add(candle(100, 120, 90, 110));
    builder.add(candle(110, 130, 105, 108));
    expect(builder.build()).toEqual({
      open: 100,
      high: 130,
      low: 90,
      close: 108,
      volume: 20,
      quoteVolume: 2000,
      trades: 4,
      takerBuyVolume: 10,
      takerBuyQuoteVolume: 1000,
    });
  });

  it('scales prices and quote volumes but not base volumes', () => {
    const builder = new OhlcvBuilder();
    builder.addScaled(candle(100, 120, 90, 110), 2);
    expect(builder.build()).toMatchObject({
      open: 200,
      high: 240,
      low: 180,
      close: 220,
      volume: 10,
      quoteVolume: 2000,
    });
  });

  it('covers every level of a rescaled candle: opens at the first, closes at the last', () => {
    const builder = new OhlcvBuilder();
    builder.addRescaled(candle(100, 102, 99, 101), [1, 1.5]);
    expect(builder.build()).toMatchObject({ open: 100, close: 152, high: 153, low: 99 });
  });

  it('refuses to build nothing', () => {
    expect(() => new OhlcvBuilder().build()).toThrow(/before any candle/);
  });
});
