import { type MarketDataClient } from '@pairwatch/market-data';
import { type AlertsClient } from '../alerts/AlertsClient';
import { type PushSubscriptionService } from '../push/PushSubscriptionService';

/** The parts of the shared market-data client the Alerts screen uses. */
export type AlertsMarketData = Pick<
  MarketDataClient,
  'getCandles' | 'getSymbolsInfo' | 'candleUpdates$' | 'watchAlerts$'
>;

/** The alert endpoints the Alerts screen calls. */
export type AlertsApi = Pick<AlertsClient, 'createAlert' | 'listAlerts' | 'deleteAlert'>;

/** Everything the Alerts screen talks to; real clients in the app, fakes in tests. */
export interface AlertsServices {
  readonly market: AlertsMarketData;
  readonly alerts: AlertsApi;
  readonly push: PushSubscriptionService;
}
