import {
  type AlertCondition,
  type AlertDirection,
  type AlertFrequency,
  type AlertStatus,
  type AlertType,
  type Interval,
  type SymbolId,
  type UnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
} from 'kysely';
import { type ChannelKind, type ChannelRecord } from '../delivery/DeliveryChannel';
import {
  type AlertFiringRecord,
  type AlertFiringRequest,
  type AlertRecord,
  type AlertStore,
  type ClaimedDelivery,
  type DeliveryClaim,
  type CreateAlertOutcome,
  type CreateChannelOutcome,
  type DeliveryRecord,
  type DeliveryStatus,
  type DeliveryUpdate,
  type PushSubscriptionKeys,
  type PushSubscriptionRecord,
  type RenderDeliveries,
  type SaveSubscriptionOutcome,
  type TriggerRequest,
} from './AlertStore';
import { type KeysetPage } from './keysetPages';
import {
  type AlertFiringsTable,
  type AlertsTable,
  type ChannelsTable,
  type DeliveriesTable,
  type DatabaseSchema,
  type PushSubscriptionsTable,
} from './DatabaseSchema';

type AlertRow = Selectable<AlertsTable>;
type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** {@link KyselyAlertStore.markOwnerSeen} writes at most this often per owner. */
const SEEN_GRANULARITY_MS = 60 * 60 * 1000;

/** Longest stored error text of a delivery attempt. */
const MAX_ERROR_LENGTH = 500;

function parseChannelIds(json: string | null): readonly string[] | undefined {
  if (json === null) return undefined;
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

function subscriptionRecordOf(row: Selectable<PushSubscriptionsTable>): PushSubscriptionRecord {
  return {
    id: row.id,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    createdAt: Number(row.created_at) as UnixMillis,
  };
}

function pushChannelOf(row: Selectable<PushSubscriptionsTable>): ChannelRecord {
  return {
    kind: 'push',
    id: row.id,
    ownerId: row.owner_id ?? row.id,
    createdAt: Number(row.created_at) as UnixMillis,
    subscription: { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth },
  };
}

function channelOf(row: Selectable<ChannelsTable>): ChannelRecord | undefined {
  const base = {
    id: row.id,
    ownerId: row.owner_id,
    createdAt: Number(row.created_at) as UnixMillis,
    disabledAt: row.disabled_at == null ? undefined : (Number(row.disabled_at) as UnixMillis),
  };
  if (row.kind === 'webhook' && row.url !== null && row.secret !== null) {
    return {
      ...base,
      kind: 'webhook',
      url: row.url,
      template: row.template ?? undefined,
      secret: row.secret,
    };
  }
  if (row.kind === 'telegram' && row.link_code !== null) {
    return { ...base, kind: 'telegram', linkCode: row.link_code, chatId: row.chat_id ?? undefined };
  }
  return undefined; // a kind a newer release wrote
}

/** Whether a channel can take a delivery now. */
function canDeliver(channel: ChannelRecord): boolean {
  switch (channel.kind) {
    case 'push':
      return true;
    case 'webhook':
      return channel.disabledAt === undefined;
    case 'telegram':
      return channel.disabledAt === undefined && channel.chatId !== undefined;
  }
}

/**
 * An alert's status as no index answers it: next to an `id IN (…)` list, SQLite's planner (which
 * has no statistics) would otherwise walk `alerts_by_status_expiry` — every active alert — instead of
 * looking up the listed ids.
 */
const UNINDEXED_STATUS = sql<string>`status || ''`;

/** Rows of each table the health probe reads (see `probe`). */
const PROBE_ROWS = 1_000;

/** Ids per `IN (…)` list. */
const ID_CHUNK = 500;
/** Rows per multi-row insert (at most 10 columns each: well under SQLite's parameter limit). */
const ROWS_PER_INSERT = 200;

function toAlertRecord(row: AlertRow): AlertRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    symbol: row.symbol as SymbolId,
    type: row.type as AlertType,
    interval: row.bar_interval as Interval,
    condition: row.condition as AlertCondition,
    frequency: row.frequency as AlertFrequency,
    direction: row.direction as AlertDirection,
    valueOnCreation: row.value_on_creation,
    valueTarget: row.value_target,
    valueUpper: row.value_upper ?? undefined,
    bars: row.bars == null ? undefined : Number(row.bars),
    expiresAt: row.expires_at == null ? undefined : (Number(row.expires_at) as UnixMillis),
    message: row.message ?? undefined,
    status: row.status as AlertStatus,
    createdAt: Number(row.created_at) as UnixMillis,
    triggeredAt: row.triggered_at == null ? undefined : (Number(row.triggered_at) as UnixMillis),
    triggeredValue: row.triggered_value ?? undefined,
    triggerCount: Number(row.trigger_count),
    lastFiredPeriod: row.last_fired_period == null ? undefined : Number(row.last_fired_period),
    creationCandleTime: Number(row.creation_candle_time) as UnixSeconds,
    creationHigh: row.creation_high,
    creationLow: row.creation_low,
    channels: parseChannelIds(row.channels),
  };
}

/** The row of an alert (the store inserts one at a time; benches fill tables in bulk with it). */
export function toAlertRow(alert: AlertRecord): Insertable<AlertsTable> {
  return {
    id: alert.id,
    owner_id: alert.ownerId,
    symbol: alert.symbol,
    type: alert.type,
    rsi_interval: alert.type === 'Rsi' ? alert.interval : null,
    bar_interval: alert.interval,
    condition: alert.condition,
    frequency: alert.frequency,
    direction: alert.direction,
    value_on_creation: alert.valueOnCreation,
    value_target: alert.valueTarget,
    value_upper: alert.valueUpper ?? null,
    bars: alert.bars ?? null,
    expires_at: alert.expiresAt ?? null,
    message: alert.message ?? null,
    status: alert.status,
    created_at: alert.createdAt,
    triggered_at: alert.triggeredAt ?? null,
    triggered_value: alert.triggeredValue ?? null,
    trigger_count: alert.triggerCount,
    last_fired_period: alert.lastFiredPeriod ?? null,
    creation_candle_time: alert.creationCandleTime,
    creation_high: alert.creationHigh,
    creation_low: alert.creationLow,
    channels: alert.channels === undefined ? null : JSON.stringify(alert.channels),
  };
}

/**
 * {@link AlertStore} over Kysely: every query is written once and runs on SQLite and PostgreSQL.
 * The dialect switches: row locking (`FOR UPDATE [SKIP LOCKED]`), which SQLite neither has nor
 * needs (one writer at a time), and alert creation, one function call on PostgreSQL (see
 * `createAlert`).
 */
export class KyselyAlertStore implements AlertStore {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    readonly kind: 'sqlite' | 'postgres',
  ) {}

  private get locks(): boolean {
    return this.kind === 'postgres';
  }

  async purgeBefore(cutoff: UnixMillis): Promise<{ alerts: number; messages: number }> {
    // Each through an index (migration 0007): nothing here walks a whole table.
    const purgeable = (eb: ExpressionBuilder<DatabaseSchema, 'alerts'>) =>
      eb.or([
        eb.and([eb('status', '=', 'Triggered'), eb('triggered_at', '<', cutoff)]),
        eb.and([eb('status', '=', 'Expired'), eb('expires_at', '<', cutoff)]),
      ]);
    return this.db.transaction().execute(async (trx) => {
      // The firings go with their alerts, as deleteAlert and an owner's removal take them.
      await trx
        .deleteFrom('alert_firings')
        .where('alert_id', 'in', (eb) => eb.selectFrom('alerts').select('id').where(purgeable))
        .execute();
      const alerts = await trx.deleteFrom('alerts').where(purgeable).executeTakeFirst();
      const messages = await trx
        .deleteFrom('deliveries')
        .where('created_at', '<', cutoff)
        .executeTakeFirst();
      return {
        alerts: Number(alerts.numDeletedRows),
        messages: Number(messages.numDeletedRows),
      };
    });
  }

  async countSubscriptions(): Promise<number> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async probe(): Promise<void> {
    // Counting a column no index holds makes the database read the tables' own pages (a bare
    // count(*) may be answered from a small index and miss a damaged table). The first
    // PROBE_ROWS rows only: GET /status runs this on every call (every page load preloads it), and
    // counting every row held SQLite's event loop for 140 ms at 1,000,000 alerts (issue #27).
    await this.db
      .selectFrom((eb) =>
        eb.selectFrom('alerts').select('value_target').limit(PROBE_ROWS).as('sample'),
      )
      .select((eb) => eb.fn.count('value_target').as('n'))
      .execute();
    await this.db
      .selectFrom((eb) =>
        eb.selectFrom('deliveries').select('payload').limit(PROBE_ROWS).as('sample'),
      )
      .select((eb) => eb.fn.count('payload').as('n'))
      .execute();
  }

  async createOwner(id: string, now: UnixMillis, createdBy?: string): Promise<void> {
    await this.db
      .insertInto('owners')
      .values({ id, created_at: now, last_seen_at: now, created_by: createdBy ?? null })
      .execute();
  }

  async subscriptionStanding(
    keys: PushSubscriptionKeys,
  ): Promise<'known' | 'conflict' | 'unknown'> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .select('auth')
      .where('endpoint', '=', keys.endpoint)
      .executeTakeFirst();
    if (!row) return 'unknown';
    return row.auth === keys.auth ? 'known' : 'conflict';
  }

  async countCreatedBy(createdBy: string): Promise<number> {
    const subscriptions = await this.db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('created_by', '=', createdBy)
      .executeTakeFirstOrThrow();
    const owners = await this.db
      .selectFrom('owners')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('created_by', '=', createdBy)
      .executeTakeFirstOrThrow();
    return Number(subscriptions.n) + Number(owners.n);
  }

  async markOwnerSeen(ownerId: string, now: UnixMillis): Promise<void> {
    // A client polling GET /alerts every few seconds must not make a write of every poll.
    await this.db
      .updateTable('owners')
      .set({ last_seen_at: now })
      .where('id', '=', ownerId)
      .where((eb) =>
        eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', now - SEEN_GRANULARITY_MS)]),
      )
      .execute();
  }

  async purgeIdleOwners(
    cutoff: UnixMillis,
    limit: number,
  ): Promise<{ subscriptions: number; owners: number; alertIds: string[] }> {
    const idle = (db: Db) =>
      db
        .selectFrom('owners')
        .select('owners.id')
        .where((eb) =>
          eb.and([
            eb(eb.fn.coalesce('owners.last_seen_at', 'owners.created_at'), '<', cutoff),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('alerts')
                  .select('alerts.id')
                  .whereRef('alerts.owner_id', '=', 'owners.id')
                  .where('alerts.status', '=', 'Active'),
              ),
            ),
            // Something to remove: push subscriptions, or nothing at all (an owner with only
            // webhooks or Telegram chats keeps them; they are not what fills the table).
            eb.or([
              eb.exists(
                eb
                  .selectFrom('push_subscriptions')
                  .select('push_subscriptions.id')
                  .whereRef('push_subscriptions.owner_id', '=', 'owners.id'),
              ),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('channels')
                    .select('channels.id')
                    .whereRef('channels.owner_id', '=', 'owners.id'),
                ),
              ),
            ]),
          ]),
        );
    const candidates = await idle(this.db).limit(limit).execute();
    const result = { subscriptions: 0, owners: 0, alertIds: [] as string[] };
    for (const { id: ownerId } of candidates) {
      await this.db.transaction().execute(async (trx) => {
        // Judged again under the owner's lock (which createAlert takes too): an alert created or
        // a visit made since the first look keeps the owner.
        const still = await idle(trx)
          .where('owners.id', '=', ownerId)
          .$if(this.locks, (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (!still) return;
        const gone = await trx
          .deleteFrom('push_subscriptions')
          .where('owner_id', '=', ownerId)
          .returning('id')
          .execute();
        if (gone.length > 0) {
          await trx
            .deleteFrom('deliveries')
            .where(
              'channel_id',
              'in',
              gone.map((row) => row.id),
            )
            .where('status', '=', 'Pending')
            .execute();
        }
        result.subscriptions += gone.length;
        if (!(await this.hasChannels(trx, ownerId))) {
          result.alertIds.push(...(await this.deleteOwner(trx, ownerId)));
          result.owners += 1;
        }
      });
    }
    return result;
  }

  async ownerExists(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('owners')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  async countOwners(): Promise<number> {
    const row = await this.db
      .selectFrom('owners')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async saveSubscription(
    keys: PushSubscriptionKeys,
    newId: string,
    now: UnixMillis,
    ownerId?: string,
    createdBy?: string,
  ): Promise<SaveSubscriptionOutcome> {
    return this.db.transaction().execute(async (trx) => {
      if (ownerId !== undefined) {
        const owner = await trx
          .selectFrom('owners')
          .select('id')
          .where('id', '=', ownerId)
          .executeTakeFirst();
        // An owner the api no longer knows (its last channel went, or the data was reset): the
        // browser becomes its own owner, as without one, and learns its new id from the answer.
        if (!owner) ownerId = undefined;
      }
      const inserted = await trx
        .insertInto('push_subscriptions')
        .values({
          id: newId,
          endpoint: keys.endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
          created_at: now,
          owner_id: ownerId ?? newId,
          created_by: createdBy ?? null,
        })
        .onConflict((oc) => oc.column('endpoint').doNothing())
        .returning(['id', 'owner_id'])
        .executeTakeFirst();
      if (inserted) {
        // A browser without an owner is its own: its subscription id is its owner id.
        if (ownerId === undefined) {
          await trx
            .insertInto('owners')
            .values({ id: newId, created_at: now, last_seen_at: now, created_by: null })
            .execute();
        } else {
          await this.touchOwner(trx, ownerId, now);
        }
        return {
          subscriptionId: inserted.id,
          ownerId: inserted.owner_id ?? inserted.id,
          created: true,
        };
      }
      // The endpoint is known: only the holder of its auth secret (the same browser) gets its id.
      const existing = await trx
        .updateTable('push_subscriptions')
        .set((eb) => ({
          p256dh: keys.p256dh,
          owner_id: ownerId ?? eb.ref('owner_id'),
        }))
        .where('endpoint', '=', keys.endpoint)
        .where('auth', '=', keys.auth)
        .returning(['id', 'owner_id'])
        .executeTakeFirst();
      if (!existing) return 'conflict';
      // The browser came back: its owner is in use (issue #27's expiry counts from here).
      await this.touchOwner(trx, existing.owner_id ?? existing.id, now);
      return {
        subscriptionId: existing.id,
        ownerId: existing.owner_id ?? existing.id,
        created: false,
      };
    });
  }

  async findSubscription(id: string): Promise<PushSubscriptionRecord | undefined> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && subscriptionRecordOf(row);
  }

  async listSubscriptions(page: KeysetPage): Promise<PushSubscriptionRecord[]> {
    const rows = await this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .$if(page.after !== undefined, (qb) => qb.where('id', '>', page.after!))
      .orderBy('id')
      .limit(page.limit)
      .execute();
    return rows.map(subscriptionRecordOf);
  }

  /** Deletes an owner with its alerts, channels and pending deliveries; returns the alert ids. */
  private async deleteOwner(trx: Transaction<DatabaseSchema>, ownerId: string): Promise<string[]> {
    const alerts = await trx
      .selectFrom('alerts')
      .select('id')
      .where('owner_id', '=', ownerId)
      .execute();
    // Explicit deletes: the caller needs the ids, and nothing depends on SQLite's foreign_keys pragma.
    await trx
      .deleteFrom('deliveries')
      .where('owner_id', '=', ownerId)
      .where('status', '=', 'Pending')
      .execute();
    await trx
      .deleteFrom('alert_firings')
      .where('alert_id', 'in', (eb) =>
        eb.selectFrom('alerts').select('id').where('owner_id', '=', ownerId),
      )
      .execute();
    await trx.deleteFrom('alerts').where('owner_id', '=', ownerId).execute();
    await trx.deleteFrom('channels').where('owner_id', '=', ownerId).execute();
    await trx.deleteFrom('push_subscriptions').where('owner_id', '=', ownerId).execute();
    await trx.deleteFrom('owners').where('id', '=', ownerId).execute();
    return alerts.map((alert) => alert.id);
  }

  /** Marks the owner seen `now` (a subscription of it registered or re-posted). */
  private async touchOwner(db: Db, ownerId: string, now: UnixMillis): Promise<void> {
    await db.updateTable('owners').set({ last_seen_at: now }).where('id', '=', ownerId).execute();
  }

  /** Whether the owner has a channel left. */
  private async hasChannels(db: Db, ownerId: string): Promise<boolean> {
    const push = await db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    if (push) return true;
    const other = await db
      .selectFrom('channels')
      .select('id')
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return other !== undefined;
  }

  async deleteSubscription(id: string): Promise<string[] | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('push_subscriptions')
        .where('id', '=', id)
        .returning(['id', 'owner_id'])
        .executeTakeFirst();
      if (!row) return undefined;
      await trx
        .deleteFrom('deliveries')
        .where('channel_id', '=', id)
        .where('status', '=', 'Pending')
        .execute();
      const ownerId = row.owner_id ?? row.id;
      return (await this.hasChannels(trx, ownerId)) ? [] : this.deleteOwner(trx, ownerId);
    });
  }

  async createChannel(channel: ChannelRecord, maxPerOwner: number): Promise<CreateChannelOutcome> {
    if (channel.kind === 'push') throw new Error('push channels are made by saveSubscription');
    return this.db.transaction().execute(async (trx) => {
      const owner = await trx
        .selectFrom('owners')
        .select('id')
        .where('id', '=', channel.ownerId)
        .$if(this.locks, (qb) => qb.forUpdate())
        .executeTakeFirst();
      if (!owner) return 'unknown-owner';
      const { count } = await trx
        .selectFrom('channels')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner_id', '=', channel.ownerId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= maxPerOwner) return 'limit-reached';
      await trx
        .insertInto('channels')
        .values({
          id: channel.id,
          owner_id: channel.ownerId,
          kind: channel.kind,
          url: channel.kind === 'webhook' ? channel.url : null,
          template: channel.kind === 'webhook' ? (channel.template ?? null) : null,
          secret: channel.kind === 'webhook' ? channel.secret : null,
          link_code: channel.kind === 'telegram' ? channel.linkCode : null,
          chat_id: channel.kind === 'telegram' ? (channel.chatId ?? null) : null,
          disabled_at: channel.disabledAt ?? null,
          created_at: channel.createdAt,
        })
        .execute();
      return 'created';
    });
  }

  async listChannels(ownerId: string): Promise<ChannelRecord[]> {
    return this.channelsOf(this.db, ownerId);
  }

  private async channelsOf(db: Db, ownerId: string): Promise<ChannelRecord[]> {
    // Both at once: on PostgreSQL's pool, two connections answer in one round trip's time (in a
    // transaction, its one connection still runs them one after the other).
    const [push, others] = await Promise.all([
      db.selectFrom('push_subscriptions').selectAll().where('owner_id', '=', ownerId).execute(),
      db.selectFrom('channels').selectAll().where('owner_id', '=', ownerId).execute(),
    ]);
    return [
      ...push.map(pushChannelOf),
      ...others.map(channelOf).filter((channel) => channel !== undefined),
    ].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  async deleteChannel(id: string, ownerId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const other = await trx
        .deleteFrom('channels')
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      let deleted = other.numDeletedRows > 0n;
      if (!deleted) {
        const push = await trx
          .deleteFrom('push_subscriptions')
          .where('id', '=', id)
          .where('owner_id', '=', ownerId)
          .executeTakeFirst();
        deleted = push.numDeletedRows > 0n;
      }
      if (!deleted) return false;
      await trx
        .deleteFrom('deliveries')
        .where('channel_id', '=', id)
        .where('status', '=', 'Pending')
        .execute();
      return true;
    });
  }

  async disableChannel(id: string, now: UnixMillis): Promise<void> {
    await this.db.updateTable('channels').set({ disabled_at: now }).where('id', '=', id).execute();
  }

  async linkTelegramChat(code: string, chatId: string): Promise<'linked' | 'unknown'> {
    const result = await this.db
      .updateTable('channels')
      .set({ chat_id: chatId })
      .where('kind', '=', 'telegram')
      .where('link_code', '=', code)
      // The same /start again (Telegram resends updates a crashed poller did not confirm) links
      // again; another chat cannot take a linked channel.
      .where((eb) => eb.or([eb('chat_id', 'is', null), eb('chat_id', '=', chatId)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? 'linked' : 'unknown';
  }

  async createAlert(alert: AlertRecord, maxActive: number): Promise<CreateAlertOutcome> {
    if (this.kind === 'postgres') {
      // The same steps in one round trip, the lock held for no longer than they take (migration
      // 0005_create_alert_function).
      const { rows } = await sql<{ outcome: CreateAlertOutcome }>`
        SELECT pairwatch_create_alert(${JSON.stringify(toAlertRow(alert))}::jsonb, ${maxActive})
          AS outcome`.execute(this.db);
      return rows[0]!.outcome;
    }
    return this.db.transaction().execute(async (trx) => {
      // Locking the owner row serialises concurrent creates of one owner on PostgreSQL, so the
      // limit holds; SQLite runs one write transaction at a time anyway.
      const owner = await trx
        .selectFrom('owners')
        .select('id')
        .where('id', '=', alert.ownerId)
        .$if(this.locks, (qb) => qb.forUpdate())
        .executeTakeFirst();
      if (!owner) return 'unknown-owner';
      const { active } = await trx
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll<number>().as('active'))
        .where('owner_id', '=', alert.ownerId)
        .where('status', '=', 'Active')
        .executeTakeFirstOrThrow();
      if (Number(active) >= maxActive) return 'limit-reached';
      await trx.insertInto('alerts').values(toAlertRow(alert)).execute();
      return 'created';
    });
  }

  async listAlerts(ownerId: string): Promise<AlertRecord[]> {
    const rows = await this.db
      .selectFrom('alerts')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(toAlertRecord);
  }

  async deleteAlert(id: string, ownerId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('alerts')
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      if (result.numDeletedRows === 0n) return false;
      await trx.deleteFrom('alert_firings').where('alert_id', '=', id).execute();
      return true;
    });
  }

  async listActiveAlerts(page?: KeysetPage): Promise<AlertRecord[]> {
    // Paged along the primary key as listActiveAlertIds is.
    const rows = await this.db
      .selectFrom('alerts')
      .selectAll()
      .where(UNINDEXED_STATUS, '=', 'Active')
      .$if(page?.after !== undefined, (qb) => qb.where('id', '>', page!.after!))
      .orderBy('id')
      .$if(page !== undefined, (qb) => qb.limit(page!.limit))
      .execute();
    return rows.map(toAlertRecord);
  }

  async listActiveAlertIds(page?: KeysetPage): Promise<string[]> {
    // Along the primary key, the status checked per row: a page is a short range of it, where
    // the status index would read every active alert to sort them by id.
    const rows = await this.db
      .selectFrom('alerts')
      .select('id')
      .where(UNINDEXED_STATUS, '=', 'Active')
      .$if(page?.after !== undefined, (qb) => qb.where('id', '>', page!.after!))
      .orderBy('id')
      .$if(page !== undefined, (qb) => qb.limit(page!.limit))
      .execute();
    return rows.map((row) => row.id);
  }

  async getAlerts(ids: readonly string[]): Promise<AlertRecord[]> {
    const alerts: AlertRecord[] = [];
    // Chunked: SQLite caps the number of bound parameters of one statement.
    for (let start = 0; start < ids.length; start += ID_CHUNK) {
      const rows = await this.db
        .selectFrom('alerts')
        .selectAll()
        .where('id', 'in', ids.slice(start, start + ID_CHUNK))
        .execute();
      alerts.push(...rows.map(toAlertRecord));
    }
    return alerts;
  }

  async triggerAlert(
    firing: AlertFiringRequest,
    render: RenderDeliveries,
  ): Promise<AlertRecord | undefined> {
    const [alert] = await this.triggerAlerts([{ firing, render }]);
    return alert;
  }

  async triggerAlerts(
    requests: readonly TriggerRequest[],
    claim?: DeliveryClaim,
  ): Promise<(AlertRecord | undefined)[]> {
    if (requests.length === 0) {
      claim?.abandoned();
      return [];
    }
    let recorded: { results: (AlertRecord | undefined)[]; claimed: ClaimedDelivery[] };
    try {
      recorded = await this.recordFiringsWithDeliveries(requests, claim);
    } catch (error: unknown) {
      claim?.abandoned();
      throw error;
    }
    claim?.claimed(recorded.claimed);
    return recorded.results;
  }

  /** {@link triggerAlerts}' transaction: the alerts after their firings, and the deliveries leased to `claim`. */
  private recordFiringsWithDeliveries(
    requests: readonly TriggerRequest[],
    claim: DeliveryClaim | undefined,
  ): Promise<{ results: (AlertRecord | undefined)[]; claimed: ClaimedDelivery[] }> {
    return this.db.transaction().execute(async (trx) => {
      const claimed: ClaimedDelivery[] = [];
      const results = await this.recordFirings(trx, requests);
      const firings: Insertable<AlertFiringsTable>[] = [];
      const deliveries: Insertable<DeliveriesTable>[] = [];
      // The owners' channels, read together once per batch (many alerts of one owner fire together).
      const channelsByOwner = await this.deliverableChannelsOf(trx, [
        ...new Set(results.flatMap((alert) => (alert ? [alert.ownerId] : []))),
      ]);
      requests.forEach(({ firing, render }, index) => {
        const alert = results[index];
        if (!alert) return;
        firings.push({ alert_id: alert.id, fired_at: firing.firedAt, value: firing.value });
        const owned = channelsByOwner.get(alert.ownerId) ?? [];
        for (const row of this.outboxRows(alert, render, owned, firing.firedAt)) {
          const channel = owned.find((candidate) => candidate.id === row.channel_id);
          if (claim && channel && claimed.length < claim.limit) {
            row.lease_until = claim.leaseUntil;
            claimed.push({
              id: row.id,
              ownerId: row.owner_id,
              alertId: row.alert_id,
              topic: row.topic,
              payload: row.payload,
              attempts: 0,
              createdAt: firing.firedAt,
              channel,
            });
          }
          deliveries.push(row);
        }
      });
      // Multi-row inserts, chunked below SQLite's limit of bound parameters per statement.
      for (let start = 0; start < firings.length; start += ROWS_PER_INSERT) {
        await trx
          .insertInto('alert_firings')
          .values(firings.slice(start, start + ROWS_PER_INSERT))
          .execute();
      }
      await insertDeliveries(trx, deliveries);
      return { results, claimed };
    });
  }

  /**
   * The firings' conditional updates, in order: each applies only to an alert Active with the
   * count the engine judged from. Firings alike (same count judged from, time, value, period and
   * end: all those one price update fires, as a rule) are one `UPDATE … WHERE id IN (…)` rather
   * than one statement each; an alert that fires again in the batch starts a new round of
   * statements, so its second firing sees the count its first one wrote.
   *
   * @returns for each request, the alert after its firing or undefined.
   */
  private async recordFirings(
    trx: Transaction<DatabaseSchema>,
    requests: readonly TriggerRequest[],
  ): Promise<(AlertRecord | undefined)[]> {
    const results: (AlertRecord | undefined)[] = requests.map(() => undefined);
    let round = new Map<string, { firing: AlertFiringRequest; indexes: number[] }>();
    let inRound = new Set<string>();
    const runRound = async () => {
      for (const { firing, indexes } of round.values()) {
        for (let start = 0; start < indexes.length; start += ID_CHUNK) {
          const chunk = indexes.slice(start, start + ID_CHUNK);
          const rows = await trx
            .updateTable('alerts')
            .set((eb) => ({
              status: firing.ends ? 'Triggered' : 'Active',
              triggered_at: firing.firedAt,
              triggered_value: firing.value,
              trigger_count: eb('trigger_count', '+', 1),
              last_fired_period: firing.period ?? null,
            }))
            .where(
              'id',
              'in',
              chunk.map((index) => requests[index]!.firing.alertId),
            )
            .where(UNINDEXED_STATUS, '=', 'Active')
            .where('trigger_count', '=', firing.expectedCount)
            .returningAll()
            .execute();
          const byId = new Map(rows.map((row) => [row.id, row]));
          for (const index of chunk) {
            const row = byId.get(requests[index]!.firing.alertId);
            if (row) results[index] = toAlertRecord(row);
          }
        }
      }
      round = new Map();
      inRound = new Set();
    };
    for (const [index, { firing }] of requests.entries()) {
      if (inRound.has(firing.alertId)) await runRound();
      inRound.add(firing.alertId);
      const key = JSON.stringify([
        firing.expectedCount,
        firing.firedAt,
        firing.value,
        firing.period ?? null,
        firing.ends,
      ]);
      const group = round.get(key);
      if (group) group.indexes.push(index);
      else round.set(key, { firing, indexes: [index] });
    }
    await runRound();
    return results;
  }

  /** The deliverable channels of each owner (a push subscription or another channel), in two queries per chunk. */
  private async deliverableChannelsOf(
    db: Db,
    ownerIds: readonly string[],
  ): Promise<Map<string, ChannelRecord[]>> {
    const result = new Map<string, ChannelRecord[]>(ownerIds.map((id) => [id, []]));
    for (let start = 0; start < ownerIds.length; start += ID_CHUNK) {
      const chunk = ownerIds.slice(start, start + ID_CHUNK);
      const push = await db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('owner_id', 'in', chunk)
        .execute();
      const others = await db
        .selectFrom('channels')
        .selectAll()
        .where('owner_id', 'in', chunk)
        .execute();
      for (const channel of [...push.map(pushChannelOf), ...others.map(channelOf)]) {
        if (channel && canDeliver(channel)) result.get(channel.ownerId)?.push(channel);
      }
    }
    // In the order of channelsOf: oldest first.
    for (const channels of result.values())
      channels.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    return result;
  }

  async haltAlerts(
    symbols: readonly string[],
    now: UnixMillis,
    render: RenderDeliveries,
  ): Promise<AlertRecord[]> {
    if (symbols.length === 0) return [];
    return this.db.transaction().execute(async (trx) => {
      const halted: AlertRecord[] = [];
      const deliveries: Insertable<DeliveriesTable>[] = [];
      const channelsByOwner = new Map<string, ChannelRecord[]>();
      for (let start = 0; start < symbols.length; start += ID_CHUNK) {
        const rows = await trx
          .updateTable('alerts')
          .set({ status: 'Halted' })
          .where('status', '=', 'Active')
          .where('symbol', 'in', symbols.slice(start, start + ID_CHUNK))
          .returningAll()
          .execute();
        for (const row of rows) {
          const alert = toAlertRecord(row);
          halted.push(alert);
          deliveries.push(
            ...(await this.renderDeliveries(trx, alert, render, channelsByOwner, now)),
          );
        }
      }
      await insertDeliveries(trx, deliveries);
      return halted;
    });
  }

  /**
   * The outbox rows of one message about `alert`: rendered for the owner's deliverable channels
   * (those the alert names, or all), read once per owner per transaction (`channelsByOwner`).
   */
  private async renderDeliveries(
    trx: Transaction<DatabaseSchema>,
    alert: AlertRecord,
    render: RenderDeliveries,
    channelsByOwner: Map<string, ChannelRecord[]>,
    at: UnixMillis,
  ): Promise<Insertable<DeliveriesTable>[]> {
    let owned = channelsByOwner.get(alert.ownerId);
    if (!owned) {
      owned = (await this.channelsOf(trx, alert.ownerId)).filter(canDeliver);
      channelsByOwner.set(alert.ownerId, owned);
    }
    return this.outboxRows(alert, render, owned, at);
  }

  /** The outbox rows of one message about `alert` to the channels it names among `owned`, or all. */
  private outboxRows(
    alert: AlertRecord,
    render: RenderDeliveries,
    owned: readonly ChannelRecord[],
    at: UnixMillis,
  ): Insertable<DeliveriesTable>[] {
    const chosen = alert.channels === undefined ? undefined : new Set(alert.channels);
    const channels =
      chosen === undefined ? owned : owned.filter((channel) => chosen.has(channel.id));
    return render(alert, channels).map((delivery) => ({
      id: delivery.id,
      alert_id: alert.id,
      owner_id: alert.ownerId,
      channel_id: delivery.channelId,
      kind: delivery.kind,
      topic: delivery.topic,
      payload: delivery.payload,
      status: 'Pending',
      next_attempt_at: at,
      // Spelled out: a batch's multi-row insert lists every row's columns, and SQLite has no
      // DEFAULT there, so a row leased to a sender (triggerAlerts' claim) beside one without
      // would leave this one NULL.
      lease_until: 0,
      created_at: at,
    }));
  }

  async expireAlerts(now: UnixMillis): Promise<AlertRecord[]> {
    const rows = await this.db
      .updateTable('alerts')
      .set({ status: 'Expired' })
      .where('status', '=', 'Active')
      .where('expires_at', '<=', now)
      .returningAll()
      .execute();
    return rows.map(toAlertRecord);
  }

  async listFirings(
    alertIds: readonly string[],
    perAlert: number,
  ): Promise<Map<string, AlertFiringRecord[]>> {
    const result = new Map<string, AlertFiringRecord[]>();
    for (let start = 0; start < alertIds.length; start += ID_CHUNK) {
      const rows = await this.db
        .selectFrom('alert_firings')
        .select(['alert_id', 'fired_at', 'value'])
        .where('alert_id', 'in', alertIds.slice(start, start + ID_CHUNK))
        .orderBy('alert_id')
        .orderBy('fired_at', 'desc')
        .execute();
      for (const row of rows) {
        const list = result.get(row.alert_id) ?? [];
        if (list.length < perAlert)
          list.push({ firedAt: Number(row.fired_at) as UnixMillis, value: row.value });
        result.set(row.alert_id, list);
      }
    }
    for (const list of result.values()) list.reverse();
    return result;
  }

  async claimDueDeliveries(
    now: UnixMillis,
    limit: number,
    leaseMs: number,
  ): Promise<ClaimedDelivery[]> {
    return this.db.transaction().execute(async (trx) => {
      const due = trx
        .selectFrom('deliveries')
        .select('id')
        .where('status', '=', 'Pending')
        .where('next_attempt_at', '<=', now)
        .where('lease_until', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit)
        .$if(this.locks, (qb) => qb.forUpdate().skipLocked());
      const claimed = await trx
        .updateTable('deliveries')
        .set({ lease_until: now + leaseMs })
        .where('id', 'in', due)
        .returningAll()
        .execute();
      if (claimed.length === 0) return [];
      const channels = await this.channelsById(trx, [
        ...new Set(claimed.map((row) => row.channel_id)),
      ]);
      const deliveries: ClaimedDelivery[] = [];
      const orphans: string[] = [];
      for (const row of claimed) {
        const channel = channels.get(row.channel_id);
        if (!channel || !canDeliver(channel)) {
          orphans.push(row.id);
          continue;
        }
        deliveries.push({
          id: row.id,
          ownerId: row.owner_id,
          alertId: row.alert_id,
          topic: row.topic,
          payload: row.payload,
          attempts: Number(row.attempts),
          createdAt: Number(row.created_at) as UnixMillis,
          channel,
        });
      }
      if (orphans.length > 0) {
        // Its channel was deleted or disabled after the firing: nothing left to send it to.
        await trx
          .updateTable('deliveries')
          .set({
            status: 'Failed',
            last_error: 'The channel was removed or disabled.',
            lease_until: 0,
          })
          .where('id', 'in', orphans)
          .execute();
      }
      return deliveries.sort((a, b) => a.createdAt - b.createdAt);
    });
  }

  private async channelsById(db: Db, ids: readonly string[]): Promise<Map<string, ChannelRecord>> {
    const result = new Map<string, ChannelRecord>();
    for (let start = 0; start < ids.length; start += ID_CHUNK) {
      const chunk = ids.slice(start, start + ID_CHUNK);
      for (const row of await db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('id', 'in', chunk)
        .execute()) {
        result.set(row.id, pushChannelOf(row));
      }
      for (const row of await db
        .selectFrom('channels')
        .selectAll()
        .where('id', 'in', chunk)
        .execute()) {
        const channel = channelOf(row);
        if (channel) result.set(row.id, channel);
      }
    }
    return result;
  }

  async updateDeliveries(updates: readonly DeliveryUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    // Most updates of a batch are plain successes: one statement for all of them.
    const delivered = updates.filter(
      (update) => update.status === 'Delivered' && update.error === undefined,
    );
    const others = updates.filter((update) => !delivered.includes(update));
    await this.db.transaction().execute(async (trx) => {
      const byTime = new Map<string, DeliveryUpdate[]>();
      for (const update of delivered) {
        const key = `${update.attempts}|${update.deliveredAt}|${update.statusCode}`;
        byTime.set(key, [...(byTime.get(key) ?? []), update]);
      }
      for (const group of byTime.values()) {
        const [first] = group;
        if (!first) continue;
        await trx
          .updateTable('deliveries')
          .set({
            status: 'Delivered',
            attempts: first.attempts,
            delivered_at: first.deliveredAt ?? null,
            last_status_code: first.statusCode ?? null,
            lease_until: 0,
          })
          .where(
            'id',
            'in',
            group.map((update) => update.id),
          )
          .execute();
      }
      for (const update of others) {
        await trx
          .updateTable('deliveries')
          .set({
            status: update.status,
            attempts: update.attempts,
            next_attempt_at: update.nextAttemptAt,
            last_status_code: update.statusCode ?? null,
            last_error: update.error?.slice(0, MAX_ERROR_LENGTH) ?? null,
            delivered_at: update.deliveredAt ?? null,
            lease_until: 0,
          })
          .where('id', '=', update.id)
          .execute();
      }
    });
  }

  async releaseDeliveries(ids: readonly string[], nextAttemptAt: UnixMillis): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('deliveries')
      .set({ next_attempt_at: nextAttemptAt, lease_until: 0 })
      .where('id', 'in', ids)
      .where('status', '=', 'Pending')
      .execute();
  }

  async listDeliveries(alertId: string, ownerId: string): Promise<DeliveryRecord[] | undefined> {
    const alert = await this.db
      .selectFrom('alerts')
      .select('id')
      .where('id', '=', alertId)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    if (!alert) return undefined;
    const rows = await this.db
      .selectFrom('deliveries')
      .selectAll()
      .where('alert_id', '=', alertId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      alertId: row.alert_id,
      channelId: row.channel_id,
      kind: row.kind as ChannelKind,
      status: row.status as DeliveryStatus,
      attempts: Number(row.attempts),
      createdAt: Number(row.created_at) as UnixMillis,
      lastStatusCode: row.last_status_code == null ? undefined : Number(row.last_status_code),
      lastError: row.last_error ?? undefined,
      deliveredAt: row.delivered_at == null ? undefined : (Number(row.delivered_at) as UnixMillis),
    }));
  }

  async countPendingDeliveries(): Promise<number> {
    const { count } = await this.db
      .selectFrom('deliveries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'Pending')
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  async readEvaluationMarks(): Promise<Map<string, UnixSeconds>> {
    const rows = await this.db.selectFrom('evaluation_marks').selectAll().execute();
    return new Map(rows.map((row) => [row.stream, Number(row.evaluated_up_to) as UnixSeconds]));
  }

  async writeEvaluationMark(stream: string, time: UnixSeconds): Promise<void> {
    await this.db
      .insertInto('evaluation_marks')
      .values({ stream, evaluated_up_to: time })
      .onConflict((oc) =>
        oc
          .column('stream')
          .doUpdateSet((eb) => ({ evaluated_up_to: eb.ref('excluded.evaluated_up_to') }))
          .where('evaluation_marks.evaluated_up_to', '<', (eb) =>
            eb.ref('excluded.evaluated_up_to'),
          ),
      )
      .execute();
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}

/** Inserts outbox rows, chunked below SQLite's limit of bound parameters per statement. */
async function insertDeliveries(
  trx: Transaction<DatabaseSchema>,
  deliveries: readonly Insertable<DeliveriesTable>[],
): Promise<void> {
  for (let start = 0; start < deliveries.length; start += ROWS_PER_INSERT) {
    await trx
      .insertInto('deliveries')
      .values(deliveries.slice(start, start + ROWS_PER_INSERT))
      .execute();
  }
}
