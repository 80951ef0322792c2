import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { type UnixMillis, type UnixSeconds } from '@pairwatch/domain';
import { Hub } from '@pairwatch/signalr-server';
import Fastify from 'fastify';
import { type AlertStore } from '../storage/AlertStore';
import { openAlertStore } from '../storage/openAlertStore';
import { alertRecord } from '../test-support/alertRecord';
import { describeWithPostgres } from '../test-support/describeWithPostgres';
import { candle, ScriptedMarketData } from '../test-support/ScriptedMarketData';
import { setUpApiProcesses } from '../test-support/setUpApiProcesses';
import { waitFor } from '@pairwatch/signalr-server/testing';
import { WebhookReceiver } from '@pairwatch/test-support';
import { alertsPlugin } from './alertsPlugin';
import { fixedSymbolSource } from '../test-support/fixedSymbolSource';

// Several api processes on one PostgreSQL database (architecture §8), each with its own market,
// hub, push sender and cluster session, in one jest process. Prices are scripted per process and
// the same candles are fed to every one of them, as Binance would.

const T = 1_700_000_040;
const NOW = (T + 30) * 1000;
const RETRY_MS = 200;
/** A takeover happens at the follower's next try (one period); the rest is slack for a busy CI. */
const TAKEOVER_MS = RETRY_MS * 10;
const STREAM = 'BTCUSDT|OneMinute';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('alerts across api processes: choosing the coordinator', () => {
  it('refuses a PostgreSQL store given without the URL its coordinator needs, and closes it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-cluster-'));
    const sqlite = await openAlertStore({
      databaseUrl: undefined,
      dataDir,
      sqliteFile: ':memory:',
    });
    let closed = false;
    const store = Object.assign(Object.create(sqlite) as AlertStore, {
      kind: 'postgres',
      close: async () => {
        closed = true;
        await sqlite.close();
      },
    });
    const app = Fastify();

    const registering = app
      .register(alertsPlugin, {
        symbols: fixedSymbolSource(),
        config: {
          dataDir,
          databaseUrl: undefined,
          vapid: {},
          maxActiveAlerts: 10,
          pushAllowPrivateEndpoints: true,
        },
        marketData: new ScriptedMarketData(),
        hub: new Hub<object>({}),
        store,
      })
      .ready();

    await expect(registering).rejects.toThrow(/needs config\.databaseUrl/);
    expect(closed).toBe(true);
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describeWithPostgres('alerts across api processes', (database) => {
  const flat = [candle(T, 60_000, 60_000, 60_000, 60_000)];
  const cluster = setUpApiProcesses(database, {
    now: NOW,
    history: { BTCUSDT: flat, ETHUSDT: flat },
    retryMs: RETRY_MS,
  });
  const { startProcess, subscribe, createAlert, watch, killLeaderSession } = cluster;

  it('evaluates on the leader an alert created through a follower, without a restart, and fires it once for every hub', async () => {
    const leader = await startProcess('leader');
    const follower = await startProcess('follower');
    const { subscriptionId, endpoint } = await subscribe(follower);
    const heardOnFollower = await watch(follower, subscriptionId);
    const heardOnLeader = await watch(leader, subscriptionId);

    const alert = await createAlert(follower, { subscriptionId, valueTarget: 60_500 });
    await waitFor(
      () => leader.market.subscribedStreams.includes(STREAM),
      'the leader to watch the alert',
    );
    const followerStreams = follower.market.subscribedStreams;
    for (const { market } of cluster.processes) {
      market.emit('BTCUSDT', 'OneMinute', candle(T + 60, 60_000, 60_600, 59_950, 60_550));
    }
    await cluster.push.waitForPushes(1, { endpoint });
    await waitFor(
      () => heardOnFollower.length > 0 && heardOnLeader.length > 0,
      'both hubs to announce the trigger',
    );
    await pause(300); // a second trigger, push or announcement would have arrived by now

    const fired = {
      ...alert,
      status: 'Triggered',
      triggerCount: 1,
      lastTriggeredAt: new Date(NOW).toISOString(),
      triggeredAt: new Date(NOW).toISOString(),
      triggeredValue: 60_600,
      firings: [{ at: new Date(NOW).toISOString(), value: 60_600 }],
    };
    expect([leader.coordinator.isLeader, follower.coordinator.isLeader]).toEqual([true, false]);
    expect(followerStreams).toEqual([]);
    expect(cluster.push.receivedFor(endpoint)).toHaveLength(1);
    expect(heardOnFollower).toEqual([fired]);
    expect(heardOnLeader).toEqual([fired]);
    expect(await cluster.observer.countPendingDeliveries()).toBe(0);
  });

  it('lets the leader go of an alert deleted through a follower, and of a deleted subscription’s alerts', async () => {
    const leader = await startProcess('leader');
    const follower = await startProcess('follower');
    const first = await subscribe(follower);
    const second = await subscribe(follower);
    const alert = await createAlert(follower, {
      subscriptionId: first.subscriptionId,
      valueTarget: 60_500,
    });
    await createAlert(follower, {
      subscriptionId: second.subscriptionId,
      valueTarget: 61_000,
      symbol: 'ETHUSDT',
    });
    await waitFor(
      () => leader.market.subscribedStreams.length === 2,
      'the leader to watch both alerts',
    );

    const deleted = await follower.app.inject({
      method: 'DELETE',
      url: `/alerts/${alert.id}?subscriptionId=${first.subscriptionId}`,
    });
    await waitFor(
      () => !leader.market.subscribedStreams.includes(STREAM),
      'the leader to let go of the deleted alert',
    );
    const removed = await follower.app.inject({
      method: 'DELETE',
      url: `/push/subscriptions/${second.subscriptionId}`,
    });
    await waitFor(
      () => leader.market.subscribedStreams.length === 0,
      'the leader to let go of the subscription’s alert',
    );

    expect(deleted.statusCode).toBe(204);
    expect(removed.statusCode).toBe(204);
  });

  it('fails over to a follower when the leader’s session dies, which replays what nobody evaluated', async () => {
    const first = await startProcess('first');
    const second = await startProcess('second');
    const { subscriptionId, endpoint } = await subscribe(second);
    const heard = await watch(second, subscriptionId);
    await createAlert(second, { subscriptionId, valueTarget: 60_500 });
    await waitFor(() => first.market.subscribedStreams.includes(STREAM), 'the leader to watch');
    for (
      let tries = 0;
      (await cluster.observer.readEvaluationMarks()).get(STREAM) !== T;
      tries += 1
    ) {
      if (tries > 100) throw new Error('The leader never marked the stream as evaluated.');
      await pause(20);
    }
    // The crossing reaches the markets' history but no live update shows it: only a replay can.
    for (const { market } of cluster.processes) {
      market.record('BTCUSDT', 'OneMinute', candle(T + 60, 60_000, 60_700, 59_900, 60_100));
    }

    await killLeaderSession();
    await waitFor(() => second.coordinator.isLeader, 'the follower to take over', TAKEOVER_MS);
    const [message] = await cluster.push.waitForPushes(1, { endpoint });
    await waitFor(() => heard.length > 0, 'the hub to announce the trigger');
    await waitFor(
      () => first.market.subscribedStreams.length === 0,
      'the old leader to stop its engine',
    );

    expect(first.coordinator.isLeader).toBe(false);
    expect(JSON.parse(message!.payload)).toMatchObject({
      body: 'BTCUSDT price rose to 60,700.00 (simulated market)',
    });
    expect(heard).toEqual([
      expect.objectContaining({ status: 'Triggered', triggeredValue: 60_700 }),
    ]);
  });

  it('rebuilds the leader’s index from the table when it leads again after its session dropped', async () => {
    const solo = await startProcess('solo');
    const { subscriptionId } = await subscribe(solo);
    const before = await createAlert(solo, { subscriptionId, valueTarget: 60_500 });
    await waitFor(() => solo.market.subscribedStreams.includes(STREAM), 'the engine to watch');

    await killLeaderSession();
    await waitFor(() => !solo.coordinator.isLeader, 'the process to stop leading');
    // Changed while it was disconnected: whatever was announced then, it never heard.
    await cluster.observer.deleteAlert(before.id, subscriptionId);
    await cluster.observer.createAlert(
      alertRecord('created-while-away', subscriptionId, {
        symbol: 'ETHUSDT',
        valueTarget: 61_000,
        createdAt: NOW as UnixMillis,
        creationCandleTime: T as UnixSeconds,
      }),
      10,
    );
    await waitFor(() => solo.coordinator.isLeader, 'the process to lead again', TAKEOVER_MS);
    await waitFor(
      () => solo.market.subscribedStreams.join() === 'ETHUSDT|OneMinute',
      'the new engine to watch exactly the table’s active alerts',
    );

    expect(solo.market.subscribedStreams).toEqual(['ETHUSDT|OneMinute']);
  });

  it('delivers each firing once per channel while both processes send from the outbox', async () => {
    const CROSSED = 8; // within the processes' MAX_ACTIVE_ALERTS
    const receiver = await WebhookReceiver.start();
    try {
      const leader = await startProcess('leader');
      const follower = await startProcess('follower');
      const { subscriptionId, endpoint } = await subscribe(follower);
      const hook = await follower.app.inject({
        method: 'POST',
        url: '/channels',
        payload: { ownerId: subscriptionId, kind: 'webhook', url: receiver.url() },
      });
      expect(hook.statusCode).toBe(201);
      const crossed = [];
      for (let i = 0; i < CROSSED; i += 1) {
        crossed.push(
          await createAlert(i % 2 === 0 ? leader : follower, {
            subscriptionId,
            valueTarget: 60_100 + i * 10,
          }),
        );
      }
      await waitFor(
        () => leader.market.subscribedStreams.includes(STREAM),
        'the leader to watch the alerts',
      );
      for (const { market } of cluster.processes) {
        market.emit('BTCUSDT', 'OneMinute', candle(T + 60, 60_000, 60_600, 59_950, 60_550));
      }
      await cluster.push.waitForPushes(CROSSED, { endpoint });
      await receiver.waitFor((all) => all.length >= CROSSED, 10_000);
      await pause(500); // a second delivery of any of them would have arrived by now

      const ids = receiver.received.map((request) => request.deliveryId);
      expect(new Set(ids).size).toBe(CROSSED);
      expect(ids).toHaveLength(CROSSED);
      expect(
        receiver.received
          .map((request) => (JSON.parse(request.body) as { alert_id: string }).alert_id)
          .sort(),
      ).toEqual(crossed.map((alert) => alert.id).sort());
      expect(cluster.push.receivedFor(endpoint)).toHaveLength(CROSSED);
      expect(await cluster.observer.countPendingDeliveries()).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});
