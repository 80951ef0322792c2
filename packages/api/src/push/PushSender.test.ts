import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type UnixMillis } from '@pairwatch/domain';
import { type AlertStore } from '../storage/AlertStore';
import { openAlertStore } from '../storage/openAlertStore';
import { alertRecord } from '../test-support/alertRecord';
import { PushSender, type PushSenderOptions } from './PushSender';
import { type PushOutcome, type PushRequest, type PushTransport } from './PushTransport';

const T0 = 1_700_000_000_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A transport that answers from a script and records what it was asked to send. */
class ScriptedTransport implements PushTransport {
  readonly sent: PushRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;
  constructor(private readonly answers: PushOutcome[] = []) {}
  async send(request: PushRequest): Promise<PushOutcome> {
    this.sent.push(request);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    this.inFlight -= 1;
    return this.answers.shift() ?? { kind: 'delivered', status: 201 };
  }
}

let store: AlertStore;
let now: number;

async function queueAlertMessage(subscription: string, alertId: string): Promise<void> {
  if (!(await store.findSubscription(subscription))) {
    await store.saveSubscription(
      { endpoint: `https://push.example.net/${subscription}`, p256dh: 'p', auth: 'a' },
      subscription,
      T0 as UnixMillis,
    );
  }
  await store.createAlert(
    alertRecord(alertId, subscription, {
      valueOnCreation: 1,
      valueTarget: 2,
      createdAt: T0 as UnixMillis,
      creationHigh: 1,
      creationLow: 1,
    }),
    1000,
  );
  await store.triggerAlert(
    {
      alertId,
      expectedCount: 0,
      firedAt: T0 as UnixMillis,
      value: 2,
      period: undefined,
      ends: true,
    },
    {
      id: `m-${alertId}`,
      topic: alertId,
      payload: `{"tag":"${alertId}"}`,
      createdAt: now as UnixMillis,
    },
  );
}

function sender(transport: PushTransport, overrides: Partial<PushSenderOptions> = {}) {
  const gone: [string, readonly string[]][] = [];
  const instance = new PushSender({
    store,
    transport,
    logger: silent,
    onSubscriptionGone: (id, alerts) => gone.push([id, alerts]),
    now: () => now,
    random: () => 0.5,
    pollIntervalMs: 60_000,
    ...overrides,
  });
  return { instance, gone };
}

beforeEach(async () => {
  now = T0;
  store = await openAlertStore({ databaseUrl: undefined, dataDir: '', sqliteFile: ':memory:' });
});

afterEach(async () => {
  await store.close();
});

describe('PushSender', () => {
  it('sends a queued message with TTL, high urgency and its topic, then removes it from the outbox', async () => {
    await queueAlertMessage('sub-1', 'alert1');
    const transport = new ScriptedTransport();
    const { instance } = sender(transport, { ttlSeconds: 3600 });

    instance.start();
    await instance.idle();
    await instance.close();

    expect(transport.sent).toEqual([
      {
        subscription: { endpoint: 'https://push.example.net/sub-1', p256dh: 'p', auth: 'a' },
        payload: '{"tag":"alert1"}',
        topic: 'alert1',
        ttlSeconds: 3600,
        urgency: 'high',
      },
    ]);
    expect(await store.countMessages()).toBe(0);
    expect(instance.delivered).toBe(1);
  });

  it('retries a 429 no sooner than its Retry-After', async () => {
    await queueAlertMessage('sub-1', 'alert1');
    const transport = new ScriptedTransport([
      { kind: 'retry', status: 429, retryAfterMs: 30_000, reason: 'slow down' },
    ]);
    const { instance } = sender(transport);

    instance.start();
    await instance.idle();
    now = T0 + 29_999;
    instance.wake();
    await instance.idle();
    const beforeRetryAfter = transport.sent.length;
    now = T0 + 30_000;
    instance.wake();
    await instance.idle();
    await instance.close();

    expect(beforeRetryAfter).toBe(1);
    expect(transport.sent).toHaveLength(2);
    expect(await store.countMessages()).toBe(0);
  });

  it('backs off exponentially after server errors and gives up after the last attempt', async () => {
    await queueAlertMessage('sub-1', 'alert1');
    const failure: PushOutcome = {
      kind: 'retry',
      status: 500,
      retryAfterMs: undefined,
      reason: 'boom',
    };
    const transport = new ScriptedTransport([failure, failure, failure]);
    const { instance } = sender(transport, { maxAttempts: 3 });
    const delays: number[] = [];

    instance.start();
    await instance.idle();
    for (let attempt = 1; attempt < 3; attempt += 1) {
      // With random() = 0.5 the delay is 3/4 of 1 s × 2^(attempt−1).
      const expected = 750 * 2 ** (attempt - 1);
      now += expected - 1;
      instance.wake();
      await instance.idle();
      const early = transport.sent.length;
      now += 1;
      instance.wake();
      await instance.idle();
      delays.push(transport.sent.length > early ? expected : -1);
    }
    await instance.close();

    expect(delays).toEqual([750, 1500]);
    expect(transport.sent).toHaveLength(3);
    expect(await store.countMessages()).toBe(0);
  });

  it('drops the subscription, its alerts and its other messages when the push service says it is gone', async () => {
    await queueAlertMessage('sub-1', 'alert1');
    await queueAlertMessage('sub-1', 'alert2');
    await queueAlertMessage('sub-2', 'alert3');
    const transport = new ScriptedTransport([{ kind: 'gone', status: 410 }]);
    const { instance, gone } = sender(transport, { concurrency: 1 });

    instance.start();
    await instance.idle();
    await instance.close();

    expect(gone).toEqual([['sub-1', expect.arrayContaining(['alert1', 'alert2'])]]);
    expect(await store.findSubscription('sub-1')).toBeUndefined();
    expect(transport.sent.map((request) => request.topic)).toEqual(['alert1', 'alert3']);
    expect(await store.countMessages()).toBe(0);
  });

  it('drops a message the push service refuses for good, and keeps the subscription', async () => {
    await queueAlertMessage('sub-1', 'alert1');
    const transport = new ScriptedTransport([
      { kind: 'rejected', status: 413, reason: 'too large' },
    ]);
    const { instance } = sender(transport);

    instance.start();
    await instance.idle();
    await instance.close();

    expect(await store.countMessages()).toBe(0);
    expect(await store.findSubscription('sub-1')).toBeDefined();
  });

  it('never has more messages in flight than its concurrency', async () => {
    for (let i = 0; i < 20; i += 1) await queueAlertMessage('sub-1', `alert${i}`);
    const transport = new ScriptedTransport();
    const { instance } = sender(transport, { concurrency: 4 });

    instance.start();
    await instance.idle();
    await instance.close();

    expect(transport.sent).toHaveLength(20);
    expect(transport.maxInFlight).toBe(4);
  });
});
