import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from '@jest/globals';
import { type AlertCondition, type AlertFrequency, type Candle } from '@pairwatch/domain';
import { fastifySignalR, Hub } from '@pairwatch/signalr-server';
import Fastify, { type FastifyInstance } from 'fastify';
import { PostgresCoordinator } from '../cluster/PostgresCoordinator';
import { registerProblemHandlers } from '../errors/problemHandlers';
import { type AlertStore } from '../storage/AlertStore';
import { openAlertStore } from '../storage/openAlertStore';
import { describeWithPostgres } from '../test-support/describeWithPostgres';
import { candle, ScriptedMarketData } from '../test-support/ScriptedMarketData';
import { trustCertificate } from '../test-support/trustCertificate';
import { waitFor } from '@pairwatch/signalr-server/testing';
import { LocalPushService } from '../testing/LocalPushService';
import { alertsPlugin } from './alertsPlugin';
import { type AlertJson } from './toAlertJson';

// Repeating alerts (issue #23: conditions and frequencies) across several api processes on one
// PostgreSQL database (architecture §6 "Exactly once", §8): each process has its own market, hub,
// push sender and cluster session, in one jest process. The same candles reach every process's
// market, as each keeps its own upstream stream. One clock, moved by the tests, is every process's.
// Set-up helpers copied from alertsPlugin.cluster.test.ts.

/** Open time of the bar forming when the alerts are created (a minute boundary). */
const T = 1_700_000_040;
const RETRY_MS = 200;
/** A takeover happens at the follower's next try (one period); the rest is slack for a busy CI. */
const TAKEOVER_MS = RETRY_MS * 10;
const STREAM = 'BTCUSDT|OneMinute';
/** Long enough for a second push, trigger or announcement to have arrived if there were one. */
const QUIET_MS = 300;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Unix ms `seconds` after the open of the creation bar. */
const at = (seconds: number) => (T + seconds) * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
/** The flat candle the markets show when the alerts are created (price 60,000). */
const CREATION_CANDLE = candle(T, 60_000, 60_000, 60_000, 60_000);

interface ApiProcess {
  readonly name: string;
  readonly app: FastifyInstance;
  readonly market: ScriptedMarketData;
  readonly coordinator: PostgresCoordinator;
  readonly base: string;
}

describeWithPostgres('repeating alerts across api processes', (database) => {
  let push: LocalPushService;
  let untrust: () => void;
  let dataDir: string;
  let observer: AlertStore;
  let processes: ApiProcess[] = [];
  let hubClients: HubConnection[] = [];
  /** The wall clock of every process (Unix ms). */
  let clock = at(30);

  beforeAll(async () => {
    push = await LocalPushService.start();
    untrust = trustCertificate(push.certificatePem);
    // Shared, as the processes of one deployment share their VAPID keys.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-cluster-conditions-'));
    observer = await openAlertStore({ databaseUrl: database.url, dataDir });
  });

  beforeEach(() => {
    clock = at(30);
  });

  afterEach(async () => {
    for (const client of hubClients) await client.stop();
    hubClients = [];
    for (const { app } of processes) await app.close();
    processes = [];
    for (const table of [
      'push_outbox',
      'alert_firings',
      'alerts',
      'push_subscriptions',
      'evaluation_marks',
    ]) {
      await database.query(`DELETE FROM ${table}`);
    }
  });

  afterAll(async () => {
    await observer.close();
    untrust();
    await push.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Starts one api process whose market's BTCUSDT history is `history`; the first one started on
   * an empty cluster leads.
   */
  async function startProcess(
    name: string,
    history: readonly Candle[] = [CREATION_CANDLE],
  ): Promise<ApiProcess> {
    const market = new ScriptedMarketData();
    market.setHistory('BTCUSDT', 'OneMinute', history);
    const coordinator = new PostgresCoordinator({
      connectionString: database.url,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      applicationName: name,
      retryMs: RETRY_MS,
      reconnectMinMs: 20,
      reconnectMaxMs: 200,
    });
    const hub = new Hub<object>({});
    const app = Fastify();
    registerProblemHandlers(app);
    await app.register(fastifySignalR, { hub, path: '/candles-hub' });
    await app.register(alertsPlugin, {
      config: {
        dataDir,
        databaseUrl: database.url,
        vapid: {},
        maxActiveAlerts: 10,
        pushAllowPrivateEndpoints: true,
      },
      marketData: market,
      hub,
      coordinator,
      now: () => clock,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const started = { name, app, market, coordinator, base: `http://127.0.0.1:${port}` };
    processes.push(started);
    return started;
  }

  /** Closes one process (its engine stops, its session ends) and forgets it. */
  async function stopProcess(stopped: ApiProcess): Promise<void> {
    processes = processes.filter((p) => p !== stopped);
    await stopped.app.close();
  }

  async function subscribe(through: ApiProcess) {
    const subscription = push.createSubscription();
    const response = await through.app.inject({
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

  async function createAlert(
    through: ApiProcess,
    subscriptionId: string,
    condition: AlertCondition,
    frequency: AlertFrequency,
    valueTarget: number,
  ): Promise<AlertJson> {
    const response = await through.app.inject({
      method: 'POST',
      url: '/alerts',
      payload: {
        symbol: 'BTCUSDT',
        type: 'Price',
        condition,
        frequency,
        valueTarget,
        subscriptionId,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<AlertJson>();
  }

  /** GET /alerts on one process. */
  async function listAlerts(on: ApiProcess, subscriptionId: string): Promise<AlertJson[]> {
    const response = await on.app.inject({
      method: 'GET',
      url: `/alerts?subscriptionId=${subscriptionId}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<AlertJson[]>();
  }

  /** A browser connected to one process, watching a subscription's alerts. */
  async function watch(on: ApiProcess, subscriptionId: string): Promise<AlertJson[]> {
    const client = new HubConnectionBuilder()
      .withUrl(`${on.base}/candles-hub`)
      .configureLogging(LogLevel.None)
      .build();
    const announced: AlertJson[] = [];
    client.on('AlertTriggered', (alert: AlertJson) => announced.push(alert));
    await client.start();
    hubClients.push(client);
    await client.invoke('WatchAlerts', subscriptionId);
    return announced;
  }

  /** Ends the database session of whichever process holds the leader lock. */
  async function killLeaderSession(): Promise<void> {
    const rows = await database.query<{ killed: boolean }>(
      `SELECT pg_terminate_backend(pid, 5000) AS killed FROM pg_locks
        WHERE locktype = 'advisory' AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(rows).toEqual([{ killed: true }]);
  }

  /** Waits until the stream is marked evaluated up to (at least) the candle opening at `time`. */
  async function waitForMark(time: number): Promise<void> {
    for (let tries = 0; ((await observer.readEvaluationMarks()).get(STREAM) ?? 0) < time;) {
      tries += 1;
      if (tries > 100) throw new Error(`The stream was never marked as evaluated up to ${time}.`);
      await pause(20);
    }
  }

  /** The same update reaches every running process's market (each has its own upstream). */
  function emitEverywhere(update: Candle): void {
    for (const { market } of processes) market.emit('BTCUSDT', 'OneMinute', update);
  }

  /** The firings table's rows of an alert (not capped like GET /alerts' `firings`). */
  async function firingRows(alertId: string): Promise<{ firedAt: number; value: number }[]> {
    const rows = await database.query<{ fired_at: string; value: number }>(
      'SELECT fired_at, value FROM alert_firings WHERE alert_id = $1 ORDER BY fired_at',
      [alertId],
    );
    return rows.map((row) => ({ firedAt: Number(row.fired_at), value: row.value }));
  }

  /** Waits for the push sender(s) to have delivered everything queued. */
  async function waitForEmptyOutbox(): Promise<void> {
    for (let tries = 0; (await observer.countMessages()) > 0; tries += 1) {
      if (tries > 100) throw new Error('The outbox never emptied.');
      await pause(20);
    }
  }

  it('fires a OncePerBar GreaterThan alert created through a follower exactly once per bar, though every process sees every update', async () => {
    const leader = await startProcess('leader');
    const follower = await startProcess('follower');
    const { subscriptionId, endpoint } = await subscribe(follower);
    const heardOnFollower = await watch(follower, subscriptionId);
    const heardOnLeader = await watch(leader, subscriptionId);

    // Bar 1 (the creation bar, T): 59,000 is below the price, so the alert holds from creation
    // and fires on the first value (the forming candle, replayed as the leader starts watching).
    const alert = await createAlert(follower, subscriptionId, 'GreaterThan', 'OncePerBar', 59_000);
    await waitFor(
      () => leader.market.subscribedStreams.includes(STREAM),
      'the leader to watch the alert',
    );
    await push.waitForPushes(1, { endpoint });
    clock = at(40);
    emitEverywhere(candle(T, 60_000, 60_200, 59_900, 60_100));
    clock = at(50);
    emitEverywhere(candle(T, 60_000, 60_300, 59_900, 60_250));
    await waitForMark(T);
    await pause(QUIET_MS);
    const afterBar1 = push.receivedFor(endpoint).length;

    // Bar 2 (T + 60): two updates, each showing prices above the level.
    clock = at(70);
    emitEverywhere(candle(T + 60, 60_250, 60_400, 60_200, 60_300));
    await push.waitForPushes(2, { endpoint });
    clock = at(80);
    emitEverywhere(candle(T + 60, 60_250, 60_500, 60_100, 60_450));
    await waitForMark(T + 60);
    await pause(QUIET_MS);
    const afterBar2 = push.receivedFor(endpoint).length;

    // Bar 3 (T + 120).
    clock = at(130);
    emitEverywhere(candle(T + 120, 60_450, 60_600, 60_400, 60_550));
    await push.waitForPushes(3, { endpoint });
    clock = at(140);
    emitEverywhere(candle(T + 120, 60_450, 60_700, 60_350, 60_650));
    await waitForMark(T + 120);
    await waitFor(
      () => heardOnFollower.length >= 3 && heardOnLeader.length >= 3,
      'both hubs to announce the three firings',
    );
    await pause(QUIET_MS);
    await waitForEmptyOutbox();

    const firings = [
      { at: iso(at(30)), value: 60_000 },
      { at: iso(at(70)), value: 60_250 },
      { at: iso(at(130)), value: 60_450 },
    ];
    const expected = {
      ...alert,
      status: 'Active',
      triggerCount: 3,
      lastTriggeredAt: iso(at(130)),
      triggeredAt: iso(at(130)),
      triggeredValue: 60_450,
      firings,
    };
    expect([leader.coordinator.isLeader, follower.coordinator.isLeader]).toEqual([true, false]);
    expect(follower.market.subscribedStreams).toEqual([]);
    expect([afterBar1, afterBar2, push.receivedFor(endpoint).length]).toEqual([1, 2, 3]);
    expect(await listAlerts(leader, subscriptionId)).toEqual([expected]);
    expect(await listAlerts(follower, subscriptionId)).toEqual([expected]);
    expect(await firingRows(alert.id)).toEqual(
      firings.map((f) => ({ firedAt: Date.parse(f.at), value: f.value })),
    );
    expect(heardOnLeader.map((a) => a.triggerCount)).toEqual([1, 2, 3]);
    expect(heardOnFollower.map((a) => a.triggerCount)).toEqual([1, 2, 3]);
    expect(await observer.countMessages()).toBe(0);
  });

  it.each([
    ['its PostgreSQL session dies', 'killed'],
    ['it closes', 'closed'],
  ] as const)(
    'fails over mid-bar when the leader that fired a OncePerBar alert in that bar stops (%s): no second firing for the bar, one in the next',
    async (_how, how) => {
      const first = await startProcess('first');
      const second = await startProcess('second');
      const { subscriptionId, endpoint } = await subscribe(second);
      const alert = await createAlert(second, subscriptionId, 'GreaterThan', 'OncePerBar', 60_500);
      await waitFor(() => first.market.subscribedStreams.includes(STREAM), 'the leader to watch');
      await waitForMark(T);

      // Bar 1 (T + 60): the leader fires at 60,600.
      clock = at(70);
      emitEverywhere(candle(T + 60, 60_000, 60_600, 59_950, 60_550));
      await push.waitForPushes(1, { endpoint });
      await waitForMark(T + 60);

      // Still in bar 1: the leader stops. The bar goes on higher while nobody leads: only the
      // markets' history shows it, so the new leader sees it in its replay from the mark.
      // (Recorded before the leader stops, so that no replay can run before it.)
      clock = at(80);
      for (const { market } of processes)
        market.record('BTCUSDT', 'OneMinute', candle(T + 60, 60_000, 60_700, 59_950, 60_650));
      if (how === 'killed') await killLeaderSession();
      else await stopProcess(first);
      await waitFor(() => second.coordinator.isLeader, 'the follower to take over', TAKEOVER_MS);
      await waitFor(
        () => second.market.subscribedStreams.includes(STREAM),
        'the new leader to watch the alert',
      );
      await waitFor(
        () => first.market.subscribedStreams.length === 0,
        'the old leader to stop its engine',
      );
      // And a live update of bar 1, above the level again.
      clock = at(90);
      emitEverywhere(candle(T + 60, 60_000, 60_800, 59_950, 60_750));
      await pause(QUIET_MS);
      const afterBar1 = push.receivedFor(endpoint).length;

      // Bar 2 (T + 120): it fires once more, on the new leader.
      clock = at(130);
      emitEverywhere(candle(T + 120, 60_750, 60_800, 60_700, 60_780));
      await push.waitForPushes(2, { endpoint });
      clock = at(140);
      emitEverywhere(candle(T + 120, 60_750, 60_900, 60_700, 60_850));
      await waitForMark(T + 120);
      await pause(QUIET_MS);
      await waitForEmptyOutbox();

      const firings = [
        { at: iso(at(70)), value: 60_600 },
        { at: iso(at(130)), value: 60_750 },
      ];
      expect(first.coordinator.isLeader).toBe(false);
      expect([afterBar1, push.receivedFor(endpoint).length]).toEqual([1, 2]);
      for (const on of processes) {
        expect(await listAlerts(on, subscriptionId)).toEqual([
          expect.objectContaining({
            id: alert.id,
            status: 'Active',
            triggerCount: 2,
            lastTriggeredAt: iso(at(130)),
            triggeredValue: 60_750,
            firings,
          }),
        ]);
      }
      expect(await firingRows(alert.id)).toHaveLength(2);
      expect(await observer.countMessages()).toBe(0);
    },
  );

  it('fires once for each bar a new leader replays after a failover, beyond the bar the old leader fired in', async () => {
    const first = await startProcess('first');
    const second = await startProcess('second');
    const { subscriptionId, endpoint } = await subscribe(second);
    const alert = await createAlert(second, subscriptionId, 'GreaterThan', 'OncePerBar', 60_500);
    await waitFor(() => first.market.subscribedStreams.includes(STREAM), 'the leader to watch');
    await waitForMark(T);

    // Bar 1 (T + 60): the leader fires at 60,600.
    clock = at(70);
    emitEverywhere(candle(T + 60, 60_000, 60_600, 59_950, 60_550));
    await push.waitForPushes(1, { endpoint });
    await waitForMark(T + 60);

    // The leader's session dies; before anyone takes over, two more bars above the level pass
    // (only the markets' history shows them): the new leader's replay must fire once for each.
    // (Recorded before the session dies, so that no replay can run before them.)
    for (const { market } of processes) {
      market.record('BTCUSDT', 'OneMinute', candle(T + 120, 60_600, 60_700, 60_550, 60_650));
      market.record('BTCUSDT', 'OneMinute', candle(T + 180, 60_650, 60_750, 60_600, 60_700));
    }
    clock = at(200);
    await killLeaderSession();
    await waitFor(() => second.coordinator.isLeader, 'the follower to take over', TAKEOVER_MS);
    await push.waitForPushes(3, { endpoint });
    await waitForMark(T + 180);
    await pause(QUIET_MS);
    await waitForEmptyOutbox();

    expect(push.receivedFor(endpoint)).toHaveLength(3);
    expect(await listAlerts(second, subscriptionId)).toEqual([
      expect.objectContaining({
        id: alert.id,
        status: 'Active',
        triggerCount: 3,
        firings: [
          { at: iso(at(70)), value: 60_600 },
          { at: iso(at(180) - 1), value: 60_600 },
          { at: iso(at(200)), value: 60_650 },
        ],
      }),
    ]);
    expect(await observer.countMessages()).toBe(0);
  });

  it('replays a downtime for a CrossingUp OncePerBar alert: once per bar that crossed up, never dated before the alert', async () => {
    const solo = await startProcess('solo');
    const { subscriptionId, endpoint } = await subscribe(solo);
    const alert = await createAlert(solo, subscriptionId, 'CrossingUp', 'OncePerBar', 60_500);
    await waitFor(() => solo.market.subscribedStreams.includes(STREAM), 'the engine to watch');
    await waitForMark(T);
    await stopProcess(solo);

    // While no engine runs: the rest of the creation bar crosses up to 60,800 and falls back to
    // 60,200; the next bar opens above the level (up again), falls to 60,000 and closes above it
    // (up a third time, in the same bar); the bar after stays above.
    const downtime = [
      candle(T, 60_000, 60_800, 59_900, 60_200),
      candle(T + 60, 60_600, 60_800, 60_000, 60_700),
      candle(T + 120, 60_700, 60_750, 60_550, 60_600),
    ];
    clock = at(150);
    const restarted = await startProcess('restarted', downtime);
    await waitFor(() => restarted.coordinator.isLeader, 'the new process to lead', TAKEOVER_MS);
    await push.waitForPushes(2, { endpoint });
    await waitForMark(T + 120);
    await pause(QUIET_MS);
    await waitForEmptyOutbox();

    // Each replayed bar is observed at its close: the creation bar's crossing is dated at that
    // bar's last millisecond, after the alert was created at T + 30 s, not at the bar's open.
    const firings = [
      { at: iso(at(60) - 1), value: 60_800 },
      { at: iso(at(120) - 1), value: 60_600 },
    ];
    const [listed] = await listAlerts(restarted, subscriptionId);
    expect(push.receivedFor(endpoint)).toHaveLength(2);
    expect(listed).toEqual({
      ...alert,
      status: 'Active',
      triggerCount: 2,
      lastTriggeredAt: iso(at(120) - 1),
      triggeredAt: iso(at(120) - 1),
      triggeredValue: 60_600,
      firings,
    });
    for (const firing of listed!.firings ?? [])
      expect(Date.parse(firing.at)).toBeGreaterThanOrEqual(Date.parse(alert.createdAt));
    expect(await firingRows(alert.id)).toHaveLength(2);
    expect(await observer.countMessages()).toBe(0);
  });
});
