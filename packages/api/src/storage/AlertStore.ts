import { type KeysetPage } from './keysetPages';
import {
  type ChannelKind,
  type ChannelRecord,
  type DeliveryAttempt,
} from '../delivery/DeliveryChannel';
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
  /** Its owner (a browser registered before owners is its own owner: the subscription id). */
  readonly ownerId: string;
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
  /** The channels it goes to; undefined: every channel of the owner when it fires. */
  readonly channels: readonly string[] | undefined;
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

/** One rendered message of a firing for one channel, queued with the firing. */
export interface NewDelivery {
  /** The delivery id (random; the same on every retry). */
  readonly id: string;
  readonly channelId: string;
  readonly kind: ChannelKind;
  readonly topic: string;
  readonly payload: string;
}

/** Turns a firing into its deliveries, given the channels it goes to (read in the same transaction). */
export type RenderDeliveries = (
  alert: AlertRecord,
  channels: readonly ChannelRecord[],
) => NewDelivery[];

/** One firing to record, with how to render its deliveries. */
export interface TriggerRequest {
  readonly firing: AlertFiringRequest;
  readonly render: RenderDeliveries;
}

/** A delivery claimed for an attempt, with the channel it goes to. */
export interface ClaimedDelivery extends DeliveryAttempt {
  readonly ownerId: string;
  readonly channel: ChannelRecord;
}

/**
 * Slots a sender offers to the transaction that queues new deliveries
 * ({@link AlertStore.triggerAlerts}): up to `limit` of them are written already leased to it and
 * handed over once committed, so they are sent without a claim (a query on the event loop per
 * batch of firings, between the commit and the first push; issue #27). The rest wait in the
 * outbox for a claim, as every delivery did before.
 */
export interface DeliveryClaim {
  /** At most this many of the new deliveries are leased to the sender. */
  readonly limit: number;
  /** Their lease runs out then (after a crash, another sender claims them). */
  readonly leaseUntil: UnixMillis;
  /** Called once the transaction committed, with the deliveries leased (perhaps none). */
  readonly claimed: (deliveries: readonly ClaimedDelivery[]) => void;
  /** Called instead when the transaction failed: nothing was leased. */
  readonly abandoned: () => void;
}

/** Where a delivery stands: in the outbox, or in the log. */
export type DeliveryStatus = 'Pending' | 'Delivered' | 'Failed';

/** A delivery as the log shows it. */
export interface DeliveryRecord {
  readonly id: string;
  readonly alertId: string;
  readonly channelId: string;
  readonly kind: ChannelKind;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly createdAt: UnixMillis;
  readonly lastStatusCode: number | undefined;
  readonly lastError: string | undefined;
  readonly deliveredAt: UnixMillis | undefined;
}

/** What one attempt changed of a delivery. */
export interface DeliveryUpdate {
  readonly id: string;
  readonly status: DeliveryStatus;
  /** Attempts made, this one included. */
  readonly attempts: number;
  readonly nextAttemptAt: UnixMillis;
  readonly statusCode: number | undefined;
  readonly error: string | undefined;
  readonly deliveredAt: UnixMillis | undefined;
}

/** Outcome of {@link AlertStore.createAlert}. */
export type CreateAlertOutcome = 'created' | 'limit-reached' | 'unknown-owner';

/** Outcome of {@link AlertStore.createChannel}. */
export type CreateChannelOutcome = 'created' | 'limit-reached' | 'unknown-owner';

/** Outcome of {@link AlertStore.saveSubscription}. */
export type SaveSubscriptionOutcome =
  | { readonly subscriptionId: string; readonly ownerId: string; readonly created: boolean }
  /** The endpoint is registered with another auth secret (nothing changed). */
  | 'conflict';

/**
 * The one storage port of the alerts half of the api: owners and their channels (push
 * subscriptions, webhooks, Telegram chats), alerts, the delivery outbox and log, and the engine's
 * "evaluated up to" marks. Implemented once over Kysely for SQLite and PostgreSQL.
 */
export interface AlertStore {
  /** Which database is behind it. */
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Reads every row of the alerts and the deliveries (a count), so a database that is unreachable,
   * or whose tables are damaged (SQLITE_CORRUPT), fails here as it would for the engine. For /status.
   */
  probe(): Promise<void>;
  /**
   * Stores a new owner, seen `now`.
   *
   * @param createdBy the client budget it came from (`clientKey` of @pairwatch/signalr-server), counted by
   *   {@link AlertStore.countCreatedBy}.
   */
  createOwner(id: string, now: UnixMillis, createdBy?: string): Promise<void>;
  /** Whether the owner exists. */
  ownerExists(id: string): Promise<boolean>;
  /** Owners stored (bounded by `MAX_PUSH_SUBSCRIPTIONS` with the browsers). */
  countOwners(): Promise<number>;
  /**
   * Stores a subscription as a push channel of `ownerId`, or of a new owner whose id is the
   * subscription's own (no `ownerId`, or one that does not exist: a browser as before owners; the
   * answer says which owner it has), or finds the one with the same
   * endpoint. A known endpoint keeps its id only for a caller that proves it is the same browser
   * by sending the same `auth` secret (its `p256dh` may then change, and an `ownerId` given moves
   * it to that owner); knowing an endpoint alone must not hand over its id and alerts. Its owner
   * counts as seen `now` (a new one, or the known one's).
   *
   * @param createdBy the client budget a new subscription comes from (`clientKey` of @pairwatch/signalr-server).
   */
  saveSubscription(
    keys: PushSubscriptionKeys,
    newId: string,
    now: UnixMillis,
    ownerId?: string,
    createdBy?: string,
  ): Promise<SaveSubscriptionOutcome>;
  /**
   * What {@link AlertStore.saveSubscription} would find for these keys, without changing
   * anything: `known` (the endpoint with the same `auth`: the same browser), `conflict` (the
   * endpoint with another `auth`) or `unknown` (a new browser, which limits apply to).
   */
  subscriptionStanding(keys: PushSubscriptionKeys): Promise<'known' | 'conflict' | 'unknown'>;
  /** Subscriptions and owners (of `POST /owners`) stored that the client budget `createdBy` made. */
  countCreatedBy(createdBy: string): Promise<number>;
  /**
   * Records a visit of the owner (`GET /alerts`, `WatchAlerts`): it is not idle. Writes at most
   * once an hour per owner, however often it polls; an unknown owner is no error.
   */
  markOwnerSeen(ownerId: string, now: UnixMillis): Promise<void>;
  /**
   * Removes what nobody uses: the push subscriptions of every owner with no active alert and no
   * visit since `cutoff`, and such an owner itself (with its alerts) when it has no other channel.
   * At most `limit` owners a call (the hourly purge takes the rest next time).
   *
   * @returns how many subscriptions and owners went, and the ids of the alerts deleted with them.
   */
  purgeIdleOwners(
    cutoff: UnixMillis,
    limit: number,
  ): Promise<{ subscriptions: number; owners: number; alertIds: string[] }>;
  findSubscription(id: string): Promise<PushSubscriptionRecord | undefined>;
  /**
   * The push subscriptions in id order (the transport prepares a key for each at start): after
   * `page.after`, at most `page.limit` of them.
   */
  listSubscriptions(page: KeysetPage): Promise<PushSubscriptionRecord[]>;
  /**
   * Deletes a push subscription (the browser unsubscribed, or its push service said it is gone)
   * with its pending deliveries. An owner left without any channel is deleted with its alerts:
   * nobody could be told of them any more.
   *
   * @returns the ids of the alerts that were deleted, or undefined when the subscription did not exist.
   */
  deleteSubscription(id: string): Promise<string[] | undefined>;
  /** Inserts a webhook or Telegram channel unless the owner is unknown or has `maxPerOwner` channels. */
  createChannel(channel: ChannelRecord, maxPerOwner: number): Promise<CreateChannelOutcome>;
  /** Every channel of an owner, push subscriptions included, oldest first. */
  listChannels(ownerId: string): Promise<ChannelRecord[]>;
  /**
   * Deletes a channel of `ownerId` (a push channel is its subscription) with its pending
   * deliveries; false when the owner has no such channel (then nothing changes).
   */
  deleteChannel(id: string, ownerId: string): Promise<boolean>;
  /** Stops sending to a channel whose receiver said it is gone for good (webhook 410). */
  disableChannel(id: string, now: UnixMillis): Promise<void>;
  /** Links the Telegram channel waiting for `code` to a chat; 'unknown' when none waits for it. */
  linkTelegramChat(code: string, chatId: string): Promise<'linked' | 'unknown'>;
  /** Inserts an alert unless its owner is unknown or already has `maxActive` active alerts. */
  createAlert(alert: AlertRecord, maxActive: number): Promise<CreateAlertOutcome>;
  /** The alerts of an owner, newest first. */
  listAlerts(ownerId: string): Promise<AlertRecord[]>;
  /** The latest `perAlert` firings of each alert, oldest first. */
  listFirings(
    alertIds: readonly string[],
    perAlert: number,
  ): Promise<Map<string, AlertFiringRecord[]>>;
  /** Deletes an alert only if `ownerId` owns it; false otherwise (then nothing changes). */
  deleteAlert(id: string, ownerId: string): Promise<boolean>;
  /**
   * The active alerts in id order (the engine's index at start): after `page.after`, at most
   * `page.limit` of them; every one without a page.
   */
  listActiveAlerts(page?: KeysetPage): Promise<AlertRecord[]>;
  /**
   * The ids of the active alerts in id order (the engine checks its index against them): after
   * `page.after`, at most `page.limit` of them; every one without a page.
   */
  listActiveAlertIds(page?: KeysetPage): Promise<string[]>;
  /** The alerts with these ids, whatever their status; ids that do not exist are left out. */
  getAlerts(ids: readonly string[]): Promise<AlertRecord[]>;
  /**
   * Records one firing and queues its deliveries, atomically: one update conditional on the alert
   * being Active with `expectedCount` firings, so among several engines (or a replay after a
   * failover) only one records a given firing; then one delivery per channel the alert goes to
   * (its owner's, read in the same transaction), rendered by `render`. An `OnlyOnce` alert
   * becomes Triggered.
   *
   * @returns the alert after the firing, or undefined when it was not active with that count
   *   (fired by another engine, expired or deleted).
   */
  triggerAlert(
    firing: AlertFiringRequest,
    render: RenderDeliveries,
  ): Promise<AlertRecord | undefined>;
  /**
   * {@link AlertStore.triggerAlert} for many firings in one transaction, in order (an alert may
   * fire twice in one batch: the second is judged from the count the first wrote).
   *
   * @param claim slots of the caller's sender: that many of the new deliveries are leased to it
   *   and handed over after the commit ({@link DeliveryClaim}); exactly one of its callbacks runs.
   * @returns for each request, the alert after its firing or undefined.
   */
  triggerAlerts(
    requests: readonly TriggerRequest[],
    claim?: DeliveryClaim,
  ): Promise<(AlertRecord | undefined)[]>;
  /**
   * Moves the active alerts whose `expiresAt` is at or before `now` to Expired.
   *
   * @returns the alerts that expired.
   */
  expireAlerts(now: UnixMillis): Promise<AlertRecord[]>;
  /**
   * Moves the active alerts on `symbols` (pairs that stopped trading) to Halted and queues the
   * message that tells each owner, rendered by `render` for the alert's channels, in the same
   * transaction. Run by every api process that notices: only the first one finds them Active.
   *
   * @returns the alerts that halted.
   */
  haltAlerts(
    symbols: readonly string[],
    now: UnixMillis,
    render: RenderDeliveries,
  ): Promise<AlertRecord[]>;
  /**
   * Claims up to `limit` due deliveries for `leaseMs` (with `FOR UPDATE SKIP LOCKED` on
   * PostgreSQL, so several senders never take the same one), with their channels. A delivery
   * whose channel is gone is failed on the spot.
   */
  claimDueDeliveries(now: UnixMillis, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /** Records what attempts came to (one statement per kind of change). */
  updateDeliveries(updates: readonly DeliveryUpdate[]): Promise<void>;
  /** Gives claimed deliveries back without counting an attempt (their destination was busy). */
  releaseDeliveries(ids: readonly string[], nextAttemptAt: UnixMillis): Promise<void>;
  /** The deliveries of an alert of `ownerId`, oldest first; undefined when it has no such alert. */
  listDeliveries(alertId: string, ownerId: string): Promise<DeliveryRecord[] | undefined>;
  /** Deliveries still pending (for diagnostics and tests). */
  countPendingDeliveries(): Promise<number>;
  /**
   * Deletes alerts that triggered (or expired) before `cutoff`, and deliveries created before it
   * (a message that old will never be delivered; the log keeps that long).
   *
   * @returns how many alerts and deliveries were deleted.
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
