import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type Alert,
  DEFAULT_SYMBOL_CATALOGUE,
  computeRsiCandles,
  hasRsiValue,
} from '@pairwatch/domain';
import { anAlert } from '../test-support/alerts';
import { candle, minuteCandles } from '../test-support/candles';
import { FakeChartFeed } from '../test-support/FakeChartFeed';
import { ManualFrames } from '../test-support/ManualFrames';
import { ManualTimers } from '../test-support/ManualTimers';
import {
  type MockChart,
  type MockSeriesMarkers,
  lastMockChart,
  mockMarkers,
  resetMockCharts,
} from '../test-support/lightweightChartsMock';
import { type AddAlertRequest, ChartController, type ChartView } from './ChartController';

const T0 = 1_700_000_040;
const BTC: ChartView = {
  symbol: 'BTCUSDT',
  interval: 'OneMinute',
  symbolInfo: DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
  symbolInfoLoading: false,
};
const APPEARANCE = {
  textColor: 'rgb(1, 1, 1)',
  strongTextColor: 'rgb(2, 2, 2)',
  gridColor: '#eee',
  watermarkColor: '#0003',
  upTextColor: 'rgb(0, 128, 0)',
  downTextColor: 'rgb(128, 0, 0)',
  surfaceColor: '#fff',
  fontFamily: 'Inter, sans-serif',
};

async function settle(): Promise<void> {
  await Promise.resolve();
  await Promise.resolve();
}

describe('ChartController legend, alert levels and the "+"', () => {
  let container: HTMLDivElement;
  let feed: FakeChartFeed;
  let frames: ManualFrames;
  let timers: ManualTimers;
  let requests: AddAlertRequest[];
  let controller: ChartController;
  let chart: MockChart;

  beforeEach(() => {
    resetMockCharts();
    container = document.createElement('div');
    document.body.append(container);
    feed = new FakeChartFeed();
    frames = new ManualFrames();
    timers = new ManualTimers();
    requests = [];
    controller = new ChartController(container, {
      feed,
      frames,
      timers,
      utcOffsetMinutes: 0,
      appearance: APPEARANCE,
      onAddAlert: (request) => requests.push(request),
    });
    chart = lastMockChart();
  });

  afterEach(() => {
    controller.dispose();
    container.remove();
  });

  const prices = () => chart.series[0]!;
  const rsi = () => chart.series[1]!;
  const priceMarkers = (): MockSeriesMarkers => mockMarkers.find((m) => m.series === prices())!;
  const rsiMarkers = (): MockSeriesMarkers => mockMarkers.find((m) => m.series === rsi())!;
  const legend = () => container.querySelector<HTMLElement>('[data-testid="chart-legend"]')!;
  const rsiLegend = () => container.querySelector<HTMLElement>('[data-testid="chart-rsi-legend"]')!;
  const field = (name: string) =>
    container.querySelector<HTMLElement>(`[data-field="${name}"]`)!.textContent;
  const button = () =>
    container.querySelector<HTMLButtonElement>('[data-testid="chart-add-alert"]')!;
  const alertLines = () => controller.alertLines();

  async function loadFirstPage(view: ChartView = BTC, data = minuteCandles(T0, 500)) {
    controller.show(view);
    feed.load(feed.loads.length - 1).resolve(data);
    await settle();
    timers.advance(50);
    return data;
  }

  describe('legend', () => {
    it('shows the symbol and interval, then the latest bar with its change', async () => {
      const data = await loadFirstPage(BTC, [
        ...minuteCandles(T0, 20),
        { time: T0 + 20 * 60, open: 87_000, high: 87_250.5, low: 86_900.25, close: 87_120.5 },
      ] as ReturnType<typeof minuteCandles>);
      expect(data).toHaveLength(21);
      expect(legend().textContent).toContain('BTCUSDT · 1m');
      expect([field('open'), field('high'), field('low'), field('close')]).toEqual([
        '87,000.00',
        '87,250.50',
        '86,900.25',
        '87,120.50',
      ]);
      const previousClose = data[19]!.close;
      const change = 87_120.5 - previousClose;
      expect(field('change')).toBe(
        `+${change.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} (+${((change / previousClose) * 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%)`,
      );
      expect(field('close')).not.toBe('');
      expect(container.querySelector<HTMLElement>('[data-field="close"]')!.style.color).toBe(
        'rgb(0, 128, 0)',
      );
    });

    it('shows the hovered bar, and the latest again when the pointer leaves', async () => {
      const data = await loadFirstPage();
      chart.emitCrosshair({ time: data[100]!.time, point: { x: 10, y: 50 }, paneIndex: 0 });
      expect(field('close')).toBe(data[100]!.close.toFixed(2));
      const rsiValues = computeRsiCandles(data);
      const rsi100 = rsiValues[100]!;
      expect(hasRsiValue(rsi100) && field('rsi')).toBe(
        hasRsiValue(rsi100) && rsi100.close.toFixed(2),
      );
      chart.emitCrosshair({});
      expect(field('close')).toBe(data[499]!.close.toFixed(2));
    });

    it('follows the live bar once per frame, also while the pointer rests on it', async () => {
      const data = await loadFirstPage();
      chart.emitCrosshair({ time: data[499]!.time, point: { x: 10, y: 50 }, paneIndex: 0 });
      feed.emit('BTCUSDT', 'OneMinute', candle(data[499]!.time, 123.45));
      expect(field('close')).toBe(data[499]!.close.toFixed(2));
      frames.runFrame();
      expect(field('close')).toBe('123.45');
    });

    it('uses the symbol’s precision, and leaves warm-up bars without an RSI value', async () => {
      const data = await loadFirstPage({
        ...BTC,
        symbol: 'DOGEUSDT',
        symbolInfo: DEFAULT_SYMBOL_CATALOGUE.DOGEUSDT,
      });
      expect(field('close')).toBe(data[499]!.close.toFixed(5));
      chart.emitCrosshair({ time: data[3]!.time, point: { x: 10, y: 50 }, paneIndex: 0 });
      expect(rsiLegend().style.display).toBe('none');
      expect(legend().textContent).toContain('DOGEUSDT · 1m');
    });

    it('puts the RSI legend at the top of the RSI pane', async () => {
      await loadFirstPage();
      expect(rsiLegend().textContent).toMatch(/^RSI 14 \d+\.\d\d$/);
      expect(rsiLegend().style.top).toBe(`${380 + 1 + 4}px`);
    });

    it('shows no bar values before the first page', () => {
      controller.show(BTC);
      expect(legend().textContent).toBe(
        'BTCUSDT · 1m' + legend().querySelector('span + span')!.textContent,
      );
      expect((legend().querySelector('span + span') as HTMLElement).style.display).toBe('none');
    });
  });

  describe('alert levels', () => {
    const up = anAlert({ id: 'a', valueOnCreation: 100, valueTarget: 120 });
    const down = anAlert({ id: 'b', valueOnCreation: 100, valueTarget: 80 });
    const rsiAlert = anAlert({
      id: 'c',
      type: 'Rsi',
      interval: 'OneMinute',
      valueOnCreation: 50,
      valueTarget: 30,
    });
    const rsiHourly = { ...rsiAlert, id: 'd', interval: 'OneHour' as const };
    const eth = anAlert({ id: 'e', symbol: 'ETHUSDT' });

    it('draws each Active alert of the symbol as a dashed level with its direction', async () => {
      await loadFirstPage();
      controller.setAlerts([up, down, rsiAlert, rsiHourly, eth]);
      expect(alertLines()).toEqual([
        { pane: 'price', price: 120, title: '▲ Alert' },
        { pane: 'price', price: 80, title: '▼ Alert' },
        { pane: 'rsi', price: 30, title: '▼ Alert' },
      ]);
      const options = prices().lines.find((line) => line.opts.id === 'alert:a')!.opts;
      expect(options).toMatchObject({ color: '#26a69a', axisLabelVisible: true, lineStyle: 2 });
    });

    it('adds a line on create, removes it on delete and on trigger, and keeps the others', async () => {
      await loadFirstPage();
      controller.setAlerts([up]);
      const first = prices().lines.find((line) => line.opts.id === 'alert:a')!;
      controller.setAlerts([up, down]);
      expect(alertLines().map((line) => line.price)).toEqual([120, 80]);
      expect(first.attached).toBe(true); // not redrawn
      controller.setAlerts([down]);
      expect(alertLines().map((line) => line.price)).toEqual([80]);
      controller.setAlerts([
        {
          ...down,
          status: 'Triggered',
          triggeredAt: new Date((T0 + 499 * 60) * 1000).toISOString(),
        },
      ]);
      expect(alertLines()).toEqual([]);
      expect(rsi().lines).toHaveLength(2); // the 70/30 guides stay
    });

    it('redraws the set for a new symbol or interval', async () => {
      await loadFirstPage();
      controller.setAlerts([up, rsiAlert, rsiHourly, eth]);
      await loadFirstPage({ ...BTC, interval: 'OneHour' });
      expect(alertLines().map((line) => [line.pane, line.price])).toEqual([
        ['price', 120],
        ['rsi', 30],
      ]);
      await loadFirstPage({
        ...BTC,
        symbol: 'ETHUSDT',
        symbolInfo: DEFAULT_SYMBOL_CATALOGUE.ETHUSDT,
      });
      expect(alertLines().map((line) => line.price)).toEqual([65_000]);
    });

    it('draws nothing before the candles are there', () => {
      controller.show(BTC);
      controller.setAlerts([up]);
      expect(alertLines()).toEqual([]);
    });

    it('lets the auto-scaled price pane take in near lines only', async () => {
      await loadFirstPage();
      controller.setAlerts([up, anAlert({ id: 'far', valueOnCreation: 100, valueTarget: 1_000 })]);
      const provider = prices().options.autoscaleInfoProvider as (
        base: () => { priceRange: { minValue: number; maxValue: number } },
      ) => { priceRange: { minValue: number; maxValue: number } };
      expect(provider(() => ({ priceRange: { minValue: 90, maxValue: 110 } })).priceRange).toEqual({
        minValue: 90,
        maxValue: 120,
      });
    });
  });

  describe('triggered markers', () => {
    const firedAt = (time: number) => new Date(time * 1000 + 12_000).toISOString();
    const fired = (id: string, time: number, extra: Partial<Alert> = {}): Alert =>
      anAlert({
        id,
        valueOnCreation: 100,
        valueTarget: 104,
        status: 'Triggered',
        triggeredAt: firedAt(time),
        triggeredValue: 104.2,
        ...extra,
      });

    it('marks the bar a loaded alert fired in, at the price it fired at', async () => {
      await loadFirstPage();
      controller.setAlerts([fired('a', T0 + 100 * 60)]);
      expect(priceMarkers().list).toEqual([
        expect.objectContaining({
          time: T0 + 100 * 60,
          price: 104.2,
          position: 'atPriceTop',
          text: '▲ 104.20',
        }),
      ]);
      expect(controller.alertMarkers()).toEqual([
        { pane: 'price', time: T0 + 100 * 60, text: '▲ 104.20' },
      ]);
    });

    it("writes a fall's text below its price and a rise's above, clear of the bar's body", async () => {
      await loadFirstPage();
      controller.setAlerts([
        fired('down', T0 + 100 * 60, {
          valueOnCreation: 110,
          valueTarget: 104,
          triggeredValue: 103.9,
        }),
      ]);
      expect(priceMarkers().list).toEqual([
        expect.objectContaining({ position: 'atPriceBottom', text: '▼ 103.90' }),
      ]);
    });

    it('marks an RSI alert in the RSI pane', async () => {
      await loadFirstPage();
      controller.setAlerts([
        fired('r', T0 + 200 * 60, {
          type: 'Rsi',
          interval: 'OneMinute',
          valueOnCreation: 50,
          valueTarget: 30,
          triggeredValue: 29.5,
        }),
      ]);
      expect(rsiMarkers().list).toEqual([
        expect.objectContaining({ time: T0 + 200 * 60, text: '▼ 29.50' }),
      ]);
      expect(priceMarkers().list).toEqual([]);
    });

    it('waits for the bar of a trigger newer than the history, then marks it', async () => {
      await loadFirstPage();
      const next = T0 + 500 * 60;
      controller.setAlerts([fired('a', next)]);
      expect(priceMarkers().list).toEqual([]);
      feed.emit('BTCUSDT', 'OneMinute', candle(next, 104.5));
      frames.runFrame();
      expect(priceMarkers().list.map((marker) => marker.time)).toEqual([next]);
    });

    it('leaves out triggers older than the loaded history', async () => {
      await loadFirstPage();
      controller.setAlerts([fired('old', T0 - 3_600)]);
      expect(priceMarkers().list).toEqual([]);
    });
  });

  describe('the "+" on the axis', () => {
    it('appears at the crosshair price and offers that level, rounded to the tick', async () => {
      await loadFirstPage();
      prices().coordinateToPrice = () => 87_123.456;
      chart.emitCrosshair({ time: T0, point: { x: 100, y: 40 }, paneIndex: 0 });
      expect(button().style.display).toBe('block');
      expect(button().style.top).toBe(`${40 - 9}px`);
      expect(button().style.left).toBe(`${600 - 18 - 2}px`);
      expect(button().getAttribute('aria-label')).toBe('Add an alert at 87,123.46');
      expect(button().title).toContain('Alt+A');
      button().click();
      expect(requests).toEqual([{ pane: 'price', value: 87_123.46 }]);
      expect(button().style.display).toBe('none');
    });

    it('offers an RSI alert in the RSI pane, placed below the price pane', async () => {
      await loadFirstPage();
      rsi().coordinateToPrice = () => 71.238;
      chart.emitCrosshair({ time: T0, point: { x: 100, y: 20 }, paneIndex: 1 });
      expect(button().style.top).toBe(`${380 + 1 + 20 - 9}px`);
      button().click();
      expect(requests).toEqual([{ pane: 'rsi', value: 71.24 }]);
    });

    it('stays while the pointer moves onto it, and goes when the pointer leaves the chart', async () => {
      await loadFirstPage();
      chart.emitCrosshair({ time: T0, point: { x: 100, y: 40 }, paneIndex: 0 });
      chart.emitCrosshair({}); // the pointer left the canvas for the button
      button().dispatchEvent(new Event('pointerenter'));
      timers.advance(1_000);
      expect(button().style.display).toBe('block');
      button().dispatchEvent(new Event('pointerleave'));
      timers.advance(1_000);
      expect(button().style.display).toBe('none');
    });

    it('is not offered below zero or before data', async () => {
      controller.show(BTC);
      chart.emitCrosshair({ point: { x: 100, y: 40 }, paneIndex: 0 });
      expect(button().style.display).toBe('none');
      await loadFirstPage();
      prices().coordinateToPrice = () => -5;
      chart.emitCrosshair({ time: T0, point: { x: 100, y: 40 }, paneIndex: 0 });
      expect(button().style.display).toBe('none');
    });

    it('offers the last price by keyboard', async () => {
      expect(controller.offerAlertAtLastPrice()).toBe(false);
      const data = await loadFirstPage();
      expect(controller.offerAlertAtLastPrice()).toBe(true);
      expect(requests).toEqual([{ pane: 'price', value: data[499]!.close }]);
    });
  });

  it('removes its legend, button and markers when disposed', () => {
    controller.dispose();
    expect(container.querySelector('[data-testid="chart-legend"]')).toBeNull();
    expect(container.querySelector('[data-testid="chart-add-alert"]')).toBeNull();
    expect(mockMarkers.every((plugin) => plugin.detached)).toBe(true);
  });
});
