import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type CandleUpdate, type UnixSeconds } from '@pairwatch/domain';
import pino from 'pino';
import { FakeUpstream } from '../test-support/FakeUpstream';
import { closeAt, type FakeKlines, fakeKlinesFetch } from '../test-support/fakeKlinesFetch';
import { BinanceMarketData } from './BinanceMarketData';
import { BinanceRestClient } from './BinanceRestClient';

const MINUTE = 60_000;
/** 2024-01-01T00:00:00Z; the market's history starts 3000 minutes earlier. */
const NOW = 1_704_067_200_000;
const STREAM = 'btcusdt@kline_1m';

function setUp(
  options: {
    syncGiveUpMs?: number;
    cache?: { maxTotalBytes?: number };
    clientFetches?: { capacity?: number; refillPerSecond?: number };
    weightBudgetPerMinute?: number;
    readerHolds?: { lingerMs?: number; maxStreams?: number };
    upstreamBudgetMs?: number;
  } = {},
): {
  market: BinanceMarketData;
  upstream: FakeUpstream;
  klines: FakeKlines;
} {
  const logger = pino({ level: 'silent' });
  const klines = fakeKlinesFetch(NOW - 3000 * MINUTE);
  const upstream = new FakeUpstream();
  const market = new BinanceMarketData({
    source: 'simulator',
    rest: new BinanceRestClient({
      baseUrl: 'http://exchange.test',
      logger,
      fetch: klines.fetch,
      ...(options.weightBudgetPerMinute === undefined
        ? {}
        : { weightBudgetPerMinute: options.weightBudgetPerMinute }),
    }),
    feed: { wsBaseUrl: 'ws://exchange.test', connect: upstream.connect, reconnectBaseMs: 100 },
    logger,
    random: () => 0.5,
    syncRetryBaseMs: 100,
    syncRetryMaxMs: 400,
    ...options,
  });
  return { market, upstream, klines };
}

function record(updates: CandleUpdate[]): (update: CandleUpdate) => void {
  return (update) => updates.push(update);
}

/** Minutes since NOW of each update, with its close. */
function minutes(updates: readonly CandleUpdate[]): number[] {
  return updates.map((update) => (update.candle.time * 1000 - NOW) / MINUTE);
}

describe('BinanceMarketData', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW + 30_000, doNotFake: ['queueMicrotask', 'nextTick'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('delivers the current candle from REST first, then live updates', async () => {
    const { market, upstream } = setUp();
    const updates: CandleUpdate[] = [];
    market.subscribe('BTCUSDT', 'OneMinute', record(updates));
    upstream.last.open();
    upstream.last.kline(STREAM, NOW, 555);
    await jest.advanceTimersByTimeAsync(10);
    expect(updates.map((u) => u.candle.close)).toEqual([closeAt(NOW), 555]);
    upstream.last.kline(STREAM, NOW + MINUTE, 556);
    expect(updates.at(-1)).toEqual({
      symbol: 'BTCUSDT',
      interval: 'OneMinute',
      candle: {
        time: (NOW + MINUTE) / 1000,
        open: 556,
        high: 556,
        low: 556,
        close: 556,
        volume: 1,
      },
    });
    market.close();
  });

  it('after a dropped connection, delivers the missed candles in order before live ones', async () => {
    const { market, upstream, klines } = setUp();
    const updates: CandleUpdate[] = [];
    market.subscribe('BTCUSDT', 'OneMinute', record(updates));
    upstream.last.open();
    await jest.advanceTimersByTimeAsync(10);
    upstream.last.drop();
    await jest.advanceTimersByTimeAsync(5 * MINUTE);
    upstream.last.open();
    upstream.last.kline(STREAM, NOW + 5 * MINUTE, 999);
    await jest.advanceTimersByTimeAsync(10);
    expect(minutes(updates)).toEqual([0, 0, 1, 2, 3, 4, 5, 5]);
    expect(updates.at(-1)?.candle.close).toBe(999);
    expect(klines.calls.at(-1)).toContain(`startTime=${NOW}`);
    market.close();
  });

  it('keeps the missed candles in the cache, so reading them needs no request', async () => {
    const { market, upstream, klines } = setUp();
    market.subscribe('BTCUSDT', 'OneMinute', () => undefined);
    upstream.last.open();
    await jest.advanceTimersByTimeAsync(10);
    upstream.last.drop();
    await jest.advanceTimersByTimeAsync(5 * MINUTE);
    upstream.last.open();
    await jest.advanceTimersByTimeAsync(10);
    const requests = klines.calls.length;
    const candles = await market.getCandles({
      symbol: 'BTCUSDT',
      interval: 'OneMinute',
      limit: 1000,
    });
    expect(klines.calls).toHaveLength(requests);
    expect(candles.at(-1)?.time).toBe((NOW + 5 * MINUTE) / 1000);
    const steps = candles.slice(1).map((candle, index) => candle.time - candles[index]!.time);
    expect(new Set(steps)).toEqual(new Set([60]));
    expect(candles).toHaveLength(1000);
    market.close();
  });

  it('backfills only after the first seconds of an interval, so the cache has no hole at the boundary', async () => {
    jest.setSystemTime(NOW + 500);
    const { market, upstream, klines } = setUp();
    market.subscribe('BTCUSDT', 'OneMinute', () => undefined);
    upstream.last.open();
    await jest.advanceTimersByTimeAsync(3_000);
    upstream.last.drop();
    await jest.advanceTimersByTimeAsync(3 * MINUTE);
    upstream.last.open();
    await jest.advanceTimersByTimeAsync(3_000);
    const requests = klines.calls.length;
    const window = await market.getCandles({
      symbol: 'BTCUSDT',
      interval: 'OneMinute',
      limit: 6,
      endTime: (NOW / 1000 + 120) as UnixSeconds,
    });
    expect(window.map((candle) => (candle.time * 1000 - NOW) / MINUTE)).toEqual([
      -3, -2, -1, 0, 1, 2,
    ]);
    expect(klines.calls).toHaveLength(requests);
    market.close();
  });

  it('retries a failing backfill and holds live updates back meanwhile', async () => {
    const { market, upstream, klines } = setUp();
    const updates: CandleUpdate[] = [];
    market.subscribe('BTCUSDT', 'OneMinute', record(updates));
    klines.status = 500;
    upstream.last.open();
    upstream.last.kline(STREAM, NOW, 321);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(updates).toEqual([]);
    klines.status = 200;
    await jest.advanceTimersByTimeAsync(1_000);
    expect(updates.map((u) => u.candle.close)).toEqual([closeAt(NOW), 321]);
    market.close();
  });

  it('resumes live updates without the backfill once it has failed for too long', async () => {
    const { market, upstream, klines } = setUp({ syncGiveUpMs: 2_000 });
    const updates: CandleUpdate[] = [];
    market.subscribe('BTCUSDT', 'OneMinute', record(updates));
    klines.status = 503;
    upstream.last.open();
    upstream.last.kline(STREAM, NOW, 321);
    await jest.advanceTimersByTimeAsync(2_500);
    expect(updates.map((u) => u.candle.close)).toEqual([321]);
    upstream.last.kline(STREAM, NOW, 322);
    expect(updates.map((u) => u.candle.close)).toEqual([321, 322]);
    market.close();
  });

  it('coalesces 200 identical concurrent reads into one upstream request', async () => {
    const { market, klines } = setUp();
    klines.delayMs = 50;
    const reads = Array.from({ length: 200 }, () =>
      market.getCandles({ symbol: 'ETHUSDT', interval: 'OneMinute', limit: 500 }),
    );
    await jest.advanceTimersByTimeAsync(100);
    const answers = await Promise.all(reads);
    expect(klines.calls).toHaveLength(1);
    expect(answers.every((answer) => answer.length === 500)).toBe(true);
    market.close();
  });

  it('pages backwards with endTime from the cache after one wide request', async () => {
    const { market, klines } = setUp();
    const latest = await market.getCandles({
      symbol: 'BTCUSDT',
      interval: 'OneMinute',
      limit: 500,
    });
    const older = await market.getCandles({
      symbol: 'BTCUSDT',
      interval: 'OneMinute',
      limit: 500,
      endTime: (latest[0]!.time - 60) as UnixSeconds,
    });
    expect(klines.calls).toHaveLength(1);
    expect(older.at(-1)!.time).toBe(latest[0]!.time - 60);
    expect(older).toHaveLength(500);
    market.close();
  });

  it('unsubscribes upstream when the last listener leaves, and only then', async () => {
    const { market, upstream } = setUp();
    const releaseA = market.subscribe('BTCUSDT', 'OneMinute', () => undefined);
    const releaseB = market.subscribe('BTCUSDT', 'OneMinute', () => undefined);
    upstream.last.open();
    await jest.advanceTimersByTimeAsync(10);
    releaseA();
    releaseA();
    await jest.advanceTimersByTimeAsync(300);
    expect(upstream.last.sent).toEqual([]);
    releaseB();
    await jest.advanceTimersByTimeAsync(300);
    expect(upstream.last.sent.map((s) => s.frame)).toEqual([
      { method: 'UNSUBSCRIBE', params: [STREAM], id: 1 },
    ]);
    market.close();
  });

  describe('streams held for readers of the latest candles', () => {
    const latest = { symbol: 'BTCUSDT', interval: 'OneMinute', limit: 500 } as const;

    it('keeps a latest page read again and again current from the stream, with no more requests', async () => {
      const { market, upstream, klines } = setUp();
      await market.getCandles(latest);
      expect(market.feedUsage().streams).toBe(0); // one read holds nothing
      await jest.advanceTimersByTimeAsync(3_000); // the page's head is stale (2 s)
      await market.getCandles(latest);
      expect(market.feedUsage().streams).toBe(1);
      upstream.last.open();
      await jest.advanceTimersByTimeAsync(10);
      const requests = klines.calls.length; // the two reads and the stream's backfill
      expect(requests).toBe(3);
      for (let second = 1; second <= 10; second += 1) {
        await jest.advanceTimersByTimeAsync(3_000);
        upstream.last.kline(STREAM, NOW, 1_000 + second);
        const page = await market.getCandles(latest);
        expect(page.at(-1)?.close).toBe(1_000 + second);
      }
      expect(klines.calls).toHaveLength(requests);
      market.close();
    });

    it('lets the stream go once nobody has read the page for the linger', async () => {
      const { market, upstream } = setUp({ readerHolds: { lingerMs: 10_000 } });
      await market.getCandles(latest);
      await jest.advanceTimersByTimeAsync(3_000);
      await market.getCandles(latest);
      upstream.last.open();
      await jest.advanceTimersByTimeAsync(8_000);
      await market.getCandles(latest); // a read within the linger keeps it
      await jest.advanceTimersByTimeAsync(8_000);
      expect(upstream.last.sent.map((s) => s.frame)).toEqual([]);
      await jest.advanceTimersByTimeAsync(8_000);
      expect(upstream.last.sent.map((s) => s.frame)).toEqual([
        { method: 'UNSUBSCRIBE', params: [STREAM], id: 1 },
      ]);
      expect(market.feedUsage().streams).toBe(0);
      market.close();
    });

    it('holds a stream ahead of its readers: one request, then the page is read from the cache', async () => {
      const { market, upstream, klines } = setUp({ readerHolds: { lingerMs: 10_000 } });
      let ready = false;
      const holding = market.holdLatestPage('BTCUSDT', 'OneMinute', 500).then(() => {
        ready = true;
      });
      expect(market.feedUsage().streams).toBe(1);
      await jest.advanceTimersByTimeAsync(10);
      expect(ready).toBe(false); // the upstream has not confirmed the stream
      upstream.last.open();
      await jest.advanceTimersByTimeAsync(10);
      await holding;
      expect(klines.calls).toHaveLength(1); // the stream's backfill
      await jest.advanceTimersByTimeAsync(3_000); // past a fetched page's freshness (2 s)
      upstream.last.kline(STREAM, NOW, 1_234);
      await jest.advanceTimersByTimeAsync(10);
      expect((await market.getCandles(latest)).at(-1)?.close).toBe(1_234);
      expect(klines.calls).toHaveLength(1);
      // Held again: resolves at once, asks nothing.
      await market.holdLatestPage('BTCUSDT', 'OneMinute', 500);
      expect(klines.calls).toHaveLength(1);
      // Unread for the linger: let go, as a reader's hold is.
      await jest.advanceTimersByTimeAsync(25_000);
      expect(market.feedUsage().streams).toBe(0);
      market.close();
    });

    it('holds at most maxStreams, and nothing for pages older than the latest', async () => {
      const { market } = setUp({ readerHolds: { maxStreams: 1 } });
      for (const symbol of ['BTCUSDT', 'ETHUSDT'] as const) {
        await market.getCandles({ ...latest, symbol });
        await jest.advanceTimersByTimeAsync(3_000);
        await market.getCandles({ ...latest, symbol });
      }
      const older = { ...latest, symbol: 'BNBUSDT', endTime: (NOW / 1000 - 3_600) as UnixSeconds };
      await market.getCandles(older);
      await market.getCandles({ ...older, endTime: (older.endTime - 86_400) as UnixSeconds });
      expect(market.feedUsage().streams).toBe(1);
      market.close();
    });
  });

  it('keeps delivering to other listeners when one throws', async () => {
    const { market, upstream } = setUp();
    const updates: CandleUpdate[] = [];
    market.subscribe('BTCUSDT', 'OneMinute', () => {
      throw new Error('listener bug');
    });
    market.subscribe('BTCUSDT', 'OneMinute', record(updates));
    upstream.last.open();
    await jest.advanceTimersByTimeAsync(10);
    upstream.last.kline(STREAM, NOW, 1);
    expect(updates.map((u) => u.candle.close)).toEqual([closeAt(NOW), 1]);
    market.close();
  });

  it('reports its source, and whether the upstream is reachable', async () => {
    const { market, upstream } = setUp();
    expect(market.status()).toEqual({
      source: 'simulator',
      connected: true,
      weight: { used: 0, budget: 4800, clientBudget: 3600 },
    });
    market.subscribe('BTCUSDT', 'OneMinute', () => undefined);
    expect(market.status().connected).toBe(false);
    upstream.last.open();
    expect(market.status().connected).toBe(true);
    upstream.last.drop();
    expect(market.status().connected).toBe(false);
    market.close();
  });

  describe("one client's share of the upstream", () => {
    /** A cache miss of `client` (pair `n`'s latest candle, first asked), or a hit when asked again. */
    const miss = (market: BinanceMarketData, client: string | undefined, n: number) =>
      market.getCandles({
        symbol: `COIN${n}USDT`,
        interval: 'OneMinute',
        limit: 1,
        ...(client === undefined ? {} : { client }),
      });

    it("refuses a client's misses past its burst with 429, and serves other clients", async () => {
      const { market, klines } = setUp({ clientFetches: { capacity: 3, refillPerSecond: 0.5 } });
      for (let i = 1; i <= 3; i += 1) await miss(market, '203.0.113.7', i);
      await expect(miss(market, '203.0.113.7', 4)).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        retryAfterSeconds: 2,
      });
      expect(klines.calls).toHaveLength(3);
      // Another client, and the api's own questions, are not held by it.
      await expect(miss(market, '198.51.100.1', 5)).resolves.toHaveLength(1);
      await expect(miss(market, undefined, 6)).resolves.toHaveLength(1);
      // A cached answer costs nothing, even for the spent client.
      await expect(miss(market, '203.0.113.7', 1)).resolves.toHaveLength(1);
      await jest.advanceTimersByTimeAsync(2_000);
      await expect(miss(market, '203.0.113.7', 7)).resolves.toHaveLength(1);
      market.close();
    });

    it("keeps a reserve of weight clients' misses cannot spend, for alerts and backfills", async () => {
      // 40 weight a minute, 30 of it for clients: 15 client fetches (2 each), then the reserve.
      const { market, klines } = setUp({
        weightBudgetPerMinute: 40,
        clientFetches: { capacity: 1_000, refillPerSecond: 100 },
      });
      for (let i = 1; i <= 15; i += 1) await miss(market, `10.0.0.${i}`, i);
      await expect(miss(market, '10.0.1.1', 16)).rejects.toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
      });
      expect(klines.calls).toHaveLength(15);
      await expect(miss(market, undefined, 17)).resolves.toHaveLength(1);
      expect(market.status().weight).toEqual({ used: 32, budget: 40, clientBudget: 30 });
      market.close();
    });
  });

  describe('the byte budget of the caches', () => {
    /** A cache of one full page (1000 candles) is about 172 kB: two fit, three do not. */
    const budget = { maxTotalBytes: 400_000 };
    const read = (market: BinanceMarketData, symbol: string) =>
      market.getCandles({ symbol, interval: 'OneMinute', limit: 10 });

    it('drops the least recently used cache nobody streams once over the budget', async () => {
      const { market, klines } = setUp({ cache: budget });
      await read(market, 'ETHUSDT');
      await read(market, 'BNBUSDT');
      await read(market, 'ETHUSDT');
      const requests = klines.calls.length;
      await read(market, 'ADAUSDT');
      expect(market.latestCandle('BNBUSDT', 'OneMinute')).toBeUndefined();
      expect(market.latestCandle('ETHUSDT', 'OneMinute')).toBeDefined();
      expect(market.latestCandle('ADAUSDT', 'OneMinute')).toBeDefined();
      expect(market.cacheUsage().caches).toBe(2);
      expect(market.cacheUsage().bytes).toBeLessThanOrEqual(budget.maxTotalBytes);
      await read(market, 'ETHUSDT');
      expect(klines.calls).toHaveLength(requests + 1);
      await read(market, 'BNBUSDT');
      expect(klines.calls).toHaveLength(requests + 2);
      market.close();
    });

    it('keeps the cache of a streamed pair whatever the budget, and lets it go once released', async () => {
      const { market, upstream } = setUp({ cache: budget });
      const release = market.subscribe('BTCUSDT', 'OneMinute', () => undefined);
      upstream.last.open();
      await jest.advanceTimersByTimeAsync(10);
      const streamed = market.cacheUsage().bytes;
      expect(streamed).toBeGreaterThan(1000 * 160);
      for (const symbol of ['ETHUSDT', 'BNBUSDT', 'ADAUSDT', 'DOTUSDT']) await read(market, symbol);
      expect(market.latestCandle('BTCUSDT', 'OneMinute')).toBeDefined();
      expect(market.latestCandle('ADAUSDT', 'OneMinute')).toBeUndefined();
      expect(market.cacheUsage().caches).toBe(2);
      release();
      // Released, it is the most recently used idle cache: the next read drops the other one.
      await read(market, 'UNIUSDT');
      expect(market.latestCandle('DOTUSDT', 'OneMinute')).toBeUndefined();
      await read(market, 'LINKUSDT');
      expect(market.latestCandle('BTCUSDT', 'OneMinute')).toBeUndefined();
      market.close();
    });
  });
});

describe('BinanceMarketData under a burst of updates', () => {
  it('hands a burst to the listeners a few milliseconds a turn, in order, other work in between', async () => {
    jest.useFakeTimers({
      now: NOW + 30_000,
      doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate', 'performance'],
    });
    try {
      const { market, upstream } = setUp({ upstreamBudgetMs: 4 });
      const closes: number[] = [];
      market.subscribe('BTCUSDT', 'OneMinute', (update) => {
        closes.push(update.candle.close);
        // What a listener costs with thousands of hub connections (the hub's broadcast).
        const until = performance.now() + 2;
        while (performance.now() < until);
      });
      upstream.last.open();
      await jest.advanceTimersByTimeAsync(10);
      closes.length = 0;
      // Every stream moves at once: the updates arrive in one read.
      for (let close = 1; close <= 10; close += 1) upstream.last.kline(STREAM, NOW, close);
      const handledInTheRead = closes.length;
      const handledBeforeOtherWork: number[] = [];
      setImmediate(() => handledBeforeOtherWork.push(closes.length));
      while (closes.length < 10) await new Promise((resolve) => setImmediate(resolve));
      expect(handledInTheRead).toBeGreaterThanOrEqual(1);
      expect(handledInTheRead).toBeLessThanOrEqual(3);
      expect(handledBeforeOtherWork[0]).toBeLessThan(10);
      expect(closes).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(market.latestCandle('BTCUSDT', 'OneMinute')?.close).toBe(10);
      market.close();
    } finally {
      jest.useRealTimers();
    }
  });
});
