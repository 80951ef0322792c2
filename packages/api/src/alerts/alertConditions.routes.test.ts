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

// Issue #23: POST /alerts with a condition, a frequency, an interval, channel bounds, a percent
// move's bars, an expiry and a message. Set up as alertsPlugin.test.ts does.

/** Open time of the 1-minute candle forming at NOW (a whole minute). */
const T = 1_700_000_040;
const NOW = (T + 30) * 1000;
/** Open time of the 5-minute candle forming at NOW. */
const T5 = T - (T % 300);
const IN_A_DAY = new Date(NOW + 86_400_000).toISOString();

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
  const hours = Array.from({ length: 30 }, (_, i) =>
    candle(T - (30 - i) * 3600, 100, 101, 99, i % 2 === 0 ? 100 : 101),
  );
  market.setHistory('BTCUSDT', 'OneHour', hours);
  store = await openAlertStore({ databaseUrl: undefined, dataDir, sqliteFile: ':memory:' });
});

afterEach(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const price = { symbol: 'BTCUSDT', type: 'Price' } as const;
const channel = { ...price, condition: 'EnteringChannel' } as const;
const moveUp = { ...price, condition: 'MovingUpPercent' } as const;

describe('POST /alerts with conditions: malformed combinations', () => {
  it.each<[string, Record<string, unknown>, string, string, string]>([
    [
      'a channel without valueUpper',
      { ...channel, valueTarget: 61_000 },
      'INVALID_ALERT',
      'valueUpper',
      "Upper bound can't be empty",
    ],
    [
      'a channel whose bounds are in the wrong order',
      { ...channel, valueTarget: 62_000, valueUpper: 61_000 },
      'INVALID_ALERT',
      'valueUpper',
      'Upper bound must be greater than the lower bound',
    ],
    [
      'a channel whose bounds are equal',
      { ...price, condition: 'InsideChannel', valueTarget: 61_000, valueUpper: 61_000 },
      'INVALID_ALERT',
      'valueUpper',
      'Upper bound must be greater than the lower bound',
    ],
    [
      'a percent move without bars',
      { ...moveUp, valueTarget: 5 },
      'INVALID_ALERT',
      'bars',
      "Bars can't be empty",
    ],
    [
      'a percent move over 0 bars',
      { ...moveUp, valueTarget: 5, bars: 0 },
      'INVALID_ALERT',
      'bars',
      'Bars must be a whole number from 1 to 500',
    ],
    [
      'a percent move over 501 bars',
      { ...moveUp, valueTarget: 5, bars: 501 },
      'INVALID_ALERT',
      'bars',
      'Bars must be a whole number from 1 to 500',
    ],
    [
      'a percent move over 2.5 bars',
      { ...moveUp, valueTarget: 5, bars: 2.5 },
      'INVALID_ALERT',
      'bars',
      'Bars must be a whole number from 1 to 500',
    ],
    [
      'bars as a string',
      { ...moveUp, valueTarget: 5, bars: '5' },
      'INVALID_ALERT',
      'bars',
      'JSON number',
    ],
    [
      'a move of 0 percent',
      { ...moveUp, valueTarget: 0, bars: 5 },
      'INVALID_ALERT',
      'valueTarget',
      'Value must be a positive number',
    ],
    [
      'a move of 1001 percent',
      { ...moveUp, valueTarget: 1001, bars: 5 },
      'INVALID_ALERT',
      'valueTarget',
      'Percent must be greater than 0 and at most 1000',
    ],
    [
      'MovingUpPercent on an RSI alert',
      {
        symbol: 'BTCUSDT',
        type: 'Rsi',
        rsiInterval: 'OneHour',
        condition: 'MovingUpPercent',
        valueTarget: 5,
        bars: 10,
      },
      'INVALID_ALERT',
      'condition',
      'Moving % alerts are for price only',
    ],
    [
      'an unknown condition',
      { ...price, condition: 'Sideways', valueTarget: 61_000 },
      'INVALID_ALERT',
      'condition',
      'unknown condition',
    ],
    [
      'an unknown frequency',
      { ...price, frequency: 'Hourly', valueTarget: 61_000 },
      'INVALID_ALERT',
      'frequency',
      'unknown frequency',
    ],
    [
      'an expiry in the past',
      { ...price, valueTarget: 61_000, expiresAt: new Date(NOW - 1000).toISOString() },
      'INVALID_ALERT',
      'expiresAt',
      'Expiry must be in the future',
    ],
    [
      'an expiry at this very moment',
      { ...price, valueTarget: 61_000, expiresAt: new Date(NOW).toISOString() },
      'INVALID_ALERT',
      'expiresAt',
      'Expiry must be in the future',
    ],
    [
      'an expiry that is not a date',
      { ...price, valueTarget: 61_000, expiresAt: 'next tuesday-ish' },
      'INVALID_ALERT',
      'expiresAt',
      'Expiry must be a date and time',
    ],
    [
      'an expiry as a number',
      { ...price, valueTarget: 61_000, expiresAt: NOW + 86_400_000 },
      'INVALID_ALERT',
      'expiresAt',
      'JSON string',
    ],
    [
      'a message of 501 characters',
      { ...price, valueTarget: 61_000, message: 'x'.repeat(501) },
      'INVALID_ALERT',
      'message',
      "Message can't be longer than 500 characters",
    ],
    [
      'valueUpper as a string',
      { ...channel, valueTarget: 61_000, valueUpper: '62000' },
      'INVALID_ALERT',
      'valueUpper',
      'JSON number',
    ],
    [
      'an unknown interval',
      { ...price, valueTarget: 61_000, interval: 'TwoMinutes' },
      'INVALID_INTERVAL',
      'interval',
      'TwoMinutes',
    ],
  ])(
    'refuses %s with 400 problem+json naming the field, and creates nothing',
    async (_, body, code, field, words) => {
      await build();
      const { subscriptionId } = await subscribe();

      const response = await createAlert({ ...body, subscriptionId });

      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      const problem = response.json<{ code: string; detail: string }>();
      expect(problem.code).toBe(code);
      expect(problem.detail).toMatch(new RegExp(`^${field}\\b`));
      expect(problem.detail).toContain(words);
      expect(await listAlerts(subscriptionId)).toEqual([]);
      expect(await store.listActiveAlerts()).toEqual([]);
    },
  );
});

describe('POST /alerts with conditions: valid alerts', () => {
  it('creates an EnteringChannel OncePerBar alert with a message and an expiry, and echoes every field', async () => {
    await build();
    const { subscriptionId } = await subscribe();

    const response = await createAlert({
      ...channel,
      frequency: 'OncePerBar',
      interval: 'FiveMinutes',
      valueTarget: 61_000,
      valueUpper: 62_000,
      expiresAt: IN_A_DAY,
      message: 'Back in the range: take profit',
      subscriptionId,
    });
    const listed = await listAlerts(subscriptionId);

    expect(response.statusCode).toBe(201);
    const alert = response.json<Alert>();
    expect(alert).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      symbol: 'BTCUSDT',
      type: 'Price',
      interval: 'FiveMinutes',
      condition: 'EnteringChannel',
      frequency: 'OncePerBar',
      valueOnCreation: 60_000,
      valueTarget: 61_000,
      valueUpper: 62_000,
      expiresAt: IN_A_DAY,
      message: 'Back in the range: take profit',
      status: 'Active',
      createdAt: new Date(NOW).toISOString(),
      triggerCount: 0,
    });
    expect(listed).toEqual([alert]);
  });

  it('creates a MovingUpPercent alert with its bars, and echoes them', async () => {
    await build();
    const { subscriptionId } = await subscribe();

    const response = await createAlert({ ...moveUp, valueTarget: 2.5, bars: 20, subscriptionId });
    const listed = await listAlerts(subscriptionId);

    expect(response.statusCode).toBe(201);
    const alert = response.json<Alert>();
    expect(alert).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      symbol: 'BTCUSDT',
      type: 'Price',
      interval: 'OneMinute',
      condition: 'MovingUpPercent',
      frequency: 'OnlyOnce',
      valueOnCreation: 60_000,
      valueTarget: 2.5,
      bars: 20,
      status: 'Active',
      createdAt: new Date(NOW).toISOString(),
      triggerCount: 0,
    });
    expect(listed).toEqual([alert]);
  });

  it.each<[string, Record<string, unknown>]>([
    ['1 bar', { ...moveUp, valueTarget: 5, bars: 1 }],
    ['500 bars', { ...moveUp, valueTarget: 5, bars: 500 }],
    ['a move of 1000 percent', { ...moveUp, valueTarget: 1000, bars: 5 }],
    ['a message of 500 characters', { ...price, valueTarget: 61_000, message: 'x'.repeat(500) }],
  ])('accepts the limit: %s', async (_, body) => {
    await build();
    const { subscriptionId } = await subscribe();

    const response = await createAlert({ ...body, subscriptionId });

    expect(response.statusCode).toBe(201);
    expect(await listAlerts(subscriptionId)).toHaveLength(1);
  });
});

/** Delivers a 1-minute update of BTCUSDT, `seconds` into the bar opening at `barTime`. */
function update(barTime: number, seconds: number, high: number, low: number, close: number): void {
  clock = (barTime + seconds) * 1000;
  market.emit('BTCUSDT', 'OneMinute', candle(barTime, 60_000, high, low, close));
}

/**
 * Waits until the outbox is empty: every queued message delivered. The senders lease a message for
 * a minute of the api's clock, so the clock must not jump a bar ahead while one is on its way.
 */
async function drained(): Promise<void> {
  for (let tries = 0; (await store.countMessages()) > 0; tries += 1) {
    if (tries > 200) throw new Error('the outbox was not drained');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function settle(): Promise<void> {
  // Room for a wrongly queued further message to arrive.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

type ListedAlert = Alert & { readonly firings?: readonly { at: string; value: number }[] };

describe('POST /alerts with conditions: a repeating alert', () => {
  it('fires a GreaterThan OncePerBar alert at the first update, stays Active, and fires once per bar', async () => {
    await build();
    // Another browser's repeating alert already watches BTCUSDT's 1-minute stream: it fires in the
    // stream's first evaluation, after which the stream is live (and stays open for it).
    const other = await subscribe();
    await createAlert({
      ...price,
      condition: 'GreaterThan',
      frequency: 'OncePerBar',
      valueTarget: 59_000,
      subscriptionId: other.subscriptionId,
    });
    await push.waitForPushes(1, { endpoint: other.endpoint });
    await drained();
    const { subscriptionId, endpoint } = await subscribe();
    const created = await createAlert({
      ...price,
      condition: 'GreaterThan',
      frequency: 'OncePerBar',
      valueTarget: 59_000,
      subscriptionId,
    });
    const alert = created.json<Alert>();
    expect(created.statusCode).toBe(201);
    expect(alert).toMatchObject({ status: 'Active', triggerCount: 0, valueOnCreation: 60_000 });

    // Bar 1: the price is above the level at the first update, so the alert fires there.
    update(T + 60, 5, 60_100, 59_950, 60_050);
    await push.waitForPushes(1, { endpoint });
    const afterFirst = await listAlerts(subscriptionId);

    expect(afterFirst).toEqual([
      {
        ...alert,
        status: 'Active',
        triggerCount: 1,
        lastTriggeredAt: new Date((T + 65) * 1000).toISOString(),
        triggeredAt: new Date((T + 65) * 1000).toISOString(),
        triggeredValue: expect.any(Number),
        firings: [{ at: new Date((T + 65) * 1000).toISOString(), value: expect.any(Number) }],
      },
    ]);

    // Still bar 1: the level still holds, but the alert fired in this bar already.
    update(T + 60, 20, 60_300, 59_950, 60_250);
    await drained();
    // Bar 2: it fires again.
    update(T + 120, 5, 60_400, 60_200, 60_350);
    await push.waitForPushes(2, { endpoint });
    await drained();
    await settle();
    const [afterSecond] = (await listAlerts(subscriptionId)) as ListedAlert[];

    expect(push.receivedFor(endpoint).map((message) => message.topic)).toEqual([
      alert.id,
      alert.id,
    ]);
    expect(afterSecond).toMatchObject({
      status: 'Active',
      triggerCount: 2,
      lastTriggeredAt: new Date((T + 125) * 1000).toISOString(),
    });
    expect(afterSecond!.firings?.map((firing) => firing.at)).toEqual([
      new Date((T + 65) * 1000).toISOString(),
      new Date((T + 125) * 1000).toISOString(),
    ]);
    expect(await store.countMessages()).toBe(0);
  });

  it('fires a GreaterThan OncePerBar alert that opens its stream once per bar', async () => {
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

    // It holds at creation, so it fires at the stream's first evaluation (the creation bar).
    await push.waitForPushes(1, { endpoint });
    update(T, 40, 60_250, 59_900, 60_200);
    update(T, 50, 60_300, 59_900, 60_280);
    await drained();
    update(T + 60, 5, 60_350, 60_250, 60_300);
    await push.waitForPushes(2, { endpoint });
    await drained();
    update(T + 60, 30, 60_400, 60_250, 60_380);
    await settle();
    const [listed] = (await listAlerts(subscriptionId)) as ListedAlert[];

    expect(push.receivedFor(endpoint)).toHaveLength(2);
    expect(listed).toMatchObject({ id: alert.id, status: 'Active', triggerCount: 2 });
    expect(listed!.firings).toHaveLength(2);
    expect(listed!.lastTriggeredAt).toBe(new Date((T + 65) * 1000).toISOString());
  });
});
