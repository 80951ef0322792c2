import { Worker } from 'node:worker_threads';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type LocalPushService } from '@pairwatch/test-support';
import webpush from 'web-push';
import { recordingLogger } from '../test-support/recordingLogger';
import { useTrustedLocalPushService } from '../test-support/useTrustedLocalPushService';
import { PushEncryptionPool } from './PushEncryptionPool';
import { WebPushTransport } from './WebPushTransport';

const localPush = useTrustedLocalPushService();
let push: LocalPushService;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.org' };

beforeAll(() => {
  push = localPush();
});

afterEach(() => {
  jest.restoreAllMocks();
});

/** Sends `count` messages at once through a transport encrypting in `pool`; their payloads. */
async function sendThrough(pool: PushEncryptionPool, count: number): Promise<string[]> {
  const transport = new WebPushTransport(vapid, { allowPrivateEndpoints: true, encryptor: pool });
  const subscriptions = Array.from({ length: count }, () =>
    push.createSubscription({ applicationServerKey: vapid.publicKey }),
  );
  const outcomes = await Promise.all(
    subscriptions.map((subscription, i) =>
      transport.send({
        subscription: { endpoint: subscription.endpoint, ...subscription.keys },
        payload: JSON.stringify({ title: `alert ${i}` }),
        topic: `t${i}`,
        ttlSeconds: 60,
        urgency: 'high',
      }),
    ),
  );
  expect(outcomes.every((outcome) => outcome.kind === 'delivered')).toBe(true);
  return subscriptions.map((subscription) => push.receivedFor(subscription.endpoint)[0]!.payload);
}

describe('PushEncryptionPool', () => {
  it('encrypts in worker threads what each browser decrypts as its own message', async () => {
    const logger = recordingLogger();
    const pool = new PushEncryptionPool({ workers: 2, logger });
    try {
      const payloads = await sendThrough(pool, 12);

      expect(payloads).toEqual(Array.from({ length: 12 }, (_, i) => `{"title":"alert ${i}"}`));
      expect(pool.size).toBe(2);
      expect(logger.lines).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it('never encrypts two messages alike (a fresh key and salt each)', async () => {
    const pool = new PushEncryptionPool({ workers: 1, logger: recordingLogger() });
    const { keys } = push.createSubscription();
    try {
      const [a, b] = await Promise.all([
        pool.encrypt(keys.p256dh, keys.auth, 'same'),
        pool.encrypt(keys.p256dh, keys.auth, 'same'),
      ]);

      expect(a!.equals(b!)).toBe(false);
      // salt(16) ‖ rs(4) ‖ idlen(1) = 65 ‖ the sender's key(65) ‖ "same" + delimiter + tag(16)
      expect(a!.length).toBe(16 + 4 + 1 + 65 + 4 + 1 + 16);
    } finally {
      await pool.close();
    }
  });

  it('rejects a subscription key it cannot use, and the transport retries rather than sends', async () => {
    const pool = new PushEncryptionPool({ workers: 1, logger: recordingLogger() });
    const transport = new WebPushTransport(vapid, { allowPrivateEndpoints: true, encryptor: pool });
    const subscription = push.createSubscription({ applicationServerKey: vapid.publicKey });
    try {
      await expect(pool.encrypt('AAAA', subscription.keys.auth, 'x')).rejects.toThrow(/./);
      const outcome = await transport.send({
        subscription: { endpoint: subscription.endpoint, p256dh: 'AAAA', auth: 'AAAA' },
        payload: 'x',
        topic: 't',
        ttlSeconds: 60,
        urgency: 'high',
      });

      expect(outcome).toMatchObject({
        kind: 'retry',
        reason: expect.stringMatching(/^could not prepare the message/),
      });
      expect(push.receivedFor(subscription.endpoint)).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it('encrypts a dead worker’s messages on the calling thread, logs it, and starts another', async () => {
    const logger = recordingLogger();
    const pool = new PushEncryptionPool({ workers: 1, logger });
    try {
      // The first message kills its worker instead of reaching it.
      const post = jest.spyOn(Worker.prototype, 'postMessage').mockImplementationOnce(function (
        this: Worker,
      ) {
        void this.terminate();
      });
      const [first] = await sendThrough(pool, 1);
      post.mockRestore();

      expect(first).toBe('{"title":"alert 0"}');
      expect(logger.lines.map((line) => line.message)).toEqual([
        expect.stringMatching(
          /^a push encryption worker exited with code \d+; its messages are encrypted here, and a new one starts$/,
        ),
      ]);
      expect(pool.size).toBe(0);
      expect(await sendThrough(pool, 2)).toEqual(['{"title":"alert 0"}', '{"title":"alert 1"}']);
      expect(pool.size).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('encrypts on the calling thread once closed', async () => {
    const pool = new PushEncryptionPool({ workers: 1, logger: recordingLogger() });
    await pool.close();

    expect(await sendThrough(pool, 1)).toEqual(['{"title":"alert 0"}']);
    expect(pool.size).toBe(0);
  });

  it('does not keep the process alive with its workers running', async () => {
    // What keeps the event loop alive, by kind: a referenced worker shows as its 'MessagePort'.
    const ports = () =>
      process.getActiveResourcesInfo().filter((kind) => kind === 'MessagePort').length;
    const before = ports();
    const pool = new PushEncryptionPool({ workers: 2, logger: recordingLogger() });
    try {
      await sendThrough(pool, 4);
      expect(pool.size).toBe(2);

      expect(ports()).toBe(before);
    } finally {
      await pool.close();
    }
  });

  it('refuses a pool without workers', () => {
    expect(() => new PushEncryptionPool({ workers: 0, logger: recordingLogger() })).toThrow(
      /at least one worker, got 0/,
    );
  });
});
