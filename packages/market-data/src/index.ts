export { configureMarketData, getMarketData } from './configureMarketData';
export { MarketDataClient, type GetCandlesOptions } from './MarketDataClient';
export { MARKET_DATA_MESSAGES } from './MarketDataError';
