import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { registerProblemHandlers } from '../errors/problemHandlers';
import { WriteRateLimiter } from '../http/WriteRateLimiter';
import { type AlertStore } from '../storage/AlertStore';
import { openAlertStore } from '../storage/openAlertStore';
import { tempDataDir } from '../test-support/tempDataDir';
import { pushRoutes, type PushRoutesOptions } from './pushRoutes';

// Issue #27 items 1 and 7: push subscriptions could be exhausted for everyone (a registered
// browser then got 503 too), had no per-address or per-/64 budget, and a re-spelled endpoint
// (`HTTPS://`, `:443`, `#x`, `/./`, `01.1.1.1`) dodged the 409 of a known one.

const T0 = 1_750_000_000_000;

/** A browser's PushSubscription JSON with fresh keys (a valid P-256 point, a 16-byte secret). */
function browser(endpoint: string): { endpoint: string; keys: { p256dh: string; auth: string } } {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: crypto.randomBytes(16).toString('base64url'),
    },
  };
}

let app: FastifyInstance | undefined;
let clock = T0;
let store: AlertStore | undefined;
let data: ReturnType<typeof tempDataDir> | undefined;

beforeEach(async () => {
  clock = T0;
  data = tempDataDir();
  store = await openAlertStore({
    databaseUrl: undefined,
    dataDir: data.dir,
    sqliteFile: ':memory:',
  });
});

afterEach(async () => {
  await app?.close();
  await store?.close();
  data?.remove();
  app = undefined;
});

async function build(options: Partial<PushRoutesOptions> = {}, trustProxy = false): Promise<void> {
  const built = Fastify({ trustProxy });
  registerProblemHandlers(built);
  await built.register(pushRoutes, {
    store: store as AlertStore,
    announce: async () => undefined,
    publicKey: 'test-key',
    allowPrivateEndpoints: false,
    // The write limit is not what these tests look at.
    limiter: new WriteRateLimiter({ capacity: 1_000_000 }),
    now: () => clock,
    maxSubscriptions: 100_000,
    ...options,
  } as PushRoutesOptions);
  await built.ready();
  app = built;
}

function post(
  payload: object,
  remoteAddress = '203.0.113.1',
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return (app as FastifyInstance).inject({
    method: 'POST',
    url: '/push/subscriptions',
    payload,
    remoteAddress,
    headers,
  });
}

describe('POST /push/subscriptions under abuse', () => {
  it('answers a registered browser even when many addresses filled MAX_PUSH_SUBSCRIPTIONS', async () => {
    await build({ maxSubscriptions: 20 });
    const registered = browser('https://1.1.1.1/wp/registered');
    const first = await post(registered, '198.51.100.200');
    expect(first.statusCode).toBe(201);

    // 19 more addresses fill the table, one browser each.
    for (let i = 0; i < 19; i++) {
      expect(
        (await post(browser(`https://1.1.1.1/wp/filler-${i}`), `192.0.2.${i + 1}`)).statusCode,
      ).toBe(201);
    }
    const newcomer = await post(browser('https://1.1.1.1/wp/newcomer'), '198.51.100.7');
    expect(newcomer.statusCode).toBe(503);
    expect(newcomer.json()).toMatchObject({ code: 'SUBSCRIPTION_LIMIT_REACHED' });

    // The browser already known still gets its own subscription and owner.
    const again = await post(registered, '198.51.100.201');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it('caps the live subscriptions one IPv6 /64 creates, whatever addresses in it it uses', async () => {
    await build({ maxSubscriptionsPerClient: 3 } as Partial<PushRoutesOptions>);
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:a:b:c:d',
      '2001:0db8:0001:0002::ffff',
    ]) {
      expect((await post(browser(`https://1.1.1.1/wp/${address}`), address)).statusCode).toBe(201);
    }
    const fourth = await post(
      browser('https://1.1.1.1/wp/v6-4'),
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
    );
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
    expect(fourth.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(fourth.json<{ detail: string }>().detail).toMatch(/network|address/);
    // Another /64 has a budget of its own, and so has another IPv4 address.
    expect((await post(browser('https://1.1.1.1/wp/v6-other'), '2001:db8:1:3::1')).statusCode).toBe(
      201,
    );
    expect((await post(browser('https://1.1.1.1/wp/v4'), '192.0.2.9')).statusCode).toBe(201);
    expect(await (store as AlertStore).countSubscriptions()).toBe(5);
  });

  it('caps the live subscriptions of one IPv4 address (IPv4-mapped IPv6 included)', async () => {
    await build({ maxSubscriptionsPerClient: 2 } as Partial<PushRoutesOptions>);
    expect((await post(browser('https://1.1.1.1/wp/a'), '192.0.2.50')).statusCode).toBe(201);
    expect((await post(browser('https://1.1.1.1/wp/b'), '::ffff:192.0.2.50')).statusCode).toBe(201);
    const third = await post(browser('https://1.1.1.1/wp/c'), '192.0.2.50');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('behind TRUST_PROXY, budgets by the address the proxy appended, not one the client wrote', async () => {
    await build({ maxSubscriptionsPerClient: 2 } as Partial<PushRoutesOptions>, true);
    const via = (n: number, client: string) =>
      post(browser(`https://1.1.1.1/wp/proxied-${n}`), '10.0.0.1', {
        'x-forwarded-for': `198.51.100.${n}, ${client}`,
      });
    expect((await via(1, '192.0.2.77')).statusCode).toBe(201);
    expect((await via(2, '192.0.2.77')).statusCode).toBe(201);
    // A made-up first entry does not make a new client.
    expect((await via(3, '192.0.2.77')).statusCode).toBe(429);
    expect((await via(4, '192.0.2.78')).statusCode).toBe(201);
  });

  it('keeps the cap on what an address holds once its hourly rate allows more, until one goes', async () => {
    await build({ maxSubscriptionsPerClient: 2 } as Partial<PushRoutesOptions>);
    const kept = await post(browser('https://1.1.1.1/wp/kept'));
    const dropped = await post(browser('https://1.1.1.1/wp/dropped'));
    expect([kept.statusCode, dropped.statusCode]).toEqual([201, 201]);
    clock += 2 * 3_600_000;

    const third = await post(browser('https://1.1.1.1/wp/third'));
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('3600');
    expect(third.json<{ detail: string }>().detail).toMatch(/already has 2 push subscriptions/);

    const { subscriptionId } = dropped.json<{ subscriptionId: string }>();
    const deleted = await (app as FastifyInstance).inject({
      method: 'DELETE',
      url: `/push/subscriptions/${subscriptionId}`,
      remoteAddress: '203.0.113.1',
    });
    expect(deleted.statusCode).toBe(204);
    expect((await post(browser('https://1.1.1.1/wp/third'))).statusCode).toBe(201);
  });

  it('finds a known endpoint however it is re-spelled: same keys 200, other keys 409', async () => {
    await build();
    const victim = browser('https://1.1.1.1/wp/victim');
    const first = await post(victim);
    expect(first.statusCode).toBe(201);
    const spellings = [
      'HTTPS://1.1.1.1/wp/victim',
      'https://1.1.1.1:443/wp/victim',
      'https://1.1.1.1/wp/victim#x',
      'https://1.1.1.1/wp/./victim',
      'https://1.1.1.1/wp/x/../victim',
      'https://01.1.1.1/wp/victim',
      'https://0x01010101/wp/victim',
      'https://16843009/wp/victim',
      'https://1.1.1.1/wp/victim?',
    ];
    for (const endpoint of spellings) {
      const attacker = await post(browser(endpoint), '198.51.100.66');
      expect([endpoint, attacker.statusCode]).toEqual([endpoint, 409]);
      const same = await post({ ...victim, endpoint });
      expect([endpoint, same.statusCode, same.json()]).toEqual([endpoint, 200, first.json()]);
    }
    expect(await (store as AlertStore).countSubscriptions()).toBe(1);
  });

  it('refuses endpoints with user:password@ or a port other than 443', async () => {
    await build();
    for (const endpoint of [
      'https://user:pw@1.1.1.1/wp/a',
      'https://user@1.1.1.1/wp/a',
      'https://1.1.1.1:8443/wp/a',
      'https://1.1.1.1:80/wp/a',
    ]) {
      const response = await post(browser(endpoint));
      expect([endpoint, response.statusCode]).toEqual([endpoint, 400]);
      expect(response.json()).toMatchObject({ code: 'INVALID_PUSH_SUBSCRIPTION' });
    }
    expect(await (store as AlertStore).countSubscriptions()).toBe(0);
  });

  it('still takes a loopback push service on a port when private endpoints are allowed (tests)', async () => {
    await build({ allowPrivateEndpoints: true });
    expect((await post(browser('https://127.0.0.1:8443/wp/a'))).statusCode).toBe(201);
    expect((await post(browser('https://localhost:8443/wp/b'))).statusCode).toBe(201);
    expect((await post(browser('https://user:pw@127.0.0.1:8443/wp/c'))).statusCode).toBe(400);
  });
});
