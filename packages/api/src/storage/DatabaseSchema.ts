import { type Generated } from 'kysely';

/**
 * The tables of the alert store, as Kysely sees them. Times are Unix milliseconds (`*_at`) or, for
 * candle open times, Unix seconds (`*_time`, `evaluated_up_to`); both fit a JS number exactly.
 */
export interface DatabaseSchema {
  owners: OwnersTable;
  push_subscriptions: PushSubscriptionsTable;
  channels: ChannelsTable;
  alerts: AlertsTable;
  deliveries: DeliveriesTable;
  evaluation_marks: EvaluationMarksTable;
  alert_firings: AlertFiringsTable;
}

/** Whoever alerts belong to; `id` is the only credential (a browser's, a bot's). */
export interface OwnersTable {
  id: string;
  created_at: number;
  /**
   * Migration 0004: the last visit (a subscription re-posted, `GET /alerts`, `WatchAlerts`); an
   * owner with no active alert unseen for `SUBSCRIPTION_IDLE_DAYS` is purged. NULL: `created_at`.
   */
  last_seen_at: number | null;
  /** Migration 0004: the client budget (IPv4 address or IPv6 /64) of `POST /owners`; else NULL. */
  created_by: string | null;
}

/**
 * A browser's push subscription: a push channel of `owner_id`. A browser registered without an
 * owner is its own owner (`owner_id = id`), as every browser was before owners.
 */
export interface PushSubscriptionsTable {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
  /** NULL only in rows no release wrote (migration 0003 fills it). */
  owner_id: string | null;
  /** Migration 0004: the client budget (IPv4 address or IPv6 /64) it was created from. */
  created_by: string | null;
}

/** A webhook or Telegram channel of an owner (push channels are `push_subscriptions`). */
export interface ChannelsTable {
  id: string;
  owner_id: string;
  kind: string;
  url: string | null;
  template: string | null;
  secret: string | null;
  link_code: string | null;
  chat_id: string | null;
  disabled_at: number | null;
  created_at: number;
}

/** One alert. `creation_*` remember the watched stream's candle at creation (see `AlertRecord`). */
export interface AlertsTable {
  id: string;
  owner_id: string;
  symbol: string;
  type: string;
  rsi_interval: string | null;
  direction: string;
  value_on_creation: number;
  value_target: number;
  status: string;
  created_at: number;
  triggered_at: number | null;
  triggered_value: number | null;
  creation_candle_time: number;
  creation_high: number;
  creation_low: number;
  // Migration 0002 (conditions): defaults keep every older alert a one-shot Crossing.
  condition: Generated<string>;
  frequency: Generated<string>;
  /** The bars the alert counts; the RSI interval for RSI alerts. */
  bar_interval: Generated<string>;
  value_upper: number | null;
  bars: number | null;
  expires_at: number | null;
  message: string | null;
  trigger_count: Generated<number>;
  /** The frequency period of the last firing (a bar's open time, or a minute number). */
  last_fired_period: number | null;
  /** Migration 0003: a JSON array of channel ids; NULL means every channel of the owner. */
  channels: string | null;
}

/** One firing of an alert (the chart's markers); deleted with the alert. */
export interface AlertFiringsTable {
  alert_id: string;
  fired_at: number;
  value: number;
}

/**
 * One message of one firing to one channel: the durable outbox while `Pending`, then the delivery
 * log (`Delivered` or `Failed`) until purged. The id is the delivery id receivers see.
 */
export interface DeliveriesTable {
  id: string;
  alert_id: string;
  owner_id: string;
  channel_id: string;
  kind: string;
  topic: string;
  payload: string;
  status: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** A sender owns the delivery until then; 0 when nobody does. */
  lease_until: Generated<number>;
  created_at: number;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: number | null;
}

/** Per candle stream (`SYMBOL|Interval`): the open time of the latest candle the engine evaluated. */
export interface EvaluationMarksTable {
  stream: string;
  evaluated_up_to: number;
}
