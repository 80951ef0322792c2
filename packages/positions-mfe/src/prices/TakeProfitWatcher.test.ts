import { beforeEach, describe, expect, it } from '@jest/globals';
import { type Candle, type Position, type UnixSeconds } from '@pairwatch/domain';
import { TakeProfitWatcher } from './TakeProfitWatcher';

const buy: Position = { id: 1, symbol: 'BTCUSDT', side: 'Buy', amount: 1, price: 60000, tp: 62000 };
const sell: Position = {
  id: 2,
  symbol: 'BTCUSDT',
  side: 'Sell',
  amount: 1,
  price: 60000,
  tp: 58000,
};
const ethBuy: Position = {
  id: 3,
  symbol: 'ETHUSDT',
  side: 'Buy',
  amount: 1,
  price: 3000,
  tp: 3100,
};

function candle(time: number, low: number, high: number, close: number): Candle {
  return { time: time as UnixSeconds, open: close, high, low, close };
}

function ids(hits: { position: Position }[]): number[] {
  return hits.map((hit) => hit.position.id);
}

describe('TakeProfitWatcher', () => {
  // The tab's clock, in ms: the watch of a position begins in the minute it is first seen.
  const clock = { now: 0 };
  beforeEach(() => {
    clock.now = 60_000;
  });

  it('fills a Buy when a later candle’s high reaches the take profit', () => {
    const watcher = new TakeProfitWatcher(() => clock.now);
    expect(watcher.check([buy], 'BTCUSDT', candle(60, 59000, 61000, 60500))).toEqual([]);
    expect(watcher.check([buy], 'BTCUSDT', candle(120, 60000, 61999, 61000))).toEqual([]);
    const hits = watcher.check([buy], 'BTCUSDT', candle(180, 60000, 62000, 61000));
    expect(hits).toEqual([{ position: buy, range: { high: 62000, low: 60000 } }]);
  });

  it('fills a Sell when a later candle’s low reaches the take profit, not on its high', () => {
    const watcher = new TakeProfitWatcher(() => clock.now);
    watcher.check([buy, sell], 'BTCUSDT', candle(60, 59000, 61000, 60000));
    expect(ids(watcher.check([buy, sell], 'BTCUSDT', candle(120, 58000, 60000, 59000)))).toEqual([
      2,
    ]);
  });

  it('ignores the part of the first candle seen that may predate the position', () => {
    const watcher = new TakeProfitWatcher(() => clock.now);
    // The minute's high already passed the TP before the position was watched.
    expect(watcher.check([buy], 'BTCUSDT', candle(60, 59000, 63000, 60000))).toEqual([]);
    // Same minute, no new extreme: still nothing.
    expect(watcher.check([buy], 'BTCUSDT', candle(60, 59000, 63000, 61500))).toEqual([]);
    // Same minute, a new high beyond the baseline counts.
    expect(ids(watcher.check([buy], 'BTCUSDT', candle(60, 59000, 63500, 61500)))).toEqual([1]);
  });

  it('fills at once when the current price already reaches the take profit', () => {
    const watcher = new TakeProfitWatcher(() => clock.now);
    expect(ids(watcher.check([buy], 'BTCUSDT', candle(60, 61000, 62500, 62100)))).toEqual([1]);
  });

  it('counts a move within the same minute once the position is watched', () => {
    const watcher = new TakeProfitWatcher(() => clock.now);
    watcher.check([sell], 'BTCUSDT', candle(60, 59000, 60100, 59500));
    expect(ids(watcher.check([sell], 'BTCUSDT', candle(60, 57900, 60100, 58200)))).toEqual([2]);
  });

  it('counts the whole range of every later candle, so a fill that did not happen is tried again', () => {
    const watcher = new TakeProfitWatcher(() => clock.now);
    watcher.check([buy], 'BTCUSDT', candle(60, 59000, 61000, 60000));
    expect(ids(watcher.check([buy], 'BTCUSDT', candle(120, 60000, 62500, 61000)))).toEqual([1]);
    // The same minute again (the fill's write failed, say): its high still reaches the TP.
    const again = watcher.check([buy], 'BTCUSDT', candle(120, 60000, 62500, 61200));
    expect(again).toEqual([{ position: buy, range: { high: 62500, low: 60000 } }]);
  });

  it('ignores other symbols, ended positions and candles older than the baseline', () => {
    const watcher = new TakeProfitWatcher(() => clock.now);
    const ended: Position = { ...buy, id: 4, endReason: 'Closed', endPrice: 61000 };
    clock.now = 120_000;
    watcher.check([buy, ethBuy, ended], 'BTCUSDT', candle(120, 60000, 60500, 60200));
    expect(watcher.check([buy, ethBuy, ended], 'ETHUSDT', candle(120, 2900, 3050, 3000))).toEqual(
      [],
    );
    expect(watcher.check([buy, ended], 'BTCUSDT', candle(60, 60000, 65000, 64000))).toEqual([]);
    expect(ids(watcher.check([buy, ended], 'BTCUSDT', candle(180, 60000, 65000, 64000)))).toEqual([
      1,
    ]);
  });

  it('starts over for a position that left the open list and came back', () => {
    const watcher = new TakeProfitWatcher(() => clock.now);
    watcher.check([buy], 'BTCUSDT', candle(60, 59000, 61000, 60000));
    watcher.check([], 'BTCUSDT', candle(60, 59000, 61000, 60000));
    clock.now = 120_000;
    // Seen anew: the high of this minute is a baseline again.
    expect(watcher.check([buy], 'BTCUSDT', candle(120, 59000, 63000, 60000))).toEqual([]);
  });

  it('takes no baseline from a candle older than the minute the watch began', () => {
    clock.now = 125_000;
    const watcher = new TakeProfitWatcher(() => clock.now);
    // A REST answer from just before the minute turned: it would make the whole current minute
    // (whose high passed the TP before the position existed) count.
    expect(watcher.check([buy], 'BTCUSDT', candle(60, 59000, 61000, 60000))).toEqual([]);
    expect(watcher.check([buy], 'BTCUSDT', candle(120, 59000, 63000, 60000))).toEqual([]);
    expect(watcher.check([buy], 'BTCUSDT', candle(180, 60000, 61000, 60500))).toEqual([]);
  });

  it('counts in full a first candle of a later minute than the watch began', () => {
    const watcher = new TakeProfitWatcher(() => clock.now);
    expect(ids(watcher.check([buy], 'BTCUSDT', candle(120, 60000, 62500, 61000)))).toEqual([1]);
  });
});
