import { useEffect, useState } from 'react';
import { type Interval, type SymbolId } from '@pairwatch/domain';
import { type AlertsMarketData } from '../screen/AlertsServices';

/**
 * The live close of a symbol from the candle hub, `undefined` until the first update. Uses the
 * chart's interval so it shares the chart's hub subscription (market-data refcounts per stream).
 */
export function useLivePrice(
  market: AlertsMarketData,
  symbol: SymbolId,
  interval: Interval,
): number | undefined {
  const [price, setPrice] = useState<{ symbol: SymbolId; close: number } | undefined>(undefined);
  useEffect(() => {
    const subscription = market.candleUpdates$([symbol], [interval]).subscribe({
      next: (update) => {
        if (update.symbol !== symbol) return;
        setPrice((previous) =>
          previous?.symbol === symbol && previous.close === update.candle.close
            ? previous
            : { symbol, close: update.candle.close },
        );
      },
      error: () => undefined, // market-data reports hub failures itself
    });
    return () => subscription.unsubscribe();
  }, [market, symbol, interval]);
  return price?.symbol === symbol ? price.close : undefined;
}
