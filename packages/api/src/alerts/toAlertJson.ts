import { type Alert } from '@pairwatch/domain';
import { type AlertFiringRecord, type AlertRecord } from '../storage/AlertStore';

/** Firings an alert's JSON carries, at most (the chart's markers). */
export const FIRINGS_IN_ALERT_JSON = 50;

/** An alert as the api answers it: the public `Alert`, and its latest firings where asked. */
export type AlertJson = Alert & {
  /** The latest firings, oldest first (at most {@link FIRINGS_IN_ALERT_JSON}). */
  readonly firings?: readonly { readonly at: string; readonly value: number }[];
  /** The channels it goes to, when chosen (absent: every channel of its owner). */
  readonly channels?: readonly string[];
};

/**
 * The public `Alert` of a stored alert (architecture §3): ISO timestamps, no owner, no internals,
 * and the latest `firings` of an alert that fired.
 * `triggeredAt` stays beside `lastTriggeredAt` for remotes built before repeating alerts.
 */
export function toAlertJson(
  record: AlertRecord,
  firings?: readonly AlertFiringRecord[],
): AlertJson {
  const iso = (ms: number): string => new Date(ms).toISOString();
  return {
    id: record.id,
    symbol: record.symbol,
    type: record.type,
    interval: record.interval,
    condition: record.condition,
    frequency: record.frequency,
    valueOnCreation: record.valueOnCreation,
    valueTarget: record.valueTarget,
    ...(record.valueUpper !== undefined ? { valueUpper: record.valueUpper } : {}),
    ...(record.bars !== undefined ? { bars: record.bars } : {}),
    ...(record.expiresAt !== undefined ? { expiresAt: iso(record.expiresAt) } : {}),
    ...(record.message !== undefined ? { message: record.message } : {}),
    status: record.status,
    createdAt: iso(record.createdAt),
    triggerCount: record.triggerCount,
    ...(record.triggeredAt !== undefined
      ? { lastTriggeredAt: iso(record.triggeredAt), triggeredAt: iso(record.triggeredAt) }
      : {}),
    ...(record.triggeredValue !== undefined ? { triggeredValue: record.triggeredValue } : {}),
    ...(record.channels !== undefined ? { channels: record.channels } : {}),
    ...(firings !== undefined && firings.length > 0
      ? { firings: firings.map((f) => ({ at: iso(f.firedAt), value: f.value })) }
      : {}),
  };
}
