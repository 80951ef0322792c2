import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import webpush from 'web-push';
import { LocalPushService, type LocalPushSubscription } from '../testing/LocalPushService';
import { type PushRequest } from './PushTransport';
import { WebPushTransport } from './WebPushTransport';

let push: LocalPushService;
let agent: https.Agent;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.org' };

function request(subscription: LocalPushSubscription, payload = '{"title":"t"}'): PushRequest {
  return {
    subscription: { endpoint: subscription.endpoint, ...subscription.keys },
    payload,
    topic: 'alert-topic',
    ttlSeconds: 600,
    urgency: 'high',
  };
}

beforeAll(async () => {
  push = await LocalPushService.start();
  agent = new https.Agent({ ca: push.certificatePem, keepAlive: true });
});

afterAll(async () => {
  agent.destroy();
  await push.close();
});

describe('WebPushTransport against the local push service', () => {
  it('delivers an encrypted message with a valid VAPID token and the RFC 8030 headers', async () => {
    const subscription = push.createSubscription({ applicationServerKey: vapid.publicKey });
    const transport = new WebPushTransport(vapid, { testAgent: agent });

    const outcome = await transport.send(request(subscription, '{"title":"BTCUSDT price alert"}'));

    expect(outcome).toEqual({ kind: 'delivered', status: 201 });
    const [message] = push.receivedFor(subscription.endpoint);
    expect(message).toMatchObject({
      payload: '{"title":"BTCUSDT price alert"}',
      ttl: 600,
      urgency: 'high',
      topic: 'alert-topic',
      vapid: {
        ok: true,
        publicKey: vapid.publicKey,
        audience: push.origin,
        subject: vapid.subject,
      },
    });
    expect(message!.vapid.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);
  });

  it('reports a 410 as a subscription that is gone', async () => {
    const subscription = push.createSubscription();
    push.expireSubscription(subscription.endpoint);

    const outcome = await new WebPushTransport(vapid, { testAgent: agent }).send(
      request(subscription),
    );

    expect(outcome).toEqual({ kind: 'gone', status: 410 });
  });

  it('reports a 429 as a retry after its Retry-After', async () => {
    const subscription = push.createSubscription();
    push.failNext(subscription.endpoint, { status: 429, retryAfterSeconds: 7 });

    const outcome = await new WebPushTransport(vapid, { testAgent: agent }).send(
      request(subscription),
    );

    expect(outcome).toMatchObject({ kind: 'retry', status: 429, retryAfterMs: 7000 });
  });

  it('reports a 500 as a retry without a delay of its own', async () => {
    const subscription = push.createSubscription();
    push.failNext(subscription.endpoint, { status: 500 });

    const outcome = await new WebPushTransport(vapid, { testAgent: agent }).send(
      request(subscription),
    );

    expect(outcome).toMatchObject({ kind: 'retry', status: 500, retryAfterMs: undefined });
  });

  it('reports a VAPID refusal as a rejection that a retry cannot fix', async () => {
    const subscription = push.createSubscription({
      applicationServerKey: webpush.generateVAPIDKeys().publicKey,
    });

    const outcome = await new WebPushTransport(vapid, { testAgent: agent }).send(
      request(subscription),
    );

    expect(outcome).toMatchObject({ kind: 'rejected', status: 403 });
  });

  it('reports a certificate it does not trust as a network failure to retry', async () => {
    const subscription = push.createSubscription();

    const outcome = await new WebPushTransport(vapid).send(request(subscription));

    expect(outcome).toMatchObject({
      kind: 'retry',
      status: undefined,
      reason: expect.stringContaining('network error'),
    });
    expect(push.receivedFor(subscription.endpoint)).toEqual([]);
  });
});
