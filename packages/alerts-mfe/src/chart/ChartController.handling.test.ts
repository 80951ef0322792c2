import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE } from '@pairwatch/domain';
import { candle, minuteCandles } from '../test-support/candles';
import { FakeChartFeed } from '../test-support/FakeChartFeed';
import { ManualFrames } from '../test-support/ManualFrames';
import { ManualTimers } from '../test-support/ManualTimers';
import {
  type MockChart,
  type MockPriceScale,
  lastMockChart,
  resetMockCharts,
} from '../test-support/lightweightChartsMock';
import { ChartController, type ChartView } from './ChartController';

const T0 = 1_700_000_040;
const APPEARANCE = {
  textColor: 'rgb(1, 1, 1)',
  strongTextColor: 'rgb(2, 2, 2)',
  gridColor: '#eee',
  watermarkColor: '#0003',
  upTextColor: 'rgb(0, 128, 0)',
  downTextColor: 'rgb(128, 0, 0)',
  surfaceColor: 'rgb(255, 255, 255)',
  fontFamily: 'Inter, sans-serif',
};
const BTC: ChartView = {
  symbol: 'BTCUSDT',
  interval: 'OneMinute',
  symbolInfo: DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
  symbolInfoLoading: false,
};
const DOGE: ChartView = {
  ...BTC,
  symbol: 'DOGEUSDT',
  symbolInfo: DEFAULT_SYMBOL_CATALOGUE.DOGEUSDT,
};

async function settle(): Promise<void> {
  await Promise.resolve();
  await Promise.resolve();
}

describe('ChartController in a person’s hands', () => {
  let container: HTMLDivElement;
  let feed: FakeChartFeed;
  let frames: ManualFrames;
  let controller: ChartController;
  let chart: MockChart;

  beforeEach(() => {
    resetMockCharts();
    container = document.createElement('div');
    document.body.append(container);
    feed = new FakeChartFeed();
    frames = new ManualFrames();
    controller = new ChartController(container, {
      feed,
      frames,
      timers: new ManualTimers(),
      utcOffsetMinutes: 0,
      appearance: APPEARANCE,
    });
    chart = lastMockChart();
  });

  afterEach(() => {
    controller.dispose();
    container.remove();
  });

  const priceScale = (): MockPriceScale => chart.priceScale('right', 0);
  const autoButton = () =>
    container.querySelector<HTMLButtonElement>('[aria-label="Auto-scale price axis"]');
  const autoButtonShown = () => autoButton()?.style.display === 'block';

  async function show(view: ChartView): Promise<void> {
    controller.show(view);
    feed.load(feed.loads.length - 1).resolve(minuteCandles(T0, 50));
    await settle();
  }

  /** A drag on the price axis, as the chart sees it: pointer down, the library rescales, up. */
  function dragPriceAxis(): void {
    container.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    priceScale().scaleByHand();
    window.dispatchEvent(new MouseEvent('pointermove'));
    window.dispatchEvent(new MouseEvent('pointerup'));
    frames.runFrame();
  }

  it('lets a vertical swipe scroll the page on a touch screen; horizontal swipes pan, pinch zooms', () => {
    expect(chart.options).toMatchObject({
      handleScroll: { vertTouchDrag: false, horzTouchDrag: true },
      handleScale: { pinch: true },
    });
  });

  it('keeps the mouse as it was: drag and wheel pan, axes scale by drag and reset by double-click', () => {
    expect(chart.options).toMatchObject({
      handleScroll: { pressedMouseMove: true, mouseWheel: true },
      handleScale: {
        mouseWheel: true,
        axisPressedMouseMove: { time: true, price: true },
        axisDoubleClickReset: { time: true, price: true },
      },
    });
  });

  it('shows the "auto" button at the bottom of the price axis once the axis is scaled by hand', async () => {
    await show(BTC);
    expect(autoButtonShown()).toBe(false);
    expect(controller.priceScaleAuto()).toBe(true);

    dragPriceAxis();

    expect(controller.priceScaleAuto()).toBe(false);
    expect(autoButtonShown()).toBe(true);
    // Pane 600 × 380, axis 64 wide (the mock's sizes).
    expect(autoButton()!.style).toMatchObject({ left: '603px', width: '58px', top: '359px' });
  });

  it('brings the price scale back to automatic, and hides the button, on a symbol switch', async () => {
    await show(BTC);
    dragPriceAxis();
    chart.priceScale('right', 1).scaleByHand();

    await show(DOGE);

    expect(priceScale().options().autoScale).toBe(true);
    expect(chart.priceScale('right', 1).options().autoScale).toBe(true);
    expect(autoButtonShown()).toBe(false);
  });

  it('brings the price scale back to automatic on an interval switch', async () => {
    await show(BTC);
    dragPriceAxis();

    await show({ ...BTC, interval: 'FourHour' });

    expect(priceScale().options().autoScale).toBe(true);
    expect(autoButtonShown()).toBe(false);
  });

  it('keeps a hand-set scale when only the symbol info arrives (same symbol and interval)', async () => {
    controller.show({ ...BTC, symbolInfo: undefined, symbolInfoLoading: true });
    feed.load(0).resolve(minuteCandles(T0, 50));
    await settle();
    dragPriceAxis();

    controller.show(BTC);

    expect(priceScale().options().autoScale).toBe(false);
    expect(autoButtonShown()).toBe(true);
  });

  it('restores the automatic scale when the "auto" button is clicked', async () => {
    await show(BTC);
    dragPriceAxis();

    autoButton()!.click();

    expect(priceScale().options().autoScale).toBe(true);
    expect(controller.priceScaleAuto()).toBe(true);
    expect(autoButtonShown()).toBe(false);
  });

  it('hides the button after a double-click on the axis reset the scale', async () => {
    await show(BTC);
    dragPriceAxis();

    container.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    window.dispatchEvent(new MouseEvent('pointerup'));
    priceScale().resetByHand();
    frames.runFrame();

    expect(autoButtonShown()).toBe(false);
  });

  it('follows the scale on live frames too, however it was set', async () => {
    await show(BTC);
    priceScale().scaleByHand(); // no pointer seen (e.g. the gesture began off the chart)

    feed.emit('BTCUSDT', 'OneMinute', candle(T0 + 50 * 60, 100));
    frames.runFrame();

    expect(autoButtonShown()).toBe(true);
  });

  it('reads the price pane height for the browser tests', () => {
    expect(controller.pricePaneHeight()).toBe(380);
  });

  it('takes the button away with the chart', () => {
    controller.dispose();
    expect(autoButton()).toBeNull();
  });
});
