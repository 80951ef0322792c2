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
import { type Insertable, type Kysely, type Selectable } from 'kysely';
import {
  type AlertFiringRecord,
  type AlertFiringRequest,
  type AlertRecord,
  type AlertStore,
  type ClaimedMessage,
  type CreateAlertOutcome,
  type NewOutboxMessage,
  type PushSubscriptionKeys,
  type PushSubscriptionRecord,
} from './AlertStore';
import { type AlertsTable, type DatabaseSchema } from './DatabaseSchema';

type AlertRow = Selectable<AlertsTable>;

/** Ids per `IN (…)` list. */
const ID_CHUNK = 500;

function toAlertRecord(row: AlertRow): AlertRecord {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
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
  };
}

function toAlertRow(alert: AlertRecord): Insertable<AlertsTable> {
  return {
    id: alert.id,
    subscription_id: alert.subscriptionId,
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
  };
}

/**
 * {@link AlertStore} over Kysely: every query is written once and runs on SQLite and PostgreSQL.
 * The only dialect switch is row locking (`FOR UPDATE [SKIP LOCKED]`), which SQLite neither has
 * nor needs (one writer at a time).
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
    const alerts = await this.db
      .deleteFrom('alerts')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'Triggered'), eb('triggered_at', '<', cutoff)]),
          eb.and([eb('status', '=', 'Expired'), eb('expires_at', '<', cutoff)]),
        ]),
      )
      .executeTakeFirst();
    // Firings of alerts that are gone (deleted by their owner, or just purged).
    await this.db
      .deleteFrom('alert_firings')
      .where('alert_id', 'not in', (eb) => eb.selectFrom('alerts').select('id'))
      .execute();
    const messages = await this.db
      .deleteFrom('push_outbox')
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    return {
      alerts: Number(alerts.numDeletedRows),
      messages: Number(messages.numDeletedRows),
    };
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
    // count(*) may be answered from a small index and miss a damaged table).
    await this.db
      .selectFrom('alerts')
      .select((eb) => eb.fn.count('value_target').as('n'))
      .execute();
    await this.db
      .selectFrom('push_outbox')
      .select((eb) => eb.fn.count('payload').as('n'))
      .execute();
  }

  async saveSubscription(
    keys: PushSubscriptionKeys,
    newId: string,
    now: UnixMillis,
  ): Promise<{ subscriptionId: string; created: boolean } | undefined> {
    const inserted = await this.db
      .insertInto('push_subscriptions')
      .values({
        id: newId,
        endpoint: keys.endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        created_at: now,
      })
      .onConflict((oc) => oc.column('endpoint').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { subscriptionId: inserted.id, created: true };
    // The endpoint is known: only the holder of its auth secret (the same browser) gets its id.
    const existing = await this.db
      .updateTable('push_subscriptions')
      .set({ p256dh: keys.p256dh })
      .where('endpoint', '=', keys.endpoint)
      .where('auth', '=', keys.auth)
      .returning('id')
      .executeTakeFirst();
    return existing ? { subscriptionId: existing.id, created: false } : undefined;
  }

  async findSubscription(id: string): Promise<PushSubscriptionRecord | undefined> {
    const row = await this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      createdAt: Number(row.created_at) as UnixMillis,
    };
  }

  async deleteSubscription(id: string): Promise<string[] | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const alerts = await trx
        .selectFrom('alerts')
        .select('id')
        .where('subscription_id', '=', id)
        .execute();
      // Explicit deletes rather than relying on ON DELETE CASCADE alone: the caller needs the ids,
      // and the result must not depend on SQLite's foreign_keys pragma.
      await trx.deleteFrom('push_outbox').where('subscription_id', '=', id).execute();
      await trx
        .deleteFrom('alert_firings')
        .where('alert_id', 'in', (eb) =>
          eb.selectFrom('alerts').select('id').where('subscription_id', '=', id),
        )
        .execute();
      await trx.deleteFrom('alerts').where('subscription_id', '=', id).execute();
      const deleted = await trx
        .deleteFrom('push_subscriptions')
        .where('id', '=', id)
        .executeTakeFirst();
      return deleted.numDeletedRows > 0n ? alerts.map((alert) => alert.id) : undefined;
    });
  }

  async createAlert(alert: AlertRecord, maxActive: number): Promise<CreateAlertOutcome> {
    return this.db.transaction().execute(async (trx) => {
      // Locking the subscription row serialises concurrent creates of one subscription on
      // PostgreSQL, so the limit holds; SQLite runs one write transaction at a time anyway.
      const owner = await trx
        .selectFrom('push_subscriptions')
        .select('id')
        .where('id', '=', alert.subscriptionId)
        .$if(this.locks, (qb) => qb.forUpdate())
        .executeTakeFirst();
      if (!owner) return 'unknown-subscription';
      const { active } = await trx
        .selectFrom('alerts')
        .select((eb) => eb.fn.countAll<number>().as('active'))
        .where('subscription_id', '=', alert.subscriptionId)
        .where('status', '=', 'Active')
        .executeTakeFirstOrThrow();
      if (Number(active) >= maxActive) return 'limit-reached';
      await trx.insertInto('alerts').values(toAlertRow(alert)).execute();
      return 'created';
    });
  }

  async listAlerts(subscriptionId: string): Promise<AlertRecord[]> {
    const rows = await this.db
      .selectFrom('alerts')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(toAlertRecord);
  }

  async deleteAlert(id: string, subscriptionId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('alerts')
        .where('id', '=', id)
        .where('subscription_id', '=', subscriptionId)
        .executeTakeFirst();
      if (result.numDeletedRows === 0n) return false;
      await trx.deleteFrom('alert_firings').where('alert_id', '=', id).execute();
      return true;
    });
  }

  async listActiveAlerts(): Promise<AlertRecord[]> {
    const rows = await this.db
      .selectFrom('alerts')
      .selectAll()
      .where('status', '=', 'Active')
      .execute();
    return rows.map(toAlertRecord);
  }

  async listActiveAlertIds(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('alerts')
      .select('id')
      .where('status', '=', 'Active')
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
    message: NewOutboxMessage,
  ): Promise<AlertRecord | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('alerts')
        .set((eb) => ({
          status: firing.ends ? 'Triggered' : 'Active',
          triggered_at: firing.firedAt,
          triggered_value: firing.value,
          trigger_count: eb('trigger_count', '+', 1),
          last_fired_period: firing.period ?? null,
        }))
        .where('id', '=', firing.alertId)
        .where('status', '=', 'Active')
        .where('trigger_count', '=', firing.expectedCount)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await trx
        .insertInto('alert_firings')
        .values({ alert_id: row.id, fired_at: firing.firedAt, value: firing.value })
        .execute();
      await trx
        .insertInto('push_outbox')
        .values({
          id: message.id,
          subscription_id: row.subscription_id,
          alert_id: row.id,
          topic: message.topic,
          payload: message.payload,
          next_attempt_at: message.createdAt,
          created_at: message.createdAt,
        })
        .execute();
      return toAlertRecord(row);
    });
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

  async claimDueMessages(
    now: UnixMillis,
    limit: number,
    leaseMs: number,
  ): Promise<ClaimedMessage[]> {
    return this.db.transaction().execute(async (trx) => {
      const due = trx
        .selectFrom('push_outbox')
        .select('id')
        .where('next_attempt_at', '<=', now)
        .where('lease_until', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit)
        .$if(this.locks, (qb) => qb.forUpdate().skipLocked());
      const claimed = await trx
        .updateTable('push_outbox')
        .set({ lease_until: now + leaseMs })
        .where('id', 'in', due)
        .returningAll()
        .execute();
      if (claimed.length === 0) return [];
      const subscriptions = await trx
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth'])
        .where('id', 'in', [...new Set(claimed.map((message) => message.subscription_id))])
        .execute();
      const byId = new Map(subscriptions.map((subscription) => [subscription.id, subscription]));
      const messages: ClaimedMessage[] = [];
      for (const row of claimed) {
        const subscription = byId.get(row.subscription_id);
        if (!subscription) continue; // deleted meanwhile; its cascade removes the message
        messages.push({
          id: row.id,
          subscriptionId: row.subscription_id,
          alertId: row.alert_id,
          topic: row.topic,
          payload: row.payload,
          attempts: Number(row.attempts),
          createdAt: Number(row.created_at) as UnixMillis,
          subscription: {
            endpoint: subscription.endpoint,
            p256dh: subscription.p256dh,
            auth: subscription.auth,
          },
        });
      }
      return messages.sort((a, b) => a.createdAt - b.createdAt);
    });
  }

  async deleteMessages(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('push_outbox').where('id', 'in', ids).execute();
  }

  async rescheduleMessage(id: string, attempts: number, nextAttemptAt: UnixMillis): Promise<void> {
    await this.db
      .updateTable('push_outbox')
      .set({ attempts, next_attempt_at: nextAttemptAt, lease_until: 0 })
      .where('id', '=', id)
      .execute();
  }

  async countMessages(): Promise<number> {
    const { count } = await this.db
      .selectFrom('push_outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
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
