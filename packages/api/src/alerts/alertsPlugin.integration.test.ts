import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { type Alert, formatNumber, type SymbolId } from '@pairwatch/domain';
import { type ExchangeSimHandle, startExchangeSim } from '@pairwatch/exchange-sim';
import { LocalPushService, type LocalPushSubscription } from '@pairwatch/test-support';
import { type FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../app';
import { loadConfig } from '../config/loadConfig';
import { type MarketRuntime, startMarket } from '../market/startMarket';
import { trustCertificate } from '../test-support/trustCertificate';

// Real sockets end to end: the exchange simulator feeds the api's market over its Binance-format
// REST and WebSocket, the api listens on a loopback port, and pushes go to the local push service
// over HTTPS. The api process trusts the push service's certificate as it would with
// NODE_EXTRA_CA_CERTS: one more trust anchor for outgoing HTTPS, nothing switched off.

const logger = pino({ level: 'silent' });
/** The simulator's clock runs ahead of the wall clock by this much (a test jumps it forward). */
let clockOffsetMs = 0;
let sim: ExchangeSimHandle;
let push: LocalPushService;
let dataDir: string;
/** With TEST_DATABASE_URL the whole run uses a fresh PostgreSQL database instead of SQLite. */
const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
const postgresDatabase = `pairwatch_alerts_it_${process.pid}`;
let databaseUrl: string | undefined;
let untrust: () => void;

interface RunningApi {
  readonly app: FastifyInstance;
  readonly market: MarketRuntime;
  readonly base: string;
}
let api: RunningApi | undefined;

async function startApi(env: Record<string, string> = {}): Promise<RunningApi> {
  const config = loadConfig({
    ...env,
    DATA_DIR: dataDir,
    MARKET_DATA: 'binance',
    BINANCE_REST_URL: sim.url,
    BINANCE_WS_URL: sim.wsUrl,
    PORT: '0',
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
  });
  const market = await startMarket({ config, logger });
  const app = await buildApp({
    config,
    marketData: market.marketData,
    symbols: market.symbols,
    version: 'test',
    logger,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  api = { app, market, base: `http://127.0.0.1:${port}` };
  return api;
}

async function stopApi(): Promise<void> {
  if (!api) return;
  const { app, market } = api;
  api = undefined;
  await app.close();
  await market.close();
}

async function call<T>(
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${api!.base}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function register(): Promise<{
  subscription: LocalPushSubscription;
  subscriptionId: string;
}> {
  const { body: key } = await call<{ publicKey: string }>('GET', '/push/public-key');
  const subscription = push.createSubscription({ applicationServerKey: key.publicKey });
  const { status, body } = await call<{ subscriptionId: string }>(
    'POST',
    '/push/subscriptions',
    subscription,
  );
  expect(status).toBe(201);
  return { subscription, subscriptionId: body.subscriptionId };
}

async function setPrice(symbol: SymbolId, price: number): Promise<void> {
  const response = await fetch(`${sim.url}/__sim/price`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ symbol, price }),
  });
  expect(response.status).toBe(200);
}

function livePrice(symbol: SymbolId): number {
  return Number(sim.controls.state().prices[symbol] ?? Number.NaN);
}

async function createAlert(fields: Record<string, unknown>): Promise<Alert> {
  const { status, body } = await call<Alert>('POST', '/alerts', fields);
  expect(status).toBe(201);
  return body;
}

async function listAlerts(subscriptionId: string): Promise<Alert[]> {
  return (await call<Alert[]>('GET', `/alerts?subscriptionId=${subscriptionId}`)).body;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  sim = await startExchangeSim({ seed: 11, tickMs: 100, clock: () => Date.now() + clockOffsetMs });
  push = await LocalPushService.start();
  untrust = trustCertificate(push.certificatePem);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-alerts-e2e-'));
  if (postgresUrl !== undefined) {
    await adminQuery(`CREATE DATABASE ${postgresDatabase}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${postgresDatabase}`;
    databaseUrl = url.href;
  }
});

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

afterEach(async () => {
  await stopApi();
});

afterAll(async () => {
  untrust();
  await push.close();
  await sim.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (postgresUrl !== undefined)
    await adminQuery(`DROP DATABASE IF EXISTS ${postgresDatabase} WITH (FORCE)`);
});

describe(`alerts over real sockets with the simulator and the local push service (${postgresUrl ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('pushes exactly one notification for a bullish price alert, and tells the watching hub client', async () => {
    await startApi();
    const { subscription, subscriptionId } = await register();
    const hub = new HubConnectionBuilder()
      .withUrl(`${api!.base}/candles-hub`)
      .configureLogging(LogLevel.None)
      .build();
    const announced: Alert[] = [];
    hub.on('AlertTriggered', (alert: Alert) => announced.push(alert));
    await hub.start();
    await hub.invoke('WatchAlerts', subscriptionId);
    const price = livePrice('BTCUSDT');
    const alert = await createAlert({
      symbol: 'BTCUSDT',
      type: 'Price',
      valueTarget: Math.round(price * 1.01),
      subscriptionId,
    });

    await setPrice('BTCUSDT', price * 1.02);
    const [message] = await push.waitForPushes(1, { endpoint: subscription.endpoint });
    await pause(500);
    const [stored] = await listAlerts(subscriptionId);
    await hub.stop();

    expect(push.receivedFor(subscription.endpoint)).toHaveLength(1);
    expect(stored).toMatchObject({ id: alert.id, status: 'Triggered' });
    expect(stored!.triggeredValue).toBeGreaterThanOrEqual(alert.valueTarget);
    const body = `BTCUSDT price rose to ${formatNumber(stored!.triggeredValue!, 2)}`;
    expect(JSON.parse(message!.payload)).toEqual({
      title: 'BTCUSDT price alert',
      body,
      icon: '/app-icons/pairwatch-192.png',
      url: '/alerts?symbol=BTCUSDT&interval=OneMinute',
      tag: alert.id,
      // The Declarative Web Push form (Safari), linking to the shell (APP_URL's default).
      web_push: 8030,
      notification: {
        title: 'BTCUSDT price alert',
        body,
        navigate: 'http://127.0.0.1:8080/alerts?symbol=BTCUSDT&interval=OneMinute',
        tag: alert.id,
        lang: 'en',
      },
    });
    expect(message!.vapid).toMatchObject({ ok: true, audience: push.origin });
    expect(message).toMatchObject({ urgency: 'high', topic: alert.id });
    expect(announced).toEqual([stored]);
  });

  it('pushes a bearish price alert when the price falls to the target', async () => {
    // Encrypted in a worker thread, as with PUSH_ENCRYPTION_WORKERS set.
    await startApi({ PUSH_ENCRYPTION_WORKERS: '1' });
    const { subscription, subscriptionId } = await register();
    const price = livePrice('ETHUSDT');
    const alert = await createAlert({
      symbol: 'ETHUSDT',
      type: 'Price',
      valueTarget: Math.round(price * 0.99),
      subscriptionId,
    });

    await setPrice('ETHUSDT', price * 0.98);
    const [message] = await push.waitForPushes(1, { endpoint: subscription.endpoint });

    expect(JSON.parse(message!.payload)).toMatchObject({
      body: expect.stringMatching(/^ETHUSDT price dropped to [\d,]+\.\d\d$/),
      tag: alert.id,
    });
  });

  it('pushes an RSI alert when the live RSI of its interval crosses the target', async () => {
    await startApi();
    const { subscription, subscriptionId } = await register();
    const probe = await createAlert({
      symbol: 'BNBUSDT',
      type: 'Rsi',
      valueTarget: 99.99,
      rsiInterval: 'OneMinute',
      subscriptionId,
    });
    const rising = probe.valueOnCreation < 50;
    const target = rising
      ? Math.min(95, probe.valueOnCreation + 20)
      : Math.max(5, probe.valueOnCreation - 20);
    const alert = await createAlert({
      symbol: 'BNBUSDT',
      type: 'Rsi',
      valueTarget: Number(target.toFixed(2)),
      rsiInterval: 'OneMinute',
      subscriptionId,
    });

    await setPrice('BNBUSDT', livePrice('BNBUSDT') * (rising ? 1.25 : 0.75));
    const messages = await push.waitForPushes(1, { endpoint: subscription.endpoint });

    const fired = messages.map((m) => JSON.parse(m.payload) as { tag: string; body: string });
    expect(fired.map((m) => m.tag)).toContain(alert.id);
    expect(fired.find((m) => m.tag === alert.id)!.body).toMatch(
      new RegExp(`^BNBUSDT RSI \\(1m\\) ${rising ? 'rose' : 'dropped'} to \\d+\\.\\d\\d$`),
    );
  });

  it('catches a wick that crosses the target and comes back within one update', async () => {
    await startApi();
    const { subscription, subscriptionId } = await register();
    const price = livePrice('ADAUSDT');
    const alert = await createAlert({
      symbol: 'ADAUSDT',
      type: 'Price',
      valueTarget: Number((price * 1.01).toFixed(4)),
      subscriptionId,
    });

    await setPrice('ADAUSDT', price * 1.02);
    await setPrice('ADAUSDT', price);
    const [message] = await push.waitForPushes(1, { endpoint: subscription.endpoint });

    expect(JSON.parse(message!.payload)).toMatchObject({ tag: alert.id });
    expect(livePrice('ADAUSDT')).toBeLessThan(alert.valueTarget);
  });

  it('fires after a restart for a crossing that happened while the api was stopped', async () => {
    await startApi();
    const { subscription, subscriptionId } = await register();
    const price = livePrice('DOGEUSDT');
    const alert = await createAlert({
      symbol: 'DOGEUSDT',
      type: 'Price',
      valueTarget: Number((price * 1.01).toFixed(5)),
      subscriptionId,
    });
    await pause(300); // the engine holds the stream and has marked it
    await stopApi();

    await setPrice('DOGEUSDT', price * 1.02);
    await setPrice('DOGEUSDT', price);
    // Two minutes pass: the wick is in a closed candle that no live update will show again, so
    // only the replay from the engine's mark can find it.
    clockOffsetMs += 120_000;
    await setPrice('DOGEUSDT', price);
    const whileStopped = push.receivedFor(subscription.endpoint).length;
    await startApi();
    const [message] = await push.waitForPushes(1, { endpoint: subscription.endpoint });

    expect(whileStopped).toBe(0);
    expect(JSON.parse(message!.payload)).toMatchObject({ tag: alert.id });
    expect((await listAlerts(subscriptionId))[0]).toMatchObject({
      id: alert.id,
      status: 'Triggered',
    });
  });

  it('removes the subscription and its alerts when the push service answers 410', async () => {
    await startApi();
    const { subscription, subscriptionId } = await register();
    const price = livePrice('DOTUSDT');
    await createAlert({
      symbol: 'DOTUSDT',
      type: 'Price',
      valueTarget: Number((price * 1.01).toFixed(3)),
      subscriptionId,
    });
    await createAlert({
      symbol: 'DOTUSDT',
      type: 'Price',
      valueTarget: Number((price * 1.5).toFixed(3)),
      subscriptionId,
    });
    push.expireSubscription(subscription.endpoint);

    await setPrice('DOTUSDT', price * 1.02);
    await push.waitForAttempts(push.attempts.length + 1);
    await pause(300);
    const retry = await call<{ code: string }>('POST', '/alerts', {
      symbol: 'DOTUSDT',
      type: 'Price',
      valueTarget: price * 2,
      subscriptionId,
    });

    expect(
      push.attempts.filter((a) => a.endpoint === subscription.endpoint).map((a) => a.status),
    ).toEqual([410]);
    expect(await listAlerts(subscriptionId)).toEqual([]);
    expect(retry).toMatchObject({ status: 404, body: { code: 'SUBSCRIPTION_NOT_FOUND' } });
  });

  it('retries a 429 after its Retry-After and then delivers', async () => {
    await startApi();
    const { subscription, subscriptionId } = await register();
    push.failNext(subscription.endpoint, { status: 429, retryAfterSeconds: 1 });
    const price = livePrice('LINKUSDT');
    const alert = await createAlert({
      symbol: 'LINKUSDT',
      type: 'Price',
      valueTarget: Number((price * 1.01).toFixed(2)),
      subscriptionId,
    });

    await setPrice('LINKUSDT', price * 1.02);
    const [message] = await push.waitForPushes(1, {
      endpoint: subscription.endpoint,
      timeoutMs: 8000,
    });

    const attempts = push.attempts.filter((a) => a.endpoint === subscription.endpoint);
    expect(attempts.map((a) => a.status)).toEqual([429, 201]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(JSON.parse(message!.payload)).toMatchObject({ tag: alert.id });
  });
});
