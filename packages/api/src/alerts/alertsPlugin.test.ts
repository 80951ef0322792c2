import fs from 'node:fs';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { describe, expect, it, jest } from '@jest/globals';
import { type Alert, type UnixMillis } from '@pairwatch/domain';
import { fastifySignalR, Hub } from '@pairwatch/signalr-server';
import pino from 'pino';
import { type ClusterEvent } from '../cluster/ClusterEvent';
import { InProcessCoordinator } from '../cluster/InProcessCoordinator';
import { candle } from '../test-support/ScriptedMarketData';
import { setUpAlertsApp } from '../test-support/setUpAlertsApp';
import { openAlertStore } from '../storage/openAlertStore';
import { type AlertStore } from '../storage/AlertStore';
import { type PushTransport } from '../push/PushTransport';

const T = 1_700_000_040;
const NOW = (T + 30) * 1000;

const alerts = setUpAlertsApp({
  now: NOW,
  history(market) {
    market.setHistory('BTCUSDT', 'OneMinute', [candle(T, 60_000, 60_200, 59_900, 60_000)]);
  },
});
const { build, subscribe, createAlert } = alerts;

describe('the alerts plugin: push subscriptions', () => {
  it('serves the VAPID public key it generated into DATA_DIR', async () => {
    await build();

    const response = await alerts.app.inject({ method: 'GET', url: '/push/public-key' });

    const { publicKey } = response.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(
      JSON.parse(fs.readFileSync(path.join(alerts.dataDir, 'vapid-keys.json'), 'utf8')).publicKey,
    ).toBe(publicKey);
  });

  it('gives the same endpoint the same unguessable id: 201 when new, 200 after', async () => {
    await build();
    const subscription = alerts.push.createSubscription();

    const first = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: subscription,
    });
    const again = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: subscription,
    });

    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json<{ subscriptionId: string }>().subscriptionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('refuses new browsers once MAX_PUSH_SUBSCRIPTIONS are stored', async () => {
    await build({ config: { maxPushSubscriptions: 1 } });
    const first = await subscribe();

    const second = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: alerts.push.createSubscription(),
    });

    expect(first.subscriptionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second.statusCode).toBe(503);
    expect(second.json()).toMatchObject({ code: 'SUBSCRIPTION_LIMIT_REACHED' });
    expect(await alerts.store.countSubscriptions()).toBe(1);
  });

  it('refuses the same endpoint with other keys (409) instead of handing over its id', async () => {
    await build();
    const victim = alerts.push.createSubscription();
    const first = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: victim,
    });
    const attacker = { ...alerts.push.createSubscription(), endpoint: victim.endpoint };

    const takeover = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: attacker,
    });

    expect(takeover.statusCode).toBe(409);
    expect(takeover.json()).toMatchObject({ code: 'SUBSCRIPTION_CONFLICT' });
    expect(takeover.body).not.toContain(first.json<{ subscriptionId: string }>().subscriptionId);
  });

  it('refuses a subscription whose p256dh is not a P-256 key, as problem+json', async () => {
    await build();
    const subscription = alerts.push.createSubscription();

    const response = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: { ...subscription, keys: { ...subscription.keys, p256dh: 'AAAA' } },
    });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      code: 'INVALID_PUSH_SUBSCRIPTION',
      detail: expect.stringContaining('keys.p256dh'),
    });
  });

  it('deletes a subscription with its alerts', async () => {
    await build();
    const { subscriptionId } = await subscribe();
    await createAlert({ symbol: 'BTCUSDT', type: 'Price', valueTarget: 65_000, subscriptionId });

    const deleted = await alerts.app.inject({
      method: 'DELETE',
      url: `/push/subscriptions/${subscriptionId}`,
    });
    const listed = await alerts.app.inject({
      method: 'GET',
      url: `/alerts?subscriptionId=${subscriptionId}`,
    });
    const created = await createAlert({
      symbol: 'BTCUSDT',
      type: 'Price',
      valueTarget: 65_000,
      subscriptionId,
    });

    expect(deleted.statusCode).toBe(204);
    expect(listed.json()).toEqual([]);
    expect(created.statusCode).toBe(404);
    expect(alerts.market.subscribedStreams).toEqual([]);
  });
});

describe('the alerts plugin: alerts', () => {
  it('creates a price alert against the latest 1-minute close and lists it', async () => {
    await build();
    const { subscriptionId } = await subscribe();

    const response = await createAlert({
      symbol: 'BTCUSDT',
      type: 'Price',
      valueTarget: 65_000,
      subscriptionId,
    });
    const listed = await alerts.app.inject({
      method: 'GET',
      url: `/alerts?subscriptionId=${subscriptionId}`,
    });

    expect(response.statusCode).toBe(201);
    const alert = response.json<Alert>();
    expect(alert).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      symbol: 'BTCUSDT',
      type: 'Price',
      interval: 'OneMinute',
      condition: 'Crossing',
      frequency: 'OnlyOnce',
      valueOnCreation: 60_000,
      valueTarget: 65_000,
      status: 'Active',
      createdAt: new Date(NOW).toISOString(),
      triggerCount: 0,
    });
    expect(listed.json()).toEqual([alert]);
  });

  it('creates an RSI alert against the live RSI of its interval', async () => {
    const hours = Array.from({ length: 30 }, (_, i) =>
      candle(T - (30 - i) * 3600, 100, 101, 99, i % 2 === 0 ? 100 : 101),
    );
    alerts.market.setHistory('ETHUSDT', 'OneHour', hours);
    await build();
    const { subscriptionId } = await subscribe();

    const response = await createAlert({
      symbol: 'ETHUSDT',
      type: 'Rsi',
      valueTarget: 70,
      rsiInterval: 'OneHour',
      subscriptionId,
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ type: 'Rsi', interval: 'OneHour', valueTarget: 70 });
    expect(response.json<Alert>().valueOnCreation).toBeGreaterThan(40);
    expect(response.json<Alert>().valueOnCreation).toBeLessThan(60);
  });

  it.each([
    [{ symbol: 'BTCUSDX', type: 'Price', valueTarget: 1 }, 400, 'UNKNOWN_SYMBOL', 'Unknown symbol'],
    [
      { symbol: 'BTCUSDT', type: 'Price', valueTarget: '' },
      400,
      'INVALID_ALERT',
      "Value can't be empty",
    ],
    [
      { symbol: 'BTCUSDT', type: 'Price', valueTarget: -5 },
      400,
      'INVALID_ALERT',
      'Value must be a positive number',
    ],
    [
      { symbol: 'BTCUSDT', type: 'Rsi', valueTarget: 101, rsiInterval: 'OneHour' },
      400,
      'INVALID_ALERT',
      'RSI value must be between 0 and 100',
    ],
    [{ symbol: 'BTCUSDT', type: 'Rsi', valueTarget: 50 }, 400, 'INVALID_INTERVAL', 'rsiInterval'],
    [
      { symbol: 'BTCUSDT', type: 'Price', valueTarget: [70000] },
      400,
      'INVALID_ALERT',
      'not an array',
    ],
    [
      { symbol: 'BTCUSDT', type: 'Price', valueTarget: [[1]] },
      400,
      'INVALID_ALERT',
      'not an array',
    ],
    [
      { symbol: 'BTCUSDT', type: 'Price', valueTarget: '0x10' },
      400,
      'INVALID_ALERT',
      'not a string',
    ],
    [
      { symbol: 'BTCUSDT', type: 'Price', valueTarget: '65000' },
      400,
      'INVALID_ALERT',
      'JSON number',
    ],
    [{ type: 'Price', valueTarget: 1 }, 400, 'UNKNOWN_SYMBOL', 'The alert has no symbol'],
  ])('refuses %j with %i %s', async (fields, status, code, detail) => {
    await build();
    const { subscriptionId } = await subscribe();

    const response = await createAlert({ ...fields, subscriptionId });

    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code, detail: expect.stringContaining(detail) });
    expect(await alerts.store.listAlerts(subscriptionId)).toEqual([]);
  });

  it('refuses an alert for a subscription id it never issued', async () => {
    await build();

    const response = await createAlert({
      symbol: 'BTCUSDT',
      type: 'Price',
      valueTarget: 65_000,
      subscriptionId: 'made-up-id',
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_FOUND' });
  });

  it('creates an alert without asking whether an owner with channels exists', async () => {
    await build();
    const { subscriptionId } = await subscribe();
    const ownerExists = jest.spyOn(alerts.store, 'ownerExists');

    const response = await createAlert({
      symbol: 'BTCUSDT',
      type: 'Price',
      valueTarget: 65_000,
      subscriptionId,
    });

    expect(response.statusCode).toBe(201);
    // Its channels answered that already: one database round trip fewer per alert.
    expect(ownerExists).not.toHaveBeenCalled();
  });

  it('refuses more than MAX_ACTIVE_ALERTS active alerts per subscription', async () => {
    await build();
    const { subscriptionId } = await subscribe();
    for (let i = 0; i < 3; i += 1) {
      expect(
        (
          await createAlert({
            symbol: 'BTCUSDT',
            type: 'Price',
            valueTarget: 65_000 + i,
            subscriptionId,
          })
        ).statusCode,
      ).toBe(201);
    }

    const response = await createAlert({
      symbol: 'BTCUSDT',
      type: 'Price',
      valueTarget: 70_000,
      subscriptionId,
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ALERT_LIMIT_REACHED',
      detail: expect.stringContaining('3 active alerts'),
    });
  });

  it('answers 404 to another subscription deleting an alert, and deletes nothing', async () => {
    await build();
    const owner = await subscribe();
    const stranger = await subscribe();
    const alert = (
      await createAlert({
        symbol: 'BTCUSDT',
        type: 'Price',
        valueTarget: 65_000,
        subscriptionId: owner.subscriptionId,
      })
    ).json<Alert>();

    const foreign = await alerts.app.inject({
      method: 'DELETE',
      url: `/alerts/${alert.id}?subscriptionId=${stranger.subscriptionId}`,
    });
    const afterForeign = await alerts.app.inject({
      method: 'GET',
      url: `/alerts?subscriptionId=${owner.subscriptionId}`,
    });
    const own = await alerts.app.inject({
      method: 'DELETE',
      url: `/alerts/${alert.id}?subscriptionId=${owner.subscriptionId}`,
    });
    const afterOwn = await alerts.app.inject({
      method: 'GET',
      url: `/alerts?subscriptionId=${owner.subscriptionId}`,
    });

    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'ALERT_NOT_FOUND' });
    expect(afterForeign.json()).toEqual([alert]);
    expect(own.statusCode).toBe(204);
    expect(afterOwn.json()).toEqual([]);
  });

  it('limits writes per address with 429 and Retry-After', async () => {
    await build({ rateLimit: { capacity: 2, refillPerSecond: 0.1 } });
    await subscribe();
    await subscribe();

    const response = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: alerts.push.createSubscription(),
    });

    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('10');
    expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('pushes an encrypted notification when the price crosses the target, and marks the alert Triggered', async () => {
    await build();
    const { subscriptionId, endpoint } = await subscribe();
    const alert = (
      await createAlert({ symbol: 'BTCUSDT', type: 'Price', valueTarget: 60_500, subscriptionId })
    ).json<Alert>();

    alerts.market.emit('BTCUSDT', 'OneMinute', candle(T + 60, 60_000, 60_600, 59_950, 60_550));
    const [message] = await alerts.push.waitForPushes(1, { endpoint });
    const listed = await alerts.app.inject({
      method: 'GET',
      url: `/alerts?subscriptionId=${subscriptionId}`,
    });

    expect(JSON.parse(message!.payload)).toEqual({
      title: 'BTCUSDT price alert',
      body: 'BTCUSDT price rose to 60,600.00 (simulated market)',
      icon: '/app-icons/pairwatch-192.png',
      url: '/alerts?symbol=BTCUSDT&interval=OneMinute',
      tag: alert.id,
    });
    expect(message).toMatchObject({ urgency: 'high', topic: alert.id, ttl: 86_400 });
    expect(listed.json()).toEqual([
      {
        ...alert,
        status: 'Triggered',
        triggerCount: 1,
        lastTriggeredAt: new Date(NOW).toISOString(),
        triggeredAt: new Date(NOW).toISOString(),
        triggeredValue: 60_600,
        firings: [{ at: new Date(NOW).toISOString(), value: 60_600 }],
      },
    ]);
  });

  it('hands the transport the stored subscriptions at start and each new one, to prepare their keys', async () => {
    await alerts.store.saveSubscription(
      {
        endpoint: 'https://push.example.org/send/stored',
        p256dh: 'stored-key',
        auth: 'stored-auth',
      },
      'sub-stored',
      NOW as UnixMillis,
    );
    const prepared: string[] = [];
    let transport: PushTransport | undefined;
    const started = new Promise<void>((resolve) => {
      transport = {
        send: () => Promise.resolve({ kind: 'delivered', status: 201 }),
        prepareFor: (subscriptions) => {
          prepared.push(...subscriptions.map((subscription) => subscription.p256dh));
          resolve();
          return true;
        },
      };
    });
    await build({ transport: transport! });
    await started;

    const { subscriptionId } = await subscribe();

    const saved = await alerts.store.findSubscription(subscriptionId);
    expect(prepared).toEqual(['stored-key', saved?.p256dh]);
  });

  it('keeps what it stored when the app restarts on the same store file', async () => {
    await alerts.store.close();
    alerts.store = await openAlertStore({ databaseUrl: undefined, dataDir: alerts.dataDir });
    await build();
    const { subscriptionId } = await subscribe();
    await createAlert({ symbol: 'BTCUSDT', type: 'Price', valueTarget: 65_000, subscriptionId });
    await alerts.app.close();

    alerts.store = await openAlertStore({ databaseUrl: undefined, dataDir: alerts.dataDir });
    await build();
    const listed = await alerts.app.inject({
      method: 'GET',
      url: `/alerts?subscriptionId=${subscriptionId}`,
    });

    expect(listed.json()).toHaveLength(1);
    expect(await alerts.store.findSubscription(subscriptionId)).toMatchObject({
      createdAt: NOW as UnixMillis,
    });
  });
});

describe('the alerts plugin: push endpoints in the api’s own network', () => {
  it.each([
    ['https://127.0.0.1:8443/push/x', 'a loopback address'],
    ['https://localhost/push/x', 'the local machine'],
    ['https://[::1]/push/x', 'a loopback address'],
    ['https://10.0.0.7/push/x', 'a private address'],
    ['https://192.168.1.1/push/x', 'a private address'],
    ['https://169.254.169.254/latest/meta-data', 'a link-local address'],
    ['https://[fd00::5]/push/x', 'a private address'],
    ['https://0.0.0.0/push/x', 'an unspecified address'],
  ])('refuses %s (%s) with 400 and stores nothing', async (endpoint, reason) => {
    const saved: string[] = [];
    alerts.store = Object.assign(Object.create(alerts.store) as AlertStore, {
      saveSubscription: async (keys: { endpoint: string }) => {
        saved.push(keys.endpoint);
        return { subscriptionId: 'never', created: true };
      },
    });
    await build({ config: { pushAllowPrivateEndpoints: false } });
    const { keys } = alerts.push.createSubscription();

    const response = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: { endpoint, keys },
    });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      code: 'INVALID_PUSH_SUBSCRIPTION',
      detail: expect.stringContaining(
        `endpoint must be a public push service; its host is ${reason}`,
      ),
    });
    expect(saved).toEqual([]);
  });

  it('accepts a public https endpoint without PUSH_ALLOW_PRIVATE_ENDPOINTS', async () => {
    await build({ config: { pushAllowPrivateEndpoints: false } });
    const { keys } = alerts.push.createSubscription();

    const response = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', keys },
    });

    expect(response.statusCode).toBe(201);
  });
});

describe('the alerts plugin: malformed subscription ids', () => {
  it('answers DELETE /push/subscriptions with a malformed id with 400, without a lookup', async () => {
    const deleted: string[] = [];
    alerts.store = Object.assign(Object.create(alerts.store) as AlertStore, {
      deleteSubscription: async (id: string) => {
        deleted.push(id);
        return undefined;
      },
    });
    await build();

    const response = await alerts.app.inject({
      method: 'DELETE',
      url: `/push/subscriptions/${encodeURIComponent('not an id!')}`,
    });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(deleted).toEqual([]);
  });

  it('fails WatchAlerts with a malformed id as a hub error, without a lookup', async () => {
    const looked: string[] = [];
    const real = alerts.store;
    alerts.store = Object.assign(Object.create(real) as AlertStore, {
      findSubscription: async (id: string) => {
        looked.push(id);
        return real.findSubscription(id);
      },
    });
    const hub = new Hub<object>({});
    await build({ hub }, async (app) => {
      await app.register(fastifySignalR, { hub, path: '/candles-hub' });
    });
    await alerts.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = alerts.app.server.address() as AddressInfo;
    const client = new HubConnectionBuilder()
      .withUrl(`http://127.0.0.1:${port}/candles-hub`)
      .configureLogging(LogLevel.None)
      .build();
    await client.start();
    try {
      await expect(client.invoke('WatchAlerts', 'x'.repeat(30) + '/../' + 'y')).rejects.toThrow(
        /Unknown owner/,
      );
      expect(looked).toEqual([]);
    } finally {
      await client.stop();
    }
  });
});

describe('the alerts plugin: answering once a change is stored', () => {
  it('answers a creation and a deletion while the other processes are still being told', async () => {
    const published: ClusterEvent[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A cluster whose notifications take as long as they like (a PostgreSQL round trip, a slow
    // publishing connection): the answers must not wait for them.
    class SlowCoordinator extends InProcessCoordinator {
      override async publish(event: ClusterEvent): Promise<void> {
        published.push(event);
        await held;
        await super.publish(event);
      }
    }
    await build({ coordinator: new SlowCoordinator(pino({ level: 'silent' })) });
    const { subscriptionId } = await subscribe();

    const created = await createAlert({
      symbol: 'BTCUSDT',
      type: 'Price',
      valueTarget: 65_000,
      subscriptionId,
    });
    const { id } = created.json<{ id: string }>();
    const deleted = await alerts.app.inject({
      method: 'DELETE',
      url: `/alerts/${id}?subscriptionId=${subscriptionId}`,
    });
    release();

    expect(created.statusCode).toBe(201);
    expect(deleted.statusCode).toBe(204);
    expect(published).toEqual([
      { kind: 'created', alertIds: [id] },
      { kind: 'deleted', alertIds: [id] },
    ]);
  });
});

describe('the alerts plugin: closing what it opened', () => {
  it('closes its store when the VAPID keys cannot be loaded', async () => {
    fs.writeFileSync(path.join(alerts.dataDir, 'vapid-keys.json'), 'not json');
    let closed = 0;
    const real = alerts.store;
    alerts.store = Object.assign(Object.create(real) as AlertStore, {
      close: async () => {
        closed += 1;
        await real.close();
      },
    });

    await expect(build()).rejects.toThrow(/vapid-keys\.json is not readable JSON/);
    expect(closed).toBe(1);
  });

  it('still closes the push sender and the store when leaving the cluster fails', async () => {
    let closed = 0;
    const real = alerts.store;
    alerts.store = Object.assign(Object.create(real) as AlertStore, {
      close: async () => {
        closed += 1;
        await real.close();
      },
    });
    const failure = new Error('cluster session would not end');
    class FailingCoordinator extends InProcessCoordinator {
      override async close(): Promise<void> {
        await super.close();
        throw failure;
      }
    }
    await build({ coordinator: new FailingCoordinator(pino({ level: 'silent' })) });

    const closing = alerts.app.close();

    await expect(closing).rejects.toBe(failure);
    expect(closed).toBe(1);
  });
});
