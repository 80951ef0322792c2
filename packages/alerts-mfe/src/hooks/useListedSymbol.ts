import { useEffect } from 'react';
import { DEFAULT_SYMBOL, type SymbolInfo } from '@pairwatch/domain';
import { showToast } from '@pairwatch/ui-kit';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { type AlertsStore } from '../store/AlertsStore';

/**
 * Keeps the chart on a pair the market trades: once the catalogue is in, a selected pair it does
 * not list (remembered from an earlier visit, or linked, and delisted or halted since) gives way to
 * the default pair, with a toast that says so, rather than a chart that can only fail.
 */
export function useListedSymbol(
  store: AlertsStore,
  symbol: string,
  catalogue: readonly SymbolInfo[] | undefined,
): void {
  useEffect(() => {
    if (catalogue === undefined || symbol === DEFAULT_SYMBOL) return;
    if (catalogue.some((info) => info.symbol === symbol)) return;
    store.setSymbol(DEFAULT_SYMBOL);
    showToast({
      variant: 'info',
      description: ALERTS_MESSAGES.pairNotTraded(symbol, DEFAULT_SYMBOL),
    });
  }, [store, symbol, catalogue]);
}
