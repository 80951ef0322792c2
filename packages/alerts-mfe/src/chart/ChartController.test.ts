import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type RsiCandle,
  type SymbolInfo,
  type UnixSeconds,
  DEFAULT_SYMBOL_CATALOGUE,
  computeRsiCandles,
  formatNumber,
  hasRsiValue,
} from '@pairwatch/domain';
import { candle, minuteCandles } from '../test-support/candles';
import { FakeChartFeed } from '../test-support/FakeChartFeed';
import { ManualFrames } from '../test-support/ManualFrames';
import { ManualTimers } from '../test-support/ManualTimers';
import {
  type MockChart,
  CrosshairMode,
  LineStyle,
  lastMockChart,
  resetMockCharts,
} from '../test-support/lightweightChartsMock';
import { ChartController, type ChartView } from './ChartController';
import { formatTickMark } from './formatTickMark';

const T0 = 1_700_000_040;
const APPEARANCE = {
  textColor: '#000',
  strongTextColor: '#111',
  gridColor: '#eee',
  watermarkColor: '#0003',
  upTextColor: '#0a0',
  downTextColor: '#a00',
  surfaceColor: '#fff',
  fontFamily: 'Inter, sans-serif',
};
const BTC: ChartView = {
  symbol: 'BTCUSDT',
  interval: 'OneMinute',
  symbolInfo: DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
  symbolInfoLoading: false,
};
/** BTCUSDT while its symbol info loads. */
const BTC_LOADING: ChartView = { ...BTC, symbolInfo: undefined, symbolInfoLoading: true };
/** BTCUSDT when its symbol info failed or was left out. */
const BTC_NO_INFO: ChartView = { ...BTC, symbolInfo: undefined, symbolInfoLoading: false };

/** A copy with the same values, as every fetch of the symbol info returns. */
function refetched(info: SymbolInfo): SymbolInfo {
  return JSON.parse(JSON.stringify(info)) as SymbolInfo;
}

function closeOf(rsi: RsiCandle | undefined): number {
  if (!rsi || !hasRsiValue(rsi)) throw new Error('expected an RSI value');
  return rsi.close;
}

async function settle(): Promise<void> {
  await Promise.resolve();
  await Promise.resolve();
}

describe('ChartController', () => {
  let feed: FakeChartFeed;
  let frames: ManualFrames;
  let timers: ManualTimers;
  let errors: unknown[];
  let drawn: number[];
  /** What `onFirstCandlesDrawn` ("first", with `kept`) and `onLatestCandlesDrawn` were told. */
  let drawnKept: string[];
  let controller: ChartController;
  let chart: MockChart;

  beforeEach(() => {
    resetMockCharts();
    feed = new FakeChartFeed();
    frames = new ManualFrames();
    timers = new ManualTimers();
    errors = [];
    drawn = [];
    drawnKept = [];
    controller = new ChartController(document.createElement('div'), {
      feed,
      frames,
      timers,
      utcOffsetMinutes: 0,
      appearance: APPEARANCE,
      onLoadError: (error) => errors.push(error),
      onFirstCandlesDrawn: (_view, bars, kept) => {
        drawn.push(bars);
        drawnKept.push(kept ? 'first, kept' : 'first');
      },
      onLatestCandlesDrawn: (_view, bars) => drawnKept.push(`latest ${bars}`),
    });
    chart = lastMockChart();
  });

  afterEach(() => controller.dispose());

  const prices = () => chart.series[0]!;
  /** The price series' format: the pair's tick, and prices written as the legend writes them. */
  const expectPriceFormat = (precision: number, minMove: number) => {
    expect(prices().options.priceFormat).toMatchObject({ type: 'custom', minMove });
    const price = 1_234_567.891_234_5;
    expect(controller.priceLabel(price)).toBe(formatNumber(price, precision));
  };
  const rsi = () => chart.series[1]!;
  const watermark = () => chart.watermarks[0]!;

  async function loadFirstPage(view: ChartView = BTC, count = 500) {
    controller.show(view);
    const data = minuteCandles(T0, count);
    feed.load(feed.loads.length - 1).resolve(data);
    await settle();
    timers.advance(50);
    return data;
  }

  it("writes the axis labels in the appearance's typeface, not the library's own", () => {
    expect(chart.options).toMatchObject({ layout: { fontFamily: APPEARANCE.fontFamily } });
  });

  it("draws a first session's candles into the empty series without emptying them first", async () => {
    await loadFirstPage();
    // One setData each (the candles, the RSI): an empty chart is not emptied again.
    expect(prices().setDataCalls).toBe(1);
    expect(rsi().setDataCalls).toBe(1);
    // A later session empties what the one before drew.
    controller.show({ ...BTC, interval: 'FiveMinutes' });
    expect(prices().bars).toHaveLength(0);
    expect(rsi().bars).toHaveLength(0);
    expect(prices().setDataCalls).toBe(2);
  });

  it('shows and hides the price scales only when that changes (each is a full update)', async () => {
    const visibility = () =>
      [0, 1].map((pane) =>
        chart
          .priceScale('right', pane)
          .applied.filter((options) => 'visible' in options)
          .map((options) => options['visible']),
      );
    // Created hidden; the first session shows them once, with its candles.
    await loadFirstPage();
    expect(visibility()).toEqual([[true], [true]]);
    expect(chart.options['crosshair']).toEqual({ mode: CrosshairMode.Normal });
    // A new session hides them until its candles are drawn.
    controller.show({ ...BTC, interval: 'FiveMinutes' });
    expect(visibility()).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(chart.options['crosshair']).toEqual({ mode: CrosshairMode.Hidden });
    feed.load(feed.loads.length - 1).resolve(minuteCandles(T0, 500));
    await settle();
    expect(visibility()).toEqual([
      [true, false, true],
      [true, false, true],
    ]);
  });

  it("draws the feed's preview at once, and the first page over it where it is drawn", async () => {
    const kept = minuteCandles(T0 - 100 * 60, 500);
    feed.preview = kept;
    controller.show(BTC_NO_INFO);
    expect(feed.previewAsks).toEqual([{ symbol: 'BTCUSDT', interval: 'OneMinute' }]);
    // Drawn in the show's own task, before any page came.
    expect(feed.loads).toHaveLength(1);
    expect(prices().bars.map((bar) => bar.time)).toEqual(kept.map((c) => c.time));
    expect(watermark().text).toBeUndefined();
    frames.runFrame();
    expect(drawnKept).toEqual(['first, kept']);

    // A live candle cannot follow kept candles (there is a gap): it waits for the page.
    const live = candle(T0 + 500 * 60, 77);
    feed.emit('BTCUSDT', 'OneMinute', live);
    frames.runFrame();
    expect(prices().updateCalls).toBe(0);

    const page = minuteCandles(T0, 500);
    feed.load(0).resolve(page);
    await settle();
    // Set over the preview, not emptied first: no frame shows an empty chart.
    expect(prices().setDataCalls).toBe(2);
    expect(prices().bars).toHaveLength(501);
    expect(prices().bars[0]!.time).toBe(page[0]!.time);
    expect(prices().bars[500]!.close).toBe(77);
    frames.runFrame();
    expect(drawnKept).toEqual(['first, kept', 'latest 501']);
    expect(drawn).toEqual([500]);
  });

  it('keeps a preview drawn when the first page fails, and reports the failure', async () => {
    feed.preview = minuteCandles(T0, 500);
    controller.show(BTC_NO_INFO);
    const refused = new Error('HTTP 503');
    feed.load(0).reject(refused);
    await settle();
    expect(errors).toEqual([refused]);
    expect(prices().bars).toHaveLength(500);
    expect(watermark().text).toBeUndefined();
  });

  it('draws a preview only once the symbol info has settled the price format', async () => {
    feed.preview = minuteCandles(T0, 500);
    controller.show(BTC_LOADING);
    expect(prices().bars).toHaveLength(0);
    expect(watermark().text).toBe('Loading symbol info...');
    controller.show(BTC);
    expect(prices().bars).toHaveLength(500);
    frames.runFrame();
    expect(drawnKept).toEqual(['first, kept']);
  });

  it('puts prices in the first pane and RSI candles in a 140 px second pane', () => {
    expect(chart.series.map((s) => s.paneIndex)).toEqual([0, 1]);
    expect(chart.panes()[1]!.getHeight()).toBe(140);
    expect(prices().options).toMatchObject({ upColor: '#26a69a', downColor: '#ef5350' });
    expect(rsi().options).toMatchObject({ upColor: '#26a69a', downColor: '#ef5350' });
  });

  it('draws dashed RSI guide lines at 70 and 30', () => {
    expect(rsi().priceLineOptions.map((line) => [line.price, line.lineStyle])).toEqual([
      [70, LineStyle.LargeDashed],
      [30, LineStyle.LargeDashed],
    ]);
  });

  it('shows the symbol info watermark and draws nothing until the symbol info is there', async () => {
    controller.show(BTC_LOADING);
    expect(watermark().text).toBe('Loading symbol info...');
    feed.load(0).resolve(minuteCandles(T0, 500));
    await settle();
    expect(prices().bars).toHaveLength(0);
    expect(watermark().text).toBe('Loading symbol info...');
  });

  it('fetches the candles while the symbol info loads and draws them when it arrives', async () => {
    controller.show(BTC_LOADING);
    expect(feed.load(0)).toMatchObject({ symbol: 'BTCUSDT', interval: 'OneMinute', limit: 500 });
    feed.load(0).resolve(minuteCandles(T0, 500));
    await settle();
    controller.show(BTC);
    expect(feed.loads).toHaveLength(1);
    expect(prices().bars).toHaveLength(500);
    expect(watermark().text).toBeUndefined();
  });

  it('shows the history watermark when the symbol info arrives before the candles', async () => {
    controller.show(BTC_LOADING);
    controller.show(BTC);
    expect(watermark().text).toBe('Loading historical data...');
    expect(feed.loads).toHaveLength(1);
    feed.load(0).resolve(minuteCandles(T0, 500));
    await settle();
    expect(prices().bars).toHaveLength(500);
  });

  it('keeps live candles that arrive before the symbol info, and draws them with the history', async () => {
    controller.show(BTC_LOADING);
    feed.load(0).resolve(minuteCandles(T0, 500));
    await settle();
    feed.emit('BTCUSDT', 'OneMinute', candle(T0 + 500 * 60, 77));
    frames.runFrame();
    expect(prices().updateCalls).toBe(0);
    controller.show(BTC);
    expect(prices().bars).toHaveLength(501);
    expect(prices().bars[500]).toMatchObject({ close: 77 });
  });

  it('shows the history watermark while the first 500 candles load', () => {
    controller.show(BTC);
    expect(watermark().text).toBe('Loading historical data...');
    expect(feed.load(0)).toMatchObject({ symbol: 'BTCUSDT', interval: 'OneMinute', limit: 500 });
    expect(feed.load(0).endTime).toBeUndefined();
  });

  it('leaves the RSI scale’s 25 and 75 ticks blank, under the 30 and 70 guide labels', () => {
    const { formatter } = rsi().options.priceFormat as { formatter: (value: number) => string };
    expect([0, 25, 30, 50, 70, 75, 74.99].map(formatter)).toEqual([
      '0.00',
      '',
      '30.00',
      '50.00',
      '70.00',
      '',
      '74.99',
    ]);
  });

  it('keeps the axes and crosshair hidden until data has loaded', async () => {
    // A scale's own option, else the chart's (created with `rightPriceScale`).
    const visible = (pane: number) =>
      chart.priceScale('right', pane).opts['visible'] ??
      (chart.options['rightPriceScale'] as { visible?: boolean }).visible;
    controller.show(BTC);
    expect(visible(0)).toBe(false);
    expect(visible(1)).toBe(false);
    expect(chart.options.crosshair).toEqual({ mode: CrosshairMode.Hidden });
    feed.load(0).resolve(minuteCandles(T0, 500));
    await settle();
    // Both panes' scales at once: lightweight-charts lays out every pane by the first one's.
    expect(visible(0)).toBe(true);
    expect(visible(1)).toBe(true);
    expect(chart.options.crosshair).toEqual({ mode: CrosshairMode.Normal });
  });

  it('draws the candles, hides the watermark and draws RSI 50 ms later', async () => {
    controller.show(BTC);
    const data = minuteCandles(T0, 500);
    feed.load(0).resolve(data);
    await settle();
    expect(prices().bars).toHaveLength(500);
    expect(watermark().text).toBeUndefined();
    expect(rsi().bars).toHaveLength(0);
    timers.advance(49);
    expect(rsi().bars).toHaveLength(0);
    timers.advance(1);
    expect(rsi().bars).toHaveLength(500);
    expect(controller.rsiLength()).toBe(500 - 14);
    expect(rsi().bars[499]).toMatchObject({ close: closeOf(computeRsiCandles(data)[499]) });
  });

  it('opens each session on its latest bars, and keeps the view when older pages arrive', async () => {
    await loadFirstPage();
    expect(chart.timeScaleResets).toBe(1);
    prices().barsBefore = 10;
    chart.emitVisibleRange();
    feed.load(1).resolve(minuteCandles(T0 - 500 * 60, 500));
    await settle();
    expect(chart.timeScaleResets).toBe(1);
    await loadFirstPage({ ...BTC, interval: 'FiveMinutes' });
    expect(chart.timeScaleResets).toBe(2);
  });

  it('reports the first drawn candles on the next animation frame', async () => {
    await loadFirstPage();
    expect(drawn).toEqual([]);
    frames.runFrame();
    expect(drawn).toEqual([500]);
    // Without a preview, the first candles are the latest page's.
    expect(drawnKept).toEqual(['first', 'latest 500']);
  });

  it('writes axis prices as the legend does, with thousands separators', async () => {
    await loadFirstPage();
    const last = prices().bars.at(-1)!['close'] as number;
    expect(controller.priceLabel(87_600)).toBe('87,600.00');
    expect(controller.priceLabel(last)).toBe(formatNumber(last, 2));
  });

  it('leaves out edge tick labels that the pane would cut, on both panes’ price axes', () => {
    // The chart's right-scale options are every pane's right scale's (the library copies them).
    expect(chart.options['rightPriceScale']).toMatchObject({ entireTextOnly: true });
    // Nothing turns it off per pane.
    for (const pane of [0, 1]) {
      expect(chart.priceScale('right', pane).opts).not.toHaveProperty('entireTextOnly');
    }
  });

  it('keeps the library’s attribution logo, placed in the corner under the price axis', () => {
    const options = chart.options as { layout: { attributionLogo?: boolean } };
    expect(options.layout.attributionLogo).toBe(true);
    // The corner is the price axis' width: wide enough for the 35 px logo and its inset.
    const scale = chart.options['rightPriceScale'] as { minimumWidth?: number };
    expect(scale.minimumWidth).toBeGreaterThanOrEqual(35 + 2 * 6);
    const placement = chart.container.querySelector('style');
    expect(placement?.textContent).toContain('a#tv-attr-logo');
    controller.dispose();
    expect(chart.container.querySelector('style')).toBeNull();
  });

  it('uses the symbol price format, 2 decimals by default', () => {
    expectPriceFormat(2, 0.01);
    controller.show(BTC_LOADING);
    expectPriceFormat(2, 0.01);
    const doge = {
      ...DEFAULT_SYMBOL_CATALOGUE.DOGEUSDT,
      priceFormat: { precision: 6, minMove: 0.000001 },
    };
    controller.show({ ...BTC, symbol: 'DOGEUSDT', symbolInfo: doge });
    expectPriceFormat(6, 0.000001);
  });

  describe('without symbol info', () => {
    it('draws the candles with the catalogue format when the symbol info is unavailable', async () => {
      controller.show({ ...BTC_NO_INFO, symbol: 'DOGEUSDT' });
      expectPriceFormat(5, 0.00001);
      expect(watermark().text).toBe('Loading historical data...');
      feed.load(0).resolve(minuteCandles(T0, 500));
      await settle();
      expect(prices().bars).toHaveLength(500);
      expect(watermark().text).toBeUndefined();
      expect(chart.priceScale('right', 0).opts['visible']).toBe(true);
      timers.advance(50);
      expect(controller.rsiLength()).toBe(500 - 14);
    });

    it('draws what was loaded once the symbol info load fails', async () => {
      controller.show(BTC_LOADING);
      feed.load(0).resolve(minuteCandles(T0, 500));
      await settle();
      expect(prices().bars).toHaveLength(0);
      controller.show(BTC_NO_INFO);
      expect(prices().bars).toHaveLength(500);
      expect(watermark().text).toBeUndefined();
      expect(feed.loads).toHaveLength(1);
    });

    it('applies the symbol format when it arrives later, without resetting the data', async () => {
      await loadFirstPage(BTC_NO_INFO);
      prices().barsBefore = 10;
      chart.emitVisibleRange();
      feed.load(1).resolve(minuteCandles(T0 - 500 * 60, 500));
      await settle();
      const setDataCalls = prices().setDataCalls;
      const clears = chart.crosshairClears;
      const info = {
        ...DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
        priceFormat: { precision: 1, minMove: 0.1 },
      };
      controller.show(BTC_LOADING); // a refetch starts: what is drawn stays
      controller.show({ ...BTC, symbolInfo: info });
      expectPriceFormat(1, 0.1);
      expect(prices().bars).toHaveLength(1000);
      expect(prices().setDataCalls).toBe(setDataCalls);
      expect(chart.crosshairClears).toBe(clears);
      expect(feed.loads).toHaveLength(2);
      expect(chart.timeScaleResets).toBe(1);
    });

    it('hides the watermark when the symbol info arrives after the first page failed', async () => {
      controller.show(BTC_LOADING);
      feed.load(0).reject(new Error('candles down'));
      await settle();
      expect(errors).toHaveLength(1);
      expect(watermark().text).toBe('Loading symbol info...');
      controller.show(BTC);
      expect(watermark().text).toBeUndefined();
      expect(prices().bars).toHaveLength(0);
      expect(feed.loads).toHaveLength(1);
    });

    it('hides the watermark when the first page fails and the symbol info is unavailable', async () => {
      controller.show(BTC_LOADING);
      controller.show(BTC_NO_INFO);
      feed.load(0).reject(new Error('candles down'));
      await settle();
      expect(watermark().text).toBeUndefined();
    });

    it('ignores live candles after the first page failed', async () => {
      controller.show(BTC);
      feed.load(0).reject(new Error('candles down'));
      await settle();
      feed.emit('BTCUSDT', 'OneMinute', candle(T0, 5));
      frames.runFrame();
      expect(prices().bars).toHaveLength(0);
      expect(watermark().text).toBeUndefined();
    });
  });

  it('writes the time axis labels with formatTickMark (no Intl at the first draw in en-US)', () => {
    expect(chart.options.timeScale).toMatchObject({ tickMarkFormatter: formatTickMark });
  });

  it('shows time labels only for minute and hour intervals', () => {
    controller.show({ ...BTC, interval: 'FourHour' });
    expect(chart.options.timeScale).toMatchObject({ timeVisible: true });
    controller.show({ ...BTC, interval: 'OneDay' });
    expect(chart.options.timeScale).toMatchObject({ timeVisible: false });
  });

  it('replaces the last bar for a live candle with the same time, once per frame', async () => {
    const data = await loadFirstPage();
    const last = data[499]!;
    feed.emit('BTCUSDT', 'OneMinute', candle(last.time, 1));
    feed.emit('BTCUSDT', 'OneMinute', candle(last.time, 2));
    feed.emit('BTCUSDT', 'OneMinute', candle(last.time, 3));
    expect(prices().updateCalls).toBe(0);
    frames.runFrame();
    expect(prices().updateCalls).toBe(1);
    expect(prices().bars).toHaveLength(500);
    expect(prices().bars[499]).toMatchObject({ time: last.time, close: 3 });
    const expected = computeRsiCandles([...data.slice(0, 499), candle(last.time, 3)]);
    expect(rsi().bars[499]).toMatchObject({ close: closeOf(expected[499]) });
  });

  it('appends a live candle with a new time to both panes', async () => {
    await loadFirstPage();
    feed.emit('BTCUSDT', 'OneMinute', candle(T0 + 500 * 60, 90));
    frames.runFrame();
    expect(prices().bars).toHaveLength(501);
    expect(rsi().bars).toHaveLength(501);
  });

  it('applies live candles that arrived before the first page once it is loaded', async () => {
    controller.show(BTC);
    feed.emit('BTCUSDT', 'OneMinute', candle(T0 + 500 * 60, 90));
    frames.runFrame();
    feed.load(0).resolve(minuteCandles(T0, 500));
    await settle();
    expect(prices().bars).toHaveLength(501);
    expect(prices().bars[500]).toMatchObject({ close: 90 });
  });

  it('keeps at most a page of the newest live candles while the first page is on its way', async () => {
    controller.show(BTC);
    const live = minuteCandles(T0 + 500 * 60, 600, 200);
    for (const bar of live) {
      feed.emit('BTCUSDT', 'OneMinute', bar);
      frames.runFrame();
    }
    feed.load(0).resolve(minuteCandles(T0, 500));
    await settle();
    const times = prices().bars.map((bar) => bar.time);
    expect(times).toHaveLength(1000);
    expect(times.slice(500)).toEqual(live.slice(100).map((c) => c.time));
  });

  it('loads the page ending one bar before the earliest candle when fewer than 100 bars remain', async () => {
    await loadFirstPage();
    prices().barsBefore = 150;
    chart.emitVisibleRange();
    expect(feed.loads).toHaveLength(1);
    prices().barsBefore = 99;
    chart.emitVisibleRange();
    expect(feed.loads).toHaveLength(2);
    expect(feed.load(1)).toMatchObject({ limit: 500, endTime: T0 - 60 });
  });

  it('prepends the older page and redraws both series without duplicates', async () => {
    const newer = await loadFirstPage();
    prices().barsBefore = 10;
    chart.emitVisibleRange();
    const older = minuteCandles(T0 - 500 * 60, 501); // the last one overlaps
    feed.load(1).resolve(older);
    await settle();
    timers.advance(50);
    const times = prices().bars.map((bar) => bar.time);
    expect(times).toHaveLength(1000);
    expect(new Set(times).size).toBe(1000);
    expect(controller.priceData().map((c) => c.time)).toEqual(
      [...older.slice(0, 500), ...newer].map((c) => c.time),
    );
    expect(rsi().bars).toHaveLength(1000);
  });

  it('requests one page at a time and never the same start twice', async () => {
    await loadFirstPage();
    prices().barsBefore = 10;
    chart.emitVisibleRange();
    chart.emitVisibleRange();
    expect(feed.loads).toHaveLength(2);
    feed.load(1).resolve([]); // nothing older exists
    await settle();
    chart.emitVisibleRange();
    expect(feed.loads).toHaveLength(2);
  });

  it('clears the loading flag when an older page fails, and reports the error', async () => {
    await loadFirstPage();
    prices().barsBefore = 10;
    chart.emitVisibleRange();
    expect(controller.loadingHistory).toBe(true);
    feed.load(1).reject(new Error('boom'));
    await settle();
    expect(controller.loadingHistory).toBe(false);
    expect(errors).toHaveLength(1);
    expect(prices().bars).toHaveLength(500);
  });

  it('asks again for an older page that failed when the chart is scrolled again', async () => {
    await loadFirstPage();
    prices().barsBefore = 10;
    chart.emitVisibleRange();
    feed.load(1).reject(new Error('boom'));
    await settle();
    chart.emitVisibleRange();
    expect(feed.loads).toHaveLength(3);
    expect(feed.load(2)).toMatchObject({ endTime: T0 - 60 });
    chart.emitVisibleRange(); // the retry is still in flight
    expect(feed.loads).toHaveLength(3);
    const older = minuteCandles(T0 - 500 * 60, 500);
    feed.load(2).resolve(older);
    await settle();
    expect(prices().bars).toHaveLength(1000);
  });

  it('never asks again for an older page that loaded after a failure', async () => {
    await loadFirstPage();
    prices().barsBefore = 10;
    chart.emitVisibleRange();
    feed.load(1).reject(new Error('boom'));
    await settle();
    chart.emitVisibleRange();
    feed.load(2).resolve([]); // nothing older exists
    await settle();
    chart.emitVisibleRange();
    expect(feed.loads).toHaveLength(3);
  });

  it('resets data and crosshair and reloads when the interval changes', async () => {
    await loadFirstPage();
    const clears = chart.crosshairClears;
    controller.show({ ...BTC, interval: 'OneHour' });
    expect(prices().bars).toHaveLength(0);
    expect(rsi().bars).toHaveLength(0);
    expect(chart.crosshairClears).toBe(clears + 1);
    expect(feed.load(1)).toMatchObject({ interval: 'OneHour' });
    expect(feed.watchers('BTCUSDT', 'OneMinute')).toBe(0);
    expect(feed.watchers('BTCUSDT', 'OneHour')).toBe(1);
  });

  it('resets when the symbol info changes, even for the same symbol', async () => {
    await loadFirstPage();
    const clears = chart.crosshairClears;
    const finer = {
      ...DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
      priceFormat: { precision: 3, minMove: 0.001 },
    };
    controller.show({ ...BTC, symbolInfo: finer });
    expect(prices().bars).toHaveLength(0);
    expect(chart.crosshairClears).toBe(clears + 1);
    expect(feed.loads).toHaveLength(2);
    expectPriceFormat(3, 0.001);
  });

  it('keeps data, older pages and scroll when a refetch returns the same symbol info', async () => {
    await loadFirstPage();
    prices().barsBefore = 10;
    chart.emitVisibleRange();
    feed.load(1).resolve(minuteCandles(T0 - 500 * 60, 500));
    await settle();
    const setDataCalls = prices().setDataCalls;
    controller.show(BTC_LOADING); // the refetch is in flight
    controller.show({ ...BTC, symbolInfo: refetched(DEFAULT_SYMBOL_CATALOGUE.BTCUSDT) });
    expect(feed.loads).toHaveLength(2);
    expect(prices().bars).toHaveLength(1000);
    expect(prices().setDataCalls).toBe(setDataCalls);
    expect(chart.timeScaleResets).toBe(1);
  });

  it('resets when the symbol info goes away after a refetch without it', async () => {
    await loadFirstPage();
    controller.show(BTC_NO_INFO);
    expect(prices().bars).toHaveLength(0);
    expect(feed.loads).toHaveLength(2);
  });

  it('does nothing when shown the same view again', async () => {
    await loadFirstPage();
    controller.show({ ...BTC });
    expect(prices().bars).toHaveLength(500);
    expect(feed.loads).toHaveLength(1);
  });

  it('ignores a first page that arrives after the view changed', async () => {
    controller.show(BTC);
    controller.show({ ...BTC, symbol: 'ETHUSDT', symbolInfo: DEFAULT_SYMBOL_CATALOGUE.ETHUSDT });
    feed.load(0).resolve(minuteCandles(T0, 500));
    await settle();
    expect(prices().bars).toHaveLength(0);
    expect(watermark().text).toBe('Loading historical data...');
  });

  it('ignores results and live candles that arrive after dispose', async () => {
    controller.show(BTC);
    controller.dispose();
    feed.load(0).resolve(minuteCandles(T0, 500));
    await settle();
    feed.emit('BTCUSDT', 'OneMinute', candle(T0, 1));
    frames.runFrame();
    timers.advance(100);
    expect(prices().bars).toHaveLength(0);
    expect(chart.removed).toBe(true);
    expect(feed.watchers('BTCUSDT', 'OneMinute')).toBe(0);
  });

  it('ignores an older page that arrives after the interval changed', async () => {
    await loadFirstPage();
    prices().barsBefore = 10;
    chart.emitVisibleRange();
    controller.show({ ...BTC, interval: 'FiveMinutes' });
    feed.load(1).resolve(minuteCandles(T0 - 500 * 60, 500));
    await settle();
    expect(prices().bars).toHaveLength(0);
  });

  it('reads back the series data in UTC when the axis is shifted to local time', async () => {
    controller.dispose();
    resetMockCharts();
    controller = new ChartController(document.createElement('div'), {
      feed,
      frames,
      timers,
      utcOffsetMinutes: 180,
      appearance: APPEARANCE,
    });
    chart = lastMockChart();
    const data = await loadFirstPage(BTC, 3);
    expect(prices().bars[0]!.time).toBe(T0 + 180 * 60);
    expect(controller.priceData().map((c) => c.time)).toEqual(
      data.map((c) => c.time as UnixSeconds),
    );
    expect(controller.visibleTimeRange()).toEqual({ from: data[0]!.time, to: data[2]!.time });
  });
});
