import { DEFAULT_TELEGRAM_API_URL } from '../delivery/telegram/TelegramBotApi';
import path from 'node:path';
import { type ApiConfig, type LogLevel, type MarketDataMode, type VapidConfig } from './ApiConfig';
import { ConfigError } from './ConfigError';

/** Binance's public market-data-only hosts (no key needed, public endpoints only). */
export const DEFAULT_BINANCE_REST_URL = 'https://data-api.binance.vision';
/** A Bot API token: the bot's numeric id, a colon, and its secret. */
const TELEGRAM_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
export const DEFAULT_BINANCE_WS_URL = 'wss://data-stream.binance.vision';
/** The shell's origin under both loopback names. */
export const DEFAULT_CORS_ORIGINS: readonly string[] = [
  'http://127.0.0.1:8080',
  'http://localhost:8080',
];

const MARKET_DATA_MODES: readonly MarketDataMode[] = ['auto', 'binance', 'simulator'];
const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];
const MAX_ALERTS_CEILING = 100_000;
/** Switches are spelled out: a typo such as 'ture' or '1' is refused rather than read as false. */
const BOOLEANS: readonly ('true' | 'false')[] = ['true', 'false'];

type Env = Readonly<Record<string, string | undefined>>;

/** Reads one variable: unset and blank both mean "use the default". */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** Rejects a value; the message starts with the variable's name. */
function invalid(message: string): never {
  throw new Error(message);
}

function integer(raw: string, name: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw)) invalid(`${name} must be a whole number, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) invalid(`${name} must be between ${min} and ${max}, got ${raw}`);
  return value;
}

function baseUrl(raw: string, name: string, protocols: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    invalid(`${name} must be an absolute URL, got '${raw}'`);
  }
  if (!protocols.includes(url.protocol)) {
    invalid(
      `${name} must use ${protocols.map((p) => p.replace(':', '')).join(' or ')}, got '${raw}'`,
    );
  }
  if (url.search !== '' || url.hash !== '') {
    invalid(`${name} must not carry a query or fragment, got '${raw}'`);
  }
  return url.href.replace(/\/+$/, '');
}

function origin(raw: string, name: string): string {
  if (raw === '*') {
    invalid(`${name} must list exact origins, never '*' (the hub client sends credentials)`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    invalid(`${name} entries must be origins like http://127.0.0.1:8080, got '${raw}'`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.origin !== raw.replace(/\/$/, '')
  ) {
    invalid(
      `${name} entries must be origins like http://127.0.0.1:8080 (scheme, host, port; no path), got '${raw}'`,
    );
  }
  return url.origin;
}

function base64urlKey(raw: string, name: string, bytes: number): string {
  if (!/^[A-Za-z0-9_-]+$/.test(raw) || Buffer.from(raw, 'base64url').length !== bytes) {
    invalid(`${name} must be ${bytes} bytes in base64url, got ${raw.length} characters`);
  }
  return raw;
}

/**
 * Reads and validates the api's environment (architecture §2).
 *
 * @param env - usually `process.env`; tests pass a plain object.
 * @param cwd - the directory a relative `DATA_DIR` is resolved against.
 * @returns the configuration with defaults applied.
 * @throws ConfigError listing every bad variable by name, so the process can stop with one message.
 * @example `loadConfig({ PORT: '0', MARKET_DATA: 'simulator' })`
 */
export function loadConfig(env: Env, cwd: string = process.cwd()): ApiConfig {
  const problems: string[] = [];
  function field<T>(name: string, fallback: T, parse: (raw: string) => T): T {
    const raw = read(env, name);
    if (raw === undefined) return fallback;
    try {
      return parse(raw);
    } catch (error: unknown) {
      problems.push(error instanceof Error ? error.message : `${name}: ${String(error)}`);
      return fallback;
    }
  }
  function oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
    return field<T>(name, fallback, (raw) => {
      if (!(allowed as readonly string[]).includes(raw)) {
        invalid(`${name} must be one of ${allowed.join(', ')}, got '${raw}'`);
      }
      return raw as T;
    });
  }

  const port = field('PORT', 5080, (raw) => integer(raw, 'PORT', 0, 65535));
  const host = field('HOST', '127.0.0.1', (raw) => {
    if (/\s|\//.test(raw)) invalid(`HOST must be a host name or IP address, got '${raw}'`);
    return raw;
  });
  const dataDir = path.resolve(
    cwd,
    field('DATA_DIR', './data', (raw) => raw),
  );
  const databaseUrl = field<string | undefined>('DATABASE_URL', undefined, (raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      invalid(`DATABASE_URL must be a postgres:// URL, got an unparsable value`);
    }
    if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
      // The URL may hold a password: name the scheme only.
      invalid(`DATABASE_URL must be a postgres:// URL, got scheme '${url.protocol}'`);
    }
    return raw;
  });
  const marketData = oneOf('MARKET_DATA', 'auto', MARKET_DATA_MODES);
  const binanceRestUrl = field('BINANCE_REST_URL', DEFAULT_BINANCE_REST_URL, (raw) =>
    baseUrl(raw, 'BINANCE_REST_URL', ['http:', 'https:']),
  );
  const binanceWsUrl = field('BINANCE_WS_URL', DEFAULT_BINANCE_WS_URL, (raw) =>
    baseUrl(raw, 'BINANCE_WS_URL', ['ws:', 'wss:']),
  );
  const corsOrigins = field('CORS_ORIGINS', DEFAULT_CORS_ORIGINS, (raw) => {
    const entries = raw
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    return [...new Set(entries.map((entry) => origin(entry, 'CORS_ORIGINS')))];
  });
  const vapid: VapidConfig = {
    publicKey: field<string | undefined>('VAPID_PUBLIC_KEY', undefined, (raw) =>
      base64urlKey(raw, 'VAPID_PUBLIC_KEY', 65),
    ),
    privateKey: field<string | undefined>('VAPID_PRIVATE_KEY', undefined, (raw) =>
      base64urlKey(raw, 'VAPID_PRIVATE_KEY', 32),
    ),
    subject: field<string | undefined>('VAPID_SUBJECT', undefined, (raw) => {
      if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(raw)) {
        invalid(`VAPID_SUBJECT must be a mailto: or https: contact, got '${raw}'`);
      }
      return raw;
    }),
  };
  if (
    (read(env, 'VAPID_PUBLIC_KEY') === undefined) !==
    (read(env, 'VAPID_PRIVATE_KEY') === undefined)
  ) {
    problems.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or both left unset)',
    );
  }
  const databaseStatementTimeoutMs = field('DATABASE_STATEMENT_TIMEOUT_MS', 5_000, (raw) =>
    integer(raw, 'DATABASE_STATEMENT_TIMEOUT_MS', 100, 600_000),
  );
  const databaseConnectTimeoutMs = field('DATABASE_CONNECT_TIMEOUT_MS', 3_000, (raw) =>
    integer(raw, 'DATABASE_CONNECT_TIMEOUT_MS', 100, 600_000),
  );
  const maxActiveAlerts = field('MAX_ACTIVE_ALERTS', 100, (raw) =>
    integer(raw, 'MAX_ACTIVE_ALERTS', 1, MAX_ALERTS_CEILING),
  );
  const pushAllowPrivateEndpoints =
    oneOf('PUSH_ALLOW_PRIVATE_ENDPOINTS', 'false', BOOLEANS) === 'true';
  const pushEncryptionWorkers = field('PUSH_ENCRYPTION_WORKERS', 0, (raw) =>
    integer(raw, 'PUSH_ENCRYPTION_WORKERS', 0, 64),
  );
  const pushPreparedKeys = field('PUSH_PREPARED_KEYS', 100_000, (raw) =>
    integer(raw, 'PUSH_PREPARED_KEYS', 0, 10_000_000),
  );
  const logLevel = oneOf('LOG_LEVEL', 'info', LOG_LEVELS);
  const hubMaxConnections = field('HUB_MAX_CONNECTIONS', 10_000, (raw) =>
    integer(raw, 'HUB_MAX_CONNECTIONS', 1, 1_000_000),
  );
  // Left unset, the per-client cap follows a small HUB_MAX_CONNECTIONS down; set above it, it is
  // a mistake (one client could take every connection), refused by name.
  const hubMaxConnectionsPerClient = field(
    'HUB_MAX_CONNECTIONS_PER_CLIENT',
    Math.min(100, hubMaxConnections),
    (raw) => {
      const value = integer(raw, 'HUB_MAX_CONNECTIONS_PER_CLIENT', 1, 10_000);
      if (value > hubMaxConnections) {
        invalid(
          `HUB_MAX_CONNECTIONS_PER_CLIENT must not exceed HUB_MAX_CONNECTIONS (${hubMaxConnections}), got ${raw}`,
        );
      }
      return value;
    },
  );
  const binanceWeightPerMinute = field('BINANCE_WEIGHT_PER_MINUTE', 4800, (raw) =>
    integer(raw, 'BINANCE_WEIGHT_PER_MINUTE', 20, 10_000_000),
  );
  const trustProxy = oneOf('TRUST_PROXY', 'false', BOOLEANS) === 'true';
  const warmUpCharts = oneOf('WARM_UP_CHARTS', 'true', BOOLEANS) === 'true';
  const triggeredAlertRetentionDays = field('TRIGGERED_ALERT_RETENTION_DAYS', 30, (raw) =>
    integer(raw, 'TRIGGERED_ALERT_RETENTION_DAYS', 1, 3650),
  );
  const maxPushSubscriptions = field('MAX_PUSH_SUBSCRIPTIONS', 100_000, (raw) =>
    integer(raw, 'MAX_PUSH_SUBSCRIPTIONS', 1, 100_000_000),
  );
  const pushSubscriptionsPerClient = field('PUSH_SUBSCRIPTIONS_PER_CLIENT', 20, (raw) =>
    integer(raw, 'PUSH_SUBSCRIPTIONS_PER_CLIENT', 1, 1_000_000),
  );
  const subscriptionIdleDays = field('SUBSCRIPTION_IDLE_DAYS', 30, (raw) =>
    integer(raw, 'SUBSCRIPTION_IDLE_DAYS', 1, 3650),
  );
  // Where the app is served (the shell): push notifications link to it. Default: the first
  // allowed origin, which is the shell's.
  const appUrl = field('APP_URL', corsOrigins[0] ?? DEFAULT_CORS_ORIGINS[0]!, (raw) =>
    baseUrl(raw, 'APP_URL', ['http:', 'https:']),
  );
  const telegramBotToken = field<string | undefined>('TELEGRAM_BOT_TOKEN', undefined, (raw) => {
    // The token is a credential: the message never repeats it.
    if (!TELEGRAM_TOKEN.test(raw)) {
      invalid('TELEGRAM_BOT_TOKEN must be a Bot API token as @BotFather gives it (123456:ABC…).');
    }
    return raw;
  });
  const telegramApiUrl = field('TELEGRAM_API_URL', DEFAULT_TELEGRAM_API_URL, (raw) =>
    baseUrl(raw, 'TELEGRAM_API_URL', ['http:', 'https:']),
  );

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    databaseStatementTimeoutMs,
    databaseConnectTimeoutMs,
    database: databaseUrl === undefined ? 'sqlite' : 'postgres',
    marketData,
    binanceRestUrl,
    binanceWsUrl,
    corsOrigins,
    vapid,
    maxActiveAlerts,
    pushAllowPrivateEndpoints,
    pushEncryptionWorkers,
    pushPreparedKeys,
    hubMaxConnectionsPerClient,
    hubMaxConnections,
    binanceWeightPerMinute,
    trustProxy,
    warmUpCharts,
    triggeredAlertRetentionDays,
    maxPushSubscriptions,
    pushSubscriptionsPerClient,
    subscriptionIdleDays,
    appUrl,
    telegramBotToken,
    telegramApiUrl,
    logLevel,
  };
}
