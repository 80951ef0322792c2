import { describe, expect, it } from '@jest/globals';
import { DEFAULT_ANCHOR_TIME } from '../market/MarketSimulator';
import { OhlcvBuilder } from './OhlcvBuilder';
import { PriceModel } from './PriceModel';
import { SYMBOL_PROFILES } from './symbolProfiles';

const model = new PriceModel({ seed: 1, anchorTime: DEFAULT_ANCHOR_TIME });
const DAY = 86_400;
const day = Math.floor(Date.UTC(2026, 2, 14) / 1000 / DAY) * DAY;

function aggregateOfPieces(from: number, pieceSeconds: number, pieces: number) {
  const builder = new OhlcvBuilder();
  for (let i = 0; i < pieces; i += 1) {
    const start = from + i * pieceSeconds;
    const piece = model.aggregate('BTCUSDT', start, start + pieceSeconds);
    if (piece) builder.add(piece);
  }
  return builder.build();
}

describe('PriceModel', () => {
  it('makes a day the exact aggregate of its hours, an hour of its minutes, a minute of its seconds', () => {
    expect(aggregateOfPieces(day, 3600, 24)).toEqual(model.aggregate('BTCUSDT', day, day + DAY));
    const hour = day + 13 * 3600;
    expect(aggregateOfPieces(hour, 60, 60)).toEqual(model.aggregate('BTCUSDT', hour, hour + 3600));
    const minute = hour + 17 * 60;
    expect(aggregateOfPieces(minute, 1, 60)).toEqual(
      model.aggregate('BTCUSDT', minute, minute + 60),
    );
  });

  it('aggregates a range that is not aligned to any level the same piecewise and at once', () => {
    const from = day + 5 * 3600 + 7 * 60 + 13;
    const whole = model.aggregate('ETHUSDT', from, from + 3 * 3600 + 11);
    const builder = new OhlcvBuilder();
    const split = from + 3600 + 1;
    builder.add(model.aggregate('ETHUSDT', from, split)!);
    builder.add(model.aggregate('ETHUSDT', split, from + 3 * 3600 + 11)!);
    expect(builder.build()).toEqual(whole);
  });

  it('counts the trades before a second as the sum of the trades of the earlier pieces', () => {
    const second = day + 10 * 3600 + 30 * 60 + 30;
    const before = model.tradesBefore('BTCUSDT', day);
    const within = model.aggregate('BTCUSDT', day, second)!.trades;
    expect(model.tradesBefore('BTCUSDT', second)).toBe(before + within);
  });

  it('repeats the same history for the same seed and differs for another seed', () => {
    const again = new PriceModel({ seed: 1, anchorTime: DEFAULT_ANCHOR_TIME });
    const other = new PriceModel({ seed: 2, anchorTime: DEFAULT_ANCHOR_TIME });
    const minute = day + 600;
    expect(again.aggregate('BNBUSDT', minute, minute + 60)).toEqual(
      model.aggregate('BNBUSDT', minute, minute + 60),
    );
    expect(other.aggregate('BNBUSDT', minute, minute + 60)).not.toEqual(
      model.aggregate('BNBUSDT', minute, minute + 60),
    );
  });

  it('passes through the reference price at the anchor day', () => {
    const anchorDay = Math.floor(DEFAULT_ANCHOR_TIME / 1000 / DAY) * DAY;
    const candle = model.aggregate('BTCUSDT', anchorDay, anchorDay + DAY)!;
    expect(candle.close / 100).toBe(SYMBOL_PROFILES.BTCUSDT.referencePrice);
  });

  it('has nothing before the listing day', () => {
    const listing = model.listingSecond('DOTUSDT');
    expect(new Date(listing * 1000).toISOString()).toBe('2020-08-18T00:00:00.000Z');
    expect(model.aggregate('DOTUSDT', listing - DAY, listing)).toBeUndefined();
    expect(model.aggregate('DOTUSDT', listing - DAY, listing + 60)).toBeDefined();
  });
});
