import {
  type Candle,
  DEFAULT_SYMBOL_CATALOGUE,
  type CandleUpdate,
  type Interval,
  type SymbolId,
  type SymbolInfo,
  type UnixSeconds,
} from '@pairwatch/domain';
import { type GetCandlesOptions } from '@pairwatch/market-data';
import { Observable, Subject, filter } from 'rxjs';
import { type PositionsMarket } from '../market/PositionsMarket';

/** A 1-minute candle for tests: open time in seconds and its prices. */
export function testCandle(
  time: number,
  close: number,
  range: { high?: number; low?: number } = {},
): Candle {
  return {
    time: time as UnixSeconds,
    open: close,
    high: range.high ?? close,
    low: range.low ?? close,
    close,
  };
}

/**
 * A stand-in for the market-data client in unit tests: a hub the test drives (`emit`), the
 * subscriptions it received, canned REST answers.
 */
export class FakeMarket implements PositionsMarket {
  /** Every `candleUpdates$` subscription: its symbols and intervals, and whether it is still live. */
  readonly subscriptions: { symbols: SymbolId[]; intervals: Interval[]; active: boolean }[] = [];
  /** Every `getCandles` call. */
  readonly candleRequests: { symbol: SymbolId; interval: Interval; options: GetCandlesOptions }[] =
    [];
  /** The latest candle the REST read answers per symbol (none → an empty list). */
  readonly lastCandles = new Map<SymbolId, Candle>();
  /** What `getSymbolsInfo` answers; an Error rejects. */
  symbolsInfo: Partial<Record<SymbolId, SymbolInfo>> | Error = {};
  /** What `getSymbolCatalogue` answers; an Error rejects. */
  catalogue: readonly SymbolInfo[] | Error = Object.values(DEFAULT_SYMBOL_CATALOGUE);

  private readonly hub = new Subject<CandleUpdate>();

  candleUpdates$ = (
    symbols: readonly SymbolId[],
    intervals: readonly Interval[],
  ): Observable<CandleUpdate> =>
    new Observable<CandleUpdate>((subscriber) => {
      const record = { symbols: [...symbols], intervals: [...intervals], active: true };
      this.subscriptions.push(record);
      const inner = this.hub
        .pipe(
          filter(
            (update) => symbols.includes(update.symbol) && intervals.includes(update.interval),
          ),
        )
        .subscribe(subscriber);
      return () => {
        record.active = false;
        inner.unsubscribe();
      };
    });

  getCandles = async (
    symbol: SymbolId,
    interval: Interval,
    options: GetCandlesOptions = {},
  ): Promise<Candle[]> => {
    this.candleRequests.push({ symbol, interval, options });
    const candle = this.lastCandles.get(symbol);
    return candle ? [candle] : [];
  };

  getSymbolsInfo = async (): Promise<Partial<Record<SymbolId, SymbolInfo>>> => {
    if (this.symbolsInfo instanceof Error) throw this.symbolsInfo;
    return this.symbolsInfo;
  };

  getSymbolCatalogue = async (): Promise<readonly SymbolInfo[]> => {
    if (this.catalogue instanceof Error) throw this.catalogue;
    return this.catalogue;
  };

  /** Pushes a live 1-minute candle of `symbol` through the hub. */
  emit(symbol: SymbolId, candle: Candle, interval: Interval = 'OneMinute'): void {
    this.hub.next({ symbol, interval, candle });
  }

  /** The subscriptions that are still open. */
  activeSubscriptions(): { symbols: SymbolId[]; intervals: Interval[] }[] {
    return this.subscriptions
      .filter((s) => s.active)
      .map(({ symbols, intervals }) => ({ symbols, intervals }));
  }
}
