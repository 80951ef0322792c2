import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  alertDirection,
  computeRsiCandles,
  hasRsiValue,
  type Interval,
  type SymbolId,
  type UnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import { type AlertRecord, type AlertStore } from '../storage/AlertStore';
import { DatabaseUnavailableError } from '../storage/DatabaseUnavailableError';
import { openAlertStore } from '../storage/openAlertStore';
import { alertRecord } from '../test-support/alertRecord';
import { testDeliveryChannels } from '../test-support/testDeliveryChannels';
import { candle, ScriptedMarketData } from '../test-support/ScriptedMarketData';
import { AlertEngine, type AlertEngineOptions } from './AlertEngine';
import { type ReconcileVerdict } from './ReconcileScan';

const MINUTE = 60;
const T = 1_700_000_040; // a minute boundary
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let store: AlertStore;
let market: ScriptedMarketData;
let engines: AlertEngine[];
let triggered: AlertRecord[];

function engine(overrides: Partial<AlertEngineOptions> = {}): AlertEngine {
  const instance = new AlertEngine({
    store,
    marketData: market,
    logger: silent,
    channels: testDeliveryChannels,
    onTriggered: (alert) => triggered.push(alert),
    now: () => (T + 30) * 1000,
    replayRetryMs: 10,
    ...overrides,
  });
  engines.push(instance);
  return instance;
}

let sequence = 0;
/**
 * One check against the table, as AlertsRuntime makes it: the active ids (here all in one page),
 * the verdict, and the watched alerts it names as no longer active forgotten.
 */
async function reconcile(subject: AlertEngine, activeIds: string[]): Promise<ReconcileVerdict> {
  const scan = subject.reconcileScan();
  try {
    scan.sawActive(activeIds);
    const verdict = await scan.verdict();
    subject.forget(verdict.forgotten);
    return verdict;
  } finally {
    scan.close();
  }
}

async function createAlert(
  fields: {
    symbol?: SymbolId;
    type?: 'Price' | 'Rsi';
    interval?: Interval;
    valueOnCreation: number;
    valueTarget: number;
  } & Partial<Pick<AlertRecord, 'creationCandleTime' | 'creationHigh' | 'creationLow'>>,
): Promise<AlertRecord> {
  sequence += 1;
  const alert = alertRecord(`alert-${sequence}`, 'sub-1', {
    symbol: fields.symbol ?? 'BTCUSDT',
    type: fields.type ?? 'Price',
    interval: fields.type === 'Rsi' ? (fields.interval ?? 'OneHour') : 'OneMinute',
    direction: alertDirection(fields.valueOnCreation, fields.valueTarget),
    valueOnCreation: fields.valueOnCreation,
    valueTarget: fields.valueTarget,
    createdAt: (T * 1000) as UnixMillis,
    creationCandleTime: (fields.creationCandleTime ?? T) as UnixSeconds,
    creationHigh: fields.creationHigh ?? fields.valueOnCreation,
    creationLow: fields.creationLow ?? fields.valueOnCreation,
  });
  expect(await store.createAlert(alert, 1000)).toBe('created');
  return alert;
}

async function settle(): Promise<void> {
  for (const instance of engines) await instance.whenIdle();
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
  engines = [];
  triggered = [];
});

afterEach(async () => {
  for (const instance of engines) await instance.close();
  await store.close();
});

describe('AlertEngine with price alerts', () => {
  it('fires a bullish alert once when a 1-minute high reaches the target, and queues its push', async () => {
    const alert = await createAlert({ valueOnCreation: 60_000, valueTarget: 65_000 });
    const subject = engine();
    await subject.start();
    await settle();

    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 64_999, 59_000, 64_000));
    await settle();
    const beforeCrossing = triggered.length;
    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 65_100, 59_000, 65_050));
    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 66_000, 59_000, 65_900));
    await settle();

    expect(beforeCrossing).toBe(0);
    expect(triggered).toEqual([
      expect.objectContaining({
        id: alert.id,
        status: 'Triggered',
        triggeredValue: 65_100,
        triggeredAt: (T + 30) * 1000,
      }),
    ]);
    const [message] = await store.claimDueDeliveries(
      Number.MAX_SAFE_INTEGER as UnixMillis,
      10,
      1000,
    );
    expect(JSON.parse(message!.payload)).toEqual({
      title: 'BTCUSDT price alert',
      body: 'BTCUSDT price rose to 65,100.00 (simulated market)',
      icon: '/app-icons/pairwatch-192.png',
      url: '/alerts?symbol=BTCUSDT&interval=OneMinute',
      tag: alert.id,
    });
    expect(message!.topic).toBe(alert.id);
  });

  it("writes a stream's evaluation mark only once the firings judged before it are recorded", async () => {
    // A replay after a crash starts at the table's mark: written while the firings of an earlier
    // candle still wait to be recorded, it would lose them.
    const alert = await createAlert({ valueOnCreation: 60_000, valueTarget: 65_000 });
    let openGate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const held: AlertStore = Object.create(store) as AlertStore;
    held.triggerAlerts = async (requests) => {
      await gate;
      return store.triggerAlerts(requests);
    };
    const subject = engine({ store: held });
    await subject.start();
    await settle();
    const stream = 'BTCUSDT|OneMinute';
    expect((await store.readEvaluationMarks()).get(stream)).toBe(T);

    market.emit('BTCUSDT', 'OneMinute', candle(T, 60_000, 65_100, 59_000, 65_050));
    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 65_050, 65_060, 65_000, 65_010));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(triggered).toEqual([]);
    expect((await store.readEvaluationMarks()).get(stream)).toBe(T);
    openGate();
    await settle();
    expect(triggered).toEqual([expect.objectContaining({ id: alert.id, status: 'Triggered' })]);
    expect((await store.readEvaluationMarks()).get(stream)).toBe(T + MINUTE);
  });

  it('says nothing of a simulated market in the push when the live source is Binance', async () => {
    market.source = 'binance';
    await createAlert({ valueOnCreation: 60_000, valueTarget: 65_000 });
    const subject = engine();
    await subject.start();
    await settle();

    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 65_100, 59_000, 65_050));
    await settle();

    const [message] = await store.claimDueDeliveries(
      Number.MAX_SAFE_INTEGER as UnixMillis,
      10,
      1000,
    );
    expect(JSON.parse(message!.payload)).toMatchObject({
      body: 'BTCUSDT price rose to 65,100.00',
    });
  });

  it('fires a bearish alert when a low reaches the target', async () => {
    const alert = await createAlert({ valueOnCreation: 60_000, valueTarget: 55_000 });
    const subject = engine();
    await subject.start();

    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 60_500, 54_900, 59_000));
    await settle();

    expect(triggered.map((a) => [a.id, a.triggeredValue])).toEqual([[alert.id, 54_900]]);
  });

  it('fires on a wick that crosses the target and comes back within one update', async () => {
    const alert = await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 });
    const subject = engine();
    await subject.start();

    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 61_200, 59_800, 60_100));
    await settle();

    expect(triggered.map((a) => a.id)).toEqual([alert.id]);
  });

  it('does not count a high reached before the alert existed, only price action beyond it', async () => {
    // Created at 60,000 while the forming candle had already been up to 62,000.
    const alert = await createAlert({
      valueOnCreation: 60_000,
      valueTarget: 61_000,
      creationHigh: 62_000,
      creationLow: 59_500,
    });
    const subject = engine();
    await subject.start();

    market.emit('BTCUSDT', 'OneMinute', candle(T, 60_000, 62_000, 59_500, 60_500));
    await settle();
    const stillActive = triggered.length;
    market.emit('BTCUSDT', 'OneMinute', candle(T, 60_000, 62_000, 59_500, 61_000));
    await settle();

    expect(stillActive).toBe(0);
    expect(triggered.map((a) => [a.id, a.triggeredValue])).toEqual([[alert.id, 61_000]]);
  });

  it('counts a new extreme of the creation candle beyond the one it had at creation', async () => {
    const alert = await createAlert({
      valueOnCreation: 60_000,
      valueTarget: 59_000,
      creationHigh: 60_200,
      creationLow: 59_800,
    });
    const subject = engine();
    await subject.start();

    market.emit('BTCUSDT', 'OneMinute', candle(T, 60_000, 60_200, 58_900, 59_500));
    await settle();

    expect(triggered.map((a) => [a.id, a.triggeredValue])).toEqual([[alert.id, 58_900]]);
  });

  it('ignores candles older than the alert', async () => {
    await createAlert({ valueOnCreation: 60_000, valueTarget: 65_000 });
    const subject = engine();
    await subject.start();

    market.emit('BTCUSDT', 'OneMinute', candle(T - MINUTE, 60_000, 70_000, 59_000, 64_000));
    await settle();

    expect(triggered).toEqual([]);
  });

  it('watches an alert added after start, and stops watching one it was told to forget', async () => {
    const subject = engine();
    await subject.start();
    const kept = await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 });
    const forgotten = await createAlert({ valueOnCreation: 60_000, valueTarget: 60_500 });
    subject.add(kept);
    subject.add(forgotten);
    await settle();
    subject.forget([forgotten.id]);

    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 61_000, 60_000, 60_900));
    await settle();

    expect(triggered.map((a) => a.id)).toEqual([kept.id]);
  });

  it('loads its alerts a page at a time, keeping what was created or deleted meanwhile', async () => {
    const loaded: AlertRecord[] = [];
    for (let i = 0; i < 5; i += 1)
      loaded.push(await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 + i }));
    const pages: (string | undefined)[] = [];
    let openSecondPage: () => void = () => undefined;
    const realStore = store;
    const secondPageAsked = new Promise<void>((asked) => {
      store = Object.assign(Object.create(realStore) as AlertStore, {
        listActiveAlerts: async (page?: { after?: string; limit: number }) => {
          pages.push(page?.after);
          if (pages.length === 2) {
            asked();
            await new Promise<void>((open) => (openSecondPage = open));
          }
          return realStore.listActiveAlerts(page);
        },
      });
    });
    const subject = engine({ loadPageSize: 2 });

    const starting = subject.start();
    await secondPageAsked;
    // Deleted after the first page read it; created after that page (read by a later one too).
    await realStore.deleteAlert(loaded[0]!.id, 'sub-1');
    subject.forget([loaded[0]!.id]);
    const created = await createAlert({ valueOnCreation: 60_000, valueTarget: 60_500 });
    subject.add(created);
    openSecondPage();
    await starting;
    store = realStore;
    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 70_000, 60_000, 69_000));
    await settle();

    // 6 alerts (the deleted one while the first page was read) in pages of 2, then an empty one; each
    // fires once, the deleted one never.
    expect(pages).toHaveLength(4);
    expect(pages[0]).toBeUndefined();
    expect(triggered.map((alert) => alert.id).sort()).toEqual(
      [...loaded.slice(1), created].map((alert) => alert.id).sort(),
    );
  });

  it('does not bring back an alert forgotten while start was still loading', async () => {
    const alert = await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const realStore = store;
    store = Object.assign(Object.create(realStore) as AlertStore, {
      listActiveAlerts: async () => {
        const alerts = await realStore.listActiveAlerts();
        await gate;
        return alerts;
      },
    });
    const subject = engine();

    const starting = subject.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    subject.forget([alert.id]);
    release();
    await starting;
    store = realStore;

    expect(subject.activeCount).toBe(0);
    expect(market.subscribedStreams).toEqual([]);
  });

  it('reconciles with the table: forgets what is no longer active, reports what it misses', async () => {
    const watched = await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 });
    const gone = await createAlert({ valueOnCreation: 60_000, valueTarget: 62_000 });
    const subject = engine();
    await subject.start();
    const unseen = await createAlert({ valueOnCreation: 60_000, valueTarget: 63_000 });

    const outcome = await reconcile(subject, [watched.id, unseen.id]);
    await settle();

    expect(outcome).toEqual({ missing: [unseen.id], forgotten: [gone.id] });
    expect(subject.activeCount).toBe(1);
  });

  it('tells a reconcile scan in progress of the alerts it adds, forgets and lets go of after firing', async () => {
    const fires = await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 });
    const deleted = await createAlert({ valueOnCreation: 60_000, valueTarget: 62_000 });
    const subject = engine();
    await subject.start();
    await settle();
    const scan = subject.reconcileScan();
    // The table as read before the changes below: both active, the new one not there yet.
    scan.sawActive([fires.id, deleted.id]);
    const created = await createAlert({ valueOnCreation: 60_000, valueTarget: 63_000 });
    subject.add(created);
    subject.forget([deleted.id]);
    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 61_500, 60_000, 61_400));
    await settle();

    const verdict = await scan.verdict();
    scan.close();

    // Without being told, the scan would forget the new alert and call the other two missing.
    expect(verdict).toEqual({ missing: [], forgotten: [] });
    expect(triggered.map((a) => a.id)).toEqual([fires.id]);
    expect(subject.activeCount).toBe(1);
  });

  it('does not report an alert whose trigger is being recorded as missing', async () => {
    const alert = await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 });
    const subject = engine();
    await subject.start();
    await settle();

    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 61_500, 60_000, 61_400));
    const whileFiring = await reconcile(subject, [alert.id]);
    await settle();

    expect(whileFiring).toEqual({ missing: [], forgotten: [] });
    expect(triggered.map((a) => a.id)).toEqual([alert.id]);
  });

  it('holds a market stream only while alerts watch it', async () => {
    const alert = await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 });
    const subject = engine();
    await subject.start();
    const whileWatched = market.subscribedStreams;

    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 61_000, 60_000, 61_000));
    await settle();

    expect(whileWatched).toEqual(['BTCUSDT|OneMinute']);
    expect(triggered.map((a) => a.id)).toEqual([alert.id]);
    expect(market.subscribedStreams).toEqual([]);
    expect(subject.streamKeys).toEqual([]);
  });

  it('judges an alert again when its firing was refused 4 times by a statement error, even after its stream was released', async () => {
    const alert = await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 });
    const triggerAlerts = store.triggerAlerts.bind(store);
    let failures = 4;
    store.triggerAlerts = (...args) =>
      failures-- > 0
        ? Promise.reject(new Error('SQLITE_ERROR: no such column'))
        : triggerAlerts(...args);
    const subject = engine({ recordRetryMs: 1 });
    await subject.start();
    await settle();

    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 61_000, 60_000, 61_000));
    await settle();
    // Re-watched with a replay from the mark: the crossing it failed to record counts again.
    market.emit('BTCUSDT', 'OneMinute', candle(T + 2 * MINUTE, 61_000, 61_500, 60_500, 61_200));
    await settle();

    expect(failures).toBe(-1);
    expect(triggered.map((a) => a.id)).toEqual([alert.id]);
    expect(market.subscribedStreams).toEqual([]);
  });

  it('records a firing once the database answers again, though the price has gone back meanwhile', async () => {
    const alert = await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 });
    // Keeps the stream open: the alert is not re-watched through a new stream's replay.
    await createAlert({ valueOnCreation: 60_000, valueTarget: 70_000 });
    const triggerAlerts = store.triggerAlerts.bind(store);
    let failures = 2;
    store.triggerAlerts = (...args) =>
      failures-- > 0
        ? Promise.reject(new DatabaseUnavailableError('busy'))
        : triggerAlerts(...args);
    const marks: number[] = [];
    const writeEvaluationMark = store.writeEvaluationMark.bind(store);
    store.writeEvaluationMark = (stream, time) => {
      marks.push(time);
      return writeEvaluationMark(stream, time);
    };
    const subject = engine({ recordRetryMs: 10 });
    await subject.start();
    await settle();

    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 61_000, 60_000, 60_900));
    market.emit('BTCUSDT', 'OneMinute', candle(T + 2 * MINUTE, 60_900, 60_950, 60_500, 60_600));
    // While the database refuses, no mark passes the candle that fired the alert.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(marks.every((time) => time < T + MINUTE)).toBe(true);
    await settle();

    expect(failures).toBe(-1);
    expect(triggered.map((a) => [a.id, a.triggeredValue])).toEqual([[alert.id, 61_000]]);
    expect(Math.max(...marks)).toBe(T + 2 * MINUTE);
  });

  it('closes while the database still refuses a firing, and the next start fires it from the marks', async () => {
    const alert = await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 });
    await createAlert({ valueOnCreation: 60_000, valueTarget: 70_000 });
    const triggerAlerts = store.triggerAlerts.bind(store);
    let refusing = true;
    let refusals = 0;
    store.triggerAlerts = (...args) => {
      if (!refusing) return triggerAlerts(...args);
      refusals += 1;
      return Promise.reject(new DatabaseUnavailableError('timeout'));
    };
    const first = engine({ recordRetryMs: 5 });
    await first.start();
    await settle();
    market.setHistory('BTCUSDT', 'OneMinute', [
      candle(T, 60_000, 60_000, 60_000, 60_000),
      candle(T + MINUTE, 60_000, 61_000, 60_000, 60_900),
      candle(T + 2 * MINUTE, 60_900, 60_950, 60_500, 60_600),
    ]);
    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 61_000, 60_000, 60_900));
    market.emit('BTCUSDT', 'OneMinute', candle(T + 2 * MINUTE, 60_900, 60_950, 60_500, 60_600));
    const deadline = Date.now() + 2_000;
    while (refusals < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(refusals).toBeGreaterThanOrEqual(3);

    await first.close();
    refusing = false;
    const second = engine({ now: () => (T + 2 * MINUTE + 30) * 1000 });
    await second.start();
    await settle();

    expect(triggered.map((a) => [a.id, a.triggeredValue])).toEqual([[alert.id, 61_000]]);
  });

  it('fires an alert once even when two engines see the same candle', async () => {
    await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 });
    const first = engine();
    const second = engine();
    await first.start();
    await second.start();

    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 61_500, 60_000, 61_400));
    await settle();

    expect(triggered).toHaveLength(1);
    expect(await store.countPendingDeliveries()).toBe(1);
  });

  /**
   * An engine over a store whose batches take `msPerFiring` each on the engine's recording clock,
   * noting each batch and when the sender ran (as its wake does: the next turn of the event loop).
   */
  async function timedBatches(
    msPerFiring: (batch: number) => number,
    claimedMs?: number,
  ): Promise<{ batches: number[]; events: string[] }> {
    for (let i = 0; i < 1000; i += 1)
      await createAlert({ valueOnCreation: 60_000, valueTarget: 60_100 + i });
    const events: string[] = [];
    const batches: number[] = [];
    let clock = 0;
    const plain = store;
    store = new Proxy(plain, {
      get: (target, property) =>
        property === 'triggerAlerts'
          ? async (...[requests, claim]: Parameters<AlertStore['triggerAlerts']>) => {
              batches.push(requests.length);
              events.push(`batch ${requests.length}`);
              const results = await target.triggerAlerts(
                requests,
                claim && {
                  ...claim,
                  claimed: (deliveries) => {
                    clock += requests.length * msPerFiring(batches.length - 1);
                    claim.claimed(deliveries);
                  },
                },
              );
              if (!claim) clock += requests.length * msPerFiring(batches.length - 1);
              return results;
            }
          : (Reflect.get(target, property) as unknown),
    });
    const instance = new AlertEngine({
      store,
      marketData: market,
      logger: silent,
      channels: testDeliveryChannels,
      onTriggered: (alert) => {
        triggered.push(alert);
        if (triggered.length === batches.reduce((sum, size) => sum + size, 0))
          setImmediate(() => events.push(`sender ran after ${triggered.length}`));
      },
      now: () => (T + 30) * 1000,
      recordingClock: () => clock,
      // A sender whose sends, started once a batch committed, take `claimedMs` of the clock.
      ...(claimedMs === undefined
        ? {}
        : {
            claimDeliveries: () => ({
              limit: 64,
              leaseUntil: ((T + 90) * 1000) as UnixMillis,
              claimed: () => {
                clock += claimedMs;
              },
              abandoned: () => undefined,
            }),
          }),
    });
    engines.push(instance);
    await instance.start();
    store = plain;

    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 62_000, 60_000, 61_900));
    await settle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(triggered).toHaveLength(1000);
    return { batches, events };
  }

  it('records an update that fires many alerts in batches growing while they are quick, and lets the sender in between', async () => {
    const { batches, events } = await timedBatches(() => 0.01);

    // The first pushes wait for 32 firings, not 1,000; no transaction holds more than 500.
    expect(batches).toEqual([32, 64, 128, 256, 500, 20]);
    expect(events).toEqual([
      'batch 32',
      'sender ran after 32',
      'batch 64',
      'sender ran after 96',
      'batch 128',
      'sender ran after 224',
      'batch 256',
      'sender ran after 480',
      'batch 500',
      'sender ran after 980',
      'batch 20',
      'sender ran after 1000',
    ]);
  });

  it('keeps batches to what records in about 10 ms, so a burst of firings never holds the event loop long', async () => {
    // 0.15 ms a firing, as SQLite on the event loop: 32 take 4.8 ms (grow), 64 take 9.6 (stay).
    const { batches, events } = await timedBatches(() => 0.15);

    expect(batches).toEqual([32, ...Array<number>(15).fill(64), 8]);
    expect(events.slice(0, 4)).toEqual([
      'batch 32',
      'sender ran after 32',
      'batch 64',
      'sender ran after 96',
    ]);
  });

  it('sizes a batch by its transaction, not by the sends its claim starts once it committed', async () => {
    // Quick transactions; the sender's 30 ms of sends after each would halve every batch if counted.
    const { batches } = await timedBatches(() => 0.01, 30);

    expect(batches).toEqual([32, 64, 128, 256, 500, 20]);
  });

  it('halves a batch that took too long, never below the first batch', async () => {
    // Quick for three batches, then 0.1 ms a firing: 256 take 25.6 ms, 128 take 12.8, 64 take 6.4.
    expect((await timedBatches((batch) => (batch < 3 ? 0.01 : 0.1))).batches).toEqual([
      32,
      64,
      128,
      256,
      128,
      ...Array<number>(6).fill(64),
      8,
    ]);
  });

  it('never records fewer than the first batch at once, however slow the store', async () => {
    expect((await timedBatches(() => 1)).batches).toEqual([...Array<number>(31).fill(32), 8]);
  });

  it('judges an update that fires many alerts without a market report or a stream check per firing', async () => {
    for (let i = 0; i < 50; i += 1)
      await createAlert({ valueOnCreation: 60_000, valueTarget: 60_100 + i });
    // One more, out of reach: the stream stays watched after the 50 fire.
    await createAlert({ valueOnCreation: 60_000, valueTarget: 70_000 });
    const subject = engine();
    await subject.start();
    await settle();
    let reports = 0;
    const status = market.status.bind(market);
    market.status = () => {
      reports += 1;
      return status();
    };
    const queued: unknown[] = [];
    const queueMicrotask = globalThis.queueMicrotask;
    globalThis.queueMicrotask = (task) => {
      queued.push(task);
      queueMicrotask(task);
    };
    try {
      market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 60_200, 60_000, 60_200));
    } finally {
      globalThis.queueMicrotask = queueMicrotask;
    }
    await settle();

    expect(triggered).toHaveLength(50);
    expect(subject.activeCount).toBe(1);
    // The source is read once for the update (not 50 reports of the whole feed), and no check of
    // whether the stream is still watched is queued while alerts remain on it.
    expect(reports).toBe(1);
    expect(queued).toHaveLength(1);
    expect(triggered.every((alert) => alert.status === 'Triggered')).toBe(true);
  });

  it('lets go of the alerts an update fires with at most two hash-table operations each', async () => {
    const fired = 400;
    for (let i = 0; i < fired; i += 1)
      await createAlert({ valueOnCreation: 60_000, valueTarget: 60_100 + i });
    const waiting = await createAlert({ valueOnCreation: 60_000, valueTarget: 70_000 });
    const subject = engine();
    await subject.start();
    // A quiet update first: the first one sorts the stream's index, once.
    market.emit('BTCUSDT', 'OneMinute', candle(T, 60_000, 60_050, 60_000, 60_050));
    await settle();
    // Every Map and Set operation of the synchronous update (the engine's decision) is counted.
    let operations = 0;
    const restore: (() => void)[] = [];
    for (const prototype of [Map.prototype, Set.prototype] as unknown as Record<
      string,
      unknown
    >[]) {
      for (const name of ['get', 'set', 'add', 'has', 'delete']) {
        const original = prototype[name];
        if (typeof original !== 'function') continue;
        prototype[name] = function (this: unknown, ...args: unknown[]): unknown {
          operations += 1;
          return (original as (...a: unknown[]) => unknown).apply(this, args);
        };
        restore.push(() => (prototype[name] = original));
      }
    }
    try {
      market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 60_600, 60_000, 60_550));
    } finally {
      for (const undo of restore) undo();
    }
    // Until its firing is recorded a fired alert still counts as watched (reconcile leaves it).
    expect(await reconcile(subject, [waiting.id])).toEqual({ missing: [], forgotten: [] });
    await settle();

    expect(triggered).toHaveLength(fired);
    // Its stream evaluator's entry by id and its condition's evaluator: not a set of removed
    // alerts per index, a held set, a map of changes, the engine's maps of streams and firings
    // (about 14 each, issue #27). A few more for the update itself.
    expect(operations).toBeLessThanOrEqual(2 * fired + 20);
    expect(subject.activeCount).toBe(1);
    expect(await reconcile(subject, [waiting.id])).toEqual({ missing: [], forgotten: [] });
  });

  it('replays the candles it missed while stopped, so a crossing during the outage fires after restart', async () => {
    const alert = await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 });
    const before = engine();
    await before.start();
    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 60_500, 59_900, 60_400));
    await settle();
    await before.close();

    // While the engine is down the price crosses the target and comes back.
    market.record('BTCUSDT', 'OneMinute', candle(T + 2 * MINUTE, 60_400, 61_300, 60_300, 60_600));
    market.record('BTCUSDT', 'OneMinute', candle(T + 3 * MINUTE, 60_600, 60_700, 60_200, 60_300));
    const after = engine();
    await after.start();
    await settle();

    expect(triggered.map((a) => [a.id, a.triggeredValue])).toEqual([[alert.id, 61_300]]);
    expect(market.queries).toContainEqual(
      expect.objectContaining({ symbol: 'BTCUSDT', interval: 'OneMinute', startTime: T + MINUTE }),
    );
  });

  it('keeps judging live updates when the replay cannot reach the market', async () => {
    const alert = await createAlert({ valueOnCreation: 60_000, valueTarget: 61_000 });
    market.failure = new Error('market is down');
    const subject = engine();
    await subject.start();
    market.failure = undefined;

    market.emit('BTCUSDT', 'OneMinute', candle(T + MINUTE, 60_000, 61_100, 60_000, 61_000));
    await settle();

    expect(triggered.map((a) => a.id)).toEqual([alert.id]);
  });
});

describe('AlertEngine with RSI alerts', () => {
  const HOUR = 3600;
  const H0 = Math.floor(T / HOUR) * HOUR - 40 * HOUR;
  // Closes that alternate around 100 keep the RSI near 50.
  const history = Array.from({ length: 40 }, (_, i) => {
    const close = i % 2 === 0 ? 100 : 101;
    return candle(H0 + i * HOUR, 100, Math.max(100, close), Math.min(100, close), close);
  });

  it('fires when the live RSI of its interval crosses the target', async () => {
    market.setHistory('ETHUSDT', 'OneHour', history);
    const lastTime = H0 + 39 * HOUR;
    const rsiNow = computeRsiCandles(history).at(-1)!;
    expect(hasRsiValue(rsiNow) && rsiNow.close > 40 && rsiNow.close < 60).toBe(true);
    const alert = await createAlert({
      symbol: 'ETHUSDT',
      type: 'Rsi',
      interval: 'OneHour',
      valueOnCreation: 50,
      valueTarget: 30,
      creationCandleTime: lastTime as UnixSeconds,
    });
    const subject = engine();
    await subject.start();
    await settle();
    const beforeDrop = triggered.length;

    market.emit('ETHUSDT', 'OneHour', candle(lastTime, 100, 101, 90, 90));
    await settle();

    expect(beforeDrop).toBe(0);
    expect(triggered).toHaveLength(1);
    expect(triggered[0]).toMatchObject({ id: alert.id, status: 'Triggered' });
    expect(triggered[0]!.triggeredValue).toBeLessThanOrEqual(30);
    const [message] = await store.claimDueDeliveries(
      Number.MAX_SAFE_INTEGER as UnixMillis,
      10,
      1000,
    );
    expect(JSON.parse(message!.payload)).toMatchObject({
      body: expect.stringMatching(/^ETHUSDT RSI \(1h\) dropped to \d+\.\d\d \(simulated market\)$/),
      url: '/alerts?symbol=ETHUSDT&interval=OneHour',
    });
  });

  it('does not fire while the RSI stays on the near side of the target', async () => {
    market.setHistory('ETHUSDT', 'OneHour', history);
    await createAlert({
      symbol: 'ETHUSDT',
      type: 'Rsi',
      interval: 'OneHour',
      valueOnCreation: 50,
      valueTarget: 70,
      creationCandleTime: (H0 + 39 * HOUR) as UnixSeconds,
    });
    const subject = engine();
    await subject.start();

    market.emit('ETHUSDT', 'OneHour', candle(H0 + 39 * HOUR, 100, 101, 100, 100.5));
    await settle();

    expect(triggered).toEqual([]);
  });
});
