// A seeded fuzz run over every route of the api and every hub message: whatever a hostile client
// sends, the answer is a 4xx problem+json (or a success), never a 5xx, and the process's memory
// stays bounded. The seed is fixed, so a failure reproduces; the counts are printed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type UnixSeconds } from '@pairwatch/domain';
import fc from 'fast-check';
import { type FastifyInstance } from 'fastify';
import { type AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { buildApp } from './app';
import { loadConfig } from './config/loadConfig';
import { FakeMarketData } from './test-support/FakeMarketData';
import { tempDataDir } from './test-support/tempDataDir';
import { fixedSymbolSource } from './test-support/fixedSymbolSource';

const SEED = 20261124;
const HTTP_RUNS = 10_000;
const HUB_RUNS = 2_000;
/**
 * The heap may grow this much over the whole run (garbage not yet collected, caches, JIT); a leak
 * of a few dozen KiB per request (10,000 requests) would not fit.
 */
const HEAP_BUDGET_BYTES = 256 * 1024 * 1024;
const RS = '\x1e';

const dataDir = tempDataDir();
let app: FastifyInstance;
let subscriptionId = '';

beforeAll(async () => {
  const market = new FakeMarketData();
  const candle = {
    time: 1_704_067_200 as UnixSeconds,
    open: 1,
    high: 2,
    low: 0.5,
    close: 1.5,
    volume: 10,
  };
  market.answer = async () => [candle];
  market.latest = candle;
  app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir.dir }),
    marketData: market,
    symbols: fixedSymbolSource(),
    version: 'fuzz',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const subscribed = await app.inject({
    method: 'POST',
    url: '/push/subscriptions',
    payload: {
      endpoint: 'https://push.example.com/send/fuzz',
      keys: {
        p256dh:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
  });
  subscriptionId = subscribed.json<{ subscriptionId: string }>().subscriptionId;
});

afterAll(async () => {
  await app.close();
  dataDir.remove();
});

/** Strings a client can put in a URL: plain, unicode, escapes (valid or not), long. */
const segment = fc.oneof(
  fc.constantFrom('BTCUSDT', 'OneMinute', 'x', '', '..', '%ZZ', '%00', '%2F', '__proto__'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.nat({ max: 5000 }).map((n) => 'a'.repeat(n)),
);

const query = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'symbol',
        'interval',
        'limit',
        'endTime',
        'startTime',
        'subscriptionId',
        'ownerId',
        'x',
      ),
      fc.oneof(
        segment,
        fc.integer().map(String),
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      ),
    ),
    { maxLength: 5 },
  )
  .map((pairs) =>
    pairs.map(([k, v]) => `${k}=${encodeURIComponent(v === 'SUB' ? subscriptionId : v)}`).join('&'),
  );

const path = fc
  .oneof(
    fc.constantFrom(
      '/candles',
      '/symbols',
      '/status',
      '/alerts',
      '/push/public-key',
      '/push/subscriptions',
      '/owners',
      '/channels',
      '/channels/kinds',
    ),
    segment.map((s) => `/symbols/${s}`),
    segment.map((s) => `/alerts/${s}`),
    segment.map((s) => `/alerts/${s}/deliveries`),
    segment.map((s) => `/channels/${s}`),
    segment.map((s) => `/channels/${s}/test`),
    segment.map((s) => `/push/subscriptions/${s}`),
    fc.array(segment, { maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
  )
  // What the test client itself refuses to send (`/\`) cannot reach the server through it.
  .filter((p) => URL.canParse(p, 'http://localhost'));

/** Bodies: valid-looking alerts and subscriptions with fuzzed fields, any JSON, or not JSON at all. */
const body = fc
  .oneof(
    fc.record(
      {
        symbol: fc.oneof(fc.constantFrom('BTCUSDT', 'ETHUSDT'), fc.jsonValue()),
        type: fc.oneof(fc.constantFrom('Price', 'Rsi'), fc.jsonValue()),
        valueTarget: fc.oneof(fc.double(), fc.jsonValue()),
        rsiInterval: fc.oneof(fc.constantFrom('OneHour', 'FourHour'), fc.jsonValue()),
        subscriptionId: fc.oneof(fc.constant('SUB'), fc.jsonValue()),
        channels: fc.oneof(
          fc.array(fc.string({ maxLength: 30 }), { maxLength: 3 }),
          fc.jsonValue(),
        ),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        ownerId: fc.oneof(fc.constant('SUB'), fc.jsonValue()),
        kind: fc.oneof(fc.constantFrom('webhook', 'telegram', 'push'), fc.jsonValue()),
        // Never a reachable receiver: the fuzz run must not send anything anywhere.
        url: fc.oneof(
          fc.constantFrom('https://hooks.example.invalid/x', 'http://169.254.169.254/', 'ftp://x'),
          fc.webUrl(),
          fc.jsonValue(),
        ),
        template: fc.oneof(
          fc.string({ maxLength: 50 }),
          fc.nat({ max: 5000 }).map((n) => '{'.repeat(n)),
          fc.jsonValue(),
        ),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        endpoint: fc.oneof(fc.webUrl(), fc.jsonValue()),
        keys: fc.oneof(
          fc.record({ p256dh: fc.string(), auth: fc.string() }, { requiredKeys: [] }),
          fc.jsonValue(),
        ),
      },
      { requiredKeys: [] },
    ),
    fc.jsonValue(),
  )
  .map((value) => JSON.stringify(value).replaceAll('"SUB"', JSON.stringify(subscriptionId)));

const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD'),
  path,
  query,
  body: fc.oneof(body, fc.string({ maxLength: 200 }), fc.constant(undefined)),
  contentType: fc.constantFrom(
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    undefined,
  ),
});

describe('fuzzing', () => {
  it(`answers ${HTTP_RUNS} random requests over every route without a 5xx`, async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path: p, query: q, body: b, contentType }) => {
        const response = await app.inject({
          method: method as 'GET',
          url: q ? `${p}?${q}` : p,
          ...(b === undefined || method === 'GET' || method === 'HEAD' ? {} : { payload: b }),
          headers: contentType ? { 'content-type': contentType } : {},
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400 && method !== 'HEAD') {
          expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
        }
      }),
      { seed: SEED, numRuns: HTTP_RUNS },
    );
    const grown = process.memoryUsage().heapUsed - heapBefore;
    console.log(
      `fuzz: ${HTTP_RUNS} HTTP cases, statuses ${JSON.stringify(Object.fromEntries(statuses))}, heap +${Math.round(grown / 1024 / 1024)} MiB`,
    );
    expect(grown).toBeLessThan(HEAP_BUDGET_BYTES);
  }, 120_000);

  it(`answers ${HUB_RUNS} random hub messages and stays up`, async () => {
    const { port } = app.server.address() as AddressInfo;
    const hubUrl = `http://127.0.0.1:${port}/candles-hub`;
    const message = fc.oneof(
      fc
        .record(
          {
            type: fc.constantFrom(1, 4, 5, 6, 7, 99),
            invocationId: fc.oneof(fc.string({ maxLength: 5 }), fc.constant(undefined)),
            target: fc.constantFrom(
              'SubscribeToCandleUpdates',
              'UnsubscribeFromCandleUpdates',
              'WatchAlerts',
              'Nope',
            ),
            arguments: fc.array(fc.jsonValue(), { maxLength: 3 }),
          },
          { requiredKeys: ['type'] },
        )
        .map((m) => JSON.stringify(m)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 100 }),
    );
    let closedByServer = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(message, { minLength: 1, maxLength: 5 }), async (records) => {
        const negotiated = await fetch(`${hubUrl}/negotiate?negotiateVersion=1`, {
          method: 'POST',
        });
        const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
        const ws = new WebSocket(`${hubUrl.replace('http', 'ws')}?id=${connectionToken}`);
        const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        ws.send(`{"protocol":"json","version":1}${RS}${records.join(RS)}${RS}`);
        // Whatever it sent, the server answers a status request meanwhile.
        const status = await app.inject('/status');
        expect(status.statusCode).toBe(200);
        const serverClosed = await Promise.race([
          closed.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5)),
        ]);
        if (serverClosed) closedByServer += 1;
        ws.terminate();
        await closed;
      }),
      { seed: SEED, numRuns: HUB_RUNS },
    );
    console.log(
      `fuzz: ${HUB_RUNS} hub connections with random messages, ${closedByServer} closed by the server`,
    );
    expect((await app.inject('/status')).statusCode).toBe(200);
  }, 120_000);
});
