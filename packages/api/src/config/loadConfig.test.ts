import { describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { ConfigError } from './ConfigError';
import { DEFAULT_CORS_ORIGINS, loadConfig } from './loadConfig';

const PUBLIC_KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const PRIVATE_KEY = Buffer.alloc(32, 9).toString('base64url');

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env, '/srv');
  } catch (error: unknown) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({}, '/srv');
    expect(config).toEqual({
      port: 5080,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv', 'data'),
      databaseUrl: undefined,
      databaseStatementTimeoutMs: 5000,
      databaseConnectTimeoutMs: 3000,
      database: 'sqlite',
      marketData: 'auto',
      binanceRestUrl: 'https://data-api.binance.vision',
      binanceWsUrl: 'wss://data-stream.binance.vision',
      corsOrigins: DEFAULT_CORS_ORIGINS,
      vapid: { publicKey: undefined, privateKey: undefined, subject: undefined },
      maxActiveAlerts: 100,
      pushAllowPrivateEndpoints: false,
      pushEncryptionWorkers: 0,
      pushPreparedKeys: 100_000,
      appUrl: 'http://127.0.0.1:8080',
      telegramApiUrl: 'https://api.telegram.org',
      telegramBotToken: undefined,
      hubMaxConnectionsPerClient: 100,
      hubMaxConnections: 10_000,
      binanceWeightPerMinute: 4800,
      trustProxy: false,
      warmUpCharts: true,
      triggeredAlertRetentionDays: 30,
      maxPushSubscriptions: 100_000,
      pushSubscriptionsPerClient: 20,
      subscriptionIdleDays: 30,
      logLevel: 'info',
    });
    expect(config.corsOrigins).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080']);
  });

  it('reads every variable when all are set to valid values', () => {
    const config = loadConfig(
      {
        PORT: '0',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/pairwatch',
        DATABASE_URL: 'postgres://user:secret@db:5432/pairwatch',
        MARKET_DATA: 'simulator',
        BINANCE_REST_URL: 'http://127.0.0.1:5090/',
        BINANCE_WS_URL: 'ws://127.0.0.1:5090',
        CORS_ORIGINS: 'http://127.0.0.1:3000, https://app.example.org',
        VAPID_PUBLIC_KEY: PUBLIC_KEY,
        VAPID_PRIVATE_KEY: PRIVATE_KEY,
        VAPID_SUBJECT: 'mailto:ops@example.org',
        MAX_ACTIVE_ALERTS: '7',
        PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
        WARM_UP_CHARTS: 'false',
        PUSH_ENCRYPTION_WORKERS: '2',
        PUSH_PREPARED_KEYS: '0',
        TELEGRAM_BOT_TOKEN: '123456:AAbbCCddEEffGGhhIIjjKKllMM',
        TELEGRAM_API_URL: 'http://127.0.0.1:5099/',
        APP_URL: 'https://pairwatch.example.org/',
        LOG_LEVEL: 'warn',
      },
      '/srv',
    );
    expect(config.port).toBe(0);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe('/srv/var/pairwatch');
    expect(config.database).toBe('postgres');
    expect(config.marketData).toBe('simulator');
    expect(config.binanceRestUrl).toBe('http://127.0.0.1:5090');
    expect(config.binanceWsUrl).toBe('ws://127.0.0.1:5090');
    expect(config.corsOrigins).toEqual(['http://127.0.0.1:3000', 'https://app.example.org']);
    expect(config.vapid).toEqual({
      publicKey: PUBLIC_KEY,
      privateKey: PRIVATE_KEY,
      subject: 'mailto:ops@example.org',
    });
    expect(config.maxActiveAlerts).toBe(7);
    expect(config.pushAllowPrivateEndpoints).toBe(true);
    expect(config.warmUpCharts).toBe(false);
    expect(config.pushEncryptionWorkers).toBe(2);
    expect(config.pushPreparedKeys).toBe(0);
    expect(config.telegramBotToken).toBe('123456:AAbbCCddEEffGGhhIIjjKKllMM');
    expect(config.telegramApiUrl).toBe('http://127.0.0.1:5099');
    expect(config.appUrl).toBe('https://pairwatch.example.org');
    expect(config.logLevel).toBe('warn');
  });

  it.each([
    ['PORT', 'http', /^PORT must be a whole number/],
    ['PORT', '70000', /^PORT must be between 0 and 65535/],
    ['HOST', 'local host', /^HOST must be/],
    [
      'DATABASE_URL',
      'mysql://db/x',
      /^DATABASE_URL must be a postgres:\/\/ URL, got scheme 'mysql:'/,
    ],
    [
      'MARKET_DATA',
      'coinbase',
      /^MARKET_DATA must be one of auto, binance, simulator, got 'coinbase'/,
    ],
    ['BINANCE_REST_URL', 'ftp://example.org', /^BINANCE_REST_URL must use http or https/],
    ['BINANCE_REST_URL', 'not a url', /^BINANCE_REST_URL must be an absolute URL/],
    ['BINANCE_WS_URL', 'https://example.org', /^BINANCE_WS_URL must use ws or wss/],
    ['CORS_ORIGINS', '*', /^CORS_ORIGINS must list exact origins, never '\*'/],
    ['CORS_ORIGINS', 'http://127.0.0.1:8080/app', /^CORS_ORIGINS entries must be origins/],
    ['VAPID_SUBJECT', 'ops@example.org', /^VAPID_SUBJECT must be a mailto: or https: contact/],
    ['MAX_ACTIVE_ALERTS', '0', /^MAX_ACTIVE_ALERTS must be between 1 and 100000/],
    ['MAX_ACTIVE_ALERTS', '2.5', /^MAX_ACTIVE_ALERTS must be a whole number/],
    [
      'PUSH_ALLOW_PRIVATE_ENDPOINTS',
      'yes',
      /^PUSH_ALLOW_PRIVATE_ENDPOINTS must be one of true, false, got 'yes'/,
    ],
    ['WARM_UP_CHARTS', 'no', /^WARM_UP_CHARTS must be one of true, false, got 'no'/],
    ['PUSH_ENCRYPTION_WORKERS', '65', /^PUSH_ENCRYPTION_WORKERS must be between 0 and 64/],
    ['PUSH_PREPARED_KEYS', '10000001', /^PUSH_PREPARED_KEYS must be between 0 and 10000000/],
    [
      'LOG_LEVEL',
      'verbose',
      /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/,
    ],
  ])('refuses %s=%s with a message naming the variable', (name, value, message) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('refuses a Telegram token of the wrong shape without echoing it', () => {
    const problems = problemsOf({ TELEGRAM_BOT_TOKEN: 'hunter2-not-a-token' });
    expect(problems).toEqual([
      'TELEGRAM_BOT_TOKEN must be a Bot API token as @BotFather gives it (123456:ABC…).',
    ]);
    expect(problemsOf({ TELEGRAM_API_URL: 'ftp://example.org' })[0]).toMatch(
      /^TELEGRAM_API_URL must use http or https/,
    );
  });

  it('never echoes a database URL, which may hold a password', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://user:hunter2@db/x' });
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('requires both VAPID keys or neither, and checks their sizes', () => {
    expect(problemsOf({ VAPID_PUBLIC_KEY: PUBLIC_KEY })).toEqual([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or both left unset)',
    ]);
    const problems = problemsOf({ VAPID_PUBLIC_KEY: PRIVATE_KEY, VAPID_PRIVATE_KEY: PRIVATE_KEY });
    expect(problems).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY must be 65 bytes in base64url/),
    ]);
  });

  it('reports every bad variable at once in the error message', () => {
    expect(() => loadConfig({ PORT: '-1', LOG_LEVEL: 'loud' })).toThrow(
      /Invalid configuration:\n {2}- PORT must be a whole number, got '-1'\n {2}- LOG_LEVEL must be one of/,
    );
  });

  it('reads the per-client push budget and the idle days, and refuses bad ones', () => {
    const config = loadConfig({ PUSH_SUBSCRIPTIONS_PER_CLIENT: '5', SUBSCRIPTION_IDLE_DAYS: '7' });
    expect(config.pushSubscriptionsPerClient).toBe(5);
    expect(config.subscriptionIdleDays).toBe(7);
    expect(() => loadConfig({ PUSH_SUBSCRIPTIONS_PER_CLIENT: '0' })).toThrow(
      /PUSH_SUBSCRIPTIONS_PER_CLIENT/,
    );
    expect(() => loadConfig({ SUBSCRIPTION_IDLE_DAYS: 'soon' })).toThrow(/SUBSCRIPTION_IDLE_DAYS/);
  });

  it('reads the hub connection caps, global and per client, and refuses bad ones by name', () => {
    const config = loadConfig({
      HUB_MAX_CONNECTIONS: '12600',
      HUB_MAX_CONNECTIONS_PER_CLIENT: '250',
    });
    expect(config.hubMaxConnections).toBe(12_600);
    expect(config.hubMaxConnectionsPerClient).toBe(250);
    // A small process: the default per-client cap (100) comes down with it.
    expect(loadConfig({ HUB_MAX_CONNECTIONS: '40' }).hubMaxConnectionsPerClient).toBe(40);
    expect(problemsOf({ HUB_MAX_CONNECTIONS: '0' })).toEqual([
      'HUB_MAX_CONNECTIONS must be between 1 and 1000000, got 0',
    ]);
    expect(problemsOf({ HUB_MAX_CONNECTIONS: '10k' })).toEqual([
      "HUB_MAX_CONNECTIONS must be a whole number, got '10k'",
    ]);
    expect(problemsOf({ HUB_MAX_CONNECTIONS_PER_CLIENT: '20000' })).toEqual([
      'HUB_MAX_CONNECTIONS_PER_CLIENT must be between 1 and 10000, got 20000',
    ]);
    expect(
      problemsOf({ HUB_MAX_CONNECTIONS: '500', HUB_MAX_CONNECTIONS_PER_CLIENT: '600' }),
    ).toEqual([
      'HUB_MAX_CONNECTIONS_PER_CLIENT must not exceed HUB_MAX_CONNECTIONS (500), got 600',
    ]);
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: ' ', CORS_ORIGINS: '' }, '/srv').port).toBe(5080);
    expect(loadConfig({ CORS_ORIGINS: '' }, '/srv').corsOrigins).toEqual(DEFAULT_CORS_ORIGINS);
  });
});
