import {
  type Interval,
  type SymbolId,
  DEFAULT_INTERVAL,
  DEFAULT_SYMBOL,
  isInterval,
  isSymbolId,
  persistedAlertsSymbol,
} from '@pairwatch/domain';
import { screenForPath } from '../routing/screenForPath';

/** Where a page load starts: the parts of the URL and storage that choose its first screen. */
export interface FirstScreenPlace {
  readonly pathname: string;
  readonly search: string;
  /** The Alerts screen's stored state (`ALERTS_STORE_KEY` in localStorage), if any. */
  readonly storedAlerts: string | null | undefined;
}

/** The page size the Alerts chart asks for first (product §9). */
const FIRST_CANDLES_LIMIT = '500';

/** The api GETs the Alerts chart makes before it can draw. */
export interface FirstScreenUrls {
  readonly candles: string;
  readonly symbolInfo: string;
}

/**
 * The api GETs the first screen makes before it can draw, exactly as market-data spells them, so
 * the shell can start them while the screen's remote is still loading: for Alerts, the chart's
 * candles and the symbol's info, for the symbol and interval the screen will pick (`?symbol=` and
 * `?interval=` of a notification link, else the stored symbol, else the defaults). Positions
 * draws from the browser's own storage first: nothing to start (`undefined`).
 */
export function firstScreenUrls(
  apiUrl: string,
  place: FirstScreenPlace,
): FirstScreenUrls | undefined {
  const view = firstChartView(place);
  return view && firstChartUrls(apiUrl, view);
}

/** The symbol and interval a chart shows. */
export interface ChartView {
  readonly symbol: SymbolId;
  readonly interval: Interval;
}

/** The api GETs the Alerts chart makes before it can draw `view` (see {@link firstScreenUrls}). */
export function firstChartUrls(apiUrl: string, view: ChartView): FirstScreenUrls {
  const candles = new URLSearchParams({ ...view, limit: FIRST_CANDLES_LIMIT });
  return {
    candles: `${apiUrl}/candles?${candles.toString()}`,
    symbolInfo: `${apiUrl}/symbols/${view.symbol}`,
  };
}

/**
 * The symbol and interval the first screen's chart opens with, or `undefined` when the first
 * screen has no chart (Positions).
 */
export function firstChartView(place: FirstScreenPlace): ChartView | undefined {
  if (screenForPath(place.pathname) !== 'alerts') return undefined;
  const params = new URLSearchParams(place.search);
  const linkedSymbol = params.get('symbol');
  const linkedInterval = params.get('interval');
  const symbol = isSymbolId(linkedSymbol)
    ? linkedSymbol
    : (persistedAlertsSymbol(place.storedAlerts) ?? DEFAULT_SYMBOL);
  const interval = isInterval(linkedInterval) ? linkedInterval : DEFAULT_INTERVAL;
  return { symbol, interval };
}
