import { type Generated } from 'kysely';

/**
 * The tables of the alert store, as Kysely sees them. Times are Unix milliseconds (`*_at`) or, for
 * candle open times, Unix seconds (`*_time`, `evaluated_up_to`); both fit a JS number exactly.
 */
export interface DatabaseSchema {
  push_subscriptions: PushSubscriptionsTable;
  alerts: AlertsTable;
  push_outbox: PushOutboxTable;
  evaluation_marks: EvaluationMarksTable;
}

/** A browser's push subscription; `id` is the only credential a browser holds. */
export interface PushSubscriptionsTable {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

/** One alert. `creation_*` remember the watched stream's candle at creation (see `AlertRecord`). */
export interface AlertsTable {
  id: string;
  subscription_id: string;
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
}

/** A Web Push message waiting to be delivered (the durable outbox). */
export interface PushOutboxTable {
  id: string;
  subscription_id: string;
  alert_id: string;
  topic: string;
  payload: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** A sender owns the message until then; 0 when nobody does. */
  lease_until: Generated<number>;
  created_at: number;
}

/** Per candle stream (`SYMBOL|Interval`): the open time of the latest candle the engine evaluated. */
export interface EvaluationMarksTable {
  stream: string;
  evaluated_up_to: number;
}
