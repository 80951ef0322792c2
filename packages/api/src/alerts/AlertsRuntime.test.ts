import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { alertDirection, type UnixMillis, type UnixSeconds } from '@pairwatch/domain';
import { Hub } from '@pairwatch/signalr-server';
import {
  type ClusterCoordinator,
  type ClusterEventListener,
  type LeadershipListener,
} from '../cluster/ClusterCoordinator';
import { ClusterDispatcher } from '../cluster/ClusterDispatcher';
import { type ClusterEvent } from '../cluster/ClusterEvent';
import { type AlertRecord, type AlertStore } from '../storage/AlertStore';
import { openAlertStore } from '../storage/openAlertStore';
import { alertRecord } from '../test-support/alertRecord';
import { recordingLogger } from '../test-support/recordingLogger';
import { candle, ScriptedMarketData } from '../test-support/ScriptedMarketData';
import { waitFor } from '@pairwatch/signalr-server/testing';
import { renderMessage } from '../test-support/renderMessage';
import { testDeliveryChannels } from '../test-support/testDeliveryChannels';
import { alertsGroup } from './alertsGroup';
import { AlertsRuntime, type AlertsRuntimeOptions } from './AlertsRuntime';
import { toAlertJson } from './toAlertJson';

const T = 1_700_000_040;
const NOW = (T + 30) * 1000;

/** A coordinator driven by the test: it leads when told, and its publishing can be lost or fail. */
class ManualCoordinator implements ClusterCoordinator {
  readonly published: ClusterEvent[] = [];
  /** `deliver`: every process hears it; `lose`: sent, but nobody hears it; `fail`: publish throws. */
  publishing: 'deliver' | 'lose' | 'fail' = 'deliver';
  closed = false;
  private readonly dispatcher = new ClusterDispatcher(recordingLogger());
  private leader: boolean;

  constructor(leader: boolean) {
    this.leader = leader;
  }

  get isLeader(): boolean {
    return this.leader;
  }

  onLeadershipChange(listener: LeadershipListener): void {
    this.dispatcher.onLeadershipChange(listener);
  }

  onEvent(listener: ClusterEventListener): void {
    this.dispatcher.onEvent(listener);
  }

  async publish(event: ClusterEvent): Promise<void> {
    if (this.publishing === 'fail') throw new Error('database unreachable');
    this.published.push(event);
    if (this.publishing === 'deliver') await this.dispatcher.event(event);
  }

  /** An event published by another process. */
  async receive(event: ClusterEvent): Promise<void> {
    await this.dispatcher.event(event);
  }

  async setLeader(leader: boolean): Promise<void> {
    this.leader = leader;
    await this.dispatcher.leadershipChanged(leader);
  }

  async start(): Promise<void> {
    if (this.leader) await this.dispatcher.leadershipChanged(true);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.leader) await this.setLeader(false);
  }
}

let store: AlertStore;
let market: ScriptedMarketData;
let hub: Hub<object>;
let logger: ReturnType<typeof recordingLogger>;
let runtimes: AlertsRuntime[];
let sequence = 0;

function runtime(
  coordinator: ClusterCoordinator,
  overrides: Partial<AlertsRuntimeOptions> = {},
): AlertsRuntime {
  const created = new AlertsRuntime({
    store,
    marketData: market,
    coordinator,
    hub,
    logger,
    now: () => NOW,
    onMessageQueued: () => undefined,
    channels: testDeliveryChannels,
    reconcileIntervalMs: 0,
    replayRetryMs: 10,
    ...overrides,
  });
  runtimes.push(created);
  return created;
}

async function storeAlert(valueTarget: number): Promise<AlertRecord> {
  sequence += 1;
  const alert = alertRecord(`alert-${sequence}`, 'sub-1', {
    direction: alertDirection(60_000, valueTarget),
    valueTarget,
    createdAt: (T * 1000) as UnixMillis,
    creationCandleTime: T as UnixSeconds,
  });
  expect(await store.createAlert(alert, 100)).toBe('created');
  return alert;
}

async function settle(subject: AlertsRuntime): Promise<void> {
  await subject.engine?.whenIdle();
}

beforeEach(async () => {
  store = await openAlertStore({ databaseUrl: undefined, dataDir: '', sqliteFile: ':memory:' });
  await store.saveSubscription(
    { endpoint: 'https://push.example.net/1', p256dh: 'p', auth: 'a' },
    'sub-1',
    0 as UnixMillis,
  );
  market = new ScriptedMarketData();
  market.setHistory('BTCUSDT', 'OneMinute', [candle(T, 60_000, 60_000, 60_000, 60_000)]);
  hub = new Hub({});
  logger = recordingLogger();
  runtimes = [];
});

afterEach(async () => {
  for (const subject of runtimes) await subject.close();
  await store.close();
});

describe('AlertsRuntime and leadership', () => {
  it('runs an engine over the stored alerts only while this process leads', async () => {
    await storeAlert(61_000);
    const coordinator = new ManualCoordinator(false);
    const subject = runtime(coordinator);

    await subject.start();
    const asFollower = { engine: subject.engine, streams: market.subscribedStreams };
    await coordinator.setLeader(true);
    await settle(subject);
    const asLeader = { watching: subject.engine?.activeCount, streams: market.subscribedStreams };
    await coordinator.setLeader(false);

    expect(asFollower).toEqual({ engine: undefined, streams: [] });
    expect(asLeader).toEqual({ watching: 1, streams: ['BTCUSDT|OneMinute'] });
    expect(subject.engine).toBeUndefined();
    expect(market.subscribedStreams).toEqual([]);
  });

  it('has started, and leads, while its engine is still loading the alerts, and watches them once loaded', async () => {
    // At 1,000,000 alerts the engine's load takes about 28 s; the api's port opens once the
    // runtime has started, so the start must not wait for it.
    const stored = await storeAlert(61_000);
    const table = store;
    let openLoad: () => void = () => undefined;
    const loadHeld = new Promise<void>((open) => (openLoad = open));
    store = new Proxy(table, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (property !== 'listActiveAlerts') {
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return async (...args: Parameters<AlertStore['listActiveAlerts']>) => {
          await loadHeld;
          return target.listActiveAlerts(...args);
        };
      },
    });
    const coordinator = new ManualCoordinator(true);
    const subject = runtime(coordinator);

    await subject.start();
    const whileLoading = {
      role: subject.health().role,
      loading: subject.health().loading,
      watching: subject.engine?.activeCount,
    };
    const created = await storeAlert(62_000);
    await coordinator.receive({ kind: 'created', alertIds: [created.id] });
    openLoad();
    await settle(subject);

    expect(whileLoading).toEqual({ role: 'leader', loading: true, watching: 0 });
    expect(subject.health().loading).toBe(false);
    expect(subject.engine?.activeCount).toBe(2);
    expect(market.subscribedStreams).toEqual(['BTCUSDT|OneMinute']);
    market.emit('BTCUSDT', 'OneMinute', candle(T + 60, 60_000, 62_500, 60_000, 62_400));
    await settle(subject);
    expect((await table.listAlerts('sub-1')).map((a) => [a.id, a.status])).toEqual([
      [stored.id, 'Triggered'],
      [created.id, 'Triggered'],
    ]);
  });

  it('starts the engine again when its start failed', async () => {
    await storeAlert(61_000);
    const realStore = store;
    let failures = 1;
    store = Object.assign(Object.create(realStore) as AlertStore, {
      listActiveAlerts: async () => {
        if (failures-- > 0) throw new Error('database restarting');
        return realStore.listActiveAlerts();
      },
    });
    const subject = runtime(new ManualCoordinator(true), { restartDelayMs: 10 });
    store = realStore;

    await subject.start();
    await waitFor(() => subject.engine?.activeCount === 1, 'the engine to start on a second try');

    expect(logger.lines).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'the alert engine could not start' }),
    );
  });

  it('stops the engine and leaves the cluster when closed', async () => {
    await storeAlert(61_000);
    const coordinator = new ManualCoordinator(true);
    const subject = runtime(coordinator);
    await subject.start();

    await subject.close();

    expect(coordinator.closed).toBe(true);
    expect(subject.engine).toBeUndefined();
    expect(market.subscribedStreams).toEqual([]);
  });
});

describe('AlertsRuntime closing while its engine records a firing', () => {
  it('announces the firing before the coordinator stops publishing', async () => {
    // Publishing ends once close() has stopped leading, as the real coordinators do.
    class ClosingCoordinator extends ManualCoordinator {
      private ended = false;
      override async publish(event: ClusterEvent): Promise<void> {
        if (this.ended)
          throw new Error(`Cannot publish '${event.kind}': the coordinator is closed.`);
        await super.publish(event);
      }
      override async close(): Promise<void> {
        await super.close();
        this.ended = true;
      }
    }
    const coordinator = new ClosingCoordinator(true);
    let closing: Promise<void> | undefined;
    // The process is told to stop just as the firing is recorded (before its announcement's turn).
    const subject = runtime(coordinator, {
      onMessageQueued: () => {
        closing ??= subject.close();
      },
    });
    await subject.start();
    const alert = await storeAlert(61_000);
    await coordinator.receive({ kind: 'created', alertIds: [alert.id] });
    await settle(subject);

    market.emit('BTCUSDT', 'OneMinute', candle(T + 60, 60_000, 61_200, 60_000, 61_100));
    await waitFor(() => closing !== undefined, 'the firing recorded');
    await closing;
    await new Promise((resolve) => setImmediate(resolve));

    expect(coordinator.published).toContainEqual({ kind: 'triggered', alertIds: [alert.id] });
    expect(logger.lines.filter((line) => line.level === 'error')).toEqual([]);
  });
});

describe('AlertsRuntime closing with a failing coordinator', () => {
  it('still stops its engine when leaving the cluster fails', async () => {
    await storeAlert(61_000);
    const failure = new Error('cluster session would not end');
    const coordinator = new ManualCoordinator(true);
    // Fails before it would have told the runtime that it no longer leads.
    coordinator.close = async () => {
      throw failure;
    };
    const subject = runtime(coordinator);
    await subject.start();
    await settle(subject);
    const streamsWhileLeading = market.subscribedStreams;

    await expect(subject.close()).rejects.toBe(failure);

    expect(streamsWhileLeading).toEqual(['BTCUSDT|OneMinute']);
    expect(subject.engine).toBeUndefined();
    expect(market.subscribedStreams).toEqual([]);
  });
});

describe('AlertsRuntime and alert events', () => {
  it('watches an alert another process created and lets go of one it deleted', async () => {
    const coordinator = new ManualCoordinator(true);
    const subject = runtime(coordinator);
    await subject.start();
    const alert = await storeAlert(61_000);

    await coordinator.receive({ kind: 'created', alertIds: [alert.id] });
    const afterCreate = market.subscribedStreams;
    await store.deleteAlert(alert.id, 'sub-1');
    await coordinator.receive({ kind: 'deleted', alertIds: [alert.id] });
    await settle(subject);

    expect(afterCreate).toEqual(['BTCUSDT|OneMinute']);
    expect(subject.engine?.activeCount).toBe(0);
    expect(market.subscribedStreams).toEqual([]);
  });

  it('reads the row again, so a created event for an alert already gone changes nothing', async () => {
    const coordinator = new ManualCoordinator(true);
    const subject = runtime(coordinator);
    await subject.start();
    await settle(subject);
    const alert = await storeAlert(61_000);
    await store.deleteAlert(alert.id, 'sub-1');

    await coordinator.receive({ kind: 'created', alertIds: [alert.id, 'never-existed'] });

    expect(subject.engine?.activeCount).toBe(0);
    expect(market.subscribedStreams).toEqual([]);
  });

  it('does not evaluate created alerts while another process leads', async () => {
    const coordinator = new ManualCoordinator(false);
    const subject = runtime(coordinator);
    await subject.start();
    const alert = await storeAlert(61_000);

    await coordinator.receive({ kind: 'created', alertIds: [alert.id] });

    expect(market.subscribedStreams).toEqual([]);
  });

  it('sends AlertTriggered to its own hub group for an alert another process fired', async () => {
    const broadcast = jest.spyOn(hub, 'broadcast');
    const coordinator = new ManualCoordinator(false);
    const subject = runtime(coordinator);
    await subject.start();
    const alert = await storeAlert(61_000);
    const fired = await store.triggerAlert(
      {
        alertId: alert.id,
        expectedCount: 0,
        firedAt: NOW as UnixMillis,
        value: 61_050,
        period: undefined,
        ends: true,
      },
      renderMessage('m1'),
    );

    await coordinator.receive({ kind: 'triggered', alertIds: [alert.id] });

    expect(broadcast.mock.calls).toEqual([
      [
        alertsGroup('sub-1'),
        'AlertTriggered',
        [toAlertJson(fired!, [{ firedAt: fired!.triggeredAt!, value: 61_050 }])],
      ],
    ]);
  });

  it('does not announce an alert as triggered when its row says otherwise', async () => {
    const broadcast = jest.spyOn(hub, 'broadcast');
    const coordinator = new ManualCoordinator(false);
    const subject = runtime(coordinator);
    await subject.start();
    const alert = await storeAlert(61_000);

    await coordinator.receive({ kind: 'triggered', alertIds: [alert.id] });

    expect(broadcast).not.toHaveBeenCalled();
  });

  it('announces the triggers of its engine, wakes the sender, and tells its own hub once', async () => {
    const broadcast = jest.spyOn(hub, 'broadcast');
    const coordinator = new ManualCoordinator(true);
    let wakes = 0;
    const subject = runtime(coordinator, { onMessageQueued: () => (wakes += 1) });
    await subject.start();
    const alert = await storeAlert(61_000);
    await coordinator.receive({ kind: 'created', alertIds: [alert.id] });
    await settle(subject);

    market.emit('BTCUSDT', 'OneMinute', candle(T + 60, 60_000, 61_200, 60_000, 61_100));
    await settle(subject);
    await waitFor(() => broadcast.mock.calls.length > 0, 'the hub broadcast');

    expect(coordinator.published).toEqual([{ kind: 'triggered', alertIds: [alert.id] }]);
    expect(wakes).toBe(1);
    expect(broadcast).toHaveBeenCalledTimes(1);
    expect(broadcast.mock.calls[0]![2]).toEqual([
      expect.objectContaining({ id: alert.id, status: 'Triggered', triggeredValue: 61_200 }),
    ]);
  });
});

describe('AlertsRuntime when a notification is lost', () => {
  it('never throws from announce, and warns of what it could not send without failing /status', async () => {
    const coordinator = new ManualCoordinator(true);
    coordinator.publishing = 'fail';
    const subject = runtime(coordinator);
    await subject.start();

    await subject.announce({ kind: 'created', alertIds: ['a1'] });

    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message:
          'could not tell the api processes about an alert change; reconciliation will catch up',
      }),
    );
    expect(subject.health().lastFailure).toBeUndefined();
  });

  it('catches up with alerts created and deleted without a notification when it reconciles', async () => {
    const coordinator = new ManualCoordinator(true);
    const subject = runtime(coordinator);
    const deletedSilently = await storeAlert(62_000);
    await subject.start();
    await settle(subject);
    coordinator.publishing = 'lose';
    const createdSilently = await storeAlert(61_000);
    await subject.announce({ kind: 'created', alertIds: [createdSilently.id] });
    await store.deleteAlert(deletedSilently.id, 'sub-1');
    await subject.announce({ kind: 'deleted', alertIds: [deletedSilently.id] });
    const beforeReconcile = subject.engine?.activeCount;

    await subject.reconcile();
    await settle(subject);
    market.emit('BTCUSDT', 'OneMinute', candle(T + 60, 60_000, 62_500, 60_000, 62_400));
    await settle(subject);

    expect(beforeReconcile).toBe(1);
    expect((await store.listAlerts('sub-1')).map((a) => [a.id, a.status])).toEqual([
      [createdSilently.id, 'Triggered'],
    ]);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'alert engine caught up with the table: a notification was lost',
        object: { added: 1, removed: 1 },
      }),
    );
  });

  it('reads the table a page at a time when it reconciles, and applies events meanwhile', async () => {
    const coordinator = new ManualCoordinator(true);
    const table = store;
    const pages: (string | undefined)[] = [];
    let openSecondPage: () => void = () => undefined;
    const secondPageAsked = new Promise<void>((asked) => {
      store = new Proxy(table, {
        get(target, property) {
          if (property !== 'listActiveAlertIds') {
            const value: unknown = Reflect.get(target, property, target);
            return typeof value === 'function' ? value.bind(target) : value;
          }
          return async (page?: { after?: string; limit: number }) => {
            pages.push(page?.after);
            if (pages.length === 2) {
              asked();
              await new Promise<void>((open) => (openSecondPage = open));
            }
            return target.listActiveAlertIds(page);
          };
        },
      });
    });
    const subject = runtime(coordinator, { reconcilePageSize: 2 });
    const deletedSilently = await storeAlert(62_000);
    for (let i = 0; i < 3; i += 1) await storeAlert(63_000 + i);
    await subject.start();
    await settle(subject);
    coordinator.publishing = 'lose';
    const createdSilently = await storeAlert(61_000);
    await table.deleteAlert(deletedSilently.id, 'sub-1');
    await subject.announce({ kind: 'deleted', alertIds: [deletedSilently.id] });
    coordinator.publishing = 'deliver';

    const reconciled = subject.reconcile();
    await secondPageAsked;
    // An alert created while the check waits for the table is watched at once, not after it.
    const createdMeanwhile = await storeAlert(64_000);
    void subject.announce({ kind: 'created', alertIds: [createdMeanwhile.id] });
    await waitFor(() => subject.engine?.activeCount === 5, 'the created alert, during the check');
    openSecondPage();
    await reconciled;

    // 5 active alerts (4 before the check, 1 created during it) in pages of 2.
    expect(pages.length).toBe(3);
    expect(pages[0]).toBeUndefined();
    expect(subject.engine?.activeCount).toBe(5);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'alert engine caught up with the table: a notification was lost',
        object: { added: 1, removed: 1 },
      }),
    );
    market.emit('BTCUSDT', 'OneMinute', candle(T + 60, 60_000, 61_500, 60_000, 61_400));
    await settle(subject);
    expect((await table.getAlerts([createdSilently.id]))[0]?.status).toBe('Triggered');
  });

  it('reconciles on its own every reconcileIntervalMs while it leads', async () => {
    const coordinator = new ManualCoordinator(true);
    coordinator.publishing = 'lose';
    const subject = runtime(coordinator, { reconcileIntervalMs: 20 });
    await subject.start();

    await storeAlert(61_000);
    await waitFor(() => subject.engine?.activeCount === 1, 'a periodic reconciliation');

    expect(market.subscribedStreams).toEqual(['BTCUSDT|OneMinute']);
  });
});
