import { type DeliveryChannels } from '../delivery/DeliverySender';
import { createPushChannel } from '../push/PushChannel';

/** The channels an engine renders firings with in unit tests: Web Push, sent nowhere. */
export const testDeliveryChannels: DeliveryChannels = {
  push: createPushChannel({ send: () => Promise.resolve({ kind: 'delivered', status: 201 }) }),
};
