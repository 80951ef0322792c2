import { beforeEach, describe, expect, it } from '@jest/globals';
import { type ISeriesApi } from 'lightweight-charts';
import { anAlert } from '../test-support/alerts';
import { minuteCandles } from '../test-support/candles';
import {
  MockSeries,
  type MockSeriesMarkers,
  mockMarkers,
  resetMockCharts,
} from '../test-support/lightweightChartsMock';
import { type AlertBandPrimitive } from './AlertBandPrimitive';
import { AlertOverlay, type AlertScene } from './AlertOverlay';
import { CandleHistory } from './CandleHistory';
import { LocalTimeAdapter } from './LocalTimeAdapter';

const T0 = 1_700_000_040;

describe('AlertOverlay', () => {
  let prices: MockSeries;
  let rsi: MockSeries;
  let scene: AlertScene | undefined;
  let overlay: AlertOverlay;

  beforeEach(() => {
    resetMockCharts();
    prices = new MockSeries({}, 0);
    rsi = new MockSeries({}, 1);
    const history = new CandleHistory();
    history.load(minuteCandles(T0, 100));
    scene = {
      symbol: 'BTCUSDT',
      interval: 'OneMinute',
      history,
      time: new LocalTimeAdapter('OneMinute', 0),
      pricePrecision: 2,
    };
    overlay = new AlertOverlay(
      prices as unknown as ISeriesApi<'Candlestick'>,
      rsi as unknown as ISeriesApi<'Candlestick'>,
      () => scene,
    );
  });

  const bands = (series: MockSeries) =>
    (series.primitives[0] as unknown as AlertBandPrimitive)
      .shownBands()
      .map(({ lower, upper }) => ({
        lower,
        upper,
      }));
  const markersOf = (series: MockSeries): MockSeriesMarkers =>
    mockMarkers.find((plugin) => plugin.series === series)!;

  const channel = anAlert({
    id: 'c',
    condition: 'InsideChannel',
    valueTarget: 90,
    valueUpper: 110,
  });

  it('draws a channel as two titled bounds with the band between them shaded', () => {
    overlay.setAlerts([channel]);
    expect(overlay.drawnLines()).toEqual([
      { pane: 'price', price: 90, title: 'Channel alert' },
      { pane: 'price', price: 110, title: 'Channel alert' },
    ]);
    expect(prices.lines.map((line) => line.opts.id)).toEqual(['alert:c:lower', 'alert:c:upper']);
    expect(bands(prices)).toEqual([{ lower: 90, upper: 110 }]);
    expect(bands(rsi)).toEqual([]);
    expect(overlay.priceLevels).toEqual([90, 110]);
  });

  it('shades an RSI channel in the RSI pane, and takes the band away with the alert', () => {
    const rsiChannel = anAlert({
      id: 'r',
      type: 'Rsi',
      condition: 'OutsideChannel',
      valueTarget: 30,
      valueUpper: 70,
    });
    overlay.setAlerts([rsiChannel]);
    expect(bands(rsi)).toEqual([{ lower: 30, upper: 70 }]);
    expect(overlay.priceLevels).toEqual([]);
    overlay.setAlerts([]);
    expect(bands(rsi)).toEqual([]);
    expect(rsi.lines).toEqual([]);
  });

  it('draws nothing for a percent move, an expired alert or an alert it cannot read', () => {
    overlay.setAlerts([
      anAlert({ id: 'm', condition: 'MovingUpPercent', valueTarget: 5, bars: 3 }),
      { ...channel, status: 'Expired' },
      { kind: 'unreadable', id: 'u', symbol: 'BTCUSDT', createdAt: undefined, problem: '?' },
    ]);
    expect(overlay.drawnLines()).toEqual([]);
    expect(bands(prices)).toEqual([]);
  });

  it('marks every listed firing of a repeating alert on its bar', () => {
    const firedAt = (bar: number) => new Date((T0 + bar * 60) * 1000 + 5_000).toISOString();
    overlay.setAlerts([
      anAlert({
        id: 'a',
        valueOnCreation: 100,
        valueTarget: 104,
        frequency: 'OncePerBar',
        triggerCount: 2,
        firings: [
          { at: firedAt(10), value: 104.5 },
          { at: firedAt(20), value: 103.5 },
        ],
      }),
    ]);
    expect(overlay.drawnMarkers()).toEqual([
      { pane: 'price', time: T0 + 10 * 60, text: '▲ 104.50' },
      { pane: 'price', time: T0 + 20 * 60, text: '▼ 103.50' },
    ]);
    expect(markersOf(prices).list.map((marker) => marker.id)).toEqual(['alert:a:0', 'alert:a:1']);
  });

  it('draws nothing until the scene is drawn', () => {
    const drawn = scene;
    scene = undefined;
    overlay.setAlerts([channel]);
    expect(overlay.drawnLines()).toEqual([]);
    expect(bands(prices)).toEqual([]);
    scene = drawn;
    overlay.redraw();
    expect(bands(prices)).toEqual([{ lower: 90, upper: 110 }]);
  });

  it('detaches its bands and markers when disposed', () => {
    overlay.dispose();
    expect(prices.primitives).toEqual([]);
    expect(rsi.primitives).toEqual([]);
    expect(mockMarkers.every((plugin) => plugin.detached)).toBe(true);
  });
});
