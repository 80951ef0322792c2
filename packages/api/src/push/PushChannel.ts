import { type DeliveryChannel, type DeliveryOutcome } from '../delivery/DeliveryChannel';
import { alertNotificationOf, pushTopic } from './alertPushMessage';
import { type PushTransport } from './PushTransport';

/** Options of {@link createPushChannel}. */
export interface PushChannelOptions {
  /** RFC 8030 TTL of each message. Default 86 400 s: an alert older than a day is news no more. */
  readonly ttlSeconds?: number;
  /** `APP_URL`: the app's address, for Declarative Web Push's absolute `navigate`. */
  readonly appUrl?: string;
}

/**
 * Web Push as a {@link DeliveryChannel}: the notification JSON the service worker shows, with the
 * alert's Topic (a push service replaces an undelivered copy), encrypted per attempt by the
 * transport. 404/410 mean the browser unsubscribed: the sender removes the subscription.
 */
export function createPushChannel(
  transport: PushTransport,
  options: PushChannelOptions = {},
): DeliveryChannel<'push'> {
  const ttlSeconds = options.ttlSeconds ?? 86_400;
  return {
    kind: 'push',
    // From 1 s, doubling to 10 min; a push service that has failed for an hour is given up.
    retry: { baseMs: 1_000, maxMs: 10 * 60 * 1_000, giveUpAfterMs: 60 * 60 * 1_000 },
    render: (event) => ({
      topic: pushTopic(event.alert.id),
      payload: JSON.stringify(alertNotificationOf(event.alert, event.text, options.appUrl)),
    }),
    // One browser is one destination: every browser of a push service (all of Chrome's share
    // one origin) must not queue behind a few slots.
    destination: (channel) => channel.subscription.endpoint,
    async send(attempt, channel): Promise<DeliveryOutcome> {
      const outcome = await transport.send({
        subscription: channel.subscription,
        payload: attempt.payload,
        topic: attempt.topic,
        ttlSeconds,
        urgency: 'high',
      });
      switch (outcome.kind) {
        case 'delivered':
          return { kind: 'delivered', status: outcome.status };
        case 'gone':
          return { kind: 'gone', status: outcome.status, reason: 'the browser unsubscribed' };
        case 'rejected':
          return { kind: 'failed', status: outcome.status, reason: outcome.reason };
        case 'retry':
          return outcome;
      }
    },
  };
}
