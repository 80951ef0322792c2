// What the api says of an alert's deliveries (docs/architecture.md §3 and §9): one shape for the
// api that answers it and the screen that reads it.

/** The kinds of place an alert can be delivered to. */
export type ChannelKind = 'push' | 'webhook' | 'telegram';

/** One firing's message to one channel, as `GET /alerts/{id}/deliveries` answers it. */
export interface AlertDelivery {
  /** The delivery id (a webhook's `Pairwatch-Delivery`). */
  readonly id: string;
  readonly channelId: string;
  readonly kind: ChannelKind;
  /** `Retrying` while it is still in the outbox, tried or not. */
  readonly status: 'Delivered' | 'Retrying' | 'Failed';
  readonly attempts: number;
  readonly createdAt: string;
  readonly lastStatusCode?: number;
  readonly lastError?: string;
  readonly deliveredAt?: string;
}
