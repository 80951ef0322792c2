import { describe, expect, it } from '@jest/globals';
import { type IPrimitivePaneRenderer } from 'lightweight-charts';
import { MockSeries } from '../test-support/lightweightChartsMock';
import { AlertBandPrimitive } from './AlertBandPrimitive';

/** Draws the primitive's pane view on a recording canvas at a device pixel ratio of 2. */
function drawn(primitive: AlertBandPrimitive): { rects: number[][]; styles: string[] } {
  const rects: number[][] = [];
  const styles: string[] = [];
  const context = {
    set fillStyle(style: string) {
      styles.push(style);
    },
    fillRect: (...args: number[]) => rects.push(args),
  };
  const view = primitive.paneViews()[0];
  const renderer = view?.renderer();
  renderer?.draw({
    useBitmapCoordinateSpace: (draw: (scope: unknown) => void) =>
      draw({
        context,
        bitmapSize: { width: 1200, height: 800 },
        horizontalPixelRatio: 2,
        verticalPixelRatio: 2,
      }),
  } as unknown as Parameters<IPrimitivePaneRenderer['draw']>[0]);
  return { rects, styles };
}

function attached(): { primitive: AlertBandPrimitive; series: MockSeries } {
  const series = new MockSeries({}, 0);
  const primitive = new AlertBandPrimitive();
  series.attachPrimitive(primitive as never);
  return { primitive, series };
}

describe('AlertBandPrimitive', () => {
  it('fills the full width between the bounds, under the candles', () => {
    const { primitive } = attached();
    primitive.setBands([{ lower: 900, upper: 950, color: 'rgba(0, 0, 255, 0.1)' }]);
    // The mock scale puts a price p at y = 1000 − p: 950 at y 50, 900 at y 100 (CSS pixels).
    expect(drawn(primitive)).toEqual({
      rects: [[0, 100, 1200, 100]],
      styles: ['rgba(0, 0, 255, 0.1)'],
    });
    expect(primitive.paneViews()[0]?.zOrder?.()).toBe('bottom');
  });

  it('asks the chart to redraw when its bands change, and keeps its views array', () => {
    const { primitive, series } = attached();
    const views = primitive.paneViews();
    primitive.setBands([{ lower: 1, upper: 2, color: 'red' }]);
    expect(series.updateRequests).toBe(1);
    expect(primitive.paneViews()).toBe(views);
  });

  it('draws a squeezed channel at least a pixel high, and nothing without bands', () => {
    const { primitive } = attached();
    expect(primitive.paneViews()[0]?.renderer()).toBeNull();
    primitive.setBands([{ lower: 500, upper: 500, color: 'red' }]);
    expect(drawn(primitive).rects).toEqual([[0, 1000, 1200, 1]]);
  });

  it('leaves out a band the scale cannot place yet, and draws it after the next layout', () => {
    const { primitive, series } = attached();
    series.priceToCoordinate = () => null;
    primitive.setBands([{ lower: 1, upper: 2, color: 'red' }]);
    expect(primitive.paneViews()[0]?.renderer()).toBeNull();
    series.priceToCoordinate = (price) => 1000 - price;
    primitive.updateAllViews();
    expect(drawn(primitive).rects).toHaveLength(1);
  });

  it('draws nothing once detached', () => {
    const { primitive } = attached();
    primitive.detached();
    primitive.setBands([{ lower: 1, upper: 2, color: 'red' }]);
    expect(primitive.paneViews()[0]?.renderer()).toBeNull();
  });
});
