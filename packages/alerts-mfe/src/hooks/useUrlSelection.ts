import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { isInterval, isSymbolId } from '@pairwatch/domain';
import { type AlertsStore } from '../store/AlertsStore';

/**
 * Selects `?symbol=ETHUSDT&interval=OneHour` (the link of an alert notification) in the store;
 * unsupported values are ignored. The Alerts screen calls it when it creates its store, so a deep
 * link opens the chart on the linked stream at once (not on the stored one first).
 */
export function applyUrlSelection(store: AlertsStore, params: URLSearchParams): void {
  const symbol = params.get('symbol');
  const interval = params.get('interval');
  if (isSymbolId(symbol)) store.setSymbol(symbol);
  if (isInterval(interval)) store.setInterval(interval);
}

/**
 * Applies `?symbol=…&interval=…` to the store whenever the URL carries them (e.g. a notification
 * opened while the screen is shown), then removes the parameters so later choices are not
 * overridden by a stale URL.
 */
export function useUrlSelection(store: AlertsStore): void {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (!params.has('symbol') && !params.has('interval')) return;
    applyUrlSelection(store, params);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('symbol');
        next.delete('interval');
        return next;
      },
      { replace: true },
    );
    // `params` is a new object only when the URL's query changes (react-router memoizes it).
  }, [store, params, setParams]);
}
