import { type MarketDataClient } from '@pairwatch/market-data';
import { type AlertsClient } from '../alerts/AlertsClient';
import { type OwnerSession } from '../owner/OwnerSession';
import { type PushSubscriptionService } from '../push/PushSubscriptionService';

/** The parts of the shared market-data client the Alerts screen uses. */
export type AlertsMarketData = Pick<
  MarketDataClient,
  'getCandles' | 'getSymbolsInfo' | 'getSymbolCatalogue' | 'candleUpdates$' | 'watchAlerts$'
>;

/** The alert endpoints the Alerts screen calls. */
export type AlertsApi = Pick<AlertsClient, 'createAlert' | 'listAlerts' | 'deleteAlert'>;

/** The channel endpoints of 'Where alerts go', and an alert's delivery log. */
export type ChannelsApi = Pick<
  AlertsClient,
  | 'listChannelKinds'
  | 'listChannels'
  | 'createWebhook'
  | 'createTelegram'
  | 'deleteChannel'
  | 'testChannel'
  | 'listDeliveries'
>;

/** Everything the Alerts screen talks to; real clients in the app, fakes in tests. */
export interface AlertsServices {
  readonly market: AlertsMarketData;
  readonly alerts: AlertsApi;
  readonly push: PushSubscriptionService;
  /** This browser's owner id (the key of its alerts and channels). */
  readonly owner: OwnerSession;
  readonly channels: ChannelsApi;
}
