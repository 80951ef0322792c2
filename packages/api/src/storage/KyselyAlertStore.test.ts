import fs from 'node:fs';
import { STORE_TABLES } from '../test-support/STORE_TABLES';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type UnixMillis, type UnixSeconds } from '@pairwatch/domain';
import type BetterSqlite3 from 'better-sqlite3';
import SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { type AlertRecord, type AlertStore, type RenderDeliveries } from './AlertStore';
import { renderMessage } from '../test-support/renderMessage';
import { alertRecord } from '../test-support/alertRecord';
import { BusyRetryingSqliteDialect } from './BusyRetryingSqliteDialect';
import { type DatabaseSchema } from './DatabaseSchema';
import { KyselyAlertStore } from './KyselyAlertStore';
import { migrations } from './migrations';
import { openAlertStore } from './openAlertStore';

const T0 = 1_700_000_000_000 as UnixMillis;

function keys(n: number) {
  return {
    endpoint: `https://push.example.net/push/${n}`,
    p256dh: `p256dh-${n}`,
    auth: `auth-${n}`,
  };
}

/** The shared test alert, with this file's creation values (tests compare them after a round trip). */
/**
 * A migrated in-memory SQLite store that logs every statement it runs, and asks SQLite's planner
 * how it runs a logged one (the steps' details).
 */
async function loggedSqliteStore(): Promise<{
  logged: KyselyAlertStore;
  statements: { sql: string; parameters: readonly unknown[] }[];
  planOf: (statement: { sql: string; parameters: readonly unknown[] }) => string[];
  database: SqliteDatabase.Database;
}> {
  const database = new SqliteDatabase(':memory:');
  const statements: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<DatabaseSchema>({
    dialect: new BusyRetryingSqliteDialect({ database, lockTimeoutMs: 1_000 }),
    log: (event) => {
      if (event.level === 'query') statements.push(event.query);
    },
  });
  await new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
  }).migrateToLatest();
  const planOf = (statement: { sql: string; parameters: readonly unknown[] }) =>
    (
      database
        .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .all(...(statement.parameters as unknown[])) as { detail: string }[]
    ).map((step) => step.detail);
  return { logged: new KyselyAlertStore(db, 'sqlite'), statements, planOf, database };
}

function alert(
  id: string,
  subscriptionId: string,
  overrides: Partial<AlertRecord> = {},
): AlertRecord {
  return alertRecord(id, subscriptionId, {
    valueTarget: 65_000,
    createdAt: T0,
    creationCandleTime: 1_700_000_000 as UnixSeconds,
    creationHigh: 60_010,
    creationLow: 59_990,
    ...overrides,
  });
}

function message(id: string): RenderDeliveries {
  return renderMessage(id, JSON.stringify({ title: id }));
}

/** The behaviour every AlertStore must have, run against each database. */
function describeAlertStore(
  open: () => Promise<AlertStore>,
  reset: (store: AlertStore) => Promise<void>,
) {
  let store: AlertStore;
  beforeAll(async () => {
    store = await open();
  });
  beforeEach(async () => {
    await reset(store);
  });
  afterAll(async () => {
    await store.close();
  });

  it('gives the same subscription id to the same endpoint and auth, and a new one to a new endpoint', async () => {
    const first = await store.saveSubscription(keys(1), 'sub-1', T0);
    const again = await store.saveSubscription({ ...keys(1), p256dh: 'rotated' }, 'sub-x', T0);
    const second = await store.saveSubscription(keys(2), 'sub-2', T0);

    expect(first).toEqual({ subscriptionId: 'sub-1', ownerId: 'sub-1', created: true });
    expect(again).toEqual({ subscriptionId: 'sub-1', ownerId: 'sub-1', created: false });
    expect(second).toEqual({ subscriptionId: 'sub-2', ownerId: 'sub-2', created: true });
    expect((await store.findSubscription('sub-1'))?.p256dh).toBe('rotated');
    expect(await store.findSubscription('sub-x')).toBeUndefined();
  });

  it('lists the push subscriptions in id order, a page at a time', async () => {
    for (const n of [3, 1, 2]) await store.saveSubscription(keys(n), `sub-${n}`, T0);

    const first = await store.listSubscriptions({ limit: 2 });
    const rest = await store.listSubscriptions({ after: first.at(-1)?.id, limit: 2 });

    expect(first.map((subscription) => subscription.id)).toEqual(['sub-1', 'sub-2']);
    expect(rest).toEqual([{ id: 'sub-3', createdAt: T0, ...keys(3) }]);
  });

  it('does not hand a known endpoint to a caller without its auth secret, and changes nothing', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);

    const takeover = await store.saveSubscription(
      { ...keys(1), p256dh: 'attacker', auth: 'attacker' },
      'sub-attacker',
      T0,
    );

    expect(takeover).toBe('conflict');
    expect(await store.findSubscription('sub-1')).toMatchObject(keys(1));
    expect(await store.findSubscription('sub-attacker')).toBeUndefined();
  });

  it('purges alerts triggered and messages created before the cutoff, and nothing else', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    for (const id of ['old', 'recent', 'active']) await store.createAlert(alert(id, 'sub-1'), 100);
    await store.triggerAlert(
      { alertId: 'old', expectedCount: 0, firedAt: T0, value: 1, period: undefined, ends: true },
      message('m-old'),
    );
    await store.triggerAlert(
      {
        alertId: 'recent',
        expectedCount: 0,
        firedAt: (T0 + 10_000) as UnixMillis,
        value: 1,
        period: undefined,
        ends: true,
      },
      message('m-recent'),
    );

    const purged = await store.purgeBefore((T0 + 5_000) as UnixMillis);

    expect(purged).toEqual({ alerts: 1, messages: 1 });
    expect((await store.listAlerts('sub-1')).map((a) => a.id).sort()).toEqual(['active', 'recent']);
    expect(await store.countPendingDeliveries()).toBe(1);
    expect(await store.countSubscriptions()).toBe(1);
    // The purged alert's firing went with it; the kept one's stays.
    const firings = await store.listFirings(['old', 'recent'], 10);
    expect([...firings.keys()]).toEqual(['recent']);
  });

  it('refuses an alert for an unknown subscription and beyond the active limit', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);

    expect(await store.createAlert(alert('a1', 'nobody'), 2)).toBe('unknown-owner');
    expect(await store.createAlert(alert('a1', 'sub-1'), 2)).toBe('created');
    expect(await store.createAlert(alert('a2', 'sub-1'), 2)).toBe('created');
    expect(await store.createAlert(alert('a3', 'sub-1'), 2)).toBe('limit-reached');
    expect((await store.listAlerts('sub-1')).map((a) => a.id).sort()).toEqual(['a1', 'a2']);
  });

  it('keeps the active limit when one owner creates many alerts at once', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    const ids = Array.from({ length: 20 }, (_, i) => `c${i}`);

    // On PostgreSQL these run on several connections: only the owner's lock keeps the count true.
    const outcomes = await Promise.all(ids.map((id) => store.createAlert(alert(id, 'sub-1'), 5)));

    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'limit-reached')).toHaveLength(15);
    expect(await store.listAlerts('sub-1')).toHaveLength(5);
  });

  it('stores every field of a new alert, the optional ones included', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    const full = alert('f1', 'sub-1', {
      condition: 'EnteringChannel',
      frequency: 'OncePerBar',
      interval: 'FourHour',
      valueTarget: 64_000.25,
      valueUpper: 66_000.5,
      bars: 14,
      expiresAt: (T0 + 86_400_000) as UnixMillis,
      message: 'Breakout — “check it”',
      triggerCount: 2,
      lastFiredPeriod: 1_700_006_400,
      triggeredAt: (T0 + 60_000) as UnixMillis,
      triggeredValue: 64_100.125,
      channels: ['sub-1', 'hook-2'],
    });

    expect(await store.createAlert(full, 10)).toBe('created');
    expect(await store.listAlerts('sub-1')).toEqual([full]);
  });

  it('counts only active alerts against the limit', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    await store.createAlert(alert('a1', 'sub-1'), 1);
    await store.triggerAlert(
      {
        alertId: 'a1',
        expectedCount: 0,
        firedAt: T0,
        value: 65_001,
        period: undefined,
        ends: true,
      },
      message('m1'),
    );

    expect(await store.createAlert(alert('a2', 'sub-1'), 1)).toBe('created');
  });

  it('lists only the subscription’s own alerts, newest first, with every field intact', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    await store.saveSubscription(keys(2), 'sub-2', T0);
    const rsi = alert('a2', 'sub-1', {
      type: 'Rsi',
      interval: 'OneHour',
      direction: 'down',
      valueOnCreation: 45.5,
      valueTarget: 30,
      createdAt: (T0 + 1000) as UnixMillis,
      creationHigh: 45.5,
      creationLow: 45.5,
    });
    await store.createAlert(alert('a1', 'sub-1'), 10);
    await store.createAlert(rsi, 10);
    await store.createAlert(alert('b1', 'sub-2'), 10);

    const listed = await store.listAlerts('sub-1');

    expect(listed).toEqual([rsi, alert('a1', 'sub-1')]);
    expect(await store.listAlerts('unknown')).toEqual([]);
  });

  it('deletes an alert only for the subscription that owns it', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    await store.saveSubscription(keys(2), 'sub-2', T0);
    await store.createAlert(alert('a1', 'sub-1'), 10);

    expect(await store.deleteAlert('a1', 'sub-2')).toBe(false);
    expect(await store.listAlerts('sub-1')).toHaveLength(1);
    expect(await store.deleteAlert('a1', 'sub-1')).toBe(true);
    expect(await store.listAlerts('sub-1')).toHaveLength(0);
    expect(await store.deleteAlert('a1', 'sub-1')).toBe(false);
  });

  it('triggers an alert once and queues exactly one message, even when two engines race', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    await store.createAlert(alert('a1', 'sub-1'), 10);
    const trigger = {
      alertId: 'a1',
      expectedCount: 0,
      firedAt: (T0 + 5) as UnixMillis,
      value: 65_010,
      period: undefined,
      ends: true,
    };

    const results = await Promise.all([
      store.triggerAlert(trigger, message('m1')),
      store.triggerAlert(trigger, message('m2')),
    ]);

    const fired = results.filter((result) => result !== undefined);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({
      id: 'a1',
      status: 'Triggered',
      triggeredAt: T0 + 5,
      triggeredValue: 65_010,
    });
    expect(await store.countPendingDeliveries()).toBe(1);
    expect(await store.listActiveAlerts()).toEqual([]);
  });

  it('records a batch of firings in order, each conditional on its own alert and count', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    await store.saveSubscription(keys(2), 'sub-2', T0);
    const repeating = { frequency: 'OncePerMinute' as const };
    await store.createAlert(alert('r1', 'sub-1', repeating), 10);
    await store.createAlert(alert('r2', 'sub-2', repeating), 10);
    await store.createAlert(alert('o1', 'sub-1'), 10);
    const firing = (alertId: string, expectedCount: number, ends = false) => ({
      firing: {
        alertId,
        expectedCount,
        firedAt: (T0 + 5) as UnixMillis,
        value: 65_010,
        period: undefined,
        ends,
      },
      render: message(`m-${alertId}-${expectedCount}`),
    });

    const results = await store.triggerAlerts([
      firing('r1', 0),
      firing('r2', 0),
      firing('o1', 0, true),
      firing('r1', 1), // its second firing: judged from the count the first one wrote
      firing('r2', 5), // a count the alert does not have
      firing('o1', 1, true), // no longer active
      firing('gone', 0),
    ]);

    expect(results.map((result) => result?.triggerCount)).toEqual([
      1,
      1,
      1,
      2,
      undefined,
      undefined,
      undefined,
    ]);
    expect(results[2]?.status).toBe('Triggered');
    expect(await store.countPendingDeliveries()).toBe(4);
    expect((await store.listFirings(['r1', 'r2', 'o1'], 10)).get('r1')).toHaveLength(2);
    expect((await store.listDeliveries('r1', 'sub-1'))?.map((d) => d.id).sort()).toEqual([
      'm-r1-0',
      'm-r1-1',
    ]);
  });

  it('lists active alerts only', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    await store.createAlert(alert('a1', 'sub-1'), 10);
    await store.createAlert(alert('a2', 'sub-1'), 10);
    await store.triggerAlert(
      { alertId: 'a1', expectedCount: 0, firedAt: T0, value: 1, period: undefined, ends: true },
      message('m1'),
    );

    expect((await store.listActiveAlerts()).map((a) => a.id)).toEqual(['a2']);
    expect(await store.listActiveAlertIds()).toEqual(['a2']);
  });

  it('reads alerts back by id whatever their status, leaving out ids that do not exist', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    await store.createAlert(alert('a1', 'sub-1'), 10);
    await store.createAlert(alert('a2', 'sub-1', { valueTarget: 70_000 }), 10);
    await store.triggerAlert(
      { alertId: 'a1', expectedCount: 0, firedAt: T0, value: 1, period: undefined, ends: true },
      message('m1'),
    );

    const found = await store.getAlerts(['a2', 'missing', 'a1']);

    expect(found.map((a) => [a.id, a.status]).sort()).toEqual([
      ['a1', 'Triggered'],
      ['a2', 'Active'],
    ]);
    expect(found.find((a) => a.id === 'a2')).toEqual(alert('a2', 'sub-1', { valueTarget: 70_000 }));
    expect(await store.getAlerts([])).toEqual([]);
  });

  it('reads back more alerts by id than one IN list holds', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    const ids = Array.from({ length: 510 }, (_, i) => `bulk-${i}`);
    for (const id of ids) await store.createAlert(alert(id, 'sub-1'), 1000);

    const found = await store.getAlerts(ids);

    expect(found.map((a) => a.id).sort()).toEqual([...ids].sort());
  });

  it('claims due messages under a lease, and gives them out again after a reschedule', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    await store.createAlert(alert('a1', 'sub-1'), 10);
    await store.triggerAlert(
      { alertId: 'a1', expectedCount: 0, firedAt: T0, value: 1, period: undefined, ends: true },
      message('m1'),
    );

    const claimed = await store.claimDueDeliveries(T0, 10, 60_000);
    const whileLeased = await store.claimDueDeliveries((T0 + 1000) as UnixMillis, 10, 60_000);
    await store.updateDeliveries([
      {
        id: 'm1',
        status: 'Pending',
        attempts: 1,
        nextAttemptAt: (T0 + 5000) as UnixMillis,
        statusCode: 503,
        error: 'busy',
        deliveredAt: undefined,
      },
    ]);
    const tooEarly = await store.claimDueDeliveries((T0 + 4999) as UnixMillis, 10, 60_000);
    const due = await store.claimDueDeliveries((T0 + 5000) as UnixMillis, 10, 60_000);

    expect(claimed).toEqual([
      {
        id: 'm1',
        ownerId: 'sub-1',
        alertId: 'a1',
        topic: 'a1',
        payload: JSON.stringify({ title: 'm1' }),
        attempts: 0,
        createdAt: T0,
        channel: {
          kind: 'push',
          id: 'sub-1',
          ownerId: 'sub-1',
          createdAt: T0,
          subscription: keys(1),
        },
      },
    ]);
    expect(whileLeased).toEqual([]);
    expect(tooEarly).toEqual([]);
    expect(due.map((m) => [m.id, m.attempts])).toEqual([['m1', 1]]);
  });

  it('gives an expired lease to the next sender', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    await store.createAlert(alert('a1', 'sub-1'), 10);
    await store.triggerAlert(
      { alertId: 'a1', expectedCount: 0, firedAt: T0, value: 1, period: undefined, ends: true },
      message('m1'),
    );

    await store.claimDueDeliveries(T0, 10, 1000);

    expect(await store.claimDueDeliveries((T0 + 1000) as UnixMillis, 10, 1000)).toHaveLength(1);
  });

  it('records delivered and failed deliveries in the log, and claims only pending ones', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    for (const id of ['a1', 'a2', 'a3']) {
      await store.createAlert(alert(id, 'sub-1'), 10);
      await store.triggerAlert(
        { alertId: id, expectedCount: 0, firedAt: T0, value: 1, period: undefined, ends: true },
        message(`m-${id}`),
      );
    }

    const done = (id: string, status: 'Delivered' | 'Failed') => ({
      id,
      status,
      attempts: 1,
      nextAttemptAt: T0,
      statusCode: status === 'Delivered' ? 201 : 400,
      error: status === 'Delivered' ? undefined : 'refused',
      deliveredAt: status === 'Delivered' ? T0 : undefined,
    });
    await store.updateDeliveries([done('m-a1', 'Delivered'), done('m-a3', 'Failed')]);
    await store.updateDeliveries([]);

    expect((await store.claimDueDeliveries(T0, 10, 1000)).map((m) => m.id)).toEqual(['m-a2']);
    expect(await store.listDeliveries('a1', 'sub-1')).toEqual([
      {
        id: 'm-a1',
        alertId: 'a1',
        channelId: 'sub-1',
        kind: 'push',
        status: 'Delivered',
        attempts: 1,
        createdAt: T0,
        lastStatusCode: 201,
        lastError: undefined,
        deliveredAt: T0,
      },
    ]);
    expect(await store.listDeliveries('a3', 'sub-1')).toMatchObject([
      { status: 'Failed', lastStatusCode: 400, lastError: 'refused' },
    ]);
    expect(await store.listDeliveries('a3', 'sub-2')).toBeUndefined();
  });

  it('deletes a subscription with its alerts and pending messages, and reports the alert ids', async () => {
    await store.saveSubscription(keys(1), 'sub-1', T0);
    await store.saveSubscription(keys(2), 'sub-2', T0);
    await store.createAlert(alert('a1', 'sub-1'), 10);
    await store.createAlert(alert('a2', 'sub-1'), 10);
    await store.createAlert(alert('b1', 'sub-2'), 10);
    await store.triggerAlert(
      { alertId: 'a1', expectedCount: 0, firedAt: T0, value: 1, period: undefined, ends: true },
      message('m1'),
    );
    await store.triggerAlert(
      { alertId: 'b1', expectedCount: 0, firedAt: T0, value: 1, period: undefined, ends: true },
      message('m2'),
    );

    const deleted = await store.deleteSubscription('sub-1');

    expect(deleted?.sort()).toEqual(['a1', 'a2']);
    expect(await store.findSubscription('sub-1')).toBeUndefined();
    expect(await store.listAlerts('sub-1')).toEqual([]);
    expect(await store.countPendingDeliveries()).toBe(1);
    expect(await store.listAlerts('sub-2')).toHaveLength(1);
    expect(await store.deleteSubscription('sub-1')).toBeUndefined();
  });

  it('moves evaluation marks forward only', async () => {
    await store.writeEvaluationMark('BTCUSDT|OneMinute', 120 as UnixSeconds);
    await store.writeEvaluationMark('BTCUSDT|OneMinute', 60 as UnixSeconds);
    await store.writeEvaluationMark('ETHUSDT|OneHour', 3600 as UnixSeconds);
    await store.writeEvaluationMark('ETHUSDT|OneHour', 7200 as UnixSeconds);

    expect(await store.readEvaluationMarks()).toEqual(
      new Map([
        ['BTCUSDT|OneMinute', 120],
        ['ETHUSDT|OneHour', 7200],
      ]),
    );
  });
}

/** Empties every table (tests share one database per suite). */
async function truncateAll(store: AlertStore, removeAll: (table: string) => Promise<void>) {
  void store;
  for (const table of STORE_TABLES) {
    await removeAll(table);
  }
}

describe('the SQLite alert store', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-store-'));
  let raw: BetterSqlite3.Database | undefined;
  afterAll(() => {
    raw?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describeAlertStore(
    () => openAlertStore({ databaseUrl: undefined, dataDir: dir }),
    async (store) => {
      if (!raw) {
        const Database = (await import('better-sqlite3')).default;
        raw = new Database(path.join(dir, 'pairwatch.sqlite'));
        raw.pragma('busy_timeout = 5000');
      }
      const db = raw;
      await truncateAll(store, async (table) => {
        db.prepare(`DELETE FROM ${table}`).run();
      });
    },
  );

  it('keeps its files readable by the api’s user only (0600)', async () => {
    const reopened = await openAlertStore({ databaseUrl: undefined, dataDir: dir });
    await reopened.saveSubscription(keys(8), 'sub-8', T0);

    for (const file of fs.readdirSync(dir).filter((name) => name.startsWith('pairwatch.sqlite'))) {
      expect([file, fs.statSync(path.join(dir, file)).mode & 0o777]).toEqual([file, 0o600]);
    }
    await reopened.close();
  });

  it('records the firings of one update in one conditional update that looks their ids up', async () => {
    const { logged, statements, planOf } = await loggedSqliteStore();
    try {
      for (let owner = 0; owner < 10; owner += 1) {
        await logged.saveSubscription(keys(owner), `sub-${owner}`, T0);
        for (let i = 0; i < 20; i += 1)
          await logged.createAlert(alert(`a${owner}-${i}`, `sub-${owner}`), 100);
      }
      statements.length = 0;

      const results = await logged.triggerAlerts(
        Array.from({ length: 100 }, (_, i) => ({
          firing: {
            alertId: `a${i % 10}-${Math.floor(i / 10)}`,
            expectedCount: 0,
            firedAt: (T0 + 5) as UnixMillis,
            value: 65_010,
            period: undefined,
            ends: true,
          },
          render: message(`m${i}`),
        })),
      );

      expect(results.filter((result) => result?.status === 'Triggered')).toHaveLength(100);
      const updates = statements.filter(({ sql }) => /^update "alerts"/.test(sql));
      const channelReads = statements.filter(({ sql }) =>
        /^select .* from "(push_subscriptions|channels)"/.test(sql),
      );
      expect(updates).toHaveLength(1);
      expect(channelReads).toHaveLength(2);
      // By the ids (the primary key), not by walking every active alert of the status index.
      expect(planOf(updates[0]!)).toEqual([
        expect.stringMatching(/^SEARCH alerts USING INDEX sqlite_autoindex_alerts_1 \(id=\?\)/),
      ]);
    } finally {
      await logged.close();
    }
  });

  it('sweeps expired alerts by reading only those past their expiry (0006_alerts_by_status_expiry)', async () => {
    const { logged, statements, planOf } = await loggedSqliteStore();
    try {
      await logged.saveSubscription(keys(0), 'sub-0', T0);
      await logged.createAlert(
        alert('past', 'sub-0', { expiresAt: (T0 + 1_000) as UnixMillis }),
        100,
      );
      await logged.createAlert(
        alert('due', 'sub-0', { expiresAt: (T0 + 2_000) as UnixMillis }),
        100,
      );
      await logged.createAlert(
        alert('later', 'sub-0', { expiresAt: (T0 + 3_000) as UnixMillis }),
        100,
      );
      await logged.createAlert(alert('never', 'sub-0'), 100);
      statements.length = 0;

      const expired = await logged.expireAlerts((T0 + 2_000) as UnixMillis);

      expect(expired.map((record) => [record.id, record.status]).sort()).toEqual([
        ['due', 'Expired'],
        ['past', 'Expired'],
      ]);
      expect((await logged.getAlerts(['later', 'never'])).map((record) => record.status)).toEqual([
        'Active',
        'Active',
      ]);
      const sweep = statements.find(({ sql }) => /^update "alerts"/.test(sql));
      // A range of the index, not every active alert (210–240 ms at 1,000,000 before 0006).
      expect(planOf(sweep!)).toEqual([
        expect.stringMatching(
          /^SEARCH alerts USING (COVERING )?INDEX alerts_by_status_expiry \(status=\? AND expires_at<\?\)$/,
        ),
      ]);
    } finally {
      await logged.close();
    }
  });

  it('keeps out of the sweep’s and the purge’s indexes the alerts without an expiry or a firing (0008)', async () => {
    const { logged, statements, planOf, database } = await loggedSqliteStore();
    try {
      await logged.saveSubscription(keys(0), 'sub-0', T0);
      await logged.createAlert(alert('plain', 'sub-0'), 100);
      await logged.createAlert(
        alert('expiring', 'sub-0', { expiresAt: (T0 + 1_000) as UnixMillis }),
        100,
      );
      const entries = (index: string, column: string) =>
        (
          database
            .prepare(`SELECT id FROM alerts INDEXED BY ${index} WHERE ${column} IS NOT NULL`)
            .all() as { id: string }[]
        ).map((row) => row.id);
      const partial = (
        database.prepare(`PRAGMA index_list('alerts')`).all() as { name: string; partial: number }[]
      )
        .filter((index) => index.partial === 1)
        .map((index) => index.name)
        .sort();
      expect(partial).toEqual(['alerts_by_status_expiry', 'alerts_by_status_triggered']);
      expect(entries('alerts_by_status_expiry', 'expires_at')).toEqual(['expiring']);
      expect(entries('alerts_by_status_triggered', 'triggered_at')).toEqual([]);

      await logged.triggerAlerts([
        {
          firing: {
            alertId: 'plain',
            expectedCount: 0,
            firedAt: (T0 + 5) as UnixMillis,
            value: 65_010,
            period: undefined,
            ends: true,
          },
          render: message('m-plain'),
        },
      ]);
      expect(entries('alerts_by_status_triggered', 'triggered_at')).toEqual(['plain']);

      // The purge still finds what is due through them.
      statements.length = 0;
      expect(await logged.purgeBefore((T0 + 1_000_000) as UnixMillis)).toMatchObject({ alerts: 1 });
      const deleteAlerts = statements.find(({ sql }) => /^delete from "alerts"/.test(sql))!;
      expect(planOf(deleteAlerts).join('\n')).toMatch(/INDEX alerts_by_status_triggered/);
      expect(planOf(deleteAlerts).join('\n')).toMatch(/INDEX alerts_by_status_expiry/);
    } finally {
      await logged.close();
    }
  });

  it('lists the active alert ids a page at a time, in id order, along the primary key', async () => {
    const { logged, statements, planOf } = await loggedSqliteStore();
    try {
      await logged.saveSubscription(keys(0), 'sub-0', T0);
      for (const id of ['e', 'a', 'd', 'b', 'c', 'f', 'g'])
        await logged.createAlert(alert(id, 'sub-0'), 100);
      await logged.deleteAlert('d', 'sub-0');
      statements.length = 0;

      const pages: string[][] = [];
      let after: string | undefined = undefined;
      for (;;) {
        const page = await logged.listActiveAlertIds({ after, limit: 2 });
        pages.push(page);
        if (page.length < 2) break;
        after = page.at(-1);
      }

      expect(pages).toEqual([['a', 'b'], ['c', 'e'], ['f', 'g'], []]);
      expect(await logged.listActiveAlertIds()).toEqual(['a', 'b', 'c', 'e', 'f', 'g']);
      // A short range of the primary key per page, not every active alert sorted each time.
      expect(planOf(statements[1]!)).toEqual([
        expect.stringMatching(/^SEARCH alerts USING INDEX sqlite_autoindex_alerts_1 \(id>\?\)$/),
      ]);
    } finally {
      await logged.close();
    }
  });

  it('purges through indexes, never walking a whole table (0007_purge_indexes)', async () => {
    const { logged, statements, planOf } = await loggedSqliteStore();
    try {
      statements.length = 0;

      await logged.purgeBefore(T0 as UnixMillis);

      const deletes = statements.filter(({ sql }) => /^delete /.test(sql));
      expect(deletes.map(({ sql }) => /^delete from "(\w+)"/.exec(sql)?.[1])).toEqual([
        'alert_firings',
        'alerts',
        'deliveries',
      ]);
      // 280–340 ms of the event loop a run with 1,000,000 alerts and a week of 100,000 firings before.
      for (const statement of deletes) {
        const plan = planOf(statement);
        expect(plan.filter((step) => /^SCAN /.test(step))).toEqual([]);
        expect(plan.some((step) => /^SEARCH .* USING .*INDEX/.test(step))).toBe(true);
      }
    } finally {
      await logged.close();
    }
  });

  it('probes each table by reading a bounded sample of its rows, whatever its size', async () => {
    const { logged, statements } = await loggedSqliteStore();
    try {
      statements.length = 0;

      await logged.probe();

      const reads = statements.map(({ sql, parameters }) => ({
        table: /from \(select "\w+" from "(\w+)" limit \?\)/.exec(sql)?.[1],
        limit: parameters.at(-1),
      }));
      // A count of every row before: 140 ms of the event loop at 1,000,000 alerts, each GET /status.
      expect(reads).toEqual([
        { table: 'alerts', limit: 1_000 },
        { table: 'deliveries', limit: 1_000 },
      ]);
    } finally {
      await logged.close();
    }
  });

  it('opens an existing database file again without migrating twice', async () => {
    const reopened = await openAlertStore({ databaseUrl: undefined, dataDir: dir });
    await reopened.saveSubscription(keys(9), 'sub-9', T0);

    expect((await reopened.findSubscription('sub-9'))?.endpoint).toBe(keys(9).endpoint);
    await reopened.close();
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

if (postgresUrl !== undefined && postgresUrl !== '') {
  describe('the PostgreSQL alert store', () => {
    const database = `pairwatch_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    const testUrl = new URL(postgresUrl);
    testUrl.pathname = `/${database}`;
    let raw: pg.Client | undefined;

    beforeAll(async () => {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
    });
    afterAll(async () => {
      await raw?.end();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    });

    // Nested, so that its store is closed before the database is dropped.
    describe('behaves like every alert store', () => {
      describeAlertStore(
        () => openAlertStore({ databaseUrl: testUrl.href, dataDir: os.tmpdir() }),
        async (store) => {
          if (!raw) {
            raw = new pg.Client({ connectionString: testUrl.href });
            await raw.connect();
          }
          const client = raw;
          await truncateAll(store, async (table) => {
            await client.query(`DELETE FROM ${table}`);
          });
        },
      );
    });

    it('never hands one message to two senders claiming at the same time', async () => {
      const store = await openAlertStore({ databaseUrl: testUrl.href, dataDir: os.tmpdir() });
      try {
        await store.saveSubscription(keys(1), 'sub-c', T0);
        for (let i = 0; i < 20; i += 1) {
          await store.createAlert(alert(`c${i}`, 'sub-c'), 100);
          await store.triggerAlert(
            {
              alertId: `c${i}`,
              expectedCount: 0,
              firedAt: T0,
              value: 1,
              period: undefined,
              ends: true,
            },
            message(`mc${i}`),
          );
        }

        const [first, second] = await Promise.all([
          store.claimDueDeliveries(T0, 15, 60_000),
          store.claimDueDeliveries(T0, 15, 60_000),
        ]);

        const ids = [...first!, ...second!].map((m) => m.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toHaveLength(20);
      } finally {
        await store.close();
      }
    });
  });
} else if (process.env.CI) {
  describe('the PostgreSQL alert store', () => {
    it('runs in CI, so TEST_DATABASE_URL must point at a PostgreSQL server', () => {
      throw new Error(
        'TEST_DATABASE_URL is not set but CI is: the PostgreSQL alert store suite must run in CI.',
      );
    });
  });
} else {
  // Printed, not skipped silently: a developer sees that half of the store was not tested.
  console.warn(
    'PostgreSQL alert store tests NOT RUN: set TEST_DATABASE_URL=postgres://… to run them ' +
      '(CI runs them and fails without it).',
  );
}
