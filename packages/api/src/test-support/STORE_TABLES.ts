/** Every table of the alert store, in an order that deletes rows before the rows they name. */
export const STORE_TABLES = [
  'deliveries',
  'alert_firings',
  'alerts',
  'channels',
  'push_subscriptions',
  'owners',
  'evaluation_marks',
] as const;
