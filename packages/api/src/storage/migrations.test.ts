import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { type UnixMillis, type UnixSeconds } from '@pairwatch/domain';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { type AlertRecord, type AlertStore } from './AlertStore';
import { migrations } from './migrations';
import { renderMessage } from '../test-support/renderMessage';
import { openAlertStore, SQLITE_FILE_NAME } from './openAlertStore';
import { describeWithPostgres } from '../test-support/describeWithPostgres';
import { tempDataDir } from '../test-support/tempDataDir';

// Issue #23: migration 0002_alert_conditions adds conditions, frequencies, expiry, a message and
// repeated firings. Every alert made by the release before it must keep working, unchanged.

const FIRST_MIGRATION = '0001_alerts_subscriptions_outbox';

const T0 = 1_700_000_000_000;
const SUBSCRIPTION = {
  id: 'old-subscription-id-0001',
  endpoint: 'https://push.example.net/push/old-browser',
  p256dh: 'old-p256dh',
  auth: 'old-auth',
  created_at: T0,
};

/** The rows of the `alerts` table as the release before migration 0002 wrote them. */
const OLD_PRICE_ALERT = {
  id: 'old-price-alert-00000001',
  subscription_id: SUBSCRIPTION.id,
  symbol: 'BTCUSDT',
  type: 'Price',
  rsi_interval: null,
  direction: 'up',
  value_on_creation: 60_000.5,
  value_target: 65_000.25,
  status: 'Active',
  created_at: T0 + 1_000,
  triggered_at: null,
  triggered_value: null,
  creation_candle_time: T0 / 1000,
  creation_high: 60_010,
  creation_low: 59_990,
};
const OLD_RSI_ALERT = {
  id: 'old-rsi-alert-0000000002',
  subscription_id: SUBSCRIPTION.id,
  symbol: 'ETHUSDT',
  type: 'Rsi',
  rsi_interval: 'OneHour',
  direction: 'down',
  value_on_creation: 55.5,
  value_target: 30,
  status: 'Triggered',
  created_at: T0 + 2_000,
  triggered_at: T0 + 3_600_000,
  triggered_value: 29.75,
  creation_candle_time: T0 / 1000 - 1_600,
  creation_high: 55.5,
  creation_low: 55.5,
};
/** The push message the old release queued with the RSI alert's trigger. */
const OLD_MESSAGE = {
  id: 'old-message-000000000001',
  subscription_id: SUBSCRIPTION.id,
  alert_id: OLD_RSI_ALERT.id,
  topic: OLD_RSI_ALERT.id,
  payload: JSON.stringify({ title: 'ETHUSDT RSI alert' }),
  next_attempt_at: T0 + 3_600_000,
  created_at: T0 + 3_600_000,
};

/** What the store must read from the old rows once every migration ran. */
const PRICE_RECORD: AlertRecord = {
  id: OLD_PRICE_ALERT.id,
  ownerId: SUBSCRIPTION.id,
  symbol: 'BTCUSDT',
  type: 'Price',
  interval: 'OneMinute',
  condition: 'Crossing',
  frequency: 'OnlyOnce',
  direction: 'up',
  valueOnCreation: 60_000.5,
  valueTarget: 65_000.25,
  valueUpper: undefined,
  bars: undefined,
  expiresAt: undefined,
  message: undefined,
  status: 'Active',
  createdAt: (T0 + 1_000) as UnixMillis,
  triggeredAt: undefined,
  triggeredValue: undefined,
  triggerCount: 0,
  lastFiredPeriod: undefined,
  creationCandleTime: (T0 / 1000) as UnixSeconds,
  creationHigh: 60_010,
  creationLow: 59_990,
  channels: undefined,
};
const RSI_RECORD: AlertRecord = {
  id: OLD_RSI_ALERT.id,
  ownerId: SUBSCRIPTION.id,
  symbol: 'ETHUSDT',
  type: 'Rsi',
  interval: 'OneHour',
  condition: 'Crossing',
  frequency: 'OnlyOnce',
  direction: 'down',
  valueOnCreation: 55.5,
  valueTarget: 30,
  valueUpper: undefined,
  bars: undefined,
  expiresAt: undefined,
  message: undefined,
  status: 'Triggered',
  createdAt: (T0 + 2_000) as UnixMillis,
  triggeredAt: (T0 + 3_600_000) as UnixMillis,
  triggeredValue: 29.75,
  triggerCount: 1,
  lastFiredPeriod: undefined,
  creationCandleTime: (T0 / 1000 - 1_600) as UnixSeconds,
  creationHigh: 55.5,
  creationLow: 55.5,
  channels: undefined,
};

/**
 * Brings a database to the release before conditions (migration 0001 only, with Kysely's
 * migrator as the api runs it) and writes what that release wrote: a push subscription, an active
 * price alert, a triggered RSI alert and its queued push message. Closes the database.
 */
async function writeOldRelease(db: Kysely<unknown>): Promise<void> {
  try {
    const migrator = new Migrator({
      db,
      provider: {
        getMigrations: async () => ({ [FIRST_MIGRATION]: migrations[FIRST_MIGRATION]! }),
      },
    });
    const { error, results } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((result) => [result.migrationName, result.status])).toEqual([
      [FIRST_MIGRATION, 'Success'],
    ]);
    // Untyped on purpose: the tables as they were, not as DatabaseSchema describes them now.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const old = db as Kysely<any>;
    await old.insertInto('push_subscriptions').values(SUBSCRIPTION).execute();
    await old.insertInto('alerts').values([OLD_PRICE_ALERT, OLD_RSI_ALERT]).execute();
    await old.insertInto('push_outbox').values(OLD_MESSAGE).execute();
  } finally {
    await db.destroy();
  }
}

/** The checks, once `open` has run every migration over the old release's rows. */
async function expectOldAlertsKept(open: () => Promise<AlertStore>): Promise<void> {
  const store = await open();
  try {
    expect(await store.listAlerts(SUBSCRIPTION.id)).toEqual([RSI_RECORD, PRICE_RECORD]);
    expect(await store.listActiveAlerts()).toEqual([PRICE_RECORD]);
    expect(await store.listActiveAlertIds()).toEqual([PRICE_RECORD.id]);
    expect(await store.getAlerts([RSI_RECORD.id, PRICE_RECORD.id])).toEqual(
      expect.arrayContaining([RSI_RECORD, PRICE_RECORD]),
    );
    expect(await store.findSubscription(SUBSCRIPTION.id)).toEqual({
      id: SUBSCRIPTION.id,
      endpoint: SUBSCRIPTION.endpoint,
      p256dh: SUBSCRIPTION.p256dh,
      auth: SUBSCRIPTION.auth,
      createdAt: T0,
    });
    // The push the old release queued goes out as a delivery to the same browser.
    expect(await store.countPendingDeliveries()).toBe(1);
    const [queued] = await store.claimDueDeliveries(
      OLD_MESSAGE.next_attempt_at as UnixMillis,
      10,
      1000,
    );
    expect(queued).toMatchObject({
      id: OLD_MESSAGE.id,
      alertId: OLD_RSI_ALERT.id,
      ownerId: SUBSCRIPTION.id,
      payload: OLD_MESSAGE.payload,
      channel: { kind: 'push', id: SUBSCRIPTION.id, ownerId: SUBSCRIPTION.id },
    });
    // The browser is now an owner (its subscription id) with its push subscription as a channel.
    expect(await store.ownerExists(SUBSCRIPTION.id)).toBe(true);
    expect((await store.listChannels(SUBSCRIPTION.id)).map((channel) => channel.id)).toEqual([
      SUBSCRIPTION.id,
    ]);
    // The alert that fired keeps its firing, as the chart's marker.
    expect((await store.listFirings([RSI_RECORD.id], 50)).get(RSI_RECORD.id)).toEqual([
      { firedAt: RSI_RECORD.triggeredAt, value: RSI_RECORD.triggeredValue },
    ]);
    // Nothing the new release does on its own ends an old alert: it has no expiry.
    expect(await store.expireAlerts((T0 + 10 * 365 * 86_400_000) as UnixMillis)).toEqual([]);

    const firedAt = (T0 + 7_200_000) as UnixMillis;
    const fired = await store.triggerAlert(
      {
        alertId: PRICE_RECORD.id,
        expectedCount: 0,
        firedAt,
        value: 65_001,
        period: undefined,
        ends: true,
      },
      renderMessage('new-message-000000000001', JSON.stringify({ title: 'BTCUSDT price alert' })),
    );

    const triggered: AlertRecord = {
      ...PRICE_RECORD,
      status: 'Triggered',
      triggerCount: 1,
      triggeredAt: firedAt,
      triggeredValue: 65_001,
    };
    expect(fired).toEqual(triggered);
    expect(await store.listAlerts(SUBSCRIPTION.id)).toEqual([RSI_RECORD, triggered]);
    expect(await store.listActiveAlerts()).toEqual([]);
    expect((await store.listFirings([PRICE_RECORD.id], 50)).get(PRICE_RECORD.id)).toEqual([
      { firedAt, value: 65_001 },
    ]);
    expect(await store.countPendingDeliveries()).toBe(2);
    // Fired once: the same firing again is refused.
    expect(
      await store.triggerAlert(
        {
          alertId: PRICE_RECORD.id,
          expectedCount: 0,
          firedAt,
          value: 65_001,
          period: undefined,
          ends: true,
        },
        renderMessage('new-message-000000000002'),
      ),
    ).toBeUndefined();
  } finally {
    await store.close();
  }
}

describe('A migration keeps every alert made before it working and unchanged (SQLite)', () => {
  let data: ReturnType<typeof tempDataDir> | undefined;
  afterEach(() => {
    data?.remove();
    data = undefined;
  });

  it('reads the old rows of a database file as one-shot Crossing alerts, and fires the active one', async () => {
    data = tempDataDir();
    const file = path.join(data.dir, SQLITE_FILE_NAME);
    await writeOldRelease(
      new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SqliteDatabase(file) }) }),
    );

    const dir = data.dir;
    await expectOldAlertsKept(() => openAlertStore({ databaseUrl: undefined, dataDir: dir }));
  });

  it('migrates a database file once: opened again, it keeps the migrated alerts', async () => {
    data = tempDataDir();
    const dir = data.dir;
    await writeOldRelease(
      new Kysely<unknown>({
        dialect: new SqliteDialect({
          database: new SqliteDatabase(path.join(dir, SQLITE_FILE_NAME)),
        }),
      }),
    );
    const first = await openAlertStore({ databaseUrl: undefined, dataDir: dir });
    const listed = await first.listAlerts(SUBSCRIPTION.id);
    await first.close();

    const again = await openAlertStore({ databaseUrl: undefined, dataDir: dir });
    try {
      expect(await again.listAlerts(SUBSCRIPTION.id)).toEqual(listed);
      expect(listed).toEqual([RSI_RECORD, PRICE_RECORD]);
    } finally {
      await again.close();
    }
  });
});

describeWithPostgres(
  'A migration keeps every alert made before it working and unchanged',
  (database) => {
    it('reads the old rows as one-shot Crossing alerts, and fires the active one', async () => {
      await writeOldRelease(
        new Kysely<unknown>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }),
        }),
      );

      await expectOldAlertsKept(() =>
        openAlertStore({ databaseUrl: database.url, dataDir: os.tmpdir() }),
      );
      const applied = await database.query<{ name: string }>(
        'SELECT name FROM kysely_migration ORDER BY name',
      );
      expect(applied.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    });
  },
);
