import { type AlertDelivery } from '@pairwatch/domain';
import { type DeliveryRecord } from '../storage/AlertStore';

/** The public form of a stored delivery. */
export function toDeliveryJson(delivery: DeliveryRecord): AlertDelivery {
  return {
    id: delivery.id,
    channelId: delivery.channelId,
    kind: delivery.kind,
    status: delivery.status === 'Pending' ? 'Retrying' : delivery.status,
    attempts: delivery.attempts,
    createdAt: new Date(delivery.createdAt).toISOString(),
    ...(delivery.lastStatusCode !== undefined ? { lastStatusCode: delivery.lastStatusCode } : {}),
    ...(delivery.lastError !== undefined ? { lastError: delivery.lastError } : {}),
    ...(delivery.deliveredAt !== undefined
      ? { deliveredAt: new Date(delivery.deliveredAt).toISOString() }
      : {}),
  };
}
