import {
  type Alert,
  type Candle,
  type Interval,
  type NumberFormat,
  type SymbolId,
  type SymbolInfo,
  type UnixSeconds,
  INTERVAL_INFO,
  RSI_LOOKBACK,
  RSI_OVERBOUGHT,
  RSI_OVERSOLD,
  SYMBOL_CATALOGUE,
  formatNumber,
  hasRsiValue,
  intervalShowsTime,
} from '@pairwatch/domain';
import { TRADING_COLORS } from '@pairwatch/ui-kit/colors';
import {
  type AutoscaleInfo,
  CandlestickSeries,
  CrosshairMode,
  LineStyle,
  createChart,
  createSeriesMarkers,
  createTextWatermark,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type ITextWatermarkPluginApi,
  type LogicalRange,
  type MouseEventParams,
  type SeriesMarker,
  type Time,
} from 'lightweight-charts';
import { sameSymbolInfo } from '../sameSymbolInfo';
import { AddAlertButton } from './AddAlertButton';
import { type AlertPane, alertLinesFor } from './alertLinesFor';
import { type AlertMarker, alertMarkersFor } from './alertMarkersFor';
import { alertTargetAt } from './alertTargetAt';
import { autoscaleWithLines } from './autoscaleWithLines';
import { ChartLegend } from './ChartLegend';
import { type ChartTimers } from './ChartTimers';
import { describeLegendBar } from './describeLegendBar';
import { CandleHistory } from './CandleHistory';
import { FrameCoalescer, type FrameScheduler, animationFrameScheduler } from './FrameCoalescer';
import { HistoryPager } from './HistoryPager';
import { LatestCandles } from './LatestCandles';
import { formatTickMark } from './formatTickMark';
import { LocalTimeAdapter } from './LocalTimeAdapter';
import {
  CANDLE_PAGE_SIZE,
  DEFAULT_PRICE_FORMAT,
  RSI_DRAW_DELAY_MS,
  RSI_PANE_HEIGHT,
  WATERMARK_HISTORY,
  WATERMARK_SYMBOL_INFO,
} from './chartConstants';

/** Where the chart's candles come from (market-data in the app, a fake in tests). */
export interface ChartFeed {
  /**
   * Loads up to `limit` candles (UTC, oldest first): the latest ones, or those opening at or
   * before `endTime`. Rejects on failure.
   */
  loadCandles(request: {
    readonly symbol: SymbolId;
    readonly interval: Interval;
    readonly limit: number;
    readonly endTime?: UnixSeconds;
  }): Promise<readonly Candle[]>;
  /** Subscribes to the live candles of one stream; returns the teardown. */
  watchCandles(
    symbol: SymbolId,
    interval: Interval,
    onCandle: (candle: Candle) => void,
  ): () => void;
}

/** What the chart shows. */
export interface ChartView {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  /** The symbol's info (its price format); `undefined` while it loads or when none came. */
  readonly symbolInfo: SymbolInfo | undefined;
  /**
   * Without `symbolInfo`: `true` while it loads (the candles are fetched but wait for it), `false`
   * when none is coming (failed or left out), so the candles are drawn with the symbol's catalogue
   * format. Ignored when `symbolInfo` is there.
   */
  readonly symbolInfoLoading: boolean;
}

/** Colours taken from the app theme. */
export interface ChartAppearance {
  /** Axis labels and the legend's labels. */
  readonly textColor: string;
  /** The legend's title and RSI value. */
  readonly strongTextColor: string;
  readonly gridColor: string;
  readonly watermarkColor: string;
  /** Text colours of a rise and a fall (legend values; WCAG contrast on the background). */
  readonly upTextColor: string;
  readonly downTextColor: string;
  /** Behind the "+" button. */
  readonly surfaceColor: string;
}

/** What the "+" on the axis (or the keyboard shortcut) asks for: an alert at a value. */
export interface AddAlertRequest {
  /** 'price' for a price alert, 'rsi' for an RSI alert on the shown interval. */
  readonly pane: AlertPane;
  /** The target, rounded to the symbol's tick (price) or to 2 decimals (RSI). */
  readonly value: number;
}

/** An alert level as the chart draws it, read back from the series (for browser tests). */
export interface DrawnAlertLine {
  readonly pane: AlertPane;
  readonly price: number;
  readonly title: string;
}

/** A triggered alert's marker as the chart holds it (UTC bar time; for browser tests). */
export interface DrawnAlertMarker {
  readonly pane: AlertPane;
  readonly time: UnixSeconds;
  readonly text: string;
}

export interface ChartControllerOptions {
  readonly feed: ChartFeed;
  readonly appearance: ChartAppearance;
  readonly frames?: FrameScheduler;
  readonly timers?: ChartTimers;
  /** Local time minus UTC in minutes; defaults to the browser's offset. */
  readonly utcOffsetMinutes?: number;
  /** Called once per session, on the first animation frame after its first candles were set. */
  readonly onFirstCandlesDrawn?: (view: ChartView, bars: number) => void;
  /** Called when a candle page fails to load (the chart itself only stops loading). */
  readonly onLoadError?: (error: unknown) => void;
  /** Called when the user asks for an alert at a level: the "+" on the axis, or the shortcut. */
  readonly onAddAlert?: (request: AddAlertRequest) => void;
}

const defaultTimers: ChartTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Per-view state. A new session starts whenever the symbol, interval or symbol info (by value)
 * changes, except when the symbol info of the session's symbol arrives or turns out to be
 * unavailable (none → known, loading → unavailable and back).
 */
interface Session {
  view: ChartView;
  readonly time: LocalTimeAdapter;
  readonly history: CandleHistory;
  readonly pager: HistoryPager;
  /**
   * Live candles that arrived before the first page; applied once it is loaded. Bounded to a page:
   * older bars than that would be covered by the page itself.
   */
  readonly early: LatestCandles;
  /** Where the first page is: on its way, in the history, or failed (nothing to draw). */
  firstPage: 'loading' | 'loaded' | 'failed';
  /** The history is on the chart (loaded, and the symbol info known or unavailable). */
  drawn: boolean;
  unwatch: (() => void) | undefined;
}

/** Whether the chart may draw: the symbol info is known, or known not to be coming. */
function formatSettled(view: ChartView): boolean {
  return view.symbolInfo !== undefined || !view.symbolInfoLoading;
}

/**
 * The symbol's price format (product §2: 2 decimals unless the symbol says otherwise); without
 * its info, the domain catalogue's format of that symbol.
 */
function priceFormatOf(view: ChartView): NumberFormat {
  return (view.symbolInfo ?? SYMBOL_CATALOGUE[view.symbol]).priceFormat;
}

/** The line between the two panes, in CSS pixels (lightweight-charts' pane separator). */
const PANE_SEPARATOR = 1;

/**
 * Empty bars right of the latest one: room for its time label and for the text of an alert that
 * just fired on it ("▲ 90,965.34" is centred on the bar; with 3 bars it ran under the price axis).
 */
const RIGHT_OFFSET_BARS = 8;

/** An alert line on the chart and what it was drawn from (to redraw only what changed). */
interface DrawnLine {
  readonly key: string;
  readonly series: ISeriesApi<'Candlestick'>;
  readonly line: IPriceLine;
}

/** Price lines the controller draws for alerts carry this id prefix (the RSI guides have none). */
const ALERT_LINE_ID = 'alert:';

/** The label of an alert level: its direction, as the alerts table shows it. */
function alertTitle(direction: 'up' | 'down'): string {
  return direction === 'up' ? '▲ Alert' : '▼ Alert';
}

/** Dark text on the green and red axis labels (≥ 5.6:1 on both). */
const ALERT_LABEL_TEXT = '#0b0d10';

/**
 * Drives one lightweight-charts chart: prices in pane 0, RSI candles in a 140 px pane 1 (shared
 * time scale and crosshair), the loading watermark, the first page, infinite history and live
 * updates.
 *
 * @remarks Data decisions live in {@link CandleHistory} and {@link HistoryPager}; this class only
 * moves their output into the series. Live candles are written straight to the series, coalesced
 * to one draw per animation frame, so React never re-renders per tick. Every asynchronous result
 * checks that its session is still the current one, so late answers after a symbol or interval
 * change, or after {@link dispose}, are ignored.
 */
export class ChartController {
  private readonly chart: IChartApi;
  private readonly prices: ISeriesApi<'Candlestick'>;
  private readonly rsi: ISeriesApi<'Candlestick'>;
  private readonly watermark: ITextWatermarkPluginApi<Time>;
  private readonly guideLines: IPriceLine[];
  private readonly priceMarkers: ISeriesMarkersPluginApi<Time>;
  private readonly rsiMarkers: ISeriesMarkersPluginApi<Time>;
  private readonly legend: ChartLegend;
  private readonly addAlert: AddAlertButton;
  private alerts: readonly Alert[] = [];
  private lines = new Map<string, DrawnLine>();
  /** Targets of the price pane's alert lines, which auto-scale takes in (when near). */
  private priceLineValues: readonly number[] = [];
  /** Some marker's bar is newer than the history: redraw the markers when a bar is appended. */
  private markersPending = false;
  /** UTC open time of the bar under the crosshair; `undefined` when it is not over a bar. */
  private hoverTime: UnixSeconds | undefined;
  private appearance: ChartAppearance;
  private watermarkText: string | undefined;
  private readonly frames: FrameScheduler;
  private readonly timers: ChartTimers;
  private readonly live: FrameCoalescer<Candle>;
  private readonly resizeObserver: ResizeObserver | undefined;
  private session: Session | undefined;
  private rsiTimer: unknown;
  private disposed = false;

  constructor(
    container: HTMLElement,
    private readonly options: ChartControllerOptions,
  ) {
    this.frames = options.frames ?? animationFrameScheduler;
    this.timers = options.timers ?? defaultTimers;
    this.appearance = options.appearance;
    const { textColor, gridColor, watermarkColor } = options.appearance;
    this.chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { color: 'transparent' },
        textColor,
        panes: { enableResize: false, separatorColor: gridColor },
      },
      grid: { vertLines: { color: gridColor }, horzLines: { color: gridColor } },
      crosshair: { mode: CrosshairMode.Hidden },
      rightPriceScale: { visible: false },
      timeScale: {
        borderColor: gridColor,
        rightOffset: RIGHT_OFFSET_BARS,
        tickMarkFormatter: formatTickMark,
      },
    });
    const candleColors = {
      upColor: TRADING_COLORS.up,
      downColor: TRADING_COLORS.down,
      wickUpColor: TRADING_COLORS.up,
      wickDownColor: TRADING_COLORS.down,
      borderVisible: false,
      // A series created while its scale is hidden is not attached to it unless told (#1368).
      priceScaleId: 'right',
    };
    this.prices = this.chart.addSeries(CandlestickSeries, {
      ...candleColors,
      priceFormat: { type: 'price', ...DEFAULT_PRICE_FORMAT },
      autoscaleInfoProvider: (base: () => AutoscaleInfo | null): AutoscaleInfo | null => {
        const info = base();
        if (!info?.priceRange) return info;
        return { ...info, priceRange: autoscaleWithLines(info.priceRange, this.priceLineValues) };
      },
    });
    this.rsi = this.chart.addSeries(
      CandlestickSeries,
      {
        ...candleColors,
        // The pinned 0–100 scale ticks at 25 and 75, right under the 70 and 30 guide labels:
        // those two tick labels are left blank (a crosshair value is hardly ever exactly either).
        priceFormat: {
          type: 'custom',
          minMove: 0.01,
          formatter: (value: number) => (value === 25 || value === 75 ? '' : value.toFixed(2)),
        },
        lastValueVisible: false,
        priceLineVisible: false,
        autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
      },
      1,
    );
    this.guideLines = [RSI_OVERBOUGHT, RSI_OVERSOLD].map((price) =>
      this.rsi.createPriceLine({
        price,
        color: watermarkColor,
        lineWidth: 2,
        lineStyle: LineStyle.LargeDashed,
        axisLabelVisible: true,
        title: '',
      }),
    );
    this.chart.panes()[1]?.setHeight(RSI_PANE_HEIGHT);
    // The default margins would label the pinned 0–100 RSI scale up to 120.
    this.chart.priceScale('right', 1).applyOptions({ scaleMargins: { top: 0.06, bottom: 0.06 } });
    const pricePane = this.chart.panes()[0];
    if (!pricePane) throw new Error('lightweight-charts created no price pane');
    this.watermark = createTextWatermark(pricePane, {
      horzAlign: 'center',
      vertAlign: 'center',
      visible: false,
      lines: [{ text: '', color: watermarkColor, fontSize: 18 }],
    });
    this.priceMarkers = createSeriesMarkers(this.prices, []);
    this.rsiMarkers = createSeriesMarkers(this.rsi, []);
    this.legend = new ChartLegend(container, this.legendColors(), `RSI ${RSI_LOOKBACK}`);
    this.addAlert = new AddAlertButton(container, this.buttonColors(), this.timers, (pane, value) =>
      this.options.onAddAlert?.({ pane, value }),
    );
    this.chart.subscribeCrosshairMove(this.onCrosshairMove);
    this.live = new FrameCoalescer<Candle>(
      (candle) => candle.time,
      (candles) => this.drawLive(candles),
      this.frames,
    );
    this.chart.timeScale().subscribeVisibleLogicalRangeChange(this.onVisibleRangeChange);
    // setHeight is a share of the current total height, so it is re-applied when the box resizes.
    this.resizeObserver =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            this.chart.panes()[1]?.setHeight(RSI_PANE_HEIGHT);
            this.renderLegend();
          });
    this.resizeObserver?.observe(container);
  }

  /**
   * Shows a symbol and interval; starts a new session when anything relevant changed. Symbol
   * infos are compared by value, so an identical refetch keeps the data, scroll and older pages.
   */
  show(view: ChartView): void {
    if (this.disposed) return;
    const session = this.session;
    if (session && session.view.symbol === view.symbol && session.view.interval === view.interval) {
      const current = session.view.symbolInfo;
      const next = view.symbolInfo;
      // A refetch in flight keeps the info the session already has.
      if (current && !next && view.symbolInfoLoading) return;
      if (current && next && sameSymbolInfo(current, next)) return;
      if (!current) {
        this.updateFormat(session, view);
        return;
      }
    }
    this.startSession(view);
  }

  /** Applies new theme colours (e.g. after a switch to dark mode); the data stays. */
  setAppearance(appearance: ChartAppearance): void {
    if (this.disposed) return;
    this.appearance = appearance;
    const { textColor, gridColor, watermarkColor } = appearance;
    this.chart.applyOptions({
      layout: { textColor, panes: { separatorColor: gridColor } },
      grid: { vertLines: { color: gridColor }, horzLines: { color: gridColor } },
      timeScale: { borderColor: gridColor, rightOffset: RIGHT_OFFSET_BARS },
    });
    for (const line of this.guideLines) line.applyOptions({ color: watermarkColor });
    this.showWatermark(this.watermarkText);
    this.legend.setColors(this.legendColors());
    this.addAlert.setColors(this.buttonColors());
  }

  /**
   * The user's alerts (the Your alerts list, kept live): the Active ones of the shown symbol are
   * drawn as levels, the triggered ones as markers on the bar they fired in.
   */
  setAlerts(alerts: readonly Alert[]): void {
    if (this.disposed || alerts === this.alerts) return;
    this.alerts = alerts;
    this.syncAlertLines();
    this.syncMarkers();
  }

  /**
   * The keyboard way to the "+": offers a price alert at the last price.
   *
   * @returns `false` when there is no price yet (nothing was offered).
   */
  offerAlertAtLastPrice(): boolean {
    const session = this.session;
    const latest = session?.drawn ? session.history.latest : undefined;
    if (!session || !latest) return false;
    const value = alertTargetAt('price', latest.close, priceFormatOf(session.view));
    if (value === undefined) return false;
    this.options.onAddAlert?.({ pane: 'price', value });
    return true;
  }

  /** The alert levels drawn, read back from both series. */
  alertLines(): DrawnAlertLine[] {
    const read = (series: ISeriesApi<'Candlestick'>, pane: AlertPane): DrawnAlertLine[] =>
      series
        .priceLines()
        .map((line) => line.options())
        .filter((options) => options.id?.startsWith(ALERT_LINE_ID))
        .map((options) => ({ pane, price: options.price, title: options.title }));
    return [...read(this.prices, 'price'), ...read(this.rsi, 'rsi')];
  }

  /** The triggered-alert markers held by both series, UTC bar times. */
  alertMarkers(): DrawnAlertMarker[] {
    const time = this.session?.time;
    if (!time) return [];
    const read = (plugin: ISeriesMarkersPluginApi<Time>, pane: AlertPane): DrawnAlertMarker[] =>
      plugin.markers().map((marker) => ({
        pane,
        time: time.toUtc(marker.time as number),
        text: marker.text ?? '',
      }));
    return [...read(this.priceMarkers, 'price'), ...read(this.rsiMarkers, 'rsi')];
  }

  /** The candles the price series holds, in UTC (read back from the chart). */
  priceData(): Candle[] {
    const time = this.session?.time;
    if (!time) return [];
    return this.prices
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
    const time = this.session?.time;
    const range = this.chart.timeScale().getVisibleRange();
    if (!time || !range) return null;
    return { from: time.toUtc(range.from as number), to: time.toUtc(range.to as number) };
  }

  /**
   * Where the bar opening at `time` (UTC) is drawn: its centre in CSS pixels from the chart's
   * left edge, or null when it is not loaded or out of view.
   */
  barX(time: UnixSeconds): number | null {
    const session = this.session;
    if (!session) return null;
    return this.chart.timeScale().timeToCoordinate(session.time.toChart(time)) ?? null;
  }

  /** Where `price` is in the price pane, in CSS pixels from the chart's top edge (null: off scale). */
  priceY(price: number): number | null {
    return this.prices.priceToCoordinate(price) ?? null;
  }

  /** Number of bars with an RSI value (the chart leaves warm-up whitespace out). */
  rsiLength(): number {
    return this.rsi.data().length;
  }

  /** Height of the RSI pane as the chart reports it. */
  rsiPaneHeight(): number {
    return this.chart.panes()[1]?.getHeight() ?? 0;
  }

  /** Whether an older page is being fetched. */
  get loadingHistory(): boolean {
    return this.session?.pager.inFlight ?? false;
  }

  /** Tears the chart down; late results are ignored from now on. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.endSession();
    this.resizeObserver?.disconnect();
    this.chart.timeScale().unsubscribeVisibleLogicalRangeChange(this.onVisibleRangeChange);
    this.chart.unsubscribeCrosshairMove(this.onCrosshairMove);
    this.legend.dispose();
    this.addAlert.dispose();
    this.priceMarkers.detach();
    this.rsiMarkers.detach();
    this.watermark.detach();
    this.chart.remove();
  }

  private startSession(view: ChartView): void {
    this.endSession();
    const session: Session = {
      view,
      time: new LocalTimeAdapter(view.interval, this.options.utcOffsetMinutes),
      history: new CandleHistory(),
      pager: new HistoryPager(view.interval),
      early: new LatestCandles(CANDLE_PAGE_SIZE),
      firstPage: 'loading',
      drawn: false,
      unwatch: undefined,
    };
    this.session = session;
    this.prices.setData([]);
    this.rsi.setData([]);
    // A new symbol or interval opens as a fresh load does: default zoom, latest bars in view,
    // wherever the previous one was scrolled or zoomed. Reset while empty, so the first page
    // lands in that view; reset after it, the old position would stand for a moment and the
    // pager would take it for a scroll into history.
    this.chart.timeScale().resetTimeScale();
    this.chart.clearCrosshairPosition();
    this.hoverTime = undefined;
    this.addAlert.hide();
    this.legend.setTitle(`${view.symbol} · ${INTERVAL_INFO[view.interval].label}`);
    this.setDataVisible(false);
    this.chart.applyOptions({
      timeScale: { timeVisible: intervalShowsTime(view.interval), secondsVisible: false },
    });
    this.applyPriceFormat(view);
    this.refresh(session);
    this.syncAlertLines();
    this.syncMarkers();
    this.renderLegend();
    // Candles are fetched while the symbol info still loads (it only sets the price format), so
    // the first draw waits for the slower of the two instead of both in a row.
    session.unwatch = this.options.feed.watchCandles(view.symbol, view.interval, (candle) => {
      if (this.session === session) this.live.push(candle);
    });
    this.options.feed
      .loadCandles({ symbol: view.symbol, interval: view.interval, limit: CANDLE_PAGE_SIZE })
      .then(
        (candles) => {
          if (this.session === session) this.onFirstPage(session, candles);
        },
        (error: unknown) => {
          if (this.session !== session) return;
          // Spec §4: a failed load only stops loading (the watermark goes); nothing is drawn.
          session.firstPage = 'failed';
          session.early.clear();
          this.refresh(session);
          this.options.onLoadError?.(error);
        },
      );
  }

  /**
   * The session had no symbol info and now has one, or learnt whether one is coming: apply the
   * format to what is drawn (no reset), or draw what is loaded once the format is settled.
   */
  private updateFormat(session: Session, view: ChartView): void {
    session.view = view;
    this.applyPriceFormat(view);
    this.refresh(session);
    this.syncMarkers(); // their texts are in the price format
    this.renderLegend();
  }

  private applyPriceFormat(view: ChartView): void {
    const { precision, minMove } = priceFormatOf(view);
    this.prices.applyOptions({ priceFormat: { type: 'price', precision, minMove } });
  }

  /** Draws the first page once it and the format are there, and shows the matching watermark. */
  private refresh(session: Session): void {
    const settled = formatSettled(session.view);
    if (settled && session.firstPage === 'loaded' && !session.drawn) this.draw(session);
    let watermark: string | undefined;
    if (!session.drawn) {
      if (!settled) watermark = WATERMARK_SYMBOL_INFO;
      else if (session.firstPage === 'loading') watermark = WATERMARK_HISTORY;
    }
    this.showWatermark(watermark);
  }

  private endSession(): void {
    const session = this.session;
    this.session = undefined;
    session?.unwatch?.();
    this.live.clear();
    this.cancelRsiDraw();
  }

  private onFirstPage(session: Session, candles: readonly Candle[]): void {
    session.history.load(candles);
    session.firstPage = 'loaded';
    for (const candle of session.early.values()) session.history.applyLive(candle);
    session.early.clear();
    this.refresh(session);
  }

  /** First draw of a session: candles loaded and the format settled. */
  private draw(session: Session): void {
    this.prices.setData(session.history.candles.map((c) => session.time.candleToChart(c)));
    session.drawn = true;
    this.setDataVisible(true);
    this.scheduleRsiDraw(session);
    this.syncAlertLines();
    this.syncMarkers();
    this.renderLegend();
    const onDrawn = this.options.onFirstCandlesDrawn;
    if (onDrawn) {
      this.frames.request(() => {
        if (this.session === session) onDrawn(session.view, session.history.length);
      });
    }
  }

  private drawLive(candles: readonly Candle[]): void {
    const session = this.session;
    if (!session) return;
    let appended = false;
    for (const candle of candles) {
      if (session.firstPage === 'failed') return; // no history to apply them to
      if (session.firstPage === 'loading') {
        session.early.set(candle);
        continue;
      }
      const change = session.history.applyLive(candle);
      if (change.kind === 'stale' || !session.drawn) continue;
      appended ||= change.kind === 'append';
      this.prices.update(session.time.candleToChart(change.candle));
      // While a bulk RSI draw is pending it will include this bar anyway.
      if (this.rsiTimer === undefined) this.rsi.update(session.time.rsiToChart(change.rsi));
    }
    if (!session.drawn) return;
    if (appended && this.markersPending) this.syncMarkers();
    // Once per frame at most, like the candles: the legend follows the live bar.
    this.renderLegend();
  }

  private readonly onCrosshairMove = (param: MouseEventParams<Time>): void => {
    const session = this.session;
    if (!session?.drawn || !param.point) {
      this.hoverTime = undefined;
      this.addAlert.hideSoon();
      this.renderLegend();
      return;
    }
    // Past the last bar (the right offset) there is no bar: the legend shows the latest one.
    this.hoverTime =
      param.time === undefined ? undefined : session.time.toUtc(param.time as number);
    this.renderLegend();
    this.offerAddAlert(session, param.paneIndex === 1 ? 'rsi' : 'price', param.point.y);
  };

  /** Puts the "+" at the crosshair's level of `pane` (`y` from the pane's top). */
  private offerAddAlert(session: Session, pane: AlertPane, y: number): void {
    const series = pane === 'rsi' ? this.rsi : this.prices;
    const raw = series.coordinateToPrice(y);
    const format = priceFormatOf(session.view);
    const value = raw === null ? undefined : alertTargetAt(pane, raw, format);
    if (value === undefined) {
      this.addAlert.hide();
      return;
    }
    const pricePane = this.chart.paneSize(0);
    this.addAlert.show({
      pane,
      value,
      label: formatNumber(value, pane === 'rsi' ? 2 : format.precision),
      top: (pane === 'rsi' ? pricePane.height + PANE_SEPARATOR : 0) + y,
      right: pricePane.width,
    });
  }

  /**
   * Writes the legend: the bar under the crosshair, else the latest one, with its RSI value; and
   * moves the RSI legend to the top of the RSI pane (its height is only known after layout).
   */
  private renderLegend(): void {
    const session = this.session;
    if (!session) return;
    const { candles, rsi } = session.history;
    const hovered = this.hoverTime === undefined ? -1 : session.history.indexOf(this.hoverTime);
    const index = hovered >= 0 ? hovered : candles.length - 1;
    const candle = session.drawn ? candles[index] : undefined;
    const { precision } = priceFormatOf(session.view);
    this.legend.setBar(candle && describeLegendBar(candle, candles[index - 1]?.close, precision));
    const value = candle ? rsi[index] : undefined;
    this.legend.setRsi(value && hasRsiValue(value) ? formatNumber(value.close, 2) : undefined);
    this.legend.setRsiTop(this.chart.paneSize(0).height + PANE_SEPARATOR);
  }

  /**
   * Draws the Active alerts of the shown symbol as dashed levels; only what changed is redrawn
   * (a live trigger or delete removes one line, the others stay put).
   */
  private syncAlertLines(): void {
    const session = this.session;
    const wanted =
      session?.drawn === true
        ? alertLinesFor(this.alerts, session.view.symbol, session.view.interval)
        : [];
    const next = new Map<string, DrawnLine>();
    for (const { id, pane, value, direction } of wanted) {
      const key = `${pane}|${value}|${direction}`;
      const current = this.lines.get(id);
      if (current?.key === key) {
        next.set(id, current);
        this.lines.delete(id);
        continue;
      }
      const series = pane === 'rsi' ? this.rsi : this.prices;
      const color = direction === 'up' ? TRADING_COLORS.up : TRADING_COLORS.down;
      const line = series.createPriceLine({
        id: `${ALERT_LINE_ID}${id}`,
        price: value,
        color,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
        axisLabelColor: color,
        axisLabelTextColor: ALERT_LABEL_TEXT,
        title: alertTitle(direction),
      });
      next.set(id, { key, series, line });
    }
    for (const stale of this.lines.values()) stale.series.removePriceLine(stale.line);
    this.lines = next;
    this.priceLineValues = wanted.filter((line) => line.pane === 'price').map((l) => l.value);
  }

  /** Marks each triggered alert of the shown symbol on its bar, when that bar is loaded. */
  private syncMarkers(): void {
    const session = this.session;
    if (session?.drawn !== true) {
      this.markersPending = false;
      this.priceMarkers.setMarkers([]);
      this.rsiMarkers.setMarkers([]);
      return;
    }
    const { view, history, time } = session;
    const all = alertMarkersFor(this.alerts, view.symbol, view.interval);
    const latest = history.latest?.time;
    this.markersPending = latest !== undefined && all.some((marker) => marker.barTime > latest);
    const pricePrecision = priceFormatOf(view).precision;
    const toChart = (marker: AlertMarker): SeriesMarker<Time> => {
      const color = marker.direction === 'up' ? TRADING_COLORS.up : TRADING_COLORS.down;
      const precision = marker.pane === 'rsi' ? 2 : pricePrecision;
      return {
        id: `${ALERT_LINE_ID}${marker.id}`,
        time: time.toChart(marker.barTime),
        // At the price it fired at, its text on the far side from the bar's body: a rise fires
        // at the bar's top (text above), a fall at its bottom (text below), never across it.
        position: marker.direction === 'up' ? 'atPriceTop' : 'atPriceBottom',
        price: marker.value,
        shape: 'circle',
        color,
        text: `${marker.direction === 'up' ? '▲' : '▼'} ${formatNumber(marker.value, precision)}`,
      };
    };
    const shown = all.filter((marker) => history.indexOf(marker.barTime) >= 0);
    this.priceMarkers.setMarkers(shown.filter((m) => m.pane === 'price').map(toChart));
    this.rsiMarkers.setMarkers(shown.filter((m) => m.pane === 'rsi').map(toChart));
  }

  private legendColors() {
    const { strongTextColor, textColor, upTextColor, downTextColor } = this.appearance;
    return { text: strongTextColor, label: textColor, up: upTextColor, down: downTextColor };
  }

  private buttonColors() {
    const { strongTextColor, surfaceColor, textColor } = this.appearance;
    return { text: strongTextColor, background: surfaceColor, border: textColor };
  }

  private readonly onVisibleRangeChange = (range: LogicalRange | null): void => {
    const session = this.session;
    if (!session || !session.drawn || range === null) return;
    const bars = this.prices.barsInLogicalRange(range);
    if (!bars) return;
    const endTime = session.pager.next(bars.barsBefore, session.history.earliest?.time);
    if (endTime === undefined) return;
    const { symbol, interval } = session.view;
    this.options.feed.loadCandles({ symbol, interval, limit: CANDLE_PAGE_SIZE, endTime }).then(
      (older) => {
        if (this.session !== session) return;
        session.pager.loaded();
        if (session.history.prepend(older).added === 0) return;
        this.prices.setData(session.history.candles.map((c) => session.time.candleToChart(c)));
        this.scheduleRsiDraw(session);
        this.syncMarkers(); // an older page may hold the bar of an older trigger
        this.renderLegend();
      },
      (error: unknown) => {
        if (this.session !== session) return;
        session.pager.failed(); // the next scroll asks again
        this.options.onLoadError?.(error);
      },
    );
  };

  private scheduleRsiDraw(session: Session): void {
    this.cancelRsiDraw();
    this.rsiTimer = this.timers.setTimeout(() => {
      this.rsiTimer = undefined;
      if (this.session !== session) return;
      this.rsi.setData(session.history.rsi.map((r) => session.time.rsiToChart(r)));
    }, RSI_DRAW_DELAY_MS);
  }

  private cancelRsiDraw(): void {
    if (this.rsiTimer !== undefined) this.timers.clearTimeout(this.rsiTimer);
    this.rsiTimer = undefined;
  }

  /**
   * Price scales and crosshair stay hidden until there is data to read them against. Both panes'
   * right scales change together, in one go: lightweight-charts lays every pane out by the first
   * pane's right scale, and a pane whose own scale is hidden meanwhile has no axis widget to
   * measure ("Value is null" thrown from its layout).
   */
  private setDataVisible(visible: boolean): void {
    this.chart.priceScale('right', 0).applyOptions({ visible });
    this.chart.priceScale('right', 1).applyOptions({ visible });
    this.chart.applyOptions({
      crosshair: { mode: visible ? CrosshairMode.Normal : CrosshairMode.Hidden },
    });
  }

  private showWatermark(text: string | undefined): void {
    this.watermarkText = text;
    this.watermark.applyOptions(
      text === undefined
        ? { visible: false }
        : {
            visible: true,
            lines: [{ text, color: this.appearance.watermarkColor, fontSize: 18 }],
          },
    );
  }
}
