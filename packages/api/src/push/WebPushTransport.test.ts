import { once } from 'node:events';
import { type ServerResponse } from 'node:http';
import https from 'node:https';
import { type AddressInfo } from 'node:net';
import { type TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createSelfSignedCertificate,
  LocalPushService,
  type LocalPushSubscription,
} from '@pairwatch/test-support';
import webpush from 'web-push';
import { trustCertificate } from '../test-support/trustCertificate';
import { useTrustedLocalPushService } from '../test-support/useTrustedLocalPushService';
import { PreparedPushKey } from './PreparedPushKey';
import { PreparedPushKeys } from './PreparedPushKeys';
import { type PushRequest } from './PushTransport';
import { WebPushTransport } from './WebPushTransport';

const localPush = useTrustedLocalPushService();
let push: LocalPushService;
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

beforeAll(() => {
  push = localPush();
});

/** The local push service listens on loopback, which the transport refuses by default. */
const LOCAL = { allowPrivateEndpoints: true };

describe('WebPushTransport against the local push service', () => {
  it.each([
    ['a loopback literal', (endpoint: string) => endpoint],
    [
      'a name resolving to loopback',
      (endpoint: string) => endpoint.replace('127.0.0.1', 'localhost'),
    ],
  ])('refuses %s unless private endpoints are allowed, sending nothing', async (_what, at) => {
    const subscription = push.createSubscription();
    const endpoint = at(subscription.endpoint);

    const outcome = await new WebPushTransport(vapid).send(request({ ...subscription, endpoint }));

    expect(outcome).toMatchObject({
      kind: 'rejected',
      reason: expect.stringMatching(/^refused: /),
    });
    expect(push.receivedFor(subscription.endpoint)).toEqual([]);
  });

  it('delivers an encrypted message with a valid VAPID token and the RFC 8030 headers', async () => {
    const subscription = push.createSubscription({ applicationServerKey: vapid.publicKey });
    const transport = new WebPushTransport(vapid, LOCAL);
    const sentAt = Date.now();

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
    // Read whole before it was checked and decrypted, and counted among the accepted.
    expect(message!.arrivedAt).toBeLessThanOrEqual(message!.receivedAt + 1);
    expect(message!.arrivedAt).toBeGreaterThanOrEqual(sentAt);
    expect(push.receivedSince(push.receivedCount - 1)).toEqual([message]);
  });

  it('reports a 410 as a subscription that is gone', async () => {
    const subscription = push.createSubscription();
    push.expireSubscription(subscription.endpoint);

    const outcome = await new WebPushTransport(vapid, LOCAL).send(request(subscription));

    expect(outcome).toEqual({ kind: 'gone', status: 410 });
  });

  it('reports a 429 as a retry after its Retry-After', async () => {
    const subscription = push.createSubscription();
    push.failNext(subscription.endpoint, { status: 429, retryAfterSeconds: 7 });

    const outcome = await new WebPushTransport(vapid, LOCAL).send(request(subscription));

    expect(outcome).toMatchObject({ kind: 'retry', status: 429, retryAfterMs: 7000 });
  });

  it('reports a 500 as a retry without a delay of its own', async () => {
    const subscription = push.createSubscription();
    push.failNext(subscription.endpoint, { status: 500 });

    const outcome = await new WebPushTransport(vapid, LOCAL).send(request(subscription));

    expect(outcome).toMatchObject({ kind: 'retry', status: 500, retryAfterMs: undefined });
  });

  it('reports a VAPID refusal as a rejection that a retry cannot fix', async () => {
    const subscription = push.createSubscription({
      applicationServerKey: webpush.generateVAPIDKeys().publicKey,
    });

    const outcome = await new WebPushTransport(vapid, LOCAL).send(request(subscription));

    expect(outcome).toMatchObject({ kind: 'rejected', status: 403 });
  });

  it('reports a certificate it does not trust as a network failure to retry', async () => {
    const untrusted = await LocalPushService.start();
    try {
      const subscription = untrusted.createSubscription();

      const outcome = await new WebPushTransport(vapid, LOCAL).send(request(subscription));

      expect(outcome).toMatchObject({
        kind: 'retry',
        status: undefined,
        reason: expect.stringContaining('network error'),
      });
      expect(untrusted.receivedFor(subscription.endpoint)).toEqual([]);
    } finally {
      await untrusted.close();
    }
  });

  it("seals with the subscription's prepared key when one is ready, else encrypts as it sends; both decrypt", async () => {
    const subscription = push.createSubscription({ applicationServerKey: vapid.publicKey });
    const sealed: string[] = [];
    const preparedKeys = new PreparedPushKeys({
      capacity: 10,
      // Far longer than a send to loopback takes, so "second" surely finds no key ready.
      quietMs: 1_000,
      prepare: ({ p256dh, auth }) => {
        const key = PreparedPushKey.create(p256dh, auth);
        const seal = key.seal.bind(key);
        key.seal = (payload) => {
          sealed.push(payload);
          return seal(payload);
        };
        return key;
      },
    });
    const transport = new WebPushTransport(vapid, { ...LOCAL, preparedKeys });
    const keys = { endpoint: subscription.endpoint, ...subscription.keys };
    const ready = async () => {
      while (preparedKeys.size === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    };

    expect(transport.prepareFor([keys])).toBe(true);
    await ready();
    const outcomes = [
      await transport.send(request(subscription, 'first')),
      // Sent at once: the next key waits for a quiet moment.
      await transport.send(request(subscription, 'second')),
    ];
    await ready();
    outcomes.push(await transport.send(request(subscription, 'third')));

    expect(outcomes.map((outcome) => outcome.kind)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
    expect(sealed).toEqual(['first', 'third']);
    expect(push.receivedFor(subscription.endpoint).map((message) => message.payload)).toEqual([
      'first',
      'second',
      'third',
    ]);
    await transport.close();
    expect(preparedKeys.size).toBe(0);
  });

  it('takes subscriptions to prepare for up to its capacity, then says it takes no more', () => {
    const preparedKeys = new PreparedPushKeys({ capacity: 2 });
    const transport = new WebPushTransport(vapid, { ...LOCAL, preparedKeys });
    const keys = [1, 2, 3].map(() => {
      const subscription = push.createSubscription();
      return { endpoint: subscription.endpoint, ...subscription.keys };
    });

    expect(transport.prepareFor(keys.slice(0, 1))).toBe(true);
    expect(transport.prepareFor(keys.slice(1))).toBe(false);
    expect(preparedKeys.pending).toBe(2);
    expect(new WebPushTransport(vapid, LOCAL).prepareFor(keys)).toBe(false);
    preparedKeys.close();
  });
});

describe('WebPushTransport against a push service that misbehaves', () => {
  let server: https.Server;
  let origin: string;
  let answer: (response: ServerResponse) => void;
  let restoreTrust: () => void;

  beforeAll(async () => {
    const { keyPem, certificatePem } = await createSelfSignedCertificate();
    restoreTrust = trustCertificate(certificatePem);
    server = https.createServer({ key: keyPem, cert: certificatePem }, (request, response) => {
      request.resume();
      answer(response);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    restoreTrust();
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  });

  function subscriptionAt(path: string): LocalPushSubscription {
    return { ...push.createSubscription(), endpoint: `${origin}${path}` };
  }

  it('keeps only a short, sanitized reason from a long error reply', async () => {
    answer = (response) => {
      response.writeHead(400, { 'content-type': 'text/html' });
      response.end(
        `<html>${'<p>rejected ' + `${origin}/push/secret-endpoint-token`.repeat(500)}</html>`,
      );
    };

    const outcome = await new WebPushTransport(vapid, LOCAL).send(
      request(subscriptionAt('/push/a')),
    );

    expect(outcome).toMatchObject({ kind: 'rejected', status: 400 });
    const { reason } = outcome as { reason: string };
    expect(reason).toMatch(/^push service answered 400: html p rejected/);
    expect(reason).not.toContain('secret-endpoint-token');
    expect(reason.length).toBeLessThanOrEqual(140);
  });

  /** Writes `chunk` every `everyMs` until the client hangs up (bounded by the test's timeout). */
  function trickle(response: ServerResponse, chunk: string, everyMs: number): void {
    const timer = setInterval(() => response.write(chunk), everyMs);
    response.on('close', () => clearInterval(timer));
  }

  it('stops reading an endless reply and still reports its status', async () => {
    answer = (response) => {
      response.writeHead(503, { 'retry-after': '3' });
      trickle(response, 'x'.repeat(1024), 1);
    };

    const outcome = await new WebPushTransport(vapid, LOCAL).send(
      request(subscriptionAt('/push/b')),
    );

    expect(outcome).toMatchObject({ kind: 'retry', status: 503, retryAfterMs: 3000 });
  });

  it('keeps its connection to a push service for the idle time, then opens another; close() ends it', async () => {
    answer = (response) => {
      response.writeHead(201);
      response.end();
    };
    const connections: { closed: boolean }[] = [];
    const onConnection = (socket: TLSSocket) => {
      const connection = { closed: false };
      connections.push(connection);
      socket.on('close', () => (connection.closed = true));
    };
    server.on('secureConnection', onConnection);
    // Margins for a busy CI machine: 100 ms between sends against 1 s of idle time, then 2 s.
    const transport = new WebPushTransport(vapid, { ...LOCAL, idleConnectionMs: 1_000 });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      for (const path of ['/push/k1', '/push/k2']) {
        expect(await transport.send(request(subscriptionAt(path)))).toMatchObject({
          kind: 'delivered',
        });
        await pause(100);
      }
      // Two sends 100 ms apart: one connection, still open.
      expect(connections).toEqual([{ closed: false }]);

      await pause(2_000);
      // Idle past 1 s: the transport closed it, and the next send opens another.
      expect(connections).toEqual([{ closed: true }]);
      expect(await transport.send(request(subscriptionAt('/push/k3')))).toMatchObject({
        kind: 'delivered',
      });
      expect(connections).toEqual([{ closed: true }, { closed: false }]);

      await transport.close();
      await pause(100);
      expect(connections).toEqual([{ closed: true }, { closed: true }]);
    } finally {
      server.off('secureConnection', onConnection);
      await transport.close();
    }
  });

  it('gives up on a push service that trickles its answer past the deadline, as a failure to retry', async () => {
    answer = (response) => {
      response.writeHead(201);
      trickle(response, '.', 20);
    };

    const outcome = await new WebPushTransport(vapid, { ...LOCAL, timeoutMs: 200 }).send(
      request(subscriptionAt('/push/c')),
    );

    expect(outcome).toMatchObject({
      kind: 'retry',
      status: undefined,
      reason: expect.stringContaining('no complete answer within 200 ms'),
    });
  });
});
