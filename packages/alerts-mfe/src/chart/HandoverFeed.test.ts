import { describe, expect, it } from '@jest/globals';
import { type Candle, type UnixSeconds } from '@pairwatch/domain';
import { candle, minuteCandles } from '../test-support/candles';
import { FakeChartFeed } from '../test-support/FakeChartFeed';
import { HandoverFeed } from './HandoverFeed';

const FIRST = minuteCandles(6000, 3);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function firstPageFeed(): HandoverFeed {
  return new HandoverFeed({
    symbol: 'BTCUSDT',
    interval: 'OneMinute',
    limit: 500,
    candles: Promise.resolve(FIRST),
  });
}

describe('HandoverFeed', () => {
  it('answers the first page, once, from the page load, and everything else from the app feed', async () => {
    const feed = firstPageFeed();
    const request = { symbol: 'BTCUSDT', interval: 'OneMinute', limit: 500 } as const;
    await expect(feed.loadCandles(request)).resolves.toBe(FIRST);
    const again = feed.loadCandles(request);
    const older = feed.loadCandles({ ...request, endTime: 5940 as UnixSeconds });
    const app = new FakeChartFeed();
    expect(feed.handedOver).toBe(false);
    feed.handOver(app);
    expect(feed.handedOver).toBe(true);
    expect(app.loads.map((load) => [load.limit, load.endTime])).toEqual([
      [500, undefined],
      [500, 5940],
    ]);
    const page = minuteCandles(3000, 2);
    app.load(1).resolve(page);
    await expect(older).resolves.toBe(page);
    app.load(0).reject(new Error('down'));
    await expect(again).rejects.toThrow('down');
  });

  it('does not answer another view or interval from the first page', () => {
    const feed = firstPageFeed();
    void feed.loadCandles({ symbol: 'ETHUSDT', interval: 'OneMinute', limit: 500 });
    void feed.loadCandles({ symbol: 'BTCUSDT', interval: 'OneHour', limit: 500 });
    const app = new FakeChartFeed();
    feed.handOver(app);
    expect(app.loads.map((load) => `${load.symbol} ${load.interval}`)).toEqual([
      'ETHUSDT OneMinute',
      'BTCUSDT OneHour',
    ]);
  });

  it('starts the live stream at the hand-over, after the latest bars, so a bar that closed meanwhile gets its last values', async () => {
    const feed = firstPageFeed();
    const seen: Candle[] = [];
    feed.watchCandles('BTCUSDT', 'OneMinute', (live) => seen.push(live));
    const app = new FakeChartFeed();
    feed.handOver(app);
    expect(app.watchers('BTCUSDT', 'OneMinute')).toBe(1);
    // A tick comes before the gap fill is answered: it is held, then delivered after it.
    app.emit('BTCUSDT', 'OneMinute', candle(6180, 104));
    expect(seen).toEqual([]);
    expect(app.load(0)).toMatchObject({ symbol: 'BTCUSDT', interval: 'OneMinute', limit: 2 });
    app.load(0).resolve([candle(6120, 102), candle(6180, 103)]);
    await flush();
    expect(seen.map((bar) => [bar.time, bar.close])).toEqual([
      [6120, 102],
      [6180, 103],
      [6180, 104],
    ]);
    app.emit('BTCUSDT', 'OneMinute', candle(6180, 105));
    expect(seen.at(-1)?.close).toBe(105);
  });

  it('keeps streaming when the gap fill fails, and never subscribes a watcher stopped before the hand-over', async () => {
    const feed = firstPageFeed();
    const seen: Candle[] = [];
    feed.watchCandles('BTCUSDT', 'OneMinute', (live) => seen.push(live));
    const stopped = feed.watchCandles('ETHUSDT', 'OneMinute', () => undefined);
    stopped();
    const app = new FakeChartFeed();
    feed.handOver(app);
    expect(app.watchers('ETHUSDT', 'OneMinute')).toBe(0);
    app.emit('BTCUSDT', 'OneMinute', candle(6180, 104));
    app.load(0).reject(new Error('down'));
    await flush();
    expect(seen.map((bar) => bar.close)).toEqual([104]);
    // After the hand-over a watcher goes straight to the app feed.
    const unwatch = feed.watchCandles('ETHUSDT', 'OneMinute', () => undefined);
    expect(app.watchers('ETHUSDT', 'OneMinute')).toBe(1);
    unwatch();
    expect(app.watchers('ETHUSDT', 'OneMinute')).toBe(0);
  });
});
