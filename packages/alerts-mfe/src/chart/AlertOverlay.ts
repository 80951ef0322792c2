import { type Interval, type SymbolId, type UnixSeconds, formatNumber } from '@pairwatch/domain';
import { TRADING_COLORS } from '@pairwatch/ui-kit/colors';
import {
  LineStyle,
  createSeriesMarkers,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesMarker,
  type Time,
} from 'lightweight-charts';
import { type AlertEntry } from '../alerts/AlertEntry';
import { AlertBandPrimitive, type AlertBand } from './AlertBandPrimitive';
import { type AlertLine, type AlertLineTone, type AlertPane, alertLinesFor } from './alertLinesFor';
import { type AlertMarker, alertMarkersFor } from './alertMarkersFor';
import { type CandleHistory } from './CandleHistory';
import { type LocalTimeAdapter } from './LocalTimeAdapter';

/** An alert level as the chart draws it, read back from the series (for browser tests). */
export interface DrawnAlertLine {
  readonly pane: AlertPane;
  readonly price: number;
  readonly title: string;
}

/** A channel's shaded band as the chart holds it (for browser tests). */
export interface DrawnAlertBand {
  readonly pane: AlertPane;
  readonly lower: number;
  readonly upper: number;
}

/** An alert firing's marker as the chart holds it (UTC bar time; for browser tests). */
export interface DrawnAlertMarker {
  readonly pane: AlertPane;
  readonly time: UnixSeconds;
  readonly text: string;
}

/** What the overlay draws against: the chart's drawn session (none before its first draw). */
export interface AlertScene {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  readonly history: CandleHistory;
  readonly time: LocalTimeAdapter;
  /** Decimals of the symbol's prices (the markers' texts). */
  readonly pricePrecision: number;
}

/** An alert line on the chart and what it was drawn from (to redraw only what changed). */
interface DrawnLine {
  readonly key: string;
  readonly series: ISeriesApi<'Candlestick'>;
  readonly line: IPriceLine;
}

/** Price lines the overlay draws carry this id prefix (the RSI guides have none). */
const ALERT_LINE_ID = 'alert:';

/** The colour of a channel's bounds: neither a rise nor a fall. */
const CHANNEL_COLOR = '#2962ff';

/** The shade between a channel's bounds: light enough to read the candles through. */
const CHANNEL_FILL = 'rgba(41, 98, 255, 0.08)';

/** Dark text on the green, red and blue axis labels (≥ 5.6:1 on all three). */
const ALERT_LABEL_TEXT = '#0b0d10';

const LINE_LOOK: Readonly<Record<AlertLineTone, { color: string; title: string }>> = {
  up: { color: TRADING_COLORS.up, title: '▲ Alert' },
  down: { color: TRADING_COLORS.down, title: '▼ Alert' },
  channel: { color: CHANNEL_COLOR, title: 'Channel alert' },
};

/** The channels among `lines` (a lower and an upper line per alert) as bands. */
function bandsOf(lines: readonly AlertLine[]): AlertBand[] {
  const bands = new Map<string, { lower: number; upper: number }>();
  for (const line of lines) {
    if (line.tone !== 'channel') continue;
    const band = bands.get(line.id);
    bands.set(line.id, {
      lower: Math.min(band?.lower ?? line.value, line.value),
      upper: Math.max(band?.upper ?? line.value, line.value),
    });
  }
  return [...bands.values()].map((band) => ({ ...band, color: CHANNEL_FILL }));
}

/**
 * The user's alerts over the chart: the levels of Active alerts as dashed price lines (a channel's
 * two bounds with the band between them shaded), and each firing as a marker on its bar. Only
 * what changed is redrawn (a live trigger or delete removes one line, the others stay put).
 *
 * @remarks The chart's session decides what is shown; the overlay reads it through `scene`,
 * which is undefined until the session's candles are drawn (then nothing is drawn).
 */
export class AlertOverlay {
  private alerts: readonly AlertEntry[] = [];
  private lines = new Map<string, DrawnLine>();
  private readonly priceMarkers: ISeriesMarkersPluginApi<Time>;
  private readonly rsiMarkers: ISeriesMarkersPluginApi<Time>;
  private readonly priceBands = new AlertBandPrimitive();
  private readonly rsiBands = new AlertBandPrimitive();
  /** Levels of the price pane's alert lines, which auto-scale takes in (when near). */
  private levels: readonly number[] = [];
  /** Some marker's bar is newer than the history: redraw the markers when a bar is appended. */
  private markersPending = false;

  constructor(
    private readonly prices: ISeriesApi<'Candlestick'>,
    private readonly rsi: ISeriesApi<'Candlestick'>,
    private readonly scene: () => AlertScene | undefined,
  ) {
    this.priceMarkers = createSeriesMarkers(prices, []);
    this.rsiMarkers = createSeriesMarkers(rsi, []);
    prices.attachPrimitive(this.priceBands);
    rsi.attachPrimitive(this.rsiBands);
  }

  /** The price pane's alert levels (for auto-scale). */
  get priceLevels(): readonly number[] {
    return this.levels;
  }

  /** New alerts (the Your alerts list, kept live); the same list again changes nothing. */
  setAlerts(alerts: readonly AlertEntry[]): void {
    if (alerts === this.alerts) return;
    this.alerts = alerts;
    this.redraw();
  }

  /** The scene changed (a new session, or its first draw): draws lines and markers anew. */
  redraw(): void {
    this.syncLines();
    this.syncMarkers();
  }

  /** The markers' bars or texts may have changed (an older page, a new price format). */
  redrawMarkers(): void {
    this.syncMarkers();
  }

  /** A live bar was appended: a firing waiting for its bar may be marked now. */
  barAppended(): void {
    if (this.markersPending) this.syncMarkers();
  }

  /** The alert levels drawn, read back from both series. */
  drawnLines(): DrawnAlertLine[] {
    const read = (series: ISeriesApi<'Candlestick'>, pane: AlertPane): DrawnAlertLine[] =>
      series
        .priceLines()
        .map((line) => line.options())
        .filter((options) => options.id?.startsWith(ALERT_LINE_ID))
        .map((options) => ({ pane, price: options.price, title: options.title }));
    return [...read(this.prices, 'price'), ...read(this.rsi, 'rsi')];
  }

  /** The channels shaded in both panes (their bounds). */
  drawnBands(): DrawnAlertBand[] {
    const read = (primitive: AlertBandPrimitive, pane: AlertPane): DrawnAlertBand[] =>
      primitive.shownBands().map(({ lower, upper }) => ({ pane, lower, upper }));
    return [...read(this.priceBands, 'price'), ...read(this.rsiBands, 'rsi')];
  }

  /** The firing markers held by both series, UTC bar times. */
  drawnMarkers(): DrawnAlertMarker[] {
    const time = this.scene()?.time;
    if (!time) return [];
    const read = (plugin: ISeriesMarkersPluginApi<Time>, pane: AlertPane): DrawnAlertMarker[] =>
      plugin.markers().map((marker) => ({
        pane,
        time: time.toUtc(marker.time as number),
        text: marker.text ?? '',
      }));
    return [...read(this.priceMarkers, 'price'), ...read(this.rsiMarkers, 'rsi')];
  }

  dispose(): void {
    this.priceMarkers.detach();
    this.rsiMarkers.detach();
    this.prices.detachPrimitive(this.priceBands);
    this.rsi.detachPrimitive(this.rsiBands);
  }

  private syncLines(): void {
    const scene = this.scene();
    const wanted = scene ? alertLinesFor(this.alerts, scene.symbol, scene.interval) : [];
    const next = new Map<string, DrawnLine>();
    for (const { lineId, pane, value, tone } of wanted) {
      const key = `${pane}|${value}|${tone}`;
      const current = this.lines.get(lineId);
      if (current?.key === key) {
        next.set(lineId, current);
        this.lines.delete(lineId);
        continue;
      }
      const series = pane === 'rsi' ? this.rsi : this.prices;
      const { color, title } = LINE_LOOK[tone];
      const line = series.createPriceLine({
        id: `${ALERT_LINE_ID}${lineId}`,
        price: value,
        color,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        axisLabelVisible: true,
        axisLabelColor: color,
        axisLabelTextColor: ALERT_LABEL_TEXT,
        title,
      });
      next.set(lineId, { key, series, line });
    }
    for (const stale of this.lines.values()) stale.series.removePriceLine(stale.line);
    this.lines = next;
    this.levels = wanted.filter((line) => line.pane === 'price').map((line) => line.value);
    this.priceBands.setBands(bandsOf(wanted.filter((line) => line.pane === 'price')));
    this.rsiBands.setBands(bandsOf(wanted.filter((line) => line.pane === 'rsi')));
  }

  /** Marks each firing of the shown symbol's alerts on its bar, when that bar is loaded. */
  private syncMarkers(): void {
    const scene = this.scene();
    if (!scene) {
      this.markersPending = false;
      this.priceMarkers.setMarkers([]);
      this.rsiMarkers.setMarkers([]);
      return;
    }
    const { history, time, pricePrecision } = scene;
    const all = alertMarkersFor(this.alerts, scene.symbol, scene.interval);
    const latest = history.latest?.time;
    this.markersPending = latest !== undefined && all.some((marker) => marker.barTime > latest);
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
}
