import { type DeliveryRecord } from '../storage/AlertStore';

/** A delivery as `GET /alerts/{id}/deliveries` answers it (architecture §3). */
export interface DeliveryJson {
  readonly id: string;
  readonly channelId: string;
  readonly kind: DeliveryRecord['kind'];
  /** A delivery still in the outbox is `Retrying`, whether or not it was tried yet. */
  readonly status: 'Delivered' | 'Retrying' | 'Failed';
  readonly attempts: number;
  readonly createdAt: string;
  readonly lastStatusCode?: number;
  readonly lastError?: string;
  readonly deliveredAt?: string;
}

/** The public form of a stored delivery. */
export function toDeliveryJson(delivery: DeliveryRecord): DeliveryJson {
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
