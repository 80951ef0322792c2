import {
  type Alert,
  type Candle,
  type CandleUpdate,
  type Interval,
  type NumberFormat,
  type SymbolId,
  type SymbolInfo,
  DEFAULT_SYMBOL_CATALOGUE,
  guessSymbolInfo,
} from '@pairwatch/domain';
import { type Observable, Subject, filter } from 'rxjs';
import { type AlertsMarketData } from '../screen/AlertsServices';

/** Market data for component tests: canned REST answers and hand-driven hub streams. */
export class FakeMarketData implements AlertsMarketData {
  readonly candleRequests: { symbol: SymbolId; interval: Interval }[] = [];
  readonly symbolRequests: { symbols: readonly SymbolId[]; refresh: boolean }[] = [];
  symbolsFail = false;
  /** Price formats the api gives instead of the catalogue's. */
  priceFormats: Partial<Record<SymbolId, NumberFormat>> = {};
  candles: Candle[] = [];
  /** When set, requests for older pages (with an `endTime`) fail with it. */
  olderCandlesError: Error | undefined;
  private readonly updates = new Subject<CandleUpdate>();
  private readonly alerts = new Subject<Alert & { subscriptionId: string }>();

  getCandles = async (
    symbol: SymbolId,
    interval: Interval,
    options: { endTime?: number } = {},
  ): Promise<Candle[]> => {
    this.candleRequests.push({ symbol, interval });
    if (options.endTime !== undefined && this.olderCandlesError) throw this.olderCandlesError;
    return this.candles;
  };

  getSymbolsInfo = async (
    symbols: readonly SymbolId[],
    options: { refresh?: boolean } = {},
  ): Promise<Partial<Record<SymbolId, SymbolInfo>>> => {
    this.symbolRequests.push({ symbols, refresh: options.refresh ?? false });
    if (this.symbolsFail) throw new Error('symbols down');
    // Like the api client: every answer is a new object, even with the same values.
    return Object.fromEntries(
      symbols.map((s) => {
        const info = JSON.parse(
          JSON.stringify(this.extraPairs.find((pair) => pair.symbol === s) ?? guessSymbolInfo(s)),
        ) as SymbolInfo;
        const priceFormat = this.priceFormats[s];
        return [s, priceFormat ? { ...info, priceFormat: { ...priceFormat } } : info];
      }),
    );
  };

  /** Extra pairs the catalogue lists after the ten defaults. */
  extraPairs: SymbolInfo[] = [];
  catalogueFails = false;

  getSymbolCatalogue = async (): Promise<readonly SymbolInfo[]> => {
    if (this.catalogueFails) throw new Error('catalogue down');
    return [...Object.values(DEFAULT_SYMBOL_CATALOGUE), ...this.extraPairs];
  };

  candleUpdates$ = (
    symbols: readonly SymbolId[],
    intervals: readonly Interval[],
  ): Observable<CandleUpdate> =>
    this.updates.pipe(filter((u) => symbols.includes(u.symbol) && intervals.includes(u.interval)));

  watchAlerts$ = (subscriptionId: string): Observable<Alert> =>
    this.alerts.pipe(filter((a) => a.subscriptionId === subscriptionId));

  /** Sends a live candle on the hub. */
  emitCandle(symbol: SymbolId, interval: Interval, candle: Candle): void {
    this.updates.next({ symbol, interval, candle });
  }

  /** Sends `AlertTriggered` for a subscription. */
  emitTriggered(subscriptionId: string, alert: Alert): void {
    this.alerts.next({ ...alert, subscriptionId });
  }
}
