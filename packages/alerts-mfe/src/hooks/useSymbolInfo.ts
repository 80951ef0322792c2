import { useEffect } from 'react';
import { type SymbolId } from '@pairwatch/domain';
import { MARKET_DATA_MESSAGES } from '@pairwatch/market-data';
import { showToast } from '@pairwatch/ui-kit';
import { isOfflineFailure } from '../chart/isOfflineFailure';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { type AlertsMarketData } from '../screen/AlertsServices';
import { type AlertsStore } from '../store/AlertsStore';

/**
 * Loads the selected symbol's info into the store (unloaded → loading → loaded), and again, fresh
 * from the api, whenever the tab becomes visible. Nothing is polled, least of all while hidden. A
 * failed load toasts and keeps the last good info.
 */
export function useSymbolInfo(
  store: AlertsStore,
  market: AlertsMarketData,
  symbol: SymbolId,
): void {
  useEffect(() => {
    let current = true;
    const load = (refresh: boolean) => {
      store.symbolInfoLoading(symbol);
      market.getSymbolsInfo([symbol], { refresh }).then(
        (infos) => {
          if (current) store.symbolInfoLoaded(symbol, infos[symbol]);
        },
        (error: unknown) => {
          if (!current) return;
          store.symbolInfoFailed(symbol);
          // Offline, the chart's notice says so already: no error toast for what it explains.
          if (isOfflineFailure(error, navigator.onLine)) return;
          showToast({
            variant: 'error',
            title: ALERTS_MESSAGES.errorTitle,
            description: MARKET_DATA_MESSAGES.symbols,
          });
          console.warn('[alerts] symbol info failed:', error);
        },
      );
    };
    load(false);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') load(true);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      current = false;
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [store, market, symbol]);
}
