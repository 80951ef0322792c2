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

/** The keys of a browser push subscription (`PushSubscription.toJSON()`), already validated. */
export interface PushSubscriptionKeys {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/** A stored push subscription. */
export interface PushSubscriptionRecord extends PushSubscriptionKeys {
  readonly id: string;
  readonly createdAt: UnixMillis;
}

/**
 * An alert as stored. Besides the public `Alert` fields it keeps its owner and what the engine needs
 * to judge it after a restart: the direction fixed at creation, and the candle of the watched
 * stream (1m for price, the RSI interval for RSI) that was forming at creation, with its high and
 * low then, so that only price action after creation counts.
 */
export interface AlertRecord {
  readonly id: string;
  readonly subscriptionId: string;
  readonly symbol: SymbolId;
  readonly type: AlertType;
  /**
   * The bars the alert counts (its stream): the RSI interval for RSI alerts; for price alerts the
   * interval chosen (one minute for alerts made before conditions).
   */
  readonly interval: Interval;
  readonly condition: AlertCondition;
  readonly frequency: AlertFrequency;
  /** The original rule's direction (a `Crossing` alert's first crossing); kept for old rows. */
  readonly direction: AlertDirection;
  readonly valueOnCreation: number;
  readonly valueTarget: number;
  readonly valueUpper: number | undefined;
  readonly bars: number | undefined;
  readonly expiresAt: UnixMillis | undefined;
  readonly message: string | undefined;
  readonly status: AlertStatus;
  readonly createdAt: UnixMillis;
  /** The last firing (the only one of an `OnlyOnce` alert). */
  readonly triggeredAt: UnixMillis | undefined;
  readonly triggeredValue: number | undefined;
  readonly triggerCount: number;
  /** The frequency period of the last firing (domain `frequencyPeriod`). */
  readonly lastFiredPeriod: number | undefined;
  readonly creationCandleTime: UnixSeconds;
  readonly creationHigh: number;
  readonly creationLow: number;
}

/** One recorded firing of an alert. */
export interface AlertFiringRecord {
  readonly firedAt: UnixMillis;
  readonly value: number;
}

/** What the engine asks the store to record when an alert fires. */
export interface AlertFiringRequest {
  readonly alertId: string;
  /** The alert's `triggerCount` the engine judged from: the update is conditional on it. */
  readonly expectedCount: number;
  readonly firedAt: UnixMillis;
  readonly value: number;
  readonly period: number | undefined;
  /** `OnlyOnce`: the alert becomes `Triggered`; otherwise it stays `Active`. */
  readonly ends: boolean;
}

/** A push message to put in the outbox together with an alert's trigger. */
export interface NewOutboxMessage {
  readonly id: string;
  readonly topic: string;
  /** The notification JSON, stored in clear and encrypted per attempt. */
  readonly payload: string;
  readonly createdAt: UnixMillis;
}

/** An outbox message claimed for sending, with the keys of its subscription. */
export interface ClaimedMessage {
  readonly id: string;
  readonly subscriptionId: string;
  readonly alertId: string;
  readonly topic: string;
  readonly payload: string;
  /** Attempts made before this one. */
  readonly attempts: number;
  readonly createdAt: UnixMillis;
  readonly subscription: PushSubscriptionKeys;
}

/** Outcome of {@link AlertStore.createAlert}. */
export type CreateAlertOutcome = 'created' | 'limit-reached' | 'unknown-subscription';

/**
 * The one storage port of the alerts half of the api: push subscriptions, alerts, the push outbox
 * and the engine's "evaluated up to" marks. Implemented once over Kysely for SQLite and PostgreSQL.
 */
export interface AlertStore {
  /** Which database is behind it. */
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Reads every row of the alerts and the outbox (a count), so a database that is unreachable, or
   * whose tables are damaged (SQLITE_CORRUPT), fails here as it would for the engine. For /status.
   */
  probe(): Promise<void>;
  /**
   * Stores a subscription, or finds the one with the same endpoint. A known endpoint keeps its id
   * only for a caller that proves it is the same browser by sending the same `auth` secret (its
   * `p256dh` may then change); knowing an endpoint alone must not hand over its id and alerts.
   *
   * @returns the subscription id and whether it is new; undefined when the endpoint is registered
   *   with another auth secret (nothing is changed).
   */
  saveSubscription(
    keys: PushSubscriptionKeys,
    newId: string,
    now: UnixMillis,
  ): Promise<{ subscriptionId: string; created: boolean } | undefined>;
  findSubscription(id: string): Promise<PushSubscriptionRecord | undefined>;
  /**
   * Deletes a subscription with its alerts and pending messages.
   *
   * @returns the ids of the alerts that were deleted, or undefined when the subscription did not exist.
   */
  deleteSubscription(id: string): Promise<string[] | undefined>;
  /** Inserts an alert unless its subscription is unknown or already has `maxActive` active alerts. */
  createAlert(alert: AlertRecord, maxActive: number): Promise<CreateAlertOutcome>;
  /** The alerts of a subscription, newest first. */
  listAlerts(subscriptionId: string): Promise<AlertRecord[]>;
  /** The latest `perAlert` firings of each alert, oldest first. */
  listFirings(
    alertIds: readonly string[],
    perAlert: number,
  ): Promise<Map<string, AlertFiringRecord[]>>;
  /** Deletes an alert only if `subscriptionId` owns it; false otherwise (then nothing changes). */
  deleteAlert(id: string, subscriptionId: string): Promise<boolean>;
  /** Every active alert (the engine's index at start). */
  listActiveAlerts(): Promise<AlertRecord[]>;
  /** The ids of every active alert (the engine checks its index against them). */
  listActiveAlertIds(): Promise<string[]>;
  /** The alerts with these ids, whatever their status; ids that do not exist are left out. */
  getAlerts(ids: readonly string[]): Promise<AlertRecord[]>;
  /**
   * Records one firing and queues its push message, atomically: one update conditional on the
   * alert being Active with `expectedCount` firings, so among several engines (or a replay after a
   * failover) only one records a given firing. An `OnlyOnce` alert becomes Triggered.
   *
   * @returns the alert after the firing, or undefined when it was not active with that count
   *   (fired by another engine, expired or deleted).
   */
  triggerAlert(
    firing: AlertFiringRequest,
    message: NewOutboxMessage,
  ): Promise<AlertRecord | undefined>;
  /**
   * Moves the active alerts whose `expiresAt` is at or before `now` to Expired.
   *
   * @returns the alerts that expired.
   */
  expireAlerts(now: UnixMillis): Promise<AlertRecord[]>;
  /**
   * Claims up to `limit` due messages for `leaseMs` (with `FOR UPDATE SKIP LOCKED` on PostgreSQL,
   * so several senders never take the same message).
   */
  claimDueMessages(now: UnixMillis, limit: number, leaseMs: number): Promise<ClaimedMessage[]>;
  /** Removes messages (delivered, or given up). */
  deleteMessages(ids: readonly string[]): Promise<void>;
  /** Releases a message for another attempt at `nextAttemptAt`. */
  rescheduleMessage(id: string, attempts: number, nextAttemptAt: UnixMillis): Promise<void>;
  /** Messages still in the outbox (for diagnostics and tests). */
  countMessages(): Promise<number>;
  /**
   * Deletes alerts that triggered (or expired) before `cutoff`, and outbox messages created before it (a
   * message that old will never be delivered).
   *
   * @returns how many alerts and messages were deleted.
   */
  purgeBefore(cutoff: UnixMillis): Promise<{ alerts: number; messages: number }>;
  /** Push subscriptions stored (the cap on them is `MAX_PUSH_SUBSCRIPTIONS`). */
  countSubscriptions(): Promise<number>;
  /** The engine's marks per stream key (`SYMBOL|Interval`). */
  readEvaluationMarks(): Promise<Map<string, UnixSeconds>>;
  /** Moves a stream's mark forward (never back). */
  writeEvaluationMark(stream: string, time: UnixSeconds): Promise<void>;
  /** Closes the connections. */
  close(): Promise<void>;
}
