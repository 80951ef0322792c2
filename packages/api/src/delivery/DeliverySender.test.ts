import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type UnixMillis } from '@pairwatch/domain';
import { type AlertStore } from '../storage/AlertStore';
import { openAlertStore } from '../storage/openAlertStore';
import { alertRecord } from '../test-support/alertRecord';
import { renderMessage } from '../test-support/renderMessage';
import { createPushChannel } from '../push/PushChannel';
import { type PushOutcome, type PushRequest, type PushTransport } from '../push/PushTransport';
import { type DeliveryChannel, type DeliveryOutcome } from './DeliveryChannel';
import { DeliverySender, type DeliverySenderOptions } from './DeliverySender';

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
    renderMessage(`m-${alertId}`, `{"tag":"${alertId}"}`),
  );
}

/** A webhook kind that answers from a script, holding each answer until `release` is called. */
class ScriptedWebhooks implements DeliveryChannel<'webhook'> {
  readonly kind = 'webhook';
  readonly retry = { baseMs: 1_000, maxMs: 4_000, giveUpAfterMs: 10_000 };
  readonly sent: { url: string; id: string }[] = [];
  readonly inFlightByUrl = new Map<string, number>();
  maxInFlightByUrl = new Map<string, number>();
  constructor(
    private readonly answer: (url: string) => DeliveryOutcome | Promise<DeliveryOutcome> = () => ({
      kind: 'delivered',
      status: 200,
    }),
  ) {}
  render(): { topic: string; payload: string } {
    return { topic: 't', payload: '{}' };
  }
  destination(channel: { url: string }): string {
    return new URL(channel.url).origin;
  }
  async send(attempt: { id: string }, channel: { url: string }): Promise<DeliveryOutcome> {
    this.sent.push({ url: channel.url, id: attempt.id });
    const inFlight = (this.inFlightByUrl.get(channel.url) ?? 0) + 1;
    this.inFlightByUrl.set(channel.url, inFlight);
    this.maxInFlightByUrl.set(
      channel.url,
      Math.max(inFlight, this.maxInFlightByUrl.get(channel.url) ?? 0),
    );
    try {
      await new Promise((resolve) => setImmediate(resolve));
      return await this.answer(channel.url);
    } finally {
      this.inFlightByUrl.set(channel.url, (this.inFlightByUrl.get(channel.url) ?? 1) - 1);
    }
  }
}

/** Queues one firing of a new alert of `owner` going to its webhook at `url` (made once). */
async function queueWebhookMessage(owner: string, url: string, alertId: string): Promise<void> {
  if (!(await store.ownerExists(owner))) await store.createOwner(owner, T0 as UnixMillis);
  const channelId = `hook-${new URL(url).host.replace(/[^a-z0-9]/g, '')}`;
  if (!(await store.listChannels(owner)).some((channel) => channel.id === channelId)) {
    await store.createChannel(
      {
        kind: 'webhook',
        id: channelId,
        ownerId: owner,
        createdAt: T0 as UnixMillis,
        url,
        template: undefined,
        secret: 's',
        disabledAt: undefined,
      },
      10,
    );
  }
  await store.createAlert(alertRecord(alertId, owner, { createdAt: T0 as UnixMillis }), 1000);
  await store.triggerAlert(
    {
      alertId,
      expectedCount: 0,
      firedAt: now as UnixMillis,
      value: 2,
      period: undefined,
      ends: true,
    },
    renderMessage(`m-${alertId}`),
  );
}

/** Counts the deliveries each claim of the store got; `claimDueDeliveries` claims uncounted. */
function countClaims(): {
  claims: number[];
  claimDueDeliveries: AlertStore['claimDueDeliveries'];
} {
  const claims: number[] = [];
  const claimDueDeliveries = store.claimDueDeliveries.bind(store);
  store.claimDueDeliveries = async (...args) => {
    const batch = await claimDueDeliveries(...args);
    claims.push(batch.length);
    return batch;
  };
  return { claims, claimDueDeliveries };
}

function sender(
  transport: PushTransport,
  overrides: Partial<DeliverySenderOptions> = {},
  webhooks?: ScriptedWebhooks,
) {
  const removed: (readonly string[])[] = [];
  const instance = new DeliverySender({
    store,
    channels: { push: createPushChannel(transport, { ttlSeconds: 3600 }), webhook: webhooks },
    logger: silent,
    onAlertsRemoved: (alerts) => removed.push(alerts),
    now: () => now,
    random: () => 0.5,
    pollIntervalMs: 60_000,
    ...overrides,
  });
  return { instance, removed };
}

beforeEach(async () => {
  now = T0;
  store = await openAlertStore({ databaseUrl: undefined, dataDir: '', sqliteFile: ':memory:' });
});

afterEach(async () => {
  await store.close();
});

describe('DeliverySender', () => {
  it('sends a queued push with TTL, high urgency and its topic, then logs it Delivered', async () => {
    await queueAlertMessage('sub-1', 'alert1');
    const transport = new ScriptedTransport();
    const { instance } = sender(transport);

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
    expect(await store.countPendingDeliveries()).toBe(0);
    expect(instance.delivered).toBe(1);
    expect(await store.listDeliveries('alert1', 'sub-1')).toMatchObject([
      { id: 'm-alert1', status: 'Delivered', attempts: 1, lastStatusCode: 201, deliveredAt: T0 },
    ]);
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
    expect(await store.countPendingDeliveries()).toBe(0);
  });

  it('backs off exponentially after server errors and gives up past the kind’s give-up age', async () => {
    await queueWebhookMessage('owner-1', 'http://hooks.example.net/a', 'alert1');
    const webhooks = new ScriptedWebhooks(() => ({
      kind: 'retry',
      status: 500,
      retryAfterMs: undefined,
      reason: 'boom',
    }));
    const { instance } = sender(new ScriptedTransport(), {}, webhooks);
    const delays: number[] = [];

    instance.start();
    await instance.idle();
    // With random() = 0.5 the delay is 3/4 of 1 s × 2^(attempt−1), capped at 3/4 of 4 s.
    for (const expected of [750, 1500, 3000, 3000]) {
      now += expected - 1;
      instance.wake();
      await instance.idle();
      const early = webhooks.sent.length;
      now += 1;
      instance.wake();
      await instance.idle();
      delays.push(webhooks.sent.length > early ? expected : -1);
    }
    await instance.close();

    // 8.25 s after the firing; the next retry (3 s on) would pass the 10 s give-up age.
    expect(delays).toEqual([750, 1500, 3000, 3000]);
    expect(webhooks.sent).toHaveLength(5);
    expect(await store.countPendingDeliveries()).toBe(0);
    expect(await store.listDeliveries('alert1', 'owner-1')).toMatchObject([
      { status: 'Failed', attempts: 5, lastStatusCode: 500, lastError: 'boom' },
    ]);
  });

  it('keeps a dead receiver to its per-destination slots while other receivers are served', async () => {
    for (let i = 0; i < 12; i += 1) {
      await queueWebhookMessage('owner-1', 'http://dead.example.net/hook', `dead${i}`);
    }
    for (let i = 0; i < 6; i += 1) {
      await queueWebhookMessage('owner-2', 'http://alive.example.net/hook', `alive${i}`);
    }
    let releaseDead: () => void = () => undefined;
    const deadAnswers = new Promise<DeliveryOutcome>((resolve) => {
      releaseDead = () =>
        resolve({ kind: 'retry', status: undefined, retryAfterMs: undefined, reason: 'timeout' });
    });
    const webhooks = new ScriptedWebhooks((url) =>
      url.includes('dead') ? deadAnswers : { kind: 'delivered', status: 200 },
    );
    const { instance } = sender(
      new ScriptedTransport(),
      { perDestination: 2, concurrency: 8 },
      webhooks,
    );

    instance.start();
    // The live receiver's six arrive while the dead one still holds its two slots.
    for (let turn = 0; turn < 50 && instance.delivered < 6; turn += 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const deliveredWhileDeadHangs = instance.delivered;
    releaseDead();
    await instance.idle();
    await instance.close();

    expect(deliveredWhileDeadHangs).toBe(6);
    expect(webhooks.maxInFlightByUrl.get('http://dead.example.net/hook')).toBe(2);
  });

  it('disables a webhook whose receiver says it is gone, and sends it nothing more', async () => {
    await queueWebhookMessage('owner-1', 'http://gone.example.net/hook', 'alert1');
    await queueWebhookMessage('owner-1', 'http://gone.example.net/hook', 'alert2');
    const webhooks = new ScriptedWebhooks(() => ({ kind: 'gone', status: 410, reason: 'Gone' }));
    const { instance } = sender(
      new ScriptedTransport(),
      { concurrency: 1, perDestination: 1 },
      webhooks,
    );

    instance.start();
    await instance.idle();
    instance.wake();
    await instance.idle();
    await instance.close();

    expect(webhooks.sent).toHaveLength(1);
    expect(await store.listChannels('owner-1')).toMatchObject([
      { kind: 'webhook', disabledAt: T0 },
    ]);
    expect(await store.countPendingDeliveries()).toBe(0);
  });

  it('drops the subscription, and its owner’s alerts and messages when it was the last channel, when the push service says it is gone', async () => {
    await queueAlertMessage('sub-1', 'alert1');
    await queueAlertMessage('sub-1', 'alert2');
    await queueAlertMessage('sub-2', 'alert3');
    const transport = new ScriptedTransport([{ kind: 'gone', status: 410 }]);
    const { instance, removed } = sender(transport, { concurrency: 1 });

    instance.start();
    await instance.idle();
    await instance.close();

    expect(removed).toEqual([expect.arrayContaining(['alert1', 'alert2'])]);
    expect(await store.findSubscription('sub-1')).toBeUndefined();
    expect(transport.sent.map((request) => request.topic)).toEqual(['alert1', 'alert3']);
    expect(await store.countPendingDeliveries()).toBe(0);
  });

  it('fails a message the push service refuses for good, and keeps the subscription', async () => {
    await queueAlertMessage('sub-1', 'alert1');
    const transport = new ScriptedTransport([
      { kind: 'rejected', status: 413, reason: 'too large' },
    ]);
    const { instance } = sender(transport);

    instance.start();
    await instance.idle();
    await instance.close();

    expect(await store.countPendingDeliveries()).toBe(0);
    expect(await store.listDeliveries('alert1', 'sub-1')).toMatchObject([
      { status: 'Failed', lastStatusCode: 413, lastError: 'too large' },
    ]);
    expect(await store.findSubscription('sub-1')).toBeDefined();
  });

  it('never has more messages in flight than its concurrency', async () => {
    for (let i = 0; i < 20; i += 1) await queueAlertMessage('sub-1', `alert${i}`);
    const transport = new ScriptedTransport();
    const { instance } = sender(transport, { concurrency: 4, perDestination: 8 });

    instance.start();
    await instance.idle();
    await instance.close();

    expect(transport.sent).toHaveLength(20);
    expect(transport.maxInFlight).toBe(4);
  });

  it('claims a burst once however often it is woken, and refills freed slots only while the outbox may hold more', async () => {
    for (let i = 0; i < 10; i += 1) await queueAlertMessage(`sub-${i}`, `alert${i}`);
    const { claims } = countClaims();
    const transport = new ScriptedTransport();
    const { instance } = sender(transport, { concurrency: 8, perDestination: 1 });

    // As the engine does: one wake per firing of its batch, in one turn.
    for (let i = 0; i < 10; i += 1) instance.wake();
    await instance.idle();
    const burstClaims = [...claims];
    // The first claim got fewer than asked: nothing due is left, and no freed slot asks again.
    for (let i = 10; i < 13; i += 1) await queueAlertMessage(`sub-${i}`, `alert${i}`);
    const { instance: small } = sender(transport, { concurrency: 64 });
    claims.length = 0;
    for (let i = 0; i < 3; i += 1) small.wake();
    await small.idle();
    await instance.close();
    await small.close();

    // 8 of 10 (all the room there was), then the 2 left once slots were free; never an empty claim.
    expect(burstClaims).toEqual([8, 2]);
    expect(claims).toEqual([3]);
    expect(transport.sent).toHaveLength(13);
  });

  it('sends what a firing’s transaction hands over without claiming it, and leaves the rest to a claim', async () => {
    const requests = [];
    for (let i = 0; i < 5; i += 1) {
      const subscription = `sub-${i}`;
      await store.saveSubscription(
        { endpoint: `https://push.example.net/${subscription}`, p256dh: 'p', auth: 'a' },
        subscription,
        T0 as UnixMillis,
      );
      await store.createAlert(
        alertRecord(`alert${i}`, subscription, { createdAt: T0 as UnixMillis }),
        1000,
      );
      requests.push({
        firing: {
          alertId: `alert${i}`,
          expectedCount: 0,
          firedAt: T0 as UnixMillis,
          value: 2,
          period: undefined,
          ends: true,
        },
        render: renderMessage(`m-alert${i}`, `{"tag":"alert${i}"}`),
      });
    }
    const { claims, claimDueDeliveries } = countClaims();
    const transport = new ScriptedTransport();
    const { instance } = sender(transport, { concurrency: 3, perDestination: 1 });

    // The engine's first batch, 1 firing, all 3 slots offered: sent, and no claim at all.
    const first = instance.claimFor();
    expect(first.limit).toBe(3);
    await store.triggerAlerts(requests.slice(0, 1), first);
    await instance.idle();
    expect(transport.sent.map((request) => request.topic)).toEqual(['alert0']);
    expect(claims).toEqual([]);
    // The next batch, 4 firings, with 3 slots: 3 sent at once and leased (another sender's
    // claim finds nothing of them), 1 left in the outbox for this sender's claim.
    const second = instance.claimFor();
    expect(second.limit).toBe(3);
    await store.triggerAlerts(requests.slice(1), second);
    expect(transport.sent.map((request) => request.topic)).toEqual([
      'alert0',
      'alert1',
      'alert2',
      'alert3',
    ]);
    expect((await claimDueDeliveries(T0 as UnixMillis, 10, 60_000)).map((d) => d.alertId)).toEqual([
      'alert4',
    ]);
    await store.releaseDeliveries(['m-alert4'], T0 as UnixMillis);
    await instance.idle();
    await instance.close();

    expect(transport.sent.map((request) => request.topic)).toEqual([
      'alert0',
      'alert1',
      'alert2',
      'alert3',
      'alert4',
    ]);
    expect(transport.maxInFlight).toBeLessThanOrEqual(3);
    expect(claims.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await store.countPendingDeliveries()).toBe(0);
  });

  it('holds the slots it offered until the transaction ends, and gets them back when it fails', async () => {
    await store.saveSubscription(
      { endpoint: 'https://push.example.net/sub-1', p256dh: 'p', auth: 'a' },
      'sub-1',
      T0 as UnixMillis,
    );
    await store.createAlert(alertRecord('alert1', 'sub-1', { createdAt: T0 as UnixMillis }), 1000);
    const transport = new ScriptedTransport();
    const { instance } = sender(transport, { concurrency: 4 });

    const offered = instance.claimFor();
    expect(offered.limit).toBe(4);
    // Held for the transaction: nothing more to offer, nor for a claim.
    expect(instance.claimFor().limit).toBe(0);
    await expect(
      store.triggerAlerts(
        [
          {
            firing: {
              alertId: 'alert1',
              expectedCount: 0,
              firedAt: T0 as UnixMillis,
              value: 2,
              period: undefined,
              ends: true,
            },
            render: () => {
              throw new Error('cannot render');
            },
          },
        ],
        offered,
      ),
    ).rejects.toThrow('cannot render');

    // Rolled back, nothing handed over, and the slots are free again.
    expect((await store.getAlerts(['alert1']))[0]?.status).toBe('Active');
    expect(instance.claimFor().limit).toBe(4);
    await instance.close();
    expect(transport.sent).toEqual([]);
  });

  it('frees a slot once its answer is in, while the outcome is still being written, and writes every outcome', async () => {
    for (let i = 0; i < 3; i += 1) await queueAlertMessage(`sub-${i}`, `alert${i}`);
    const transport = new ScriptedTransport();
    // The store's writes of outcomes are held until released.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const write = store.updateDeliveries.bind(store);
    let writes = 0;
    const slowStore = new Proxy(store, {
      get(target, property, receiver) {
        if (property !== 'updateDeliveries') return Reflect.get(target, property, receiver);
        return async (...args: Parameters<AlertStore['updateDeliveries']>) => {
          writes += 1;
          await held;
          return write(...args);
        };
      },
    });
    const { instance } = sender(transport, { store: slowStore, concurrency: 1 });

    instance.start();
    // One slot: the second and third message are sent though the first one's outcome is not written.
    for (let turn = 0; turn < 50 && transport.sent.length < 3; turn += 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(transport.sent).toHaveLength(3);
    expect(transport.maxInFlight).toBe(1);
    expect(writes).toBeGreaterThan(0);
    let idle = false;
    const settled = instance.idle().then(() => {
      idle = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    // Idle waits for the writes too.
    expect(idle).toBe(false);
    release();
    await settled;
    await instance.close();

    for (let i = 0; i < 3; i += 1) {
      expect(await store.listDeliveries(`alert${i}`, `sub-${i}`)).toMatchObject([
        { status: 'Delivered' },
      ]);
    }
    expect(await store.countPendingDeliveries()).toBe(0);
  });

  it('writes the outcomes of a burst together once its sends are over, not a transaction a turn', async () => {
    for (let i = 0; i < 24; i += 1) await queueAlertMessage(`sub-${i}`, `alert${i}`);
    // Answers spread over six turns of the event loop.
    let sends = 0;
    const transport = {
      sent: [] as PushRequest[],
      async send(request: PushRequest): Promise<PushOutcome> {
        this.sent.push(request);
        const turns = (sends++ % 6) + 1;
        for (let turn = 0; turn < turns; turn += 1)
          await new Promise((resolve) => setImmediate(resolve));
        return { kind: 'delivered', status: 201 };
      },
    };
    const writes: number[] = [];
    const write = store.updateDeliveries.bind(store);
    store.updateDeliveries = async (updates) => {
      writes.push(updates.length);
      return write(updates);
    };
    const { instance } = sender(transport, { concurrency: 24, perDestination: 1 });

    instance.start();
    await instance.idle();
    await instance.close();

    // 24 answers over six turns of the event loop, one transaction for all of them.
    expect(transport.sent).toHaveLength(24);
    expect(writes).toEqual([24]);
    expect(await store.countPendingDeliveries()).toBe(0);
  });

  it('logs an outcome write the database refused once for its batch, and leaves the deliveries leased for another try', async () => {
    for (let i = 0; i < 2; i += 1) await queueAlertMessage(`sub-${i}`, `alert${i}`);
    const transport = new ScriptedTransport();
    const refusingStore = new Proxy(store, {
      get(target, property, receiver) {
        if (property !== 'updateDeliveries') return Reflect.get(target, property, receiver);
        return () => Promise.reject(new Error('disk I/O error'));
      },
    });
    const errors: { context: unknown; message: string }[] = [];
    const logger = {
      ...silent,
      error: (context: unknown, message: string) => errors.push({ context, message }),
    };
    const { instance } = sender(transport, { store: refusingStore, logger });

    instance.start();
    await instance.idle();
    await instance.close();

    expect(transport.sent).toHaveLength(2);
    expect(errors).toEqual([
      {
        context: expect.objectContaining({ deliveries: 2 }),
        message:
          'could not record delivery attempts; they are sent again when their lease runs out',
      },
    ]);
    // Still Pending: claimed again once the lease runs out.
    expect(await store.countPendingDeliveries()).toBe(2);
  });
});
