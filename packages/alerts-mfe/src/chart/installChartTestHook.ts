import { type Candle, type UnixSeconds } from '@pairwatch/domain';
import { type DrawnAlertBand, type DrawnAlertLine, type DrawnAlertMarker } from './AlertOverlay';
import { type ChartProbe } from './ChartProbe';

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
  /** The price pane's height in CSS pixels. */
  pricePaneHeight(): number;
  /** Whether the price pane's scale is automatic (false once the axis was scaled by hand). */
  priceScaleAuto(): boolean;
  /** Whether an older page is being fetched. */
  loadingHistory(): boolean;
  /** The alert levels drawn (read back from the series). */
  alertLines(): DrawnAlertLine[];
  /** The triggered-alert markers held (UTC bar times). */
  alertMarkers(): DrawnAlertMarker[];
  /** The channels shaded between their bounds. */
  alertBands(): DrawnAlertBand[];
  /** The x of a bar's centre (UTC open time), CSS pixels from the chart's left; null off view. */
  barX(time: number): number | null;
  /** The y of a price in the price pane, CSS pixels from the chart's top; null off scale. */
  priceY(price: number): number | null;
  /** How the price axis writes a price (its tick, last-price and crosshair labels). */
  priceLabel(price: number): string;
}

declare global {
  interface Window {
    /** Set by a browser test (before the page loads) to ask for {@link Window.__pairwatchChart}. */
    __PAIRWATCH_E2E__?: boolean;
    __pairwatchChart?: ChartTestHook;
  }
}

/** The chart readings the hook exposes (a {@link ChartProbe}, or the controller, which has them). */
export type ChartTestHookSource = Pick<
  ChartProbe,
  | 'priceData'
  | 'visibleTimeRange'
  | 'rsiLength'
  | 'rsiPaneHeight'
  | 'pricePaneHeight'
  | 'priceScaleAuto'
  | 'loadingHistory'
  | 'alertLines'
  | 'alertMarkers'
  | 'alertBands'
  | 'barX'
  | 'priceY'
  | 'priceLabel'
>;

/**
 * Read once, when this module loads (a test sets the flag in an init script, before any page
 * script): setting it later, from the console or another script, opens nothing.
 */
const requestedAtLoad = typeof window !== 'undefined' && window.__PAIRWATCH_E2E__ === true;

/**
 * Exposes read-only chart data on `window.__pairwatchChart` when a browser test asked for it with
 * `window.__PAIRWATCH_E2E__ = true` before the Alerts code loaded; otherwise does nothing.
 *
 * @remarks It ships in the production bundle so the browser tests exercise the very build users
 * get; it only reads what the chart already draws, and installs nothing without the flag.
 * @returns the teardown.
 */
export function installChartTestHook(controller: ChartTestHookSource): () => void {
  if (!requestedAtLoad) return () => undefined;
  const hook: ChartTestHook = Object.freeze({
    priceData: () => controller.priceData(),
    visibleTimeRange: () => controller.visibleTimeRange(),
    rsiLength: () => controller.rsiLength(),
    rsiPaneHeight: () => controller.rsiPaneHeight(),
    pricePaneHeight: () => controller.pricePaneHeight(),
    priceScaleAuto: () => controller.priceScaleAuto(),
    loadingHistory: () => controller.loadingHistory,
    alertLines: () => controller.alertLines(),
    alertMarkers: () => controller.alertMarkers(),
    alertBands: () => controller.alertBands(),
    barX: (time: number) => controller.barX(time as UnixSeconds),
    priceY: (price: number) => controller.priceY(price),
    priceLabel: (price: number) => controller.priceLabel(price),
  });
  window.__pairwatchChart = hook;
  return () => {
    if (window.__pairwatchChart === hook) delete window.__pairwatchChart;
  };
}
