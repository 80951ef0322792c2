import { type Candle } from '@pairwatch/domain';
import { type ChartController } from './ChartController';

/** What browser tests may read from the chart (read-only). */
export interface ChartTestHook {
  /** The price series' bars, UTC times. */
  priceData(): Candle[];
  /** The time range shown (UTC open times of the first and last visible bars). */
  visibleTimeRange(): { from: number; to: number } | null;
  /** Bars with an RSI value (the first 14 warm-up bars have none). */
  rsiLength(): number;
  /** The RSI pane's height in CSS pixels. */
  rsiPaneHeight(): number;
  /** Whether an older page is being fetched. */
  loadingHistory(): boolean;
}

declare global {
  interface Window {
    /** Set by a browser test (before the page loads) to ask for {@link Window.__pairwatchChart}. */
    __PAIRWATCH_E2E__?: boolean;
    __pairwatchChart?: ChartTestHook;
  }
}

/**
 * Exposes read-only chart data on `window.__pairwatchChart` when a browser test asked for it with
 * `window.__PAIRWATCH_E2E__ = true`; otherwise does nothing.
 *
 * @returns the teardown.
 */
export function installChartTestHook(controller: ChartController): () => void {
  if (typeof window === 'undefined' || window.__PAIRWATCH_E2E__ !== true) return () => undefined;
  const hook: ChartTestHook = {
    priceData: () => controller.priceData(),
    visibleTimeRange: () => controller.visibleTimeRange(),
    rsiLength: () => controller.rsiLength(),
    rsiPaneHeight: () => controller.rsiPaneHeight(),
    loadingHistory: () => controller.loadingHistory,
  };
  window.__pairwatchChart = hook;
  return () => {
    if (window.__pairwatchChart === hook) delete window.__pairwatchChart;
  };
}
