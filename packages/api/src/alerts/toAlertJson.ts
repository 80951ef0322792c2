import { type Alert } from '@pairwatch/domain';
import { type AlertRecord } from '../storage/AlertStore';

/** The public `Alert` of a stored alert (architecture §3): ISO timestamps, no owner, no internals. */
export function toAlertJson(record: AlertRecord): Alert {
  return {
    id: record.id,
    symbol: record.symbol,
    type: record.type,
    ...(record.type === 'Rsi' && record.interval !== undefined
      ? { interval: record.interval }
      : {}),
    valueOnCreation: record.valueOnCreation,
    valueTarget: record.valueTarget,
    status: record.status,
    createdAt: new Date(record.createdAt).toISOString(),
    ...(record.triggeredAt !== undefined
      ? { triggeredAt: new Date(record.triggeredAt).toISOString() }
      : {}),
    ...(record.triggeredValue !== undefined ? { triggeredValue: record.triggeredValue } : {}),
  };
}
