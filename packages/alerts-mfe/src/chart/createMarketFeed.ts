import { type ChartFeed } from './ChartController';
import { type AlertsMarketData } from '../screen/AlertsServices';

/** The chart's candle feed over the shared market-data client (REST pages + hub stream). */
export function createMarketFeed(market: AlertsMarketData): ChartFeed {
  return {
    loadCandles: ({ symbol, interval, limit, endTime }) =>
      market.getCandles(symbol, interval, endTime === undefined ? { limit } : { limit, endTime }),
    watchCandles(symbol, interval, onCandle) {
      const subscription = market.candleUpdates$([symbol], [interval]).subscribe({
        next: (update) => {
          if (update.symbol === symbol && update.interval === interval) onCandle(update.candle);
        },
        error: () => undefined, // market-data reports hub failures on its errors$ stream
      });
      return () => subscription.unsubscribe();
    },
  };
}
