import {
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
  guessSymbolInfo,
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
  createTextWatermark,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ITextWatermarkPluginApi,
  type LogicalRange,
  type MouseEventParams,
  type Time,
} from 'lightweight-charts';
import { type AlertEntry } from '../alerts/AlertEntry';
import { sameSymbolInfo } from '../sameSymbolInfo';
import { AddAlertButton } from './AddAlertButton';
import { type AlertPane } from './alertLinesFor';
import {
  AlertOverlay,
  type AlertScene,
  type DrawnAlertBand,
  type DrawnAlertLine,
  type DrawnAlertMarker,
} from './AlertOverlay';
import { alertTargetAt } from './alertTargetAt';
import { autoscaleWithLines } from './autoscaleWithLines';
import { AutoScaleButton } from './AutoScaleButton';
import { AutoScaleWatch } from './AutoScaleWatch';
import { ChartLegend } from './ChartLegend';
import { type ChartTimers } from './ChartTimers';
import { describeLegendBar } from './describeLegendBar';
import { CandleHistory } from './CandleHistory';
import { ChartProbe } from './ChartProbe';
import { chartPriceFormat } from './chartPriceFormat';
import { FrameCoalescer, type FrameScheduler, animationFrameScheduler } from './FrameCoalescer';
import { HistoryPager } from './HistoryPager';
import { LatestCandles } from './LatestCandles';
import { formatTickMark } from './formatTickMark';
import { LocalTimeAdapter } from './LocalTimeAdapter';
import { PRICE_AXIS_MIN_WIDTH, placeAttributionLogo } from './placeAttributionLogo';
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
  /**
   * Candles to draw while the latest page of `symbol` `interval` loads (those an earlier visit
   * kept: `RememberingFeed`), or `undefined`; asked at each session's start. The page replaces
   * them when it comes, in place (no empty chart in between).
   */
  previewCandles?(request: {
    readonly symbol: SymbolId;
    readonly interval: Interval;
  }): readonly Candle[] | undefined;
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
  /** The axis labels' typeface: the app's (`PAIRWATCH_FONT_FAMILY`). */
  readonly fontFamily: string;
}

/** What the "+" on the axis (or the keyboard shortcut) asks for: an alert at a value. */
export interface AddAlertRequest {
  /** 'price' for a price alert, 'rsi' for an RSI alert on the shown interval. */
  readonly pane: AlertPane;
  /** The target, rounded to the symbol's tick (price) or to 2 decimals (RSI). */
  readonly value: number;
}

export interface ChartControllerOptions {
  readonly feed: ChartFeed;
  readonly appearance: ChartAppearance;
  readonly frames?: FrameScheduler;
  readonly timers?: ChartTimers;
  /** Local time minus UTC in minutes; defaults to the browser's offset. */
  readonly utcOffsetMinutes?: number;
  /**
   * Called once per session, on the first animation frame after its first candles were set:
   * `kept` when they are the feed's preview (kept candles drawn while the latest page loads).
   */
  readonly onFirstCandlesDrawn?: (view: ChartView, bars: number, kept: boolean) => void;
  /**
   * Called once per session, on the first animation frame after its latest page was set: with
   * its first candles, or after them when the page replaced a preview.
   */
  readonly onLatestCandlesDrawn?: (view: ChartView, bars: number) => void;
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
  /** The history holds the feed's preview (kept candles) while the first page is on its way. */
  preview: boolean;
  /** Candles have been drawn once (a preview or the first page): `onFirstCandlesDrawn` is told. */
  everDrawn: boolean;
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
 * its info, the default catalogue's format (or a guess of 8 decimals for another pair).
 */
function priceFormatOf(view: ChartView): NumberFormat {
  return (view.symbolInfo ?? guessSymbolInfo(view.symbol)).priceFormat;
}

/** The line between the two panes, in CSS pixels (lightweight-charts' pane separator). */
const PANE_SEPARATOR = 1;

/**
 * Empty bars right of the latest one: room for its time label and for the text of an alert that
 * just fired on it ("▲ 90,965.34" is centred on the bar; with 3 bars it ran under the price axis).
 */
const RIGHT_OFFSET_BARS = 8;

/**
 * How hands move the chart. On a touch screen a vertical swipe scrolls the page: the chart fills
 * most of a phone's screen, and with the library's default (`vertTouchDrag`) it kept every vertical
 * swipe for itself (on the price axis a rescale), so nothing below it could be reached. A
 * horizontal swipe still pans the chart and a pinch zooms it. With the mouse nothing changes: a
 * drag on the pane pans, a drag on an axis scales it, a double-click on an axis resets it, the
 * wheel zooms.
 */
const HANDLING = {
  handleScroll: {
    mouseWheel: true,
    pressedMouseMove: true,
    horzTouchDrag: true,
    vertTouchDrag: false,
  },
  handleScale: {
    mouseWheel: true,
    pinch: true,
    axisPressedMouseMove: { time: true, price: true },
    axisDoubleClickReset: { time: true, price: true },
  },
} as const;

/**
 * Drives one lightweight-charts chart: prices in pane 0, RSI candles in a 140 px pane 1 (shared
 * time scale and crosshair), the loading watermark, the first page, infinite history and live
 * updates, the legend and the "+" that offers an alert at a level.
 *
 * @remarks Data decisions live in {@link CandleHistory} and {@link HistoryPager}; the user's
 * alerts are drawn by {@link AlertOverlay} and read back by {@link ChartProbe}; this class only
 * moves the session's output into the series. Live candles are written straight to the series, coalesced
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
  private readonly overlay: AlertOverlay;
  private readonly probe: ChartProbe;
  private readonly legend: ChartLegend;
  private readonly addAlert: AddAlertButton;
  private readonly autoScaleButton: AutoScaleButton;
  private readonly autoScaleWatch: AutoScaleWatch;
  /** UTC open time of the bar under the crosshair; `undefined` when it is not over a bar. */
  private hoverTime: UnixSeconds | undefined;
  private appearance: ChartAppearance;
  private watermarkText: string | undefined;
  private readonly frames: FrameScheduler;
  private readonly timers: ChartTimers;
  private readonly live: FrameCoalescer<Candle>;
  private readonly resizeObserver: ResizeObserver | undefined;
  private readonly removeLogoPlacement: () => void;
  private session: Session | undefined;
  private rsiTimer: unknown;
  private disposed = false;
  /** Whether the price scales and the crosshair are shown (created hidden: no data yet). */
  private dataVisible = false;
  /** Whether a session has drawn candles into the series (until then they hold none). */
  private seriesFilled = false;

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
        // The app's typeface, not the library's own list: the labels match the page's text, and
        // a fresh page looks up no second set of families before its first candles.
        fontFamily: options.appearance.fontFamily,
        panes: { enableResize: false, separatorColor: gridColor },
        // The library's licence asks for the link to tradingview.com; placeAttributionLogo puts
        // it where it covers no data.
        attributionLogo: true,
      },
      grid: { vertLines: { color: gridColor }, horzLines: { color: gridColor } },
      crosshair: { mode: CrosshairMode.Hidden },
      ...HANDLING,
      // Both panes' right scales. A tick label whose text would be cut by the pane's top or
      // bottom edge ("87600.00" half drawn) is left out; the axis stays wide enough for the
      // attribution logo in the corner below it.
      rightPriceScale: {
        visible: false,
        entireTextOnly: true,
        minimumWidth: PRICE_AXIS_MIN_WIDTH,
      },
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
      priceFormat: chartPriceFormat(DEFAULT_PRICE_FORMAT),
      autoscaleInfoProvider: (base: () => AutoscaleInfo | null): AutoscaleInfo | null => {
        const info = base();
        if (!info?.priceRange) return info;
        return {
          ...info,
          priceRange: autoscaleWithLines(info.priceRange, this.overlay.priceLevels),
        };
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
    this.removeLogoPlacement = placeAttributionLogo(container);
    this.watermark = createTextWatermark(pricePane, {
      horzAlign: 'center',
      vertAlign: 'center',
      visible: false,
      lines: [{ text: '', color: watermarkColor, fontSize: 18 }],
    });
    this.overlay = new AlertOverlay(this.prices, this.rsi, () => this.alertScene());
    this.probe = new ChartProbe({
      chart: this.chart,
      prices: this.prices,
      rsi: this.rsi,
      overlay: this.overlay,
      time: () => this.session?.time,
      loadingHistory: () => this.session?.pager.inFlight ?? false,
    });
    this.legend = new ChartLegend(container, this.legendColors(), `RSI ${RSI_LOOKBACK}`);
    this.addAlert = new AddAlertButton(container, this.buttonColors(), this.timers, (pane, value) =>
      this.options.onAddAlert?.({ pane, value }),
    );
    this.autoScaleButton = new AutoScaleButton(container, this.buttonColors(), () =>
      this.restoreAutoScale(),
    );
    this.autoScaleWatch = new AutoScaleWatch(
      container,
      this.frames,
      () => this.chart.priceScale('right', 0).options().autoScale,
      () => this.placeAutoScaleButton(),
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
            this.placeAutoScaleButton();
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

  /**
   * Loads what is shown again, as a fresh start would (latest page, new stream): the chart drew
   * kept candles offline and the network is back (`RememberingFeed`).
   */
  reload(): void {
    if (this.disposed || !this.session) return;
    this.startSession(this.session.view);
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
    this.autoScaleButton.setColors(this.buttonColors());
  }

  /**
   * The user's alerts (the Your alerts list, kept live): the Active ones of the shown symbol are
   * drawn as levels, their firings as markers on the bars they fired in ({@link AlertOverlay}).
   */
  setAlerts(alerts: readonly AlertEntry[]): void {
    if (this.disposed) return;
    this.overlay.setAlerts(alerts);
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

  // What tests read back (see ChartProbe; `installChartTestHook` takes the controller).

  alertLines(): DrawnAlertLine[] {
    return this.probe.alertLines();
  }

  alertMarkers(): DrawnAlertMarker[] {
    return this.probe.alertMarkers();
  }

  alertBands(): DrawnAlertBand[] {
    return this.probe.alertBands();
  }

  priceData(): Candle[] {
    return this.probe.priceData();
  }

  visibleTimeRange(): { from: UnixSeconds; to: UnixSeconds } | null {
    return this.probe.visibleTimeRange();
  }

  barX(time: UnixSeconds): number | null {
    return this.probe.barX(time);
  }

  priceY(price: number): number | null {
    return this.probe.priceY(price);
  }

  priceLabel(price: number): string {
    return this.probe.priceLabel(price);
  }

  rsiLength(): number {
    return this.probe.rsiLength();
  }

  rsiPaneHeight(): number {
    return this.probe.rsiPaneHeight();
  }

  pricePaneHeight(): number {
    return this.probe.pricePaneHeight();
  }

  priceScaleAuto(): boolean {
    return this.probe.priceScaleAuto();
  }

  get loadingHistory(): boolean {
    return this.probe.loadingHistory;
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
    this.autoScaleWatch.dispose();
    this.autoScaleButton.dispose();
    this.overlay.dispose();
    this.watermark.detach();
    this.chart.remove();
    this.removeLogoPlacement();
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
      preview: false,
      everDrawn: false,
      drawn: false,
      unwatch: undefined,
    };
    this.session = session;
    // Emptied only when a session filled them: on the first session (the first chart's) they are
    // empty already, and each setData is a pass over the library's model before the first candles.
    if (this.seriesFilled) {
      this.prices.setData([]);
      this.rsi.setData([]);
      this.seriesFilled = false;
    }
    // A new symbol or interval opens as a fresh load does: default zoom, latest bars in view,
    // wherever the previous one was scrolled or zoomed. Reset while empty, so the first page
    // lands in that view; reset after it, the old position would stand for a moment and the
    // pager would take it for a scroll into history.
    this.chart.timeScale().resetTimeScale();
    // The same for the prices: a range set by hand for the previous symbol or interval would most
    // likely hold none of the new one's candles (DOGE under BTC's range is a blank pane).
    this.chart.priceScale('right', 0).applyOptions({ autoScale: true });
    this.chart.priceScale('right', 1).applyOptions({ autoScale: true });
    this.autoScaleWatch.check();
    this.chart.clearCrosshairPosition();
    this.hoverTime = undefined;
    this.addAlert.hide();
    this.legend.setTitle(`${view.symbol} · ${INTERVAL_INFO[view.interval].label}`);
    this.setDataVisible(false);
    this.chart.applyOptions({
      timeScale: { timeVisible: intervalShowsTime(view.interval), secondsVisible: false },
    });
    this.applyPriceFormat(view);
    // Kept candles, drawn at once (as soon as the format is settled) and replaced by the latest
    // page when it comes: a repeat visit shows the chart without waiting for the network.
    const preview = this.options.feed.previewCandles?.({
      symbol: view.symbol,
      interval: view.interval,
    });
    if (preview && preview.length > 0) {
      session.history.load(preview);
      session.preview = true;
    }
    this.refresh(session);
    this.overlay.redraw();
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
          // A preview stays drawn: the feed says why its candles are not the latest.
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
    this.overlay.redrawMarkers(); // their texts are in the price format
    this.renderLegend();
  }

  private applyPriceFormat(view: ChartView): void {
    this.prices.applyOptions({ priceFormat: chartPriceFormat(priceFormatOf(view)) });
  }

  /** Draws the first page once it and the format are there, and shows the matching watermark. */
  private refresh(session: Session): void {
    const settled = formatSettled(session.view);
    const drawable = session.firstPage === 'loaded' || session.preview;
    if (settled && drawable && !session.drawn) this.draw(session);
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
    if (session.preview) {
      // The page replaces the preview where it is drawn: set again, not cleared first.
      session.preview = false;
      session.drawn = false;
    }
    this.refresh(session);
  }

  /**
   * First draw of a session's candles (its preview, or its first page), and the draw of the first
   * page over a preview: candles there and the format settled.
   */
  private draw(session: Session): void {
    this.prices.setData(session.history.candles.map((c) => session.time.candleToChart(c)));
    this.seriesFilled = true;
    session.drawn = true;
    this.setDataVisible(true);
    this.scheduleRsiDraw(session);
    this.overlay.redraw();
    this.renderLegend();
    const { onFirstCandlesDrawn, onLatestCandlesDrawn } = this.options;
    const kept = session.preview;
    const first = !session.everDrawn;
    session.everDrawn = true;
    if ((first && onFirstCandlesDrawn) || (!kept && onLatestCandlesDrawn)) {
      this.frames.request(() => {
        if (this.session !== session) return;
        if (first) onFirstCandlesDrawn?.(session.view, session.history.length, kept);
        if (!kept) onLatestCandlesDrawn?.(session.view, session.history.length);
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
    if (appended) this.overlay.barAppended();
    // Once per frame at most, like the candles: the legend follows the live bar, and the "auto"
    // button the scale (whatever set it) and the axis' width (the labels change with the prices).
    this.renderLegend();
    this.autoScaleWatch.check();
    if (this.autoScaleButton.shown) this.placeAutoScaleButton();
  }

  /** The "auto" button: the price pane's scale is automatic again. */
  private restoreAutoScale(): void {
    this.chart.priceScale('right', 0).applyOptions({ autoScale: true });
    this.autoScaleWatch.check();
  }

  /** Shows the "auto" button at the bottom of the price axis while the scale is set by hand. */
  private placeAutoScaleButton(): void {
    const scale = this.chart.priceScale('right', 0);
    if (scale.options().autoScale) {
      this.autoScaleButton.hide();
      return;
    }
    const pane = this.chart.paneSize(0);
    this.autoScaleButton.show({ left: pane.width, width: scale.width(), height: pane.height });
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

  /** What the alert overlay draws against: the session, once its candles are drawn. */
  private alertScene(): AlertScene | undefined {
    const session = this.session;
    if (session?.drawn !== true) return undefined;
    return {
      symbol: session.view.symbol,
      interval: session.view.interval,
      history: session.history,
      time: session.time,
      pricePrecision: priceFormatOf(session.view).precision,
    };
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
    // Not under a preview: the page that replaces it decides where history starts.
    if (!session || !session.drawn || session.preview || range === null) return;
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
        this.overlay.redrawMarkers(); // an older page may hold the bar of an older firing
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
    // Only changes: each of these options is a full update of the library's model and layout,
    // and a new session (the first chart's included) starts with them hidden already.
    if (visible === this.dataVisible) return;
    this.dataVisible = visible;
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
