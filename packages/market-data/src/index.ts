export { configureMarketData, getMarketData } from './configureMarketData';
export {
  MarketDataClient,
  type MarketDataClientOptions,
  type GetCandlesOptions,
  type GetSymbolsInfoOptions,
} from './MarketDataClient';
export {
  MarketDataError,
  type MarketDataErrorKind,
  type MarketDataErrorDetails,
} from './MarketDataError';
export { MARKET_DATA_MESSAGES } from './marketDataMessages';
export {
  CandleHub,
  CONNECTION_LINGER_MS,
  type HubConnectionState,
  type CandleHubOptions,
  type FetchCandlesSince,
} from './CandleHub';
export { type HubConnectionPort, type HubConnectionFactory } from './HubConnectionPort';
export { createSignalRConnection, type SignalRConnectionOptions } from './createSignalRConnection';
export { ReconnectPolicy } from './ReconnectPolicy';
export { type FetchLike } from './requestJson';
