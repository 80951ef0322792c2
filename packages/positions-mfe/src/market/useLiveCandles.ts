import { type Candle, type SymbolId } from '@pairwatch/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { livePriceUpdates$ } from './livePriceUpdates';
import { readLastCandles, writeLastCandles } from './lastCandles';
import { type PositionsMarket } from './PositionsMarket';

/**
 * The latest 1-minute candle of each of `symbols`, kept up to date from one shared hub subscription
 * that is renewed only when the SET of symbols changes (not their order or repeats).
 *
 * @param onCandle - called with every candle taken (after the state update is queued), e.g. to
 * check take profits; the latest function is used without re-subscribing.
 * @param onError - called when a first REST read fails.
 * @param memory - where the latest candles are kept: they are the prices at the next start until
 *   fresh ones arrive (the REST read then replaces them, whatever their time).
 */
export function useLiveCandles(
  market: PositionsMarket,
  symbols: readonly SymbolId[],
  onCandle: (symbol: SymbolId, candle: Candle) => void,
  onError: (error: unknown) => void,
  memory?: Storage,
): ReadonlyMap<SymbolId, Candle> {
  const key = useMemo(() => [...new Set(symbols)].sort().join(','), [symbols]);
  const [candles, setCandles] = useState<ReadonlyMap<SymbolId, Candle>>(() =>
    readLastCandles(memory),
  );
  const candlesRef = useRef(candles);
  /** Symbols whose candle is a remembered one, not yet replaced by one from the network. */
  const remembered = useRef<Set<SymbolId> | undefined>(undefined);
  remembered.current ??= new Set(candles.keys());
  const memoryRef = useRef(memory);
  useEffect(() => {
    memoryRef.current = memory;
  }, [memory]);
  const callbacks = useRef({ onCandle, onError });
  useEffect(() => {
    callbacks.current = { onCandle, onError };
  }, [onCandle, onError]);

  useEffect(() => {
    const list = key === '' ? [] : (key.split(',') as SymbolId[]);
    // Symbols priced before the set changed keep their price; only new ones are read by REST.
    const stale = remembered.current;
    const unpriced = list.filter(
      (symbol) => !candlesRef.current.has(symbol) || stale?.has(symbol) === true,
    );
    const subscription = livePriceUpdates$(market, list, unpriced, (error) =>
      callbacks.current.onError(error),
    ).subscribe((update) => {
      const known = candlesRef.current.get(update.symbol);
      // A live candle replaces one of the same minute; the REST read never overwrites a live one.
      // A remembered candle gives way to any from the network.
      if (
        known &&
        stale?.has(update.symbol) !== true &&
        (update.initial ? update.candle.time <= known.time : update.candle.time < known.time)
      )
        return;
      stale?.delete(update.symbol);
      const next = new Map(candlesRef.current);
      next.set(update.symbol, update.candle);
      candlesRef.current = next;
      setCandles(next);
      writeLastCandles(memoryRef.current, next);
      callbacks.current.onCandle(update.symbol, update.candle);
    });
    return () => subscription.unsubscribe();
  }, [market, key]);

  return candles;
}
