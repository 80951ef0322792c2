import { type MarketDataClient } from '@pairwatch/market-data';

/** The market data the Positions screen reads: the shared client's candles, symbols and live hub. */
export type PositionsMarket = Pick<
  MarketDataClient,
  'candleUpdates$' | 'getCandles' | 'getSymbolsInfo' | 'getSymbolCatalogue'
>;
