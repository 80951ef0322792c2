import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { isInterval, isSymbolId } from '@pairwatch/domain';
import { type AlertsStore } from '../store/AlertsStore';

/**
 * Applies `?symbol=ETHUSDT&interval=OneHour` (the link of an alert notification) to the store,
 * then removes the parameters so later choices are not overridden by a stale URL. Unsupported
 * values are ignored.
 */
export function useUrlSelection(store: AlertsStore): void {
  const [params, setParams] = useSearchParams();
  const symbol = params.get('symbol');
  const interval = params.get('interval');
  useEffect(() => {
    if (symbol === null && interval === null) return;
    if (isSymbolId(symbol)) store.setSymbol(symbol);
    if (isInterval(interval)) store.setInterval(interval);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('symbol');
        next.delete('interval');
        return next;
      },
      { replace: true },
    );
  }, [store, symbol, interval, setParams]);
}
