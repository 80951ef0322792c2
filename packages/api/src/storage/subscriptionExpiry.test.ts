import os from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type UnixMillis } from '@pairwatch/domain';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import path from 'node:path';
import { type AlertStore } from './AlertStore';
import { migrations } from './migrations';
import { openAlertStore, SQLITE_FILE_NAME } from './openAlertStore';
import { alertRecord } from '../test-support/alertRecord';
import { describeWithPostgres } from '../test-support/describeWithPostgres';
import { tempDataDir } from '../test-support/tempDataDir';

// Issue #27 item 1: push subscriptions never expired, so once MAX_PUSH_SUBSCRIPTIONS was filled
// it stayed full. An owner with no active alert and no visit for SUBSCRIPTION_IDLE_DAYS loses its
// push subscriptions (and goes, when nothing else is left); migration 0004 adds what that needs.

const DAY = 86_400_000;
const T0 = 1_750_000_000_000;
const at = (days: number) => (T0 + days * DAY) as UnixMillis;

function keys(name: string, auth = 'auth-' + name) {
  return { endpoint: `https://push.example.net/${name}`, p256dh: 'p256dh-' + name, auth };
}

/** The expiry rules, on any store. */
function describeExpiry(open: () => Promise<AlertStore>): void {
  let store: AlertStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  it('removes only what has no active alert and no visit since the cutoff', async () => {
    await store.saveSubscription(keys('idle'), 'sub-idle', at(0));
    await store.saveSubscription(keys('alerting'), 'sub-alerting', at(0));
    await store.createAlert(alertRecord('alert-active', 'sub-alerting'), 10);
    await store.saveSubscription(keys('visited'), 'sub-visited', at(0));
    await store.markOwnerSeen('sub-visited', at(20));
    await store.saveSubscription(keys('reposted'), 'sub-reposted', at(0));
    await store.saveSubscription(keys('reposted'), 'sub-ignored', at(25));
    await store.saveSubscription(keys('fired'), 'sub-fired', at(0));
    await store.createAlert(
      alertRecord('alert-fired', 'sub-fired', { status: 'Triggered', triggerCount: 1 }),
      10,
    );
    await store.createOwner('owner-empty', at(0), '192.0.2.1');
    await store.createOwner('owner-fresh', at(10), '192.0.2.1');

    const purged = await store.purgeIdleOwners(at(5), 100);

    expect(purged).toEqual({ subscriptions: 2, owners: 3, alertIds: ['alert-fired'] });
    expect(await store.findSubscription('sub-idle')).toBeUndefined();
    expect(await store.findSubscription('sub-fired')).toBeUndefined();
    expect(await store.ownerExists('sub-idle')).toBe(false);
    expect(await store.ownerExists('owner-empty')).toBe(false);
    for (const kept of ['sub-alerting', 'sub-visited', 'sub-reposted']) {
      expect(await store.findSubscription(kept)).toBeDefined();
    }
    expect(await store.ownerExists('owner-fresh')).toBe(true);
    expect(await store.listActiveAlertIds()).toEqual(['alert-active']);
    // Purging again finds nothing more.
    expect(await store.purgeIdleOwners(at(5), 100)).toEqual({
      subscriptions: 0,
      owners: 0,
      alertIds: [],
    });
  });

  it('keeps an owner that has a webhook, dropping only its idle push subscriptions', async () => {
    await store.createOwner('owner-hook', at(0));
    await store.saveSubscription(keys('browser'), 'sub-browser', at(0), 'owner-hook');
    expect(
      await store.createChannel(
        {
          kind: 'webhook',
          id: 'hook-1',
          ownerId: 'owner-hook',
          createdAt: at(0),
          url: 'https://hooks.example.net/x',
          template: undefined,
          secret: 'secret',
          disabledAt: undefined,
        },
        10,
      ),
    ).toBe('created');

    expect(await store.purgeIdleOwners(at(40), 100)).toEqual({
      subscriptions: 1,
      owners: 0,
      alertIds: [],
    });
    expect((await store.listChannels('owner-hook')).map((channel) => channel.id)).toEqual([
      'hook-1',
    ]);
  });

  it('takes at most `limit` owners a call', async () => {
    for (const n of [1, 2, 3]) await store.saveSubscription(keys(`b${n}`), `sub-${n}`, at(0));
    expect((await store.purgeIdleOwners(at(40), 2)).owners).toBe(2);
    expect(await store.countSubscriptions()).toBe(1);
  });

  it('writes a visit at most once an hour', async () => {
    await store.saveSubscription(keys('poller'), 'sub-poller', at(0));
    await store.markOwnerSeen('sub-poller', at(10));
    // A later poll within the hour is not written; one past it is.
    await store.markOwnerSeen('sub-poller', (at(10) + 30 * 60_000) as UnixMillis);
    expect((await store.purgeIdleOwners((at(10) + 1) as UnixMillis, 10)).subscriptions).toBe(1);
  });

  it('counts what a client budget created: subscriptions and owners of POST /owners', async () => {
    await store.saveSubscription(keys('a'), 'sub-a', at(0), undefined, '2001:db8:1:2::/64');
    await store.saveSubscription(keys('b'), 'sub-b', at(0), undefined, '2001:db8:1:2::/64');
    await store.createOwner('owner-c', at(0), '2001:db8:1:2::/64');
    await store.saveSubscription(keys('d'), 'sub-d', at(0), undefined, '192.0.2.1');
    expect(await store.countCreatedBy('2001:db8:1:2::/64')).toBe(3);
    expect(await store.countCreatedBy('192.0.2.1')).toBe(1);
    expect(await store.countCreatedBy('192.0.2.2')).toBe(0);
    await store.deleteSubscription('sub-a');
    expect(await store.countCreatedBy('2001:db8:1:2::/64')).toBe(2);
  });

  it('tells known, conflicting and unknown keys apart without changing anything', async () => {
    await store.saveSubscription(keys('known'), 'sub-known', at(0));
    expect(await store.subscriptionStanding(keys('known'))).toBe('known');
    expect(await store.subscriptionStanding(keys('known', 'other-auth'))).toBe('conflict');
    expect(await store.subscriptionStanding(keys('new'))).toBe('unknown');
    expect(await store.countSubscriptions()).toBe(1);
  });
}

describe('Idle subscriptions expire (SQLite)', () => {
  let data: ReturnType<typeof tempDataDir>;
  beforeEach(() => {
    data = tempDataDir();
  });
  afterEach(() => data.remove());
  describeExpiry(() =>
    openAlertStore({ databaseUrl: undefined, dataDir: data.dir, sqliteFile: ':memory:' }),
  );
});

describeWithPostgres('Idle subscriptions expire', (database) => {
  beforeEach(async () => {
    await database.query(
      'DROP TABLE IF EXISTS alerts, alert_firings, channels, deliveries, owners, push_subscriptions, evaluation_marks, kysely_migration, kysely_migration_lock CASCADE',
    );
  });
  describeExpiry(() => openAlertStore({ databaseUrl: database.url, dataDir: os.tmpdir() }));
});

const BEFORE_0004 = Object.keys(migrations)
  .sort()
  .filter((name) => name < '0004');

/** A database at migration 0003 (the release before), with one owner and its browser. */
async function writeRelease0003(db: Kysely<unknown>, endpoint: string): Promise<void> {
  try {
    const migrator = new Migrator({
      db,
      provider: {
        getMigrations: async () =>
          Object.fromEntries(BEFORE_0004.map((name) => [name, migrations[name]!])),
      },
    });
    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const old = db as Kysely<any>;
    await old
      .insertInto('owners')
      .values({ id: 'old-owner', created_at: at(-400) })
      .execute();
    await old
      .insertInto('push_subscriptions')
      .values({
        ...keys('x', 'old-auth'),
        endpoint,
        id: 'old-sub',
        created_at: at(-400),
        owner_id: 'old-owner',
      })
      .execute();
  } finally {
    await db.destroy();
  }
}

/** After 0004: the endpoint is canonical, and the old browser gets its full idle days. */
async function expectMigrated(store: AlertStore): Promise<void> {
  try {
    const canonical = { endpoint: 'https://push.example.net/old', p256dh: 'p', auth: 'old-auth' };
    expect(await store.subscriptionStanding(canonical)).toBe('known');
    expect(await store.findSubscription('old-sub')).toMatchObject({ endpoint: canonical.endpoint });
    // Seen at the upgrade, not at its creation 400 days before: a purge now keeps it.
    expect((await store.purgeIdleOwners((Date.now() - DAY) as UnixMillis, 10)).owners).toBe(0);
    expect(await store.ownerExists('old-owner')).toBe(true);
  } finally {
    await store.close();
  }
}

const OLD_SPELLING = 'HTTPS://Push.Example.NET:443/./old#fragment';

describe('Migration 0004 (SQLite)', () => {
  let data: ReturnType<typeof tempDataDir>;
  beforeEach(() => {
    data = tempDataDir();
  });
  afterEach(() => data.remove());

  it('stores old endpoints canonically and counts old owners as seen at the upgrade', async () => {
    const file = path.join(data.dir, SQLITE_FILE_NAME);
    await writeRelease0003(
      new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SqliteDatabase(file) }) }),
      OLD_SPELLING,
    );
    await expectMigrated(await openAlertStore({ databaseUrl: undefined, dataDir: data.dir }));
  });
});

describeWithPostgres('Migration 0004', (database) => {
  it('stores old endpoints canonically and counts old owners as seen at the upgrade', async () => {
    await writeRelease0003(
      new Kysely<unknown>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }),
      }),
      OLD_SPELLING,
    );
    await expectMigrated(await openAlertStore({ databaseUrl: database.url, dataDir: os.tmpdir() }));
  });
});
