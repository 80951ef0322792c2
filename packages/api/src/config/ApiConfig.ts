/** Where market data comes from: Binance, the embedded simulator, or Binance with a simulator fallback. */
export type MarketDataMode = 'auto' | 'binance' | 'simulator';

/** pino levels accepted by `LOG_LEVEL`. */
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The Web Push identity given in the environment; each part is absent when its variable is unset. */
export interface VapidConfig {
  /** `VAPID_PUBLIC_KEY`: uncompressed P-256 public key, base64url (65 bytes). */
  readonly publicKey?: string;
  /** `VAPID_PRIVATE_KEY`: P-256 private key, base64url (32 bytes). */
  readonly privateKey?: string;
  /** `VAPID_SUBJECT`: a `mailto:` or `https:` contact. */
  readonly subject?: string;
}

/**
 * The api's configuration, read once from the environment at boot (architecture §2) by
 * `loadConfig`. Every field is already validated and normalised.
 */
export interface ApiConfig {
  /** `PORT` (default 5080). */
  readonly port: number;
  /** `HOST` (default 127.0.0.1). */
  readonly host: string;
  /** `DATA_DIR` resolved to an absolute path (default `./data`). */
  readonly dataDir: string;
  /** `DATABASE_URL` (a `postgres://` URL) or undefined for the embedded SQLite file. */
  readonly databaseUrl: string | undefined;
  /**
   * `DATABASE_STATEMENT_TIMEOUT_MS` (default 5000): longest a statement runs (PostgreSQL) or waits
   * for another connection's write lock (SQLite) before the request is answered 503.
   */
  readonly databaseStatementTimeoutMs: number;
  /** `DATABASE_CONNECT_TIMEOUT_MS` (default 3000): PostgreSQL connect and pool-acquire timeout. */
  readonly databaseConnectTimeoutMs: number;
  /** The database in use, derived from `DATABASE_URL`. */
  readonly database: 'sqlite' | 'postgres';
  /** `MARKET_DATA` (default auto). */
  readonly marketData: MarketDataMode;
  /** `BINANCE_REST_URL` without a trailing slash; the api appends `/api/v3/…`. */
  readonly binanceRestUrl: string;
  /** `BINANCE_WS_URL` without a trailing slash; the api appends `/stream?streams=…`. */
  readonly binanceWsUrl: string;
  /** `CORS_ORIGINS`: exact origins allowed to call the api with credentials. */
  readonly corsOrigins: readonly string[];
  /** `VAPID_*`. */
  readonly vapid: VapidConfig;
  /** `MAX_ACTIVE_ALERTS` per push subscription (default 100). */
  readonly maxActiveAlerts: number;
  /**
   * `PUSH_ALLOW_PRIVATE_ENDPOINTS` (default false): accept push endpoints on `localhost` or at
   * loopback, private, link-local or unspecified IP addresses. Only for tests that run a local
   * push service; in production the api must not be made to POST into its own network.
   */
  readonly pushAllowPrivateEndpoints: boolean;
  /**
   * `PUSH_ENCRYPTION_WORKERS` (default 0: on the event loop): worker threads that encrypt Web Push
   * messages off the event loop. Worth it with a core to spare: on two cores shared with a push
   * service that decrypts, the first pushes of a burst left later with a worker (issue #27 note).
   */
  readonly pushEncryptionWorkers: number;
  /**
   * `PUSH_PREPARED_KEYS` (default 100 000, one per subscription up to `MAX_PUSH_SUBSCRIPTIONS`'
   * default; 0: none): Web Push keys prepared ahead, while the process is quiet, so that a burst's
   * first message to each browser skips the ECDH agreement (docs/architecture.md §9).
   */
  readonly pushPreparedKeys: number;
  /**
   * `HUB_MAX_CONNECTIONS_PER_CLIENT` (default 100, or `HUB_MAX_CONNECTIONS` when that is lower;
   * never above it): hub connections at once from one client (an IPv4 address or an IPv6 /64), so
   * one client cannot use up the hub's connections for everyone.
   */
  readonly hubMaxConnectionsPerClient: number;
  /**
   * `HUB_MAX_CONNECTIONS` (default 10,000): hub connections at once in this process; 20 % of them
   * are kept for client addresses with few connections.
   */
  readonly hubMaxConnections: number;
  /**
   * `BINANCE_WEIGHT_PER_MINUTE` (default 4800, 80 % of Binance's 6,000 per IP): the REST request
   * weight this process spends per minute. Processes behind one IP share Binance's limit: split it.
   */
  readonly binanceWeightPerMinute: number;
  /**
   * `TRUST_PROXY` (default false): the api runs behind a reverse proxy that sets
   * `X-Forwarded-For`, so a client's address is the entry that proxy added (the last one), not the
   * proxy's own. Never set it when clients reach the api directly: they could pick any address.
   */
  readonly trustProxy: boolean;
  /**
   * `WARM_UP_CHARTS` (default true): before it opens its port the process answers once the first
   * page of every default pair in every interval (`market/warmUpCharts.ts`; 160 of the minute's
   * upstream weight, at most 5 s), so its first charts under load are not all cold at once.
   */
  readonly warmUpCharts: boolean;
  /** `TRIGGERED_ALERT_RETENTION_DAYS` (default 30): triggered alerts older than this are deleted. */
  readonly triggeredAlertRetentionDays: number;
  /** `MAX_PUSH_SUBSCRIPTIONS` (default 100 000): new browsers are refused beyond it. */
  readonly maxPushSubscriptions: number;
  /**
   * `PUSH_SUBSCRIPTIONS_PER_CLIENT` (default 20): the push subscriptions and owners one IPv4
   * address or one IPv6 /64 may have created and still stored, and may create per hour.
   */
  readonly pushSubscriptionsPerClient: number;
  /**
   * `SUBSCRIPTION_IDLE_DAYS` (default 30): a push subscription whose owner has no active alert and
   * made no visit (re-registered the browser, `GET /alerts`, `WatchAlerts`) for this long is
   * deleted, with the owner when it has no other channel.
   */
  readonly subscriptionIdleDays: number;
  /**
   * `APP_URL` without a trailing slash (default: the first of `CORS_ORIGINS`): where the app is
   * served, for the absolute links of push notifications (Declarative Web Push's `navigate`).
   */
  readonly appUrl: string;
  /**
   * `TELEGRAM_BOT_TOKEN`: the bot that sends alerts to linked Telegram chats; undefined: Telegram
   * is not offered. A credential, never logged.
   */
  readonly telegramBotToken: string | undefined;
  /** `TELEGRAM_API_URL` without a trailing slash (default https://api.telegram.org). */
  readonly telegramApiUrl: string;
  /** `LOG_LEVEL` (default info). */
  readonly logLevel: LogLevel;
}
