// The alerts remote is consumed through Module Federation (`alerts_mfe/AlertsRoute`); these names
// are its parts for tests and tooling. Other apps never import this package (architecture §1).
export { AlertsScreen, type AlertsScreenProps } from './screen/AlertsScreen';
export {
  type AlertsServices,
  type AlertsApi,
  type AlertsMarketData,
} from './screen/AlertsServices';
export {
  AlertsClient,
  type CreateAlertRequest,
  type PushSubscriptionBody,
} from './alerts/AlertsClient';
export { ApiError, apiErrorDetail } from './alerts/ApiError';
export {
  PushSubscriptionService,
  SUBSCRIPTION_ID_KEY,
  type PushStatus,
  type PushState,
  type PushApi,
} from './push/PushSubscriptionService';
export { type PushPlatform } from './push/PushPlatform';
export { AlertsStore, type AlertsState, type SymbolInfoStatus } from './store/AlertsStore';
export { ChartController, type ChartFeed, type ChartView } from './chart/ChartController';
export { type ChartTestHook } from './chart/installChartTestHook';
export { FIRST_CANDLES_MARK } from './chart/chartConstants';
export { ALERTS_MESSAGES } from './alertsMessages';
