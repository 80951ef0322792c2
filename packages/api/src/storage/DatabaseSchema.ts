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
  alert_firings: AlertFiringsTable;
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
}

/** One firing of an alert (the chart's markers); deleted with the alert. */
export interface AlertFiringsTable {
  alert_id: string;
  fired_at: number;
  value: number;
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
