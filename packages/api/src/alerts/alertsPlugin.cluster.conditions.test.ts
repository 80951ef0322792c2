import { expect, it } from '@jest/globals';
import { type AlertCondition, type Candle } from '@pairwatch/domain';
import { describeWithPostgres } from '../test-support/describeWithPostgres';
import { candle } from '../test-support/ScriptedMarketData';
import { type ApiProcess, setUpApiProcesses } from '../test-support/setUpApiProcesses';
import { waitFor } from '@pairwatch/signalr-server/testing';
import { type AlertJson } from './toAlertJson';

// Repeating alerts (issue #23: conditions and frequencies) across several api processes on one
// PostgreSQL database (architecture §6 "Exactly once", §8): each process has its own market, hub,
// push sender and cluster session, in one jest process. The same candles reach every process's
// market, as each keeps its own upstream stream. One clock, moved by the tests, is every process's.

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

describeWithPostgres('repeating alerts across api processes', (database) => {
  const cluster = setUpApiProcesses(database, {
    now: at(30),
    history: { BTCUSDT: [CREATION_CANDLE] },
    retryMs: RETRY_MS,
  });
  const {
    startProcess,
    stopProcess,
    subscribe,
    createAlert,
    listAlerts,
    watch,
    killLeaderSession,
  } = cluster;

  /** Waits until the stream is marked evaluated up to (at least) the candle opening at `time`. */
  async function waitForMark(time: number): Promise<void> {
    for (let tries = 0; ((await cluster.observer.readEvaluationMarks()).get(STREAM) ?? 0) < time;) {
      tries += 1;
      if (tries > 100) throw new Error(`The stream was never marked as evaluated up to ${time}.`);
      await pause(20);
    }
  }

  /** Creates through one process a OncePerBar price alert of BTCUSDT (201). */
  function createOncePerBar(
    through: ApiProcess,
    subscriptionId: string,
    condition: AlertCondition,
    valueTarget: number,
  ): Promise<AlertJson> {
    return createAlert(through, {
      subscriptionId,
      condition,
      frequency: 'OncePerBar',
      valueTarget,
    });
  }

  /**
   * At `seconds` after T (the clock moves there), the same update reaches every running process's
   * market (each has its own upstream).
   */
  function emitEverywhere(seconds: number, update: Candle): void {
    cluster.clock = at(seconds);
    for (const { market } of cluster.processes) market.emit('BTCUSDT', 'OneMinute', update);
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
    for (let tries = 0; (await cluster.observer.countPendingDeliveries()) > 0; tries += 1) {
      if (tries > 100) throw new Error('The outbox never emptied.');
      await pause(20);
    }
  }

  /**
   * Starts two processes ('first' leads) and creates through 'second' a OncePerBar GreaterThan
   * 60,500 alert, which the leader fires in bar 1 (T + 60) at 60,600.
   */
  async function leaderFiresInBar1() {
    const first = await startProcess('first');
    const second = await startProcess('second');
    const { subscriptionId, endpoint } = await subscribe(second);
    const alert = await createOncePerBar(second, subscriptionId, 'GreaterThan', 60_500);
    await waitFor(() => first.market.subscribedStreams.includes(STREAM), 'the leader to watch');
    await waitForMark(T);

    // Bar 1 (T + 60): the leader fires at 60,600.
    emitEverywhere(70, candle(T + 60, 60_000, 60_600, 59_950, 60_550));
    await cluster.push.waitForPushes(1, { endpoint });
    await waitForMark(T + 60);
    return { first, second, subscriptionId, endpoint, alert };
  }

  it('fires a OncePerBar GreaterThan alert created through a follower exactly once per bar, though every process sees every update', async () => {
    const leader = await startProcess('leader');
    const follower = await startProcess('follower');
    const { subscriptionId, endpoint } = await subscribe(follower);
    const heardOnFollower = await watch(follower, subscriptionId);
    const heardOnLeader = await watch(leader, subscriptionId);

    // Bar 1 (the creation bar, T): 59,000 is below the price, so the alert holds from creation
    // and fires on the first value (the forming candle, replayed as the leader starts watching).
    const alert = await createOncePerBar(follower, subscriptionId, 'GreaterThan', 59_000);
    await waitFor(
      () => leader.market.subscribedStreams.includes(STREAM),
      'the leader to watch the alert',
    );
    await cluster.push.waitForPushes(1, { endpoint });
    emitEverywhere(40, candle(T, 60_000, 60_200, 59_900, 60_100));
    emitEverywhere(50, candle(T, 60_000, 60_300, 59_900, 60_250));
    await waitForMark(T);
    await pause(QUIET_MS);
    const afterBar1 = cluster.push.receivedFor(endpoint).length;

    // Bar 2 (T + 60): two updates, each showing prices above the level.
    emitEverywhere(70, candle(T + 60, 60_250, 60_400, 60_200, 60_300));
    await cluster.push.waitForPushes(2, { endpoint });
    emitEverywhere(80, candle(T + 60, 60_250, 60_500, 60_100, 60_450));
    await waitForMark(T + 60);
    await pause(QUIET_MS);
    const afterBar2 = cluster.push.receivedFor(endpoint).length;

    // Bar 3 (T + 120).
    emitEverywhere(130, candle(T + 120, 60_450, 60_600, 60_400, 60_550));
    await cluster.push.waitForPushes(3, { endpoint });
    emitEverywhere(140, candle(T + 120, 60_450, 60_700, 60_350, 60_650));
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
    expect([afterBar1, afterBar2, cluster.push.receivedFor(endpoint).length]).toEqual([1, 2, 3]);
    expect(await listAlerts(leader, subscriptionId)).toEqual([expected]);
    expect(await listAlerts(follower, subscriptionId)).toEqual([expected]);
    expect(await firingRows(alert.id)).toEqual(
      firings.map((f) => ({ firedAt: Date.parse(f.at), value: f.value })),
    );
    expect(heardOnLeader.map((a) => a.triggerCount)).toEqual([1, 2, 3]);
    expect(heardOnFollower.map((a) => a.triggerCount)).toEqual([1, 2, 3]);
    expect(await cluster.observer.countPendingDeliveries()).toBe(0);
  });

  it.each([
    ['its PostgreSQL session dies', 'killed'],
    ['it closes', 'closed'],
  ] as const)(
    'fails over mid-bar when the leader that fired a OncePerBar alert in that bar stops (%s): no second firing for the bar, one in the next',
    async (_how, how) => {
      const { first, second, subscriptionId, endpoint, alert } = await leaderFiresInBar1();

      // Still in bar 1: the leader stops. The bar goes on higher while nobody leads: only the
      // markets' history shows it, so the new leader sees it in its replay from the mark.
      // (Recorded before the leader stops, so that no replay can run before it.)
      cluster.clock = at(80);
      for (const { market } of cluster.processes)
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
      emitEverywhere(90, candle(T + 60, 60_000, 60_800, 59_950, 60_750));
      await pause(QUIET_MS);
      const afterBar1 = cluster.push.receivedFor(endpoint).length;

      // Bar 2 (T + 120): it fires once more, on the new leader.
      emitEverywhere(130, candle(T + 120, 60_750, 60_800, 60_700, 60_780));
      await cluster.push.waitForPushes(2, { endpoint });
      emitEverywhere(140, candle(T + 120, 60_750, 60_900, 60_700, 60_850));
      await waitForMark(T + 120);
      await pause(QUIET_MS);
      await waitForEmptyOutbox();

      const firings = [
        { at: iso(at(70)), value: 60_600 },
        { at: iso(at(130)), value: 60_750 },
      ];
      expect(first.coordinator.isLeader).toBe(false);
      expect([afterBar1, cluster.push.receivedFor(endpoint).length]).toEqual([1, 2]);
      for (const on of cluster.processes) {
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
      expect(await cluster.observer.countPendingDeliveries()).toBe(0);
    },
  );

  it('fires once for each bar a new leader replays after a failover, beyond the bar the old leader fired in', async () => {
    const { second, subscriptionId, endpoint, alert } = await leaderFiresInBar1();

    // The leader's session dies; before anyone takes over, two more bars above the level pass
    // (only the markets' history shows them): the new leader's replay must fire once for each.
    // (Recorded before the session dies, so that no replay can run before them.)
    for (const { market } of cluster.processes) {
      market.record('BTCUSDT', 'OneMinute', candle(T + 120, 60_600, 60_700, 60_550, 60_650));
      market.record('BTCUSDT', 'OneMinute', candle(T + 180, 60_650, 60_750, 60_600, 60_700));
    }
    cluster.clock = at(200);
    await killLeaderSession();
    await waitFor(() => second.coordinator.isLeader, 'the follower to take over', TAKEOVER_MS);
    await cluster.push.waitForPushes(3, { endpoint });
    await waitForMark(T + 180);
    await pause(QUIET_MS);
    await waitForEmptyOutbox();

    expect(cluster.push.receivedFor(endpoint)).toHaveLength(3);
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
    expect(await cluster.observer.countPendingDeliveries()).toBe(0);
  });

  it('replays a downtime for a CrossingUp OncePerBar alert: once per bar that crossed up, never dated before the alert', async () => {
    const solo = await startProcess('solo');
    const { subscriptionId, endpoint } = await subscribe(solo);
    const alert = await createOncePerBar(solo, subscriptionId, 'CrossingUp', 60_500);
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
    cluster.clock = at(150);
    const restarted = await startProcess('restarted', { BTCUSDT: downtime });
    await waitFor(() => restarted.coordinator.isLeader, 'the new process to lead', TAKEOVER_MS);
    await cluster.push.waitForPushes(2, { endpoint });
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
    expect(cluster.push.receivedFor(endpoint)).toHaveLength(2);
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
    expect(await cluster.observer.countPendingDeliveries()).toBe(0);
  });
});
