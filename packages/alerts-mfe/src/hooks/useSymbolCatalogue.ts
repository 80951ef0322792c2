import { useEffect, useState } from 'react';
import { type SymbolInfo } from '@pairwatch/domain';
import { MARKET_DATA_MESSAGES } from '@pairwatch/market-data';
import { showToast } from '@pairwatch/ui-kit';
import { isOfflineFailure } from '../chart/isOfflineFailure';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { type AlertsMarketData } from '../screen/AlertsServices';

/**
 * The market's pairs for the symbol picker and the alerts table (`GET /symbols`, loaded once per
 * client and kept for offline use by it); `undefined` while loading. A failed load toasts, except
 * offline, where the chart's notice says it already.
 */
export function useSymbolCatalogue(market: AlertsMarketData): readonly SymbolInfo[] | undefined {
  const [catalogue, setCatalogue] = useState<readonly SymbolInfo[]>();
  useEffect(() => {
    let current = true;
    market.getSymbolCatalogue().then(
      (loaded) => {
        if (current) setCatalogue(loaded);
      },
      (error: unknown) => {
        if (!current || isOfflineFailure(error, navigator.onLine)) return;
        showToast({
          variant: 'error',
          title: ALERTS_MESSAGES.errorTitle,
          description: MARKET_DATA_MESSAGES.symbols,
        });
        console.warn('[alerts] symbol catalogue failed:', error);
      },
    );
    return () => {
      current = false;
    };
  }, [market]);
  return catalogue;
}
