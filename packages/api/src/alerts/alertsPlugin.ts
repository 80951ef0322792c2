import type https from 'node:https';
import { guards, type Hub, HubError } from '@pairwatch/signalr-server';
import { type FastifyBaseLogger, type FastifyPluginAsync } from 'fastify';
import { type AppConfig } from '../config/AppConfig';
import { type MarketData } from '../market/MarketData';
import { loadVapidKeys } from '../push/loadVapidKeys';
import { PushSender } from '../push/PushSender';
import { type PushTransport } from '../push/PushTransport';
import { WebPushTransport } from '../push/WebPushTransport';
import { alertsRoutes } from '../routes/alertsRoutes';
import { pushRoutes } from '../routes/pushRoutes';
import { type AlertStore } from '../storage/AlertStore';
import { openAlertStore } from '../storage/openAlertStore';
import { AlertEngine } from './AlertEngine';
import { alertsGroup } from './alertsGroup';
import { toAlertJson } from './toAlertJson';
import { WriteRateLimiter, type WriteRateLimiterOptions } from './WriteRateLimiter';

/** Options of {@link alertsPlugin}. */
export interface AlertsPluginOptions {
  /** `DATA_DIR`, `DATABASE_URL`, `VAPID_*` and `MAX_ACTIVE_ALERTS` from the api configuration. */
  readonly config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'vapid' | 'maxActiveAlerts'>;
  readonly marketData: MarketData;
  /** The candle hub: `WatchAlerts` is registered on it and `AlertTriggered` sent through it. */
  readonly hub: Hub<object>;
  /** Default: the Fastify instance's logger. */
  readonly logger?: FastifyBaseLogger;
  /** A store to use instead of opening one from `config` (the plugin closes it either way). */
  readonly store?: AlertStore;
  /** A transport to use instead of Web Push (unit tests). */
  readonly transport?: PushTransport;
  /**
   * TEST ONLY: HTTPS agent for push requests, so an in-process test can trust a local push
   * service's self-signed certificate. Never set in production (see {@link WebPushTransport}).
   */
  readonly testPushAgent?: https.Agent;
  /** Write rate limit per client address. */
  readonly rateLimit?: WriteRateLimiterOptions;
  readonly now?: () => number;
}

/** Longest argument `WatchAlerts` looks up. */
const MAX_ID_LENGTH = 64;

/**
 * The alerts half of the api as one Fastify plugin: the alert store (SQLite or PostgreSQL,
 * migrated at start), `/alerts` and `/push/*` routes, the alert engine, the Web Push sender over
 * the durable outbox, and the hub's `WatchAlerts` / `AlertTriggered`. The engine and the sender
 * start when the app is ready and stop, with the store, when it closes.
 *
 * @example `await app.register(alertsPlugin, { config, marketData, hub: candleHub.hub })`
 */
export const alertsPlugin: FastifyPluginAsync<AlertsPluginOptions> = async (app, options) => {
  const { config, marketData, hub } = options;
  const logger = options.logger ?? app.log;
  const now = options.now ?? Date.now;
  const store =
    options.store ??
    (await openAlertStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const vapid = loadVapidKeys(config.vapid, config.dataDir);
  const transport =
    options.transport ??
    new WebPushTransport(vapid, options.testPushAgent ? { testAgent: options.testPushAgent } : {});

  // The engine wakes the sender and the sender tells the engine about gone subscriptions.
  const senderRef: { current?: PushSender } = {};
  const engine = new AlertEngine({
    store,
    marketData,
    logger,
    now,
    onTriggered: (alert) => {
      hub.broadcast(alertsGroup(alert.subscriptionId), 'AlertTriggered', [toAlertJson(alert)]);
      senderRef.current?.wake();
    },
  });
  const sender = new PushSender({
    store,
    transport,
    logger,
    now,
    onSubscriptionGone: (_subscriptionId, alertIds) => engine.forget(alertIds),
  });
  senderRef.current = sender;
  const limiter = new WriteRateLimiter({ ...options.rateLimit, now });

  hub.addMethod('WatchAlerts', [guards.string], async (caller, subscriptionId) => {
    const known =
      subscriptionId.length <= MAX_ID_LENGTH &&
      (await store.findSubscription(subscriptionId)) !== undefined;
    if (!known) throw new HubError('Unknown push subscription: enable push notifications again.');
    caller.addToGroup(alertsGroup(subscriptionId));
  });

  await app.register(alertsRoutes, {
    store,
    engine,
    marketData,
    maxActiveAlerts: config.maxActiveAlerts,
    limiter,
    now,
  });
  await app.register(pushRoutes, { store, engine, publicKey: vapid.publicKey, limiter, now });

  app.addHook('onReady', async () => {
    await engine.start();
    sender.start();
  });
  app.addHook('onClose', async () => {
    await sender.close();
    await engine.close();
    await store.close();
  });
};
