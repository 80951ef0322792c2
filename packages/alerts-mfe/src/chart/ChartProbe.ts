import { type Candle, type UnixSeconds } from '@pairwatch/domain';
import { type IChartApi, type ISeriesApi } from 'lightweight-charts';
import {
  type AlertOverlay,
  type DrawnAlertBand,
  type DrawnAlertLine,
  type DrawnAlertMarker,
} from './AlertOverlay';
import { type LocalTimeAdapter } from './LocalTimeAdapter';

/** What the probe reads: the chart, its two series, the alert overlay and the shown session. */
export interface ChartProbeParts {
  readonly chart: IChartApi;
  readonly prices: ISeriesApi<'Candlestick'>;
  readonly rsi: ISeriesApi<'Candlestick'>;
  readonly overlay: AlertOverlay;
  /** The shown session's time adapter; undefined without a session. */
  readonly time: () => LocalTimeAdapter | undefined;
  /** Whether an older page is being fetched. */
  readonly loadingHistory: () => boolean;
}

/**
 * Reads back what the chart draws, in UTC and CSS pixels, for tests (`installChartTestHook` hands
 * it to the browser suite). Read-only: nothing here changes the chart.
 */
export class ChartProbe {
  constructor(private readonly parts: ChartProbeParts) {}

  /** The candles the price series holds, in UTC (read back from the chart). */
  priceData(): Candle[] {
    const time = this.parts.time();
    if (!time) return [];
    return this.parts.prices
      .data()
      .filter((bar): bar is Extract<typeof bar, { close: number }> => 'close' in bar)
      .map((bar) => ({
        time: time.toUtc(bar.time as number),
        open: bar.open,
        high: bar.high,
        low: bar.low,
        close: bar.close,
      }));
  }

  /** The time range (UTC open times) the chart shows, or `null` before data. */
  visibleTimeRange(): { from: UnixSeconds; to: UnixSeconds } | null {
    const time = this.parts.time();
    const range = this.parts.chart.timeScale().getVisibleRange();
    if (!time || !range) return null;
    return { from: time.toUtc(range.from as number), to: time.toUtc(range.to as number) };
  }

  /**
   * Where the bar opening at `time` (UTC) is drawn: its centre in CSS pixels from the chart's
   * left edge, or null when it is not loaded or out of view.
   */
  barX(time: UnixSeconds): number | null {
    const adapter = this.parts.time();
    if (!adapter) return null;
    return this.parts.chart.timeScale().timeToCoordinate(adapter.toChart(time)) ?? null;
  }

  /** Where `price` is in the price pane, in CSS pixels from the chart's top edge (null: off scale). */
  priceY(price: number): number | null {
    return this.parts.prices.priceToCoordinate(price) ?? null;
  }

  /** How the price axis (and its last-price and crosshair labels) writes `price`. */
  priceLabel(price: number): string {
    return this.parts.prices.priceFormatter().format(price);
  }

  /** Number of bars with an RSI value (the chart leaves warm-up whitespace out). */
  rsiLength(): number {
    return this.parts.rsi.data().length;
  }

  /** Height of the RSI pane as the chart reports it. */
  rsiPaneHeight(): number {
    return this.parts.chart.panes()[1]?.getHeight() ?? 0;
  }

  /** Height of the price pane as the chart reports it. */
  pricePaneHeight(): number {
    return this.parts.chart.paneSize(0).height;
  }

  /** Whether the price pane's scale fits the candles by itself (not set by hand). */
  priceScaleAuto(): boolean {
    return this.parts.chart.priceScale('right', 0).options().autoScale;
  }

  /** Whether an older page is being fetched. */
  get loadingHistory(): boolean {
    return this.parts.loadingHistory();
  }

  /** The alert levels drawn, read back from both series. */
  alertLines(): DrawnAlertLine[] {
    return this.parts.overlay.drawnLines();
  }

  /** The channels shaded between their bounds, in both panes. */
  alertBands(): DrawnAlertBand[] {
    return this.parts.overlay.drawnBands();
  }

  /** The alert firings' markers held by both series, UTC bar times. */
  alertMarkers(): DrawnAlertMarker[] {
    return this.parts.overlay.drawnMarkers();
  }
}
