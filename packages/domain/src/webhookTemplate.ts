/**
 * The placeholders a webhook template may use: TradingView's (`ticker` … `timenow`), then ours
 * (docs/architecture.md §9). One list for the api's renderer and the Alerts screen's hint.
 */
export const WEBHOOK_PLACEHOLDERS = [
  'ticker',
  'exchange',
  'interval',
  'open',
  'high',
  'low',
  'close',
  'volume',
  'time',
  'timenow',
  'value',
  'target',
  'condition',
  'message',
  'alert_id',
  'simulated',
] as const;

/** One placeholder name. */
export type WebhookPlaceholder = (typeof WEBHOOK_PLACEHOLDERS)[number];

/** The longest template an owner may save (TradingView's own limit for an alert message). */
export const MAX_WEBHOOK_TEMPLATE_LENGTH = 4096;
