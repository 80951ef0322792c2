import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { type UnixSeconds } from '@pairwatch/domain';
import { candle } from '../test-support/candles';
import type * as HookModule from './installChartTestHook';

const source: HookModule.ChartTestHookSource = {
  priceData: () => [candle(60, 5)],
  visibleTimeRange: () => ({ from: 60 as UnixSeconds, to: 120 as UnixSeconds }),
  rsiLength: () => 0,
  rsiPaneHeight: () => 140,
  pricePaneHeight: () => 354,
  priceScaleAuto: () => false,
  loadingHistory: true,
  alertLines: () => [{ pane: 'price', price: 65_000, title: '▲ Alert' }],
  alertMarkers: () => [{ pane: 'price', time: 120 as UnixSeconds, text: '▲ 65,000.00' }],
  alertBands: () => [{ pane: 'price', lower: 64_000, upper: 65_000 }],
  barX: (time) => (time === 120 ? 640 : null),
  priceY: (price) => (price === 65_000 ? 200 : null),
  priceLabel: (price) => `label ${price}`,
};

/** Loads the module afresh, as a page load does. */
function loadHookModule(): typeof HookModule {
  let loaded: typeof HookModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof HookModule>('./installChartTestHook');
  });
  if (!loaded) throw new Error('installChartTestHook did not load');
  return loaded;
}

describe('installChartTestHook', () => {
  afterEach(() => {
    delete window.__PAIRWATCH_E2E__;
    delete window.__pairwatchChart;
  });

  it('installs nothing when no test asked for it', () => {
    const { installChartTestHook } = loadHookModule();
    const uninstall = installChartTestHook(source);
    expect(window.__pairwatchChart).toBeUndefined();
    uninstall();
  });

  it('installs nothing when the flag is set only after the code loaded', () => {
    const { installChartTestHook } = loadHookModule();
    window.__PAIRWATCH_E2E__ = true;
    installChartTestHook(source);
    expect(window.__pairwatchChart).toBeUndefined();
  });

  it('exposes the chart readings when the flag was set before the code loaded', () => {
    window.__PAIRWATCH_E2E__ = true;
    const { installChartTestHook } = loadHookModule();
    const uninstall = installChartTestHook(source);
    const hook = window.__pairwatchChart;
    expect(hook?.priceData()).toEqual([candle(60, 5)]);
    expect(hook?.visibleTimeRange()).toEqual({ from: 60, to: 120 });
    expect(hook?.rsiLength()).toBe(0);
    expect(hook?.rsiPaneHeight()).toBe(140);
    expect(hook?.pricePaneHeight()).toBe(354);
    expect(hook?.priceScaleAuto()).toBe(false);
    expect(hook?.loadingHistory()).toBe(true);
    expect(hook?.alertLines()).toEqual([{ pane: 'price', price: 65_000, title: '▲ Alert' }]);
    expect(hook?.alertMarkers()).toEqual([{ pane: 'price', time: 120, text: '▲ 65,000.00' }]);
    expect(hook?.alertBands()).toEqual([{ pane: 'price', lower: 64_000, upper: 65_000 }]);
    expect(hook?.barX(120)).toBe(640);
    expect(hook?.priceY(65_000)).toBe(200);
    expect(hook?.priceLabel(87_600)).toBe('label 87600');
    expect(Object.isFrozen(hook)).toBe(true);
    uninstall();
    expect(window.__pairwatchChart).toBeUndefined();
  });

  it('leaves a newer hook in place when an older chart is torn down', () => {
    window.__PAIRWATCH_E2E__ = true;
    const { installChartTestHook } = loadHookModule();
    const uninstallOld = installChartTestHook(source);
    installChartTestHook({ ...source, rsiLength: () => 7 });
    uninstallOld();
    expect(window.__pairwatchChart?.rsiLength()).toBe(7);
  });
});
