import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type Alert } from '@pairwatch/domain';
import { Hub } from '@pairwatch/signalr-server';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerProblemHandlers } from '../errors/problemHandlers';
import { LocalPushService } from '../testing/LocalPushService';
import { candle, ScriptedMarketData } from '../test-support/ScriptedMarketData';
import { trustCertificate } from '../test-support/trustCertificate';
import { openAlertStore } from '../storage/openAlertStore';
import { type AlertStore } from '../storage/AlertStore';
import { alertsPlugin } from './alertsPlugin';

// Issue #23, found while testing: an alert that opens its market stream is first judged in the
// replay of its own creation candle. At f2287fa the replay observed that candle at its OPEN time
// (AlertEngine.replay: `candle.time * 1000`), before the alert was created: the firing was
// back-dated, and a OncePerMinute alert on a longer interval fired (and pushed) again seconds
// later, its first firing counting for a minute long past. Both tests failed there; they pass once
// a replayed candle is observed no earlier than now (or its close).

/** Open time of the 1-minute candle forming at NOW (a whole minute). */
const T = 1_700_000_040;
const NOW = (T + 30) * 1000;
/** Open time of the 5-minute candle forming at NOW. */
const T5 = T - (T % 300);

let app: FastifyInstance;
let market: ScriptedMarketData;
let store: AlertStore;
let push: LocalPushService;
let untrust: () => void;
let dataDir: string;
/** The api's clock (Unix ms); tests move it forward as the market moves. */
let clock = NOW;

async function build(): Promise<void> {
  app = Fastify();
  registerProblemHandlers(app);
  await app.register(alertsPlugin, {
    config: {
      dataDir,
      databaseUrl: undefined,
      vapid: {},
      maxActiveAlerts: 3,
      pushAllowPrivateEndpoints: true,
    },
    marketData: market,
    hub: new Hub({}),
    store,
    now: () => clock,
  });
  await app.ready();
}

async function subscribe(): Promise<{ subscriptionId: string; endpoint: string }> {
  const subscription = push.createSubscription();
  const response = await app.inject({
    method: 'POST',
    url: '/push/subscriptions',
    payload: subscription,
  });
  expect(response.statusCode).toBe(201);
  return {
    subscriptionId: response.json<{ subscriptionId: string }>().subscriptionId,
    endpoint: subscription.endpoint,
  };
}

async function createAlert(body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/alerts', payload: body });
}

async function listAlerts(subscriptionId: string): Promise<Alert[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/alerts?subscriptionId=${subscriptionId}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Alert[]>();
}

beforeAll(async () => {
  push = await LocalPushService.start();
  untrust = trustCertificate(push.certificatePem);
});

afterAll(async () => {
  untrust();
  await push.close();
});

beforeEach(async () => {
  clock = NOW;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-alert-conditions-'));
  market = new ScriptedMarketData();
  market.setHistory('BTCUSDT', 'OneMinute', [candle(T, 60_000, 60_200, 59_900, 60_000)]);
  market.setHistory('BTCUSDT', 'FiveMinutes', [candle(T5, 59_800, 60_200, 59_700, 60_000)]);
  store = await openAlertStore({ databaseUrl: undefined, dataDir, sqliteFile: ':memory:' });
});

afterEach(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const price = { symbol: 'BTCUSDT', type: 'Price' } as const;

type ListedAlert = Alert & { readonly firings?: readonly { at: string; value: number }[] };

describe('the first firing of an alert that opens its stream', () => {
  it('never records a firing before the alert was created', async () => {
    await build();
    const { subscriptionId, endpoint } = await subscribe();
    const alert = (
      await createAlert({
        ...price,
        condition: 'GreaterThan',
        frequency: 'OncePerBar',
        valueTarget: 59_000,
        subscriptionId,
      })
    ).json<Alert>();

    await push.waitForPushes(1, { endpoint });
    const [listed] = (await listAlerts(subscriptionId)) as ListedAlert[];

    expect(alert.createdAt).toBe('2023-11-14T22:14:30.000Z');
    // At f2287fa: lastTriggeredAt and firings[0].at are 2023-11-14T22:14:00.000Z, the open of the
    // 1-minute candle the alert was created in, 30 s before the alert existed.
    expect(Date.parse(listed!.lastTriggeredAt!)).toBeGreaterThanOrEqual(
      Date.parse(alert.createdAt),
    );
    expect(Date.parse(listed!.firings![0]!.at)).toBeGreaterThanOrEqual(Date.parse(alert.createdAt));
  });

  it('fires a OncePerMinute alert on a 5-minute interval once in its first minute', async () => {
    await build();
    const { subscriptionId, endpoint } = await subscribe();
    await createAlert({
      ...price,
      interval: 'FiveMinutes',
      condition: 'GreaterThan',
      frequency: 'OncePerMinute',
      valueTarget: 59_000,
      subscriptionId,
    });
    await push.waitForPushes(1, { endpoint });

    // 10 s later, in the same wall-clock minute (22:14) and the same 5-minute bar.
    clock = NOW + 10_000;
    market.emit('BTCUSDT', 'FiveMinutes', candle(T5, 59_800, 60_200, 59_700, 60_050));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [listed] = (await listAlerts(subscriptionId)) as ListedAlert[];

    // At f2287fa: 2 pushes within 10 s, and firings at 22:10:00 (back-dated to the 5-minute bar's
    // open, so "another minute") and 22:14:40.
    expect(push.receivedFor(endpoint)).toHaveLength(1);
    expect(listed!.triggerCount).toBe(1);
  });
});
