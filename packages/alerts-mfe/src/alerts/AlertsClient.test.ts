import { describe, expect, it, jest } from '@jest/globals';
import { AlertsClient } from './AlertsClient';
import { ApiError } from './ApiError';
import { anAlert } from '../test-support/alerts';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    };
    calls.push(call);
    return respond(call);
  };
  return { calls, fetchFn: fetchFn as typeof fetch };
}

// jsdom has no fetch Response; the client reads only ok, status and text().
const json = (status: number, body: unknown, _type = 'application/json') =>
  fakeResponse(status, body === undefined ? '' : JSON.stringify(body));
const noContent = () => fakeResponse(204, '');

function fakeResponse(status: number, text: string): Response {
  return { ok: status >= 200 && status < 300, status, text: async () => text } as Response;
}

describe('AlertsClient', () => {
  it('posts a price alert without an RSI interval', async () => {
    const { calls, fetchFn } = fakeFetch(() => json(201, anAlert()));
    const client = new AlertsClient('http://api.test/', fetchFn);
    const alert = await client.createAlert({
      symbol: 'BTCUSDT',
      type: 'Price',
      valueTarget: 65000,
      ownerId: 'sub-1',
    });
    expect(calls).toEqual([
      {
        url: 'http://api.test/alerts',
        method: 'POST',
        body: { symbol: 'BTCUSDT', type: 'Price', valueTarget: 65000, ownerId: 'sub-1' },
      },
    ]);
    expect(alert).toEqual(anAlert());
  });

  it('lists and deletes alerts scoped by the subscription id', async () => {
    const { calls, fetchFn } = fakeFetch((call) =>
      call.method === 'GET' ? json(200, [anAlert()]) : noContent(),
    );
    const client = new AlertsClient('http://api.test', fetchFn);
    expect(await client.listAlerts('a b')).toEqual([anAlert()]);
    await client.deleteAlert('alert/1', 'a b');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET http://api.test/alerts?ownerId=a%20b',
      'DELETE http://api.test/alerts/alert%2F1?ownerId=a%20b',
    ]);
  });

  it('asks for a keepalive DELETE, which outlives the page, only when told to', async () => {
    const inits: (RequestInit | undefined)[] = [];
    const fetchFn = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      inits.push(init);
      return noContent();
    }) as typeof fetch;
    const client = new AlertsClient('http://api.test', fetchFn);
    await client.deleteAlert('a1', 's', { keepalive: true });
    await client.deleteAlert('a2', 's');
    expect(inits.map((init) => init?.keepalive)).toEqual([true, undefined]);
  });

  it('rejects with the problem+json detail', async () => {
    const { fetchFn } = fakeFetch(() =>
      json(
        409,
        { title: 'Conflict', status: 409, detail: 'Too many active alerts.', code: 'ALERT_LIMIT' },
        'application/problem+json',
      ),
    );
    const error = await new AlertsClient('http://api.test', fetchFn)
      .createAlert({ symbol: 'BTCUSDT', type: 'Price', valueTarget: 1, ownerId: 's' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      detail: 'Too many active alerts.',
      code: 'ALERT_LIMIT',
    });
  });

  it('takes a bare JSON string body as the detail', async () => {
    const { fetchFn } = fakeFetch(() => json(400, 'Symbol is not supported'));
    const error = await new AlertsClient('http://api.test', fetchFn)
      .deleteAlert('x', 's')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, detail: 'Symbol is not supported' });
  });

  it('rejects without a detail when the network fails', async () => {
    const { fetchFn } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await new AlertsClient('http://api.test', fetchFn)
      .listAlerts('s')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, detail: undefined });
    expect((error as Error).message).toBe('GET /alerts failed');
  });

  it('keeps the other alerts when one cannot be read, and names its field in the console', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { fetchFn } = fakeFetch(() =>
      json(200, [anAlert({ id: 'a' }), { ...anAlert({ id: 'b' }), symbol: 'xrp/usdt' }]),
    );
    const list = await new AlertsClient('http://api.test', fetchFn).listAlerts('s');
    expect(list).toEqual([
      anAlert({ id: 'a' }),
      {
        kind: 'unreadable',
        id: 'b',
        symbol: 'xrp/usdt',
        createdAt: anAlert().createdAt,
        problem: 'alert "b": bad symbol "xrp/usdt"',
      },
    ]);
    expect(warn).toHaveBeenCalledWith(
      '[alerts] an alert this page cannot read:',
      'alert "b": bad symbol "xrp/usdt"',
    );
    warn.mockRestore();
  });

  it('sends the condition fields of a new alert', async () => {
    const { calls, fetchFn } = fakeFetch(() => json(201, anAlert()));
    const request = {
      symbol: 'ETHUSDT',
      type: 'Price',
      valueTarget: 2300,
      ownerId: 'sub-1',
      condition: 'EnteringChannel',
      frequency: 'OncePerBar',
      interval: 'OneHour',
      valueUpper: 2400,
      expiresAt: '2030-01-01T00:00:00.000Z',
      message: 'Range trade',
    } as const;
    await new AlertsClient('http://api.test', fetchFn).createAlert(request);
    expect(calls[0]?.body).toEqual(request);
  });

  it('reads the push public key and registers a subscription', async () => {
    const { calls, fetchFn } = fakeFetch((call) =>
      call.url.endsWith('/push/public-key')
        ? json(200, { publicKey: 'BKey' })
        : json(201, { subscriptionId: 'sub-9' }),
    );
    const client = new AlertsClient('http://api.test', fetchFn);
    expect(await client.getPushPublicKey()).toBe('BKey');
    const subscription = { endpoint: 'https://push.test/1', keys: { p256dh: 'p', auth: 'a' } };
    // An api from before owners answers the id alone: the browser is its own owner.
    expect(await client.registerPushSubscription(subscription)).toEqual({
      subscriptionId: 'sub-9',
      ownerId: 'sub-9',
    });
    expect(calls[1]).toEqual({
      url: 'http://api.test/push/subscriptions',
      method: 'POST',
      body: subscription,
    });
  });

  it('registers a subscription as a push channel of an owner', async () => {
    const { calls, fetchFn } = fakeFetch(() =>
      json(200, { subscriptionId: 'sub-9', ownerId: 'owner-1' }),
    );
    const subscription = { endpoint: 'https://push.test/1', keys: { p256dh: 'p', auth: 'a' } };
    expect(
      await new AlertsClient('http://api.test', fetchFn).registerPushSubscription(
        subscription,
        'owner-1',
      ),
    ).toEqual({ subscriptionId: 'sub-9', ownerId: 'owner-1' });
    expect(calls[0]?.body).toEqual({ ...subscription, ownerId: 'owner-1' });
  });

  describe('owners and channels', () => {
    it('makes an owner', async () => {
      const { calls, fetchFn } = fakeFetch(() => json(201, { ownerId: 'owner-1' }));
      expect(await new AlertsClient('http://api.test', fetchFn).createOwner()).toBe('owner-1');
      expect(calls[0]).toMatchObject({ url: 'http://api.test/owners', method: 'POST' });
    });

    it('reads the kinds offered, skipping any it does not know', async () => {
      const { fetchFn } = fakeFetch(() => json(200, { kinds: ['push', 'webhook', 'pigeon'] }));
      expect(await new AlertsClient('http://api.test', fetchFn).listChannelKinds()).toEqual([
        'push',
        'webhook',
      ]);
    });

    it('lists the channels of an owner, skipping what it cannot read', async () => {
      const { calls, fetchFn } = fakeFetch(() =>
        json(200, [
          { id: 'p1', kind: 'push', service: 'fcm.googleapis.com', createdAt: 'T' },
          {
            id: 'w1',
            kind: 'webhook',
            url: 'https://hooks.test/a',
            disabled: true,
            createdAt: 'T',
          },
          { id: 't1', kind: 'telegram', linked: false, linkUrl: 'https://t.me/bot?start=x' },
          { id: 'x1', kind: 'carrier-pigeon' },
        ]),
      );
      const channels = await new AlertsClient('http://api.test', fetchFn).listChannels('o 1');
      expect(calls[0]?.url).toBe('http://api.test/channels?ownerId=o%201');
      expect(channels).toEqual([
        { id: 'p1', kind: 'push', service: 'fcm.googleapis.com', createdAt: 'T' },
        { id: 'w1', kind: 'webhook', url: 'https://hooks.test/a', disabled: true, createdAt: 'T' },
        {
          id: 't1',
          kind: 'telegram',
          linked: false,
          linkUrl: 'https://t.me/bot?start=x',
          disabled: false,
          createdAt: '',
        },
      ]);
    });

    it('adds a webhook and returns its secret', async () => {
      const { calls, fetchFn } = fakeFetch(() =>
        json(201, {
          id: 'w1',
          kind: 'webhook',
          url: 'https://h.test/',
          createdAt: 'T',
          secret: 's3',
        }),
      );
      const created = await new AlertsClient('http://api.test', fetchFn).createWebhook('o1', {
        url: 'https://h.test/',
        template: '{{ticker}}',
      });
      expect(created).toMatchObject({ id: 'w1', secret: 's3' });
      expect(calls[0]?.body).toEqual({
        ownerId: 'o1',
        kind: 'webhook',
        url: 'https://h.test/',
        template: '{{ticker}}',
      });
    });

    it('tests and deletes a channel, and reads an alert’s deliveries', async () => {
      const { calls, fetchFn } = fakeFetch((call) =>
        call.method === 'DELETE'
          ? noContent()
          : call.url.includes('/test')
            ? json(200, { channelId: 'w1', status: 'Failed', statusCode: 500, error: 'boom' })
            : json(200, [
                { id: 'd1', channelId: 'w1', kind: 'webhook', status: 'Delivered', attempts: 1 },
                { id: 'd2', channelId: 'w1', kind: 'webhook', status: 'Pending', attempts: 1 },
              ]),
      );
      const client = new AlertsClient('http://api.test', fetchFn);
      expect(await client.testChannel('w1', 'o1')).toEqual({
        status: 'Failed',
        statusCode: 500,
        error: 'boom',
      });
      await client.deleteChannel('w1', 'o1');
      expect(await client.listDeliveries('a1', 'o1')).toEqual([
        {
          id: 'd1',
          channelId: 'w1',
          kind: 'webhook',
          status: 'Delivered',
          attempts: 1,
          createdAt: '',
        },
      ]);
      expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
        'POST http://api.test/channels/w1/test?ownerId=o1',
        'DELETE http://api.test/channels/w1?ownerId=o1',
        'GET http://api.test/alerts/a1/deliveries?ownerId=o1',
      ]);
    });
  });
  describe('without an injected fetch', () => {
    it("uses the browser's fetch", async () => {
      const { calls, fetchFn } = fakeFetch(() => json(200, { publicKey: 'BKey' }));
      // jsdom has no fetch of its own: give the global one for this test.
      const original = globalThis.fetch;
      globalThis.fetch = fetchFn;
      try {
        await expect(new AlertsClient('http://api.test').getPushPublicKey()).resolves.toBe('BKey');
      } finally {
        globalThis.fetch = original;
      }
      expect(calls.map((call) => call.url)).toEqual(['http://api.test/push/public-key']);
    });
  });
});
