import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { FIRST_CANDLES_MARK, LATEST_CANDLES_MARK } from '../chart/chartConstants';
import { LastCandlesStore } from '../chart/LastCandlesStore';
import { sharedOfflinePrices } from '../chart/sharedOfflinePrices';
import { adoptFirstChart } from '../firstScreen/firstChartSlot';
import { minuteCandles } from '../test-support/candles';
import { FakeChartFeed } from '../test-support/FakeChartFeed';
import { lastMockChart, resetMockCharts } from '../test-support/lightweightChartsMock';
import startFirstChart from './firstChart';

const BARS = minuteCandles(6000, 30);
const INFO = {
  ETHUSDT: {
    symbol: 'ETHUSDT',
    baseAsset: 'ETH',
    quoteAsset: 'USDT',
    priceFormat: { precision: 2, minMove: 0.01 },
    quantityFormat: { precision: 4, minMove: 0.0001 },
  },
};

/** An api answer's JSON body, as the shell hands it over. */
const answer = (body: unknown): Promise<unknown> => Promise.resolve(body);

describe('alerts_mfe/firstChart', () => {
  let slot: HTMLElement;
  // jsdom's performance has no marks: the test records them.
  const mark = jest.fn();
  beforeEach(() => {
    resetMockCharts();
    mark.mockClear();
    Object.assign(performance, { mark });
    slot = document.createElement('div');
    document.body.append(slot);
  });
  afterEach(() => {
    adoptFirstChart()?.discard();
    document.body.innerHTML = '';
    window.localStorage.clear();
    sharedOfflinePrices.set(undefined);
  });

  it("draws the candles an earlier visit kept at once on a repeat visit, and the api's over them when they come", async () => {
    const kept = minuteCandles(3000, 40);
    new LastCandlesStore(window.localStorage).keep(
      'BTCUSDT',
      'OneMinute',
      kept,
      Date.now() - 60_000,
    );
    let answerCandles: (body: unknown) => void = () => undefined;
    const drawn = startFirstChart({
      slot,
      symbol: 'BTCUSDT',
      interval: 'OneMinute',
      candles: new Promise((resolve) => (answerCandles = resolve)),
      symbolInfo: new Promise(() => undefined), // never answers: the catalogue knows BTCUSDT
      previewSince: Date.now() - 120_000,
      onRemoved: jest.fn(),
    });
    await drawn; // settled by the kept candles: the api has not answered
    const chart = lastMockChart();
    expect(chart.series[0]!.bars).toHaveLength(kept.length);
    expect(mark).toHaveBeenCalledWith(FIRST_CANDLES_MARK, {
      detail: { symbol: 'BTCUSDT', interval: 'OneMinute', bars: kept.length, kept: true },
    });
    expect(mark).not.toHaveBeenCalledWith(LATEST_CANDLES_MARK, expect.anything());
    expect(sharedOfflinePrices.updatingSeenAt).toBeDefined();

    answerCandles(BARS);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chart.series[0]!.bars).toHaveLength(BARS.length);
    expect(chart.series[0]!.bars[0]!.time).not.toBe(kept[0]!.time);
    expect(mark).toHaveBeenCalledWith(LATEST_CANDLES_MARK, {
      detail: { symbol: 'BTCUSDT', interval: 'OneMinute', bars: BARS.length },
    });
    expect(sharedOfflinePrices.updatingSeenAt).toBeUndefined();
  });

  it('waits for the api when the kept candles are older than the source the frame shows', async () => {
    new LastCandlesStore(window.localStorage).keep(
      'BTCUSDT',
      'OneMinute',
      minuteCandles(3000, 40),
      Date.now() - 60_000,
    );
    await startFirstChart({
      slot,
      symbol: 'BTCUSDT',
      interval: 'OneMinute',
      candles: answer(BARS),
      symbolInfo: answer({}),
      previewSince: Date.now() - 30_000, // the source changed since they were seen
      onRemoved: jest.fn(),
    });
    expect(lastMockChart().series[0]!.bars).toHaveLength(BARS.length);
    expect(mark).toHaveBeenCalledWith(
      FIRST_CANDLES_MARK,
      expect.objectContaining({
        detail: expect.objectContaining({ kept: false }),
      }),
    );
  });

  it('draws the candles with the banner and pickers of the screen around them, marks them, and waits to be adopted', async () => {
    const onRemoved = jest.fn();
    await startFirstChart({
      slot,
      symbol: 'ETHUSDT',
      interval: 'FiveMinutes',
      candles: answer(BARS),
      symbolInfo: answer(INFO),
      onRemoved,
    });

    // jsdom has no Push API: the screen will say push is unsupported, and so does the first screen.
    expect(slot).toHaveTextContent(ALERTS_MESSAGES.pushUnsupported);
    expect(slot).toHaveTextContent('ETHUSDT');
    expect(slot.querySelector('.pwa-on')).toHaveTextContent('5m');
    const chart = lastMockChart();
    expect(chart.series[0]!.bars).toHaveLength(BARS.length);
    expect(mark).toHaveBeenCalledWith(FIRST_CANDLES_MARK, {
      detail: { symbol: 'ETHUSDT', interval: 'FiveMinutes', bars: BARS.length, kept: false },
    });
    expect(mark).toHaveBeenCalledWith(LATEST_CANDLES_MARK, {
      detail: { symbol: 'ETHUSDT', interval: 'FiveMinutes', bars: BARS.length },
    });

    const first = adoptFirstChart()!;
    expect(first.controller).toBeDefined();
    const box = document.createElement('div');
    document.body.append(box);
    const app = new FakeChartFeed();
    const onLoadError = jest.fn();
    first.adopt(box, app, { onLoadError, onAddAlert: jest.fn() });
    // The chart's element moved, canvases and all; what was around it is gone.
    expect(chart.container.parentElement).toBe(box);
    expect(slot).toBeEmptyDOMElement();
    expect(onRemoved).toHaveBeenCalledTimes(1);
    // The live stream now comes from the app's feed.
    expect(app.watchers('ETHUSDT', 'FiveMinutes')).toBe(1);
    expect(onLoadError).not.toHaveBeenCalled();
    expect(adoptFirstChart()).toBeUndefined();
  });

  it('rejects when the candles fail, and reports the failure to the screen that adopts the chart', async () => {
    const drawn = startFirstChart({
      slot,
      symbol: 'BTCUSDT',
      interval: 'OneMinute',
      candles: Promise.reject(new Error('GET candles answered HTTP 503.')),
      symbolInfo: answer({}),
      onRemoved: () => undefined,
    });
    await expect(drawn).rejects.toThrow('GET candles answered HTTP 503.');
    const onLoadError = jest.fn();
    adoptFirstChart()!.adopt(document.createElement('div'), new FakeChartFeed(), {
      onLoadError,
      onAddAlert: jest.fn(),
    });
    expect(onLoadError).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'GET candles answered HTTP 503.' }),
    );
  });

  it('refuses a symbol or interval it does not know, drawing nothing', async () => {
    await expect(
      startFirstChart({
        slot,
        symbol: 'foo/usdt',
        interval: 'OneMinute',
        candles: answer([]),
        symbolInfo: answer({}),
        onRemoved: () => undefined,
      }),
    ).rejects.toThrow('No first chart for foo/usdt OneMinute.');
    expect(slot).toBeEmptyDOMElement();
    expect(adoptFirstChart()).toBeUndefined();
  });
});
