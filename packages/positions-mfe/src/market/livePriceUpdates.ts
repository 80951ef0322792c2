import { type Candle, type CandleUpdate, type SymbolId } from '@pairwatch/domain';
import { type Observable, EMPTY, catchError, filter, from, map, merge, mergeMap } from 'rxjs';
import { type PositionsMarket } from './PositionsMarket';

/** Open-position prices follow the 1-minute candle (product §9). */
const PRICE_INTERVAL = 'OneMinute';

/** A 1-minute candle of a symbol, from the first REST read or from the hub. */
export interface PriceUpdate extends CandleUpdate {
  /** True for the REST read that gives a price before the first live update arrives. */
  readonly initial: boolean;
}

/**
 * The 1-minute candles of `symbols`: ONE shared hub subscription for all of them
 * (`candleUpdates$(symbols, ['OneMinute'])`), plus the latest candle of each symbol in
 * `fetchInitial` read once by REST so PnL shows without waiting for the next tick.
 *
 * @param onError - told about a failed REST read (that symbol then waits for the hub).
 */
export function livePriceUpdates$(
  market: PositionsMarket,
  symbols: readonly SymbolId[],
  fetchInitial: readonly SymbolId[],
  onError: (error: unknown) => void,
): Observable<PriceUpdate> {
  if (symbols.length === 0) return EMPTY;
  const initial$ = from(fetchInitial).pipe(
    mergeMap((symbol) =>
      from(market.getCandles(symbol, PRICE_INTERVAL, { limit: 1 })).pipe(
        map((candles) => candles[candles.length - 1]),
        filter((candle): candle is Candle => candle !== undefined),
        map((candle): PriceUpdate => ({ symbol, interval: PRICE_INTERVAL, candle, initial: true })),
        catchError((error: unknown) => {
          onError(error);
          return EMPTY;
        }),
      ),
    ),
  );
  const live$ = market.candleUpdates$(symbols, [PRICE_INTERVAL]).pipe(
    filter((update) => update.interval === PRICE_INTERVAL && symbols.includes(update.symbol)),
    map((update): PriceUpdate => ({ ...update, initial: false })),
  );
  return merge(initial$, live$);
}
