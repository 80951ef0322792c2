import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type Candle, type Interval, type SymbolId } from '@pairwatch/domain';
import { candle, minuteCandles } from '../test-support/candles';
import { FakeChartFeed } from '../test-support/FakeChartFeed';
import { MemoryStorage } from '../test-support/MemoryStorage';
import { CANDLE_PAGE_SIZE } from './chartConstants';
import { LastCandlesStore } from './LastCandlesStore';
import { OfflinePrices } from './OfflinePrices';
import { RememberingFeed } from './RememberingFeed';

const BTC = 'BTCUSDT' as SymbolId;
const M1: Interval = 'OneMinute';
const LATEST = { symbol: BTC, interval: M1, limit: CANDLE_PAGE_SIZE };
const OFFLINE = new TypeError('Failed to fetch');

describe('RememberingFeed', () => {
  let inner: FakeChartFeed;
  let store: LastCandlesStore;
  let offline: OfflinePrices;
  let onLine: boolean;
  let now: number;
  let feed: RememberingFeed;

  beforeEach(() => {
    jest.useFakeTimers();
    inner = new FakeChartFeed();
    store = new LastCandlesStore(new MemoryStorage());
    offline = new OfflinePrices();
    onLine = true;
    now = 1_000;
    feed = new RememberingFeed(inner, {
      store,
      offline,
      now: () => now,
      onLine: () => onLine,
      writeDelayMs: 100,
    });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('keeps the latest page and the live candles after it, shortly after they come', async () => {
    const page = minuteCandles(0, 3);
    const loading = feed.loadCandles(LATEST);
    inner.load(0).resolve(page);
    await expect(loading).resolves.toEqual(page);
    const seen: Candle[] = [];
    feed.watchCandles(BTC, M1, (c) => seen.push(c));
    now = 2_000;
    inner.emit(BTC, M1, candle(180, 105));
    expect(seen).toEqual([candle(180, 105)]);
    expect(store.read(BTC, M1)).toBeUndefined(); // not in the first paint's task
    jest.advanceTimersByTime(100);
    expect(store.read(BTC, M1)).toEqual({ candles: [...page, candle(180, 105)], seenAt: 2_000 });
  });

  it('draws the kept candles when the page fails offline, and says since when', async () => {
    store.keep(BTC, M1, minuteCandles(0, 3), 500);
    const loading = feed.loadCandles(LATEST);
    inner.load(0).reject(OFFLINE);
    await expect(loading).resolves.toEqual(minuteCandles(0, 3));
    expect(offline.seenAt).toBe(500);
  });

  it('reports a refusal of the api as before, kept candles or not', async () => {
    store.keep(BTC, M1, minuteCandles(0, 3), 500);
    const refused = Object.assign(new Error('HTTP 503'), { status: 503 });
    const loading = feed.loadCandles(LATEST);
    inner.load(0).reject(refused);
    await expect(loading).rejects.toBe(refused);
    expect(offline.seenAt).toBeUndefined();
  });

  it('fails as before offline with nothing kept', async () => {
    onLine = false;
    const loading = feed.loadCandles(LATEST);
    inner.load(0).reject(new Error('whatever'));
    await expect(loading).rejects.toThrow('whatever');
  });

  it('catches up once the network is back: a live candle reloads instead of leaving a gap', async () => {
    store.keep(BTC, M1, minuteCandles(0, 3), 500);
    const reload = jest.fn();
    const stop = feed.startCatchUp(reload);
    const loading = feed.loadCandles(LATEST);
    inner.load(0).reject(OFFLINE);
    await loading;
    const seen: Candle[] = [];
    feed.watchCandles(BTC, M1, (c) => seen.push(c));
    inner.emit(BTC, M1, candle(6_000, 200));
    inner.emit(BTC, M1, candle(6_000, 201));
    expect(seen).toEqual([]);
    expect(reload).toHaveBeenCalledTimes(1);

    // The chart loads again: live, and the notice goes.
    const again = feed.loadCandles(LATEST);
    inner.load(1).resolve(minuteCandles(5_940, 2));
    await again;
    expect(offline.seenAt).toBeUndefined();
    inner.emit(BTC, M1, candle(6_000, 202));
    expect(seen).toEqual([candle(6_000, 202)]);
    stop();
  });

  it("catches up on the browser's online event", async () => {
    store.keep(BTC, M1, minuteCandles(0, 3), 500);
    const reload = jest.fn();
    const stop = feed.startCatchUp(reload);
    const loading = feed.loadCandles(LATEST);
    inner.load(0).reject(OFFLINE);
    await loading;
    window.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  describe('preview (a repeat visit)', () => {
    const previewing = (options: { previewSince?: number; previewMaxAgeMs?: number }) =>
      new RememberingFeed(inner, {
        store,
        offline,
        now: () => now,
        onLine: () => onLine,
        ...options,
      });

    it("offers the page's first view its kept candles, labelled as updating until the page replaces them", async () => {
      store.keep(BTC, M1, minuteCandles(0, 3), 800);
      feed = previewing({ previewSince: 500 });
      const reads = jest.spyOn(store, 'read');
      expect(feed.hasPreview(BTC, M1)).toBe(true);
      expect(offline.updatingSeenAt).toBeUndefined(); // asking is not drawing
      expect(feed.previewCandles({ symbol: BTC, interval: M1 })).toEqual(minuteCandles(0, 3));
      expect(offline.updatingSeenAt).toBe(800);
      expect(offline.seenAt).toBeUndefined(); // Create Alert is not blocked: the network is there
      expect(reads).toHaveBeenCalledTimes(1); // asked, then taken: 500 rows parsed once

      const loading = feed.loadCandles(LATEST);
      inner.load(0).resolve(minuteCandles(3, 3));
      await expect(loading).resolves.toEqual(minuteCandles(3, 3));
      expect(offline.updatingSeenAt).toBeUndefined();
      // Once per page: another view (or the same one again) loads as before.
      expect(feed.hasPreview(BTC, M1)).toBe(false);
      expect(feed.previewCandles({ symbol: BTC, interval: M1 })).toBeUndefined();
    });

    it('offers nothing kept before the labelled source, too old, of another pair, or without a source', () => {
      store.keep(BTC, M1, minuteCandles(0, 3), 800);
      expect(previewing({}).previewCandles({ symbol: BTC, interval: M1 })).toBeUndefined();
      expect(
        previewing({ previewSince: 801 }).previewCandles({ symbol: BTC, interval: M1 }),
      ).toBeUndefined();
      now = 800 + 1_001;
      expect(
        previewing({ previewSince: 0, previewMaxAgeMs: 1_000 }).previewCandles({
          symbol: BTC,
          interval: M1,
        }),
      ).toBeUndefined();
      expect(
        previewing({ previewSince: 0 }).previewCandles({
          symbol: 'ETHUSDT' as SymbolId,
          interval: M1,
        }),
      ).toBeUndefined();
      expect(offline.updatingSeenAt).toBeUndefined();
    });

    it('turns the preview into the offline notice when the page fails for want of a network', async () => {
      store.keep(BTC, M1, minuteCandles(0, 3), 800);
      feed = previewing({ previewSince: 0 });
      feed.previewCandles({ symbol: BTC, interval: M1 });
      const loading = feed.loadCandles(LATEST);
      onLine = false;
      inner.load(0).reject(OFFLINE);
      await expect(loading).resolves.toEqual(minuteCandles(0, 3));
      expect(offline.seenAt).toBe(800);
      expect(offline.updatingSeenAt).toBeUndefined();
    });

    it('takes the label down when the chart moves on before the page came, and ignores that late page', async () => {
      const ETH = 'ETHUSDT' as SymbolId;
      store.keep(BTC, M1, minuteCandles(0, 3), 800);
      feed = previewing({ previewSince: 0 });
      feed.previewCandles({ symbol: BTC, interval: M1 });
      const btc = feed.loadCandles(LATEST);
      expect(offline.updatingSeenAt).toBe(800);
      // Another pair picked while the preview waits for its page: the label goes at once.
      const notice = jest.fn();
      offline.subscribe(notice);
      const eth = feed.loadCandles({ ...LATEST, symbol: ETH });
      expect(offline.updatingSeenAt).toBeUndefined();
      expect(notice).toHaveBeenCalledTimes(1);
      inner.load(1).resolve(minuteCandles(10, 3));
      await expect(eth).resolves.toEqual(minuteCandles(10, 3));
      // The first pair's page comes late, then fails late: neither is the chart's any more.
      now = 5_000;
      inner.load(0).resolve(minuteCandles(3, 3));
      await expect(btc).resolves.toEqual(minuteCandles(3, 3));
      onLine = false;
      const again = feed.loadCandles({ ...LATEST, symbol: BTC });
      void feed.loadCandles({ ...LATEST, symbol: ETH }); // back to ETH before BTC's page fails
      inner.load(2).reject(OFFLINE);
      await expect(again).rejects.toBe(OFFLINE);
      expect(offline.seenAt).toBeUndefined();
      expect(offline.updatingSeenAt).toBeUndefined();
      jest.advanceTimersByTime(2_000);
      // What is kept is what the chart showed: ETH's page, and BTC's kept candles as they were.
      expect(store.read(ETH, M1)?.candles).toEqual(minuteCandles(10, 3));
      expect(store.read(BTC, M1)).toEqual({ candles: minuteCandles(0, 3), seenAt: 800 });
    });

    it('keeps the preview labelled and asks again when the api refuses the page', async () => {
      store.keep(BTC, M1, minuteCandles(0, 3), 800);
      feed = previewing({ previewSince: 0 });
      const reload = jest.fn();
      feed.startCatchUp(reload);
      feed.previewCandles({ symbol: BTC, interval: M1 });
      const loading = feed.loadCandles(LATEST);
      const refused = Object.assign(new Error('HTTP 503'), { status: 503 });
      inner.load(0).reject(refused);
      await expect(loading).rejects.toBe(refused);
      expect(offline.updatingSeenAt).toBe(800);
      expect(offline.seenAt).toBeUndefined();
      jest.advanceTimersByTime(30_000);
      expect(reload).toHaveBeenCalledTimes(1);
    });
  });
});
