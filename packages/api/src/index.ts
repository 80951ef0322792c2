// App and process
export { buildApp, type AppDependencies } from './app';
export {
  type AppConfig,
  type LogLevel,
  type MarketDataMode,
  type VapidConfig,
} from './config/AppConfig';
export { ConfigError } from './config/ConfigError';
export { loadConfig } from './config/loadConfig';
export { readPackageVersion } from './readPackageVersion';

// Errors (problem+json catalogue)
export { ApiProblem } from './errors/ApiProblem';
export {
  problemCatalogue,
  isProblemCode,
  type ProblemCode,
  type ProblemType,
} from './errors/problemCatalogue';
export { problemDetails, type ProblemDetails } from './errors/problemDetails';
export { sendProblem, PROBLEM_CONTENT_TYPE } from './errors/sendProblem';

// Market data and the candle hub
export { type MarketData, type CandleQuery, type MarketDataStatus } from './market/MarketData';
export { BinanceMarketData, type BinanceMarketDataOptions } from './market/BinanceMarketData';
export { BinanceRestClient, type BinanceRestClientOptions } from './market/BinanceRestClient';
export { CandleCache } from './market/CandleCache';
export { MarketFeed, type MarketFeedOptions } from './market/MarketFeed';
export { SymbolDirectory } from './market/SymbolDirectory';
export { UpstreamError } from './market/UpstreamError';
export { startMarket, type MarketRuntime, type StartMarketOptions } from './market/startMarket';
export { CandleHub, CANDLE_HUB_PATH, type CandleHubState } from './hub/CandleHub';
export { candlesResponseSchema } from './routes/candlesResponseSchema';

// Alerts and Web Push (src/alerts, src/push, src/storage). The local push service for tests is
// in the `@pairwatch/api/testing` entry point (src/testing/index.ts), not in the product's.
export { alertsPlugin, type AlertsPluginOptions } from './alerts/alertsPlugin';
export { AlertEngine, type AlertEngineOptions } from './alerts/AlertEngine';
export { AlertIndex } from './alerts/AlertIndex';
export { AlertsRuntime, type AlertsRuntimeOptions } from './alerts/AlertsRuntime';
export {
  type ClusterCoordinator,
  type ClusterEventListener,
  type LeadershipListener,
} from './cluster/ClusterCoordinator';
export { type ClusterEvent, type ClusterEventKind } from './cluster/ClusterEvent';
export { type ClusterLogger } from './cluster/ClusterLogger';
export { InProcessCoordinator } from './cluster/InProcessCoordinator';
export {
  PostgresCoordinator,
  ENGINE_LOCK_KEY,
  type PostgresCoordinatorOptions,
  type PostgresCoordinatorTiming,
} from './cluster/PostgresCoordinator';
export { type AlertStore, type AlertRecord, type PushSubscriptionKeys } from './storage/AlertStore';
export { openAlertStore, type AlertStoreLocation } from './storage/openAlertStore';
export { PushSender, type PushSenderOptions } from './push/PushSender';
export { type PushTransport, type PushRequest, type PushOutcome } from './push/PushTransport';
export { WebPushTransport, type WebPushTransportOptions } from './push/WebPushTransport';
export { type AlertNotification } from './push/AlertNotification';
export { loadVapidKeys } from './push/loadVapidKeys';
export { type VapidKeys } from './push/VapidKeys';
