import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { type Migration } from 'kysely/migration';

/**
 * The schema's versions, applied in name order by Kysely's migrator at start (which takes a lock,
 * so several api processes starting together migrate once). Never edit a released migration: add
 * the next one.
 */
/** Migration 0008's indexes, each with the column its condition requires (`IS NOT NULL`). */
const PARTIAL_ALERT_INDEXES = [
  ['alerts_by_status_expiry', 'expires_at'],
  ['alerts_by_status_triggered', 'triggered_at'],
] as const;

export const migrations: Readonly<Record<string, Migration>> = {
  '0001_alerts_subscriptions_outbox': {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('alerts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('subscription_id', 'text', (c) =>
          c.notNull().references('push_subscriptions.id').onDelete('cascade'),
        )
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('rsi_interval', 'text')
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('value_on_creation', 'double precision', (c) => c.notNull())
        .addColumn('value_target', 'double precision', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('triggered_at', 'bigint')
        .addColumn('triggered_value', 'double precision')
        .addColumn('creation_candle_time', 'bigint', (c) => c.notNull())
        .addColumn('creation_high', 'double precision', (c) => c.notNull())
        .addColumn('creation_low', 'double precision', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('alerts_by_subscription')
        .on('alerts')
        .columns(['subscription_id', 'status'])
        .execute();
      await db.schema.createIndex('alerts_by_status').on('alerts').column('status').execute();

      await db.schema
        .createTable('push_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('subscription_id', 'text', (c) =>
          c.notNull().references('push_subscriptions.id').onDelete('cascade'),
        )
        // No foreign key: a triggered alert may be deleted while its message still goes out.
        .addColumn('alert_id', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_outbox_due')
        .on('push_outbox')
        .columns(['next_attempt_at', 'lease_until'])
        .execute();
      await db.schema
        .createIndex('push_outbox_by_subscription')
        .on('push_outbox')
        .column('subscription_id')
        .execute();

      await db.schema
        .createTable('evaluation_marks')
        .addColumn('stream', 'text', (c) => c.primaryKey())
        .addColumn('evaluated_up_to', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['evaluation_marks', 'push_outbox', 'alerts', 'push_subscriptions']) {
        await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
      }
    },
  },
  '0002_alert_conditions': {
    // Conditions, frequencies, expiry and a message (docs/architecture.md §6). Every alert made
    // before keeps its meaning: a one-shot Crossing counting the bars of its RSI interval or of one
    // minute, fired once if it was Triggered.
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('alerts')
        .addColumn('condition', 'text', (c) => c.notNull().defaultTo('Crossing'))
        .execute();
      await db.schema
        .alterTable('alerts')
        .addColumn('frequency', 'text', (c) => c.notNull().defaultTo('OnlyOnce'))
        .execute();
      await db.schema
        .alterTable('alerts')
        .addColumn('bar_interval', 'text', (c) => c.notNull().defaultTo('OneMinute'))
        .execute();
      await db.schema.alterTable('alerts').addColumn('value_upper', 'double precision').execute();
      await db.schema.alterTable('alerts').addColumn('bars', 'integer').execute();
      await db.schema.alterTable('alerts').addColumn('expires_at', 'bigint').execute();
      await db.schema.alterTable('alerts').addColumn('message', 'text').execute();
      await db.schema
        .alterTable('alerts')
        .addColumn('trigger_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('alerts').addColumn('last_fired_period', 'bigint').execute();
      await sql`UPDATE alerts SET bar_interval = rsi_interval WHERE rsi_interval IS NOT NULL`.execute(
        db,
      );
      await sql`UPDATE alerts SET trigger_count = 1 WHERE status = 'Triggered'`.execute(db);
      await db.schema
        .createTable('alert_firings')
        .addColumn('alert_id', 'text', (c) => c.notNull())
        .addColumn('fired_at', 'bigint', (c) => c.notNull())
        .addColumn('value', 'double precision', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('alert_firings_by_alert')
        .on('alert_firings')
        .columns(['alert_id', 'fired_at'])
        .execute();
      // An alert that fired before keeps its firing (the chart's marker).
      await sql`INSERT INTO alert_firings (alert_id, fired_at, value)
        SELECT id, triggered_at, triggered_value FROM alerts
        WHERE status = 'Triggered' AND triggered_at IS NOT NULL AND triggered_value IS NOT NULL`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`DROP TABLE IF EXISTS alert_firings`.execute(db);
      for (const column of [
        'condition',
        'frequency',
        'bar_interval',
        'value_upper',
        'bars',
        'expires_at',
        'message',
        'trigger_count',
        'last_fired_period',
      ]) {
        await db.schema.alterTable('alerts').dropColumn(column).execute();
      }
    },
  },
  '0003_owners_channels_deliveries': {
    // Owners, channels and one outbox keyed by channel (docs/architecture.md §9). Every browser
    // registered before becomes an owner whose id is its subscription id, with its push
    // subscription as its one channel; its alerts and queued pushes keep going to it.
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('owners')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await sql`INSERT INTO owners (id, created_at) SELECT id, created_at FROM push_subscriptions`.execute(
        db,
      );
      await db.schema.alterTable('push_subscriptions').addColumn('owner_id', 'text').execute();
      await sql`UPDATE push_subscriptions SET owner_id = id`.execute(db);
      await db.schema
        .createIndex('push_subscriptions_by_owner')
        .on('push_subscriptions')
        .column('owner_id')
        .execute();

      // The alerts' owner was a push subscription (a foreign key SQLite cannot drop): the table is
      // made again with owner_id, which the same ids fill, and the channels an alert goes to.
      await db.schema
        .createTable('alerts_0003')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('rsi_interval', 'text')
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('value_on_creation', 'double precision', (c) => c.notNull())
        .addColumn('value_target', 'double precision', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('triggered_at', 'bigint')
        .addColumn('triggered_value', 'double precision')
        .addColumn('creation_candle_time', 'bigint', (c) => c.notNull())
        .addColumn('creation_high', 'double precision', (c) => c.notNull())
        .addColumn('creation_low', 'double precision', (c) => c.notNull())
        .addColumn('condition', 'text', (c) => c.notNull().defaultTo('Crossing'))
        .addColumn('frequency', 'text', (c) => c.notNull().defaultTo('OnlyOnce'))
        .addColumn('bar_interval', 'text', (c) => c.notNull().defaultTo('OneMinute'))
        .addColumn('value_upper', 'double precision')
        .addColumn('bars', 'integer')
        .addColumn('expires_at', 'bigint')
        .addColumn('message', 'text')
        .addColumn('trigger_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_fired_period', 'bigint')
        // A JSON array of channel ids; NULL: every channel of the owner at the firing.
        .addColumn('channels', 'text')
        .execute();
      await sql`INSERT INTO alerts_0003 (id, owner_id, symbol, type, rsi_interval, direction,
          value_on_creation, value_target, status, created_at, triggered_at, triggered_value,
          creation_candle_time, creation_high, creation_low, condition, frequency, bar_interval,
          value_upper, bars, expires_at, message, trigger_count, last_fired_period)
        SELECT id, subscription_id, symbol, type, rsi_interval, direction, value_on_creation,
          value_target, status, created_at, triggered_at, triggered_value, creation_candle_time,
          creation_high, creation_low, condition, frequency, bar_interval, value_upper, bars,
          expires_at, message, trigger_count, last_fired_period
        FROM alerts`.execute(db);
      await db.schema.dropTable('alerts').execute();
      await db.schema.alterTable('alerts_0003').renameTo('alerts').execute();
      await db.schema
        .createIndex('alerts_by_owner')
        .on('alerts')
        .columns(['owner_id', 'status'])
        .execute();
      await db.schema.createIndex('alerts_by_status').on('alerts').column('status').execute();

      await db.schema
        .createTable('channels')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('template', 'text')
        .addColumn('secret', 'text')
        .addColumn('link_code', 'text', (c) => c.unique())
        .addColumn('chat_id', 'text')
        .addColumn('disabled_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('channels_by_owner').on('channels').column('owner_id').execute();

      await db.schema
        .createTable('deliveries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('alert_id', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.notNull())
        .addColumn('channel_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_status_code', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('delivered_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('deliveries_due')
        .on('deliveries')
        .columns(['status', 'next_attempt_at', 'lease_until'])
        .execute();
      await db.schema
        .createIndex('deliveries_by_alert')
        .on('deliveries')
        .column('alert_id')
        .execute();
      await db.schema
        .createIndex('deliveries_by_channel')
        .on('deliveries')
        .column('channel_id')
        .execute();
      // Pushes queued by the release before go out as deliveries of the same browsers.
      await sql`INSERT INTO deliveries (id, alert_id, owner_id, channel_id, kind, topic, payload,
          status, attempts, next_attempt_at, lease_until, created_at)
        SELECT id, alert_id, subscription_id, subscription_id, 'push', topic, payload, 'Pending',
          attempts, next_attempt_at, lease_until, created_at
        FROM push_outbox`.execute(db);
      await db.schema.dropTable('push_outbox').execute();
    },
    async down(): Promise<void> {
      // Owners with channels other than push have no place in the schema before: no way down.
      throw new Error('0003_owners_channels_deliveries cannot be undone; restore a backup.');
    },
  },
  '0004_subscription_budget_expiry': {
    // Issue #27: who created a subscription or owner (an IPv4 address or an IPv6 /64, for the
    // per-client budget), when an owner was last seen (for expiry), and every endpoint in its
    // canonical spelling (so that a re-spelled one is found, not registered twice).
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('owners').addColumn('last_seen_at', 'bigint').execute();
      await db.schema.alterTable('owners').addColumn('created_by', 'text').execute();
      await db.schema.alterTable('push_subscriptions').addColumn('created_by', 'text').execute();
      // Every owner known before counts as seen now: expiry starts its days at the upgrade, so
      // that no browser is dropped by it on the day it ships.
      await sql`UPDATE owners SET last_seen_at = ${Date.now()}`.execute(db);
      await db.schema
        .createIndex('owners_by_last_seen')
        .on('owners')
        .column('last_seen_at')
        .execute();
      await db.schema.createIndex('owners_by_creator').on('owners').column('created_by').execute();
      await db.schema
        .createIndex('push_subscriptions_by_creator')
        .on('push_subscriptions')
        .column('created_by')
        .execute();
      const rows = await sql<{
        id: string;
        endpoint: string;
      }>`SELECT id, endpoint FROM push_subscriptions`.execute(db);
      const taken = new Set(rows.rows.map((row) => row.endpoint));
      for (const row of rows.rows) {
        let canonical: string;
        try {
          const url = new URL(row.endpoint);
          url.hash = '';
          if (url.search === '') url.search = '';
          canonical = url.href;
        } catch {
          continue; // not a URL: no release stored one, and none is guessed at here
        }
        // Two spellings of one endpoint: the first keeps it, the other stays as it was (its
        // browser re-registers under the canonical one and gets the 409 of the first).
        if (canonical === row.endpoint || taken.has(canonical)) continue;
        taken.add(canonical);
        await sql`UPDATE push_subscriptions SET endpoint = ${canonical} WHERE id = ${row.id}`.execute(
          db,
        );
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const index of [
        'owners_by_last_seen',
        'owners_by_creator',
        'push_subscriptions_by_creator',
      ]) {
        await db.schema.dropIndex(index).execute();
      }
      await db.schema.alterTable('owners').dropColumn('last_seen_at').execute();
      await db.schema.alterTable('owners').dropColumn('created_by').execute();
      await db.schema.alterTable('push_subscriptions').dropColumn('created_by').execute();
    },
  },
  '0005_create_alert_function': {
    // PostgreSQL only: alert creation in one statement (KyselyAlertStore.createAlert). The owner's
    // lock, the count of its active alerts and the insert took five round trips (BEGIN to COMMIT)
    // with the lock held across all of them; under load each waited for a busy event loop. In a
    // PL/pgSQL function each statement sees what committed before it started (READ COMMITTED), so
    // the count after the lock sees every alert of a create that held the lock first.
    // `jsonb_populate_record(NULL::alerts, …)` fills the row by column name: a column added later
    // is NULL unless the store's toAlertRow names it (tests read every field back).
    async up(db: Kysely<unknown>): Promise<void> {
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
      await sql`
        CREATE OR REPLACE FUNCTION pairwatch_create_alert(alert jsonb, max_active integer) RETURNS text
        LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM 1 FROM owners WHERE id = alert->>'owner_id' FOR UPDATE;
          IF NOT FOUND THEN
            RETURN 'unknown-owner';
          END IF;
          IF (SELECT count(*) FROM alerts
              WHERE owner_id = alert->>'owner_id' AND status = 'Active') >= max_active THEN
            RETURN 'limit-reached';
          END IF;
          INSERT INTO alerts SELECT * FROM jsonb_populate_record(NULL::alerts, alert);
          RETURN 'created';
        END
        $$`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
      await sql`DROP FUNCTION IF EXISTS pairwatch_create_alert(jsonb, integer)`.execute(db);
    },
  },
  '0006_alerts_by_status_expiry': {
    // The alert engine's expiry sweep (every 15 s, KyselyAlertStore.expireAlerts) asks for the
    // active alerts whose expiry has passed. With `status` alone indexed it walked every active
    // alert: 210–240 ms at 1,000,000 of them on SQLite, whose queries run on the event loop, so
    // hub updates, requests and pushes waited that long every 15 s. On (status, expires_at) it
    // reads the expired ones only (0.2 ms). The pair also answers every lookup by status alone,
    // so it replaces alerts_by_status rather than adding a third index for each write to keep.
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('alerts_by_status_expiry')
        .on('alerts')
        .columns(['status', 'expires_at'])
        .execute();
      await db.schema.dropIndex('alerts_by_status').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('alerts_by_status').on('alerts').column('status').execute();
      await db.schema.dropIndex('alerts_by_status_expiry').execute();
    },
  },
  '0007_purge_indexes': {
    // The hourly purge (KyselyAlertStore.purgeBefore) found what is past retention by walking
    // every triggered alert, every firing and every delivery: with 1,000,000 active alerts and a
    // week of 100,000 firings, 280–340 ms of SQLite on the event loop a run. Through these
    // indexes (and the firings through the alerts being purged, alert_firings_by_alert) it reads
    // only what goes: 53–63 ms for an hour's 600 alerts, 1 ms when nothing is due.
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('alerts_by_status_triggered')
        .on('alerts')
        .columns(['status', 'triggered_at'])
        .execute();
      await db.schema
        .createIndex('deliveries_by_creation')
        .on('deliveries')
        .column('created_at')
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('deliveries_by_creation').execute();
      await db.schema.dropIndex('alerts_by_status_triggered').execute();
    },
  },
  '0008_partial_alert_indexes': {
    // The expiry sweep and the purge look for alerts with an expiry, or that fired: most active
    // alerts have neither, yet each held an entry in both indexes, and each firing moved its entry
    // in both (its status changed). A firing's conditional update was then the costliest
    // statement between a price move and its pushes (tick → push bench, issue #27: 3.8 ms for 32
    // firings at 1,000,000 alerts). Partial on the column's presence, the indexes hold only
    // those rows, and the queries' `expires_at < ?` / `triggered_at < ?` imply the condition, so
    // both planners still use them with bound parameters (docs/architecture.md §9, "A burst's
    // pauses").
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [name, column] of PARTIAL_ALERT_INDEXES) {
        await db.schema.dropIndex(name).execute();
        await db.schema
          .createIndex(name)
          .on('alerts')
          .columns(['status', column])
          .where(sql<boolean>`${sql.ref(column)} IS NOT NULL`)
          .execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const [name, column] of PARTIAL_ALERT_INDEXES) {
        await db.schema.dropIndex(name).execute();
        await db.schema.createIndex(name).on('alerts').columns(['status', column]).execute();
      }
    },
  },
};
