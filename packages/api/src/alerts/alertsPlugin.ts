import { guards, type Hub, HubError } from '@pairwatch/signalr-server';
import { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { type UnixMillis } from '@pairwatch/domain';
import { type ApiConfig } from '../config/ApiConfig';
import { DEFAULT_TELEGRAM_API_URL } from '../delivery/telegram/TelegramBotApi';
import { type MarketData } from '../market/MarketData';
import { type SymbolSource } from '../market/symbolsRoutes';
import { haltAlertsOnStoppedPairs } from './haltAlertsOnStoppedPairs';
import { loadVapidKeys } from '../push/VapidKeys';
import { DeliverySender, type DeliveryChannels } from '../delivery/DeliverySender';
import { createPushChannel } from '../push/PushChannel';
import { WebhookChannel } from '../delivery/webhook/WebhookChannel';
import { ownerRoutes } from '../delivery/ownerRoutes';
import { TelegramDelivery } from '../delivery/telegram/TelegramDelivery';
import { type PushTransport } from '../push/PushTransport';
import { PushEncryptionPool } from '../push/PushEncryptionPool';
import { PreparedPushKeys } from '../push/PreparedPushKeys';
import { prepareForSubscriptions } from '../push/prepareForSubscriptions';
import { WebPushTransport } from '../push/WebPushTransport';
import { alertsRoutes } from './alertsRoutes';
import { pushRoutes } from '../push/pushRoutes';
import { ClientCreationBudget } from '../push/ClientCreationBudget';
import { type ClusterCoordinator } from '../cluster/ClusterCoordinator';
import { InProcessCoordinator } from '../cluster/InProcessCoordinator';
import {
  PostgresCoordinator,
  type PostgresCoordinatorTiming,
} from '../cluster/PostgresCoordinator';
import { type AlertStore } from '../storage/AlertStore';
import { openAlertStore } from '../storage/openAlertStore';
import { alertsGroup } from './alertsGroup';
import { wellFormedId } from '../storage/recordId';
import { type HealthCheck, type HealthCheckResult, messageOf } from '../status/statusPlugin';
import { databaseHealthCheck } from '../status/databaseHealthCheck';
import { AlertsRuntime } from './AlertsRuntime';
import { WriteRateLimiter, type WriteRateLimiterOptions } from '../http/WriteRateLimiter';

/** Options of {@link alertsPlugin}. */
export interface AlertsPluginOptions {
  /**
   * `DATA_DIR`, `DATABASE_URL`, `VAPID_*`, `MAX_ACTIVE_ALERTS` and `PUSH_ALLOW_PRIVATE_ENDPOINTS`
   * from the api configuration.
   */
  readonly config: Pick<
    ApiConfig,
    'dataDir' | 'databaseUrl' | 'vapid' | 'maxActiveAlerts' | 'pushAllowPrivateEndpoints'
  > &
    Partial<
      Pick<
        ApiConfig,
        | 'triggeredAlertRetentionDays'
        | 'maxPushSubscriptions'
        | 'pushSubscriptionsPerClient'
        | 'subscriptionIdleDays'
        | 'telegramBotToken'
        | 'telegramApiUrl'
        | 'appUrl'
        | 'databaseStatementTimeoutMs'
        | 'databaseConnectTimeoutMs'
        | 'pushEncryptionWorkers'
        | 'pushPreparedKeys'
      >
    >;
  readonly marketData: MarketData;
  /** Which pairs the market trades: alerts are made on those, and end when theirs stops. */
  readonly symbols: SymbolSource;
  /** The candle hub: `WatchAlerts` is registered on it and `AlertTriggered` sent through it. */
  readonly hub: Hub<object>;
  /** Default: the Fastify instance's logger. */
  readonly logger?: FastifyBaseLogger;
  /** A store to use instead of opening one from `config` (the plugin closes it either way). */
  readonly store?: AlertStore;
  /** A transport to use instead of Web Push (unit tests). */
  readonly transport?: PushTransport;
  /**
   * A coordinator to use instead of the one the store calls for (PostgreSQL: advisory lock and
   * LISTEN/NOTIFY on `config.databaseUrl`; SQLite: in-process). The plugin closes it.
   */
  readonly coordinator?: ClusterCoordinator;
  /** Timing of the PostgreSQL coordinator (tests shorten it). */
  readonly cluster?: PostgresCoordinatorTiming;
  /** How often the leader checks its alert index against the table. Default 300 000 ms. */
  readonly reconcileIntervalMs?: number;
  /** Seconds one Telegram long poll waits (tests shorten it). Default 30. */
  readonly telegramPollTimeoutSeconds?: number;
  /** Write rate limit per client address. */
  readonly rateLimit?: WriteRateLimiterOptions;
  /** Where `GET /status` finds its checks: the plugin adds `database` and `alertEngine`. */
  readonly checks?: Map<string, HealthCheck>;
  readonly now?: () => number;
}

function createCoordinator(
  store: AlertStore,
  options: AlertsPluginOptions,
  logger: FastifyBaseLogger,
): ClusterCoordinator {
  if (options.coordinator) return options.coordinator;
  if (store.kind === 'sqlite') return new InProcessCoordinator(logger);
  const connectionString = options.config.databaseUrl;
  if (connectionString === undefined) {
    throw new Error(
      'A PostgreSQL alert store needs config.databaseUrl for its cluster coordinator (or pass `coordinator`).',
    );
  }
  return new PostgresCoordinator({ connectionString, logger, ...options.cluster });
}

/**
 * The alerts half of the api as one Fastify plugin: the alert store (SQLite or PostgreSQL,
 * migrated at start), the `/alerts` routes ({@link alertsRoutes}) and the `/push/*` routes
 * ({@link pushRoutes}, from `push/`), the alert engine (on the one process that leads,
 * architecture §8), the Web Push sender over the durable outbox (on every process), and the hub's
 * `WatchAlerts` / `AlertTriggered`. Push lives inside this plugin because a subscription owns its
 * alerts: both sets of routes share the store, one write rate limit per client and the runtime's
 * events. The engine and the sender start when the app is ready and stop, with the store, when it
 * closes, in that order.
 *
 * @example `await app.register(alertsPlugin, { config, marketData, hub: candleHub.hub })`
 */
export const alertsPlugin: FastifyPluginAsync<AlertsPluginOptions> = async (app, options) => {
  const { config } = options;
  const logger = options.logger ?? app.log;
  const store =
    options.store ??
    (await openAlertStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      ...(config.databaseStatementTimeoutMs === undefined
        ? {}
        : { statementTimeoutMs: config.databaseStatementTimeoutMs }),
      ...(config.databaseConnectTimeoutMs === undefined
        ? {}
        : { connectTimeoutMs: config.databaseConnectTimeoutMs }),
      onConnectionError: (error) =>
        logger.warn({ err: error }, 'a database connection was dropped; the pool reconnects'),
      onCheckpointError: (error) =>
        logger.warn({ err: error }, 'the SQLite log could not be checkpointed in the background'),
    }));
  // Until the onClose hook owns them, what was opened is closed here if a later step throws.
  let coordinator: ClusterCoordinator | undefined;
  try {
    const vapid = loadVapidKeys(config.vapid, config.dataDir);
    const transport =
      options.transport ??
      new WebPushTransport(vapid, {
        allowPrivateEndpoints: config.pushAllowPrivateEndpoints,
        preparedKeys: new PreparedPushKeys({
          capacity: config.pushPreparedKeys ?? DEFAULT_MAX_SUBSCRIPTIONS,
        }),
        ...(config.pushEncryptionWorkers !== undefined && config.pushEncryptionWorkers > 0
          ? {
              encryptor: new PushEncryptionPool({
                workers: config.pushEncryptionWorkers,
                logger,
              }),
            }
          : {}),
      });
    coordinator = createCoordinator(store, options, logger);
    await setUp(app, options, { store, coordinator, transport, publicKey: vapid.publicKey });
  } catch (error: unknown) {
    // The set-up's failure is the one to report; a failure to close is logged beside it.
    const closeFailed = (what: string) => (closeError: unknown) =>
      logger.error({ err: closeError }, `could not close the ${what} after a failed start`);
    await coordinator?.close().catch(closeFailed('cluster coordinator'));
    await store.close().catch(closeFailed('alert store'));
    throw error;
  }
};

/** Defaults of the retention and size limits (`TRIGGERED_ALERT_RETENTION_DAYS`, `MAX_PUSH_SUBSCRIPTIONS`). */
const DEFAULT_RETENTION_DAYS = 30;
const DEFAULT_MAX_SUBSCRIPTIONS = 100_000;
/** Default of `SUBSCRIPTION_IDLE_DAYS`. */
const DEFAULT_IDLE_DAYS = 30;
/** Idle owners one purge removes at most (the next hour takes the rest). */
const IDLE_OWNERS_PER_PURGE = 10_000;
/** Webhook and Telegram channels one owner may have. */
const MAX_CHANNELS_PER_OWNER = 10;
/** How often old triggered alerts and stale outbox messages are purged. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An engine that logged an error this recently counts as failing in `GET /status`. */
const ENGINE_FAILURE_WINDOW_MS = 60_000;
/** `GET /status` reads the database at most this often, however often it is asked. */
const DATABASE_CHECK_CACHE_MS = 1_000;

/** Runs `check` at most once per {@link DATABASE_CHECK_CACHE_MS}; callers in between share it. */
function cachedCheck(check: HealthCheck, now: () => number): HealthCheck {
  let last: { at: number; result: Promise<HealthCheckResult> } | undefined;
  return () => {
    if (last === undefined || now() - last.at >= DATABASE_CHECK_CACHE_MS) {
      last = {
        at: now(),
        result: check().catch((error: unknown) => ({
          ok: false,
          error: messageOf(error, 'the database check failed'),
        })),
      };
    }
    return last.result;
  };
}

/** Wires the runtime, the sender, the hub method and the routes; registers start and close. */
async function setUp(
  app: FastifyInstance,
  options: AlertsPluginOptions,
  parts: {
    readonly store: AlertStore;
    readonly coordinator: ClusterCoordinator;
    readonly transport: PushTransport;
    readonly publicKey: string;
  },
): Promise<void> {
  const { config, marketData, hub } = options;
  const { store, coordinator, transport } = parts;
  const logger = options.logger ?? app.log;
  const now = options.now ?? Date.now;
  const telegram =
    config.telegramBotToken === undefined
      ? undefined
      : new TelegramDelivery({
          token: config.telegramBotToken,
          apiUrl: config.telegramApiUrl ?? DEFAULT_TELEGRAM_API_URL,
          store,
          coordinator,
          logger,
          ...(options.telegramPollTimeoutSeconds === undefined
            ? {}
            : { pollTimeoutSeconds: options.telegramPollTimeoutSeconds }),
        });
  const channels: DeliveryChannels = {
    push: createPushChannel(
      transport,
      config.appUrl === undefined ? {} : { appUrl: config.appUrl },
    ),
    webhook: new WebhookChannel({ allowPrivate: config.pushAllowPrivateEndpoints, now }),
    ...(telegram ? { telegram: telegram.channel } : {}),
  };
  // The engine wakes the sender, and the sender announces the alerts of gone subscriptions.
  const runtime = new AlertsRuntime({
    store,
    marketData,
    coordinator,
    hub,
    logger,
    now,
    channels,
    pairOf: (symbol) => options.symbols.current()?.get(symbol),
    onMessageQueued: () => sender.wake(),
    claimDeliveries: () => sender.claimFor(),
    ...(options.reconcileIntervalMs === undefined
      ? {}
      : { reconcileIntervalMs: options.reconcileIntervalMs }),
  });
  const sender = new DeliverySender({
    store,
    channels,
    logger,
    now,
    onAlertsRemoved: (alertIds) => void runtime.announce({ kind: 'deleted', alertIds }),
  });
  const limiter = new WriteRateLimiter({ ...options.rateLimit, now });
  options.checks?.set(
    'database',
    cachedCheck(
      databaseHealthCheck(() => store.probe(), logger),
      now,
    ),
  );
  options.checks?.set('alertEngine', async () => {
    const { role, loading, lastFailure } = runtime.health();
    const recent = lastFailure !== undefined && now() - lastFailure.at < ENGINE_FAILURE_WINDOW_MS;
    return {
      ok: !recent,
      role,
      // Serving, but firing nothing until its alerts are loaded (then it replays from the marks).
      ...(loading ? { loading: true } : {}),
      ...(lastFailure === undefined
        ? {}
        : {
            lastFailure: lastFailure.message,
            lastFailureAt: new Date(lastFailure.at).toISOString(),
          }),
    };
  });

  hub.addMethod('WatchAlerts', [guards.string], async (caller, rawId) => {
    // The owner id (a browser's subscription id is its owner id). A malformed id cannot be one of
    // ours: refused without a lookup, like an unknown one.
    const ownerId = wellFormedId(rawId);
    if (ownerId === undefined || !(await store.ownerExists(ownerId)))
      throw new HubError('Unknown owner: enable push notifications again, or add a channel.');
    // A visit: an open app keeps its owner's push subscriptions from expiring.
    await store.markOwnerSeen(ownerId, now() as UnixMillis);
    caller.addToGroup(alertsGroup(ownerId));
  });

  // New browsers and new owners draw on one budget per address (IPv6: per /64).
  const creationBudget = new ClientCreationBudget({
    store,
    perClient: config.pushSubscriptionsPerClient ?? ClientCreationBudget.DEFAULT_PER_CLIENT,
    now,
  });
  await app.register(alertsRoutes, {
    store,
    announce: (event) => runtime.announce(event),
    marketData,
    symbols: options.symbols,
    maxActiveAlerts: config.maxActiveAlerts,
    limiter,
    now,
  });
  await app.register(ownerRoutes, {
    store,
    channels,
    limiter,
    now,
    allowPrivateEndpoints: config.pushAllowPrivateEndpoints,
    telegramBot: () => telegram?.botUsername,
    maxOwners: config.maxPushSubscriptions ?? DEFAULT_MAX_SUBSCRIPTIONS,
    maxChannelsPerOwner: MAX_CHANNELS_PER_OWNER,
    creationBudget,
  });
  await app.register(pushRoutes, {
    store,
    maxSubscriptions: config.maxPushSubscriptions ?? DEFAULT_MAX_SUBSCRIPTIONS,
    announce: (event) => runtime.announce(event),
    publicKey: parts.publicKey,
    allowPrivateEndpoints: config.pushAllowPrivateEndpoints,
    limiter,
    now,
    creationBudget,
    onSaved: (keys) => {
      transport.prepareFor?.([keys]);
    },
  });

  // Every process purges (a delete is idempotent): no leader needed, and no table grows forever.
  const retentionMs = (config.triggeredAlertRetentionDays ?? DEFAULT_RETENTION_DAYS) * DAY_MS;
  const idleMs = (config.subscriptionIdleDays ?? DEFAULT_IDLE_DAYS) * DAY_MS;
  const purge = async () => {
    try {
      const purged = await store.purgeBefore((now() - retentionMs) as UnixMillis);
      if (purged.alerts + purged.messages > 0)
        logger.info(purged, 'purged old alerts and messages');
    } catch (error: unknown) {
      logger.warn({ err: error }, 'could not purge old alerts; will try again');
    }
    // Issue #27: subscriptions nobody uses would otherwise fill MAX_PUSH_SUBSCRIPTIONS for good.
    try {
      const { alertIds, ...idle } = await store.purgeIdleOwners(
        (now() - idleMs) as UnixMillis,
        IDLE_OWNERS_PER_PURGE,
      );
      if (alertIds.length > 0) await runtime.announce({ kind: 'deleted', alertIds });
      if (idle.subscriptions + idle.owners > 0)
        logger.info(idle, 'purged idle push subscriptions and owners');
    } catch (error: unknown) {
      logger.warn({ err: error }, 'could not purge idle subscriptions; will try again');
    }
  };
  let purgeTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    telegram?.start();
    await runtime.start();
    sender.start();
    void prepareForSubscriptions(store, transport).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not list the push subscriptions to prepare their keys'),
    );
    void purge();
    purgeTimer = setInterval(() => void purge(), PURGE_INTERVAL_MS);
    purgeTimer.unref();
  });
  const stopHalting = haltAlertsOnStoppedPairs({
    store,
    channels,
    marketData,
    symbols: options.symbols,
    announce: (event) => runtime.announce(event),
    logger,
    now,
  });
  app.addHook('preClose', async () => {
    clearInterval(purgeTimer);
    stopHalting();
  });
  // Each step runs even when one before it throws (close then rejects with the last failure).
  app.addHook('onClose', async () => {
    try {
      await telegram?.close();
      await runtime.close();
    } finally {
      try {
        await sender.close();
        // After the sender: nothing is encrypted once it has stopped.
        await transport.close?.();
      } finally {
        await store.close();
      }
    }
  });
}
