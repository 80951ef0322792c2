import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE, DEFAULT_SYMBOLS, type UnixSeconds } from '@pairwatch/domain';
import { type FastifyInstance } from 'fastify';
import { type AddressInfo, connect } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildApp } from './app';
import { loadConfig } from './config/loadConfig';
import { UpstreamError } from './market/UpstreamError';
import { FakeMarketData } from './test-support/FakeMarketData';
import { alertRecord } from './test-support/alertRecord';
import { damageSqliteFile } from './test-support/damageSqliteFile';
import { tempDataDir } from './test-support/tempDataDir';
import { openAlertStore, SQLITE_FILE_NAME } from './storage/openAlertStore';
import { fixedSymbolSource } from './test-support/fixedSymbolSource';
import { ETHBTC_INFO as ETHBTC } from './test-support/ETHBTC_INFO';

const apps: FastifyInstance[] = [];
const dataDir = tempDataDir();

async function setUp(
  env: Record<string, string> = {},
  requestTimeoutMs?: number,
): Promise<{ app: FastifyInstance; market: FakeMarketData }> {
  const market = new FakeMarketData();
  const app = await buildApp({
    ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
    config: loadConfig({ DATA_DIR: dataDir.dir, ...env }),
    marketData: market,
    symbols: fixedSymbolSource([ETHBTC]),
    version: '9.8.7',
  });
  apps.push(app);
  return { app, market };
}

/** An app on its own data folder, ready (its alert store is open and migrated). */
async function setUpIn(dir: string): Promise<FastifyInstance & { market: FakeMarketData }> {
  const market = new FakeMarketData();
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dir }),
    marketData: market,
    symbols: fixedSymbolSource(),
    version: '0',
  });
  await app.ready();
  return Object.assign(app, { market });
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

afterAll(() => dataDir.remove());

const CANDLE = {
  time: 1_704_067_200 as UnixSeconds,
  open: 1,
  high: 2,
  low: 0.5,
  close: 1.5,
  volume: 10,
};

describe('GET /candles', () => {
  it('answers the market candles for a valid query with the default limit of 500', async () => {
    const { app, market } = await setUp();
    market.answer = async () => [CANDLE];
    const response = await app.inject('/candles?symbol=BTCUSDT&interval=OneHour');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([CANDLE]);
    expect(market.queries).toEqual([
      { symbol: 'BTCUSDT', interval: 'OneHour', limit: 500, client: '127.0.0.1' },
    ]);
  });

  it('converts endTime and startTime from ISO 8601 to Unix seconds, UTC when no zone is given', async () => {
    const { app, market } = await setUp();
    await app.inject(
      '/candles?symbol=ETHUSDT&interval=OneDay&limit=1000&endTime=2024-01-31T12:00:00.999Z',
    );
    await app.inject('/candles?symbol=ETHUSDT&interval=OneDay&limit=1&startTime=2024-01-31T12:00');
    await app.inject(
      '/candles?symbol=ETHUSDT&interval=OneDay&limit=1&endTime=2024-01-31T14:00:00%2B02:00',
    );
    await app.inject('/candles?symbol=ETHUSDT&interval=OneDay&limit=1&endTime=2024-01-31');
    expect(market.queries.map((q) => q.endTime ?? q.startTime)).toEqual([
      1706702400, 1706702400, 1706702400, 1706659200,
    ]);
    expect(market.queries[0]?.limit).toBe(1000);
  });

  it.each(
    (
      [
        ['', 'UNKNOWN_SYMBOL', 'A symbol is required, e.g. symbol=BTCUSDT.'],
        [
          'symbol=BTCUSDX&interval=OneHour',
          'UNKNOWN_SYMBOL',
          /^Unknown symbol 'BTCUSDX': the market does not trade it now\. GET \/symbols lists/,
        ],
        ['symbol=btcusdt&interval=OneHour', 'UNKNOWN_SYMBOL', /^Unknown symbol 'btcusdt'/],
        ['symbol=BTCUSDT', 'INVALID_INTERVAL', /^An interval is required\. Use one of OneMinute, /],
        [
          'symbol=BTCUSDT&interval=1h',
          'INVALID_INTERVAL',
          /^Unknown interval '1h'\. Use one of OneMinute, FiveMinutes/,
        ],
        [
          'symbol=BTCUSDT&interval=OneHour&limit=0',
          'INVALID_LIMIT',
          "The limit must be a whole number from 1 to 1000, got '0'.",
        ],
        ['symbol=BTCUSDT&interval=OneHour&limit=1001', 'INVALID_LIMIT', /got '1001'/],
        ['symbol=BTCUSDT&interval=OneHour&limit=NaN', 'INVALID_LIMIT', /got 'NaN'/],
        ['symbol=BTCUSDT&interval=OneHour&limit=1e2', 'INVALID_LIMIT', /got '1e2'/],
        ['symbol=BTCUSDT&interval=OneHour&limit=-5', 'INVALID_LIMIT', /got '-5'/],
        ['symbol=BTCUSDT&interval=OneHour&limit=', 'INVALID_LIMIT', /got ''/],
        [
          'symbol=BTCUSDT&interval=OneHour&endTime=yesterday',
          'INVALID_TIME',
          /^endTime must be an ISO 8601 time/,
        ],
        [
          'symbol=BTCUSDT&interval=OneHour&endTime=2024-02-30T00:00:00Z',
          'INVALID_TIME',
          /2024-02-30/,
        ],
        [
          'symbol=BTCUSDT&interval=OneHour&endTime=2024-01-01T25:00:00Z',
          'INVALID_TIME',
          /^endTime must be/,
        ],
        [
          'symbol=BTCUSDT&interval=OneHour&startTime=1704067200',
          'INVALID_TIME',
          /^startTime must be/,
        ],
        [
          'symbol=BTCUSDT&interval=OneHour&endTime=1969-12-31T23:59:59Z',
          'INVALID_TIME',
          /must not be before 1970/,
        ],
        [
          'symbol=BTCUSDT&interval=OneHour&endTime=2024-01-01&startTime=2023-01-01',
          'CONFLICTING_TIME_RANGE',
          'Give endTime or startTime, not both.',
        ],
        [
          'symbol=BTCUSDT&symbol=ETHUSDT&interval=OneHour',
          'VALIDATION_FAILED',
          'Give the symbol parameter once.',
        ],
        [
          `symbol=${'A'.repeat(3000)}&interval=OneHour`,
          'UNKNOWN_SYMBOL',
          /^Unknown symbol 'A{40}…'/,
        ],
        [
          `symbol=BTCUSDT&interval=OneHour&x=${'y'.repeat(5000)}`,
          'REQUEST_TOO_LONG',
          /the limit is 4096/,
        ],
      ] as const
    ).map(([query, code, detail]) => ({
      label: query.length > 70 ? `${query.slice(0, 50)}…` : query,
      query,
      code,
      detail,
    })),
  )('refuses ?$label with 400 $code', async ({ query, code, detail }) => {
    const { app, market } = await setUp();
    const response = await app.inject(`/candles?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const body = response.json<{ code: string; detail: string; status: number; title: string }>();
    expect(body.code).toBe(code);
    expect(body.status).toBe(400);
    if (typeof detail === 'string') expect(body.detail).toBe(detail);
    else expect(body.detail).toMatch(detail);
    expect(market.queries).toEqual([]);
  });

  it('sends the candles brotli- or gzip-compressed when the client accepts it', async () => {
    const { app, market } = await setUp();
    const candles = Array.from({ length: 500 }, (_, i) => ({
      ...CANDLE,
      time: (CANDLE.time + i * 60) as UnixSeconds,
    }));
    market.answer = async () => candles;

    const plain = await app.inject('/candles?symbol=BTCUSDT&interval=OneMinute');
    const br = await app.inject({
      url: '/candles?symbol=BTCUSDT&interval=OneMinute',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const gz = await app.inject({
      url: '/candles?symbol=BTCUSDT&interval=OneMinute',
      headers: { 'accept-encoding': 'gzip' },
    });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(JSON.parse(plain.body)).toEqual(candles);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('sends the same compressed bytes while the candles are unchanged, and new ones when they change', async () => {
    const { app, market } = await setUp();
    let candles = Array.from({ length: 500 }, (_, i) => ({
      ...CANDLE,
      time: (CANDLE.time + i * 60) as UnixSeconds,
    }));
    market.answer = async () => candles;
    const get = () =>
      app.inject({
        url: '/candles?symbol=BTCUSDT&interval=OneMinute',
        headers: { 'accept-encoding': 'br' },
      });

    const first = await get();
    const again = await get();
    candles = [...candles.slice(0, -1), { ...candles.at(-1)!, close: 123.45 }];
    const changed = await get();

    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(changed.rawPayload).toString())).toEqual(candles);
  });

  it('answers 503 with Retry-After when the upstream is unavailable and the cache cannot answer', async () => {
    const { app, market } = await setUp();
    market.answer = async () => {
      throw new UpstreamError(
        'unavailable',
        'The market data source asked us to slow down. Please try again in 7 s.',
        '429',
        7,
      );
    };
    const response = await app.inject('/candles?symbol=BTCUSDT&interval=OneHour');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('7');
    expect(response.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 503 });
  });

  it('answers 502 when the upstream answered with an error', async () => {
    const { app, market } = await setUp();
    market.answer = async () => {
      throw new UpstreamError(
        'bad-response',
        'The market data source answered with an error (HTTP 500).',
        'x',
      );
    };
    const response = await app.inject('/candles?symbol=BTCUSDT&interval=OneHour');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE' });
  });

  it('hides an unexpected failure behind a generic 500 without a stack trace', async () => {
    const { app, market } = await setUp();
    market.answer = async () => {
      throw new Error('secret internal detail');
    };
    const response = await app.inject('/candles?symbol=BTCUSDT&interval=OneHour');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/secret|at .*\.ts/);
    expect(response.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
  });
});

describe('GET /symbols', () => {
  it('answers every pair the market trades, the ten defaults first', async () => {
    const { app } = await setUp();
    const response = await app.inject('/symbols');
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body)).toEqual([...DEFAULT_SYMBOLS, 'ETHBTC']);
    expect(body.BTCUSDT).toEqual(DEFAULT_SYMBOL_CATALOGUE.BTCUSDT);
    expect(body.ETHBTC).toEqual(ETHBTC);
  });

  it('sends the catalogue compressed, cacheable, and 304 to a client that has it', async () => {
    const { app } = await setUp();
    const first = await app.inject({ url: '/symbols', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString())).toHaveProperty('ETHBTC');
    const again = await app.inject({ url: '/symbols', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await app.inject({ url: '/symbols', headers: { 'if-none-match': '"stale"' } });
    expect(other.statusCode).toBe(200);
  });

  it('answers the listed symbols in catalogue order and leaves unknown ones out', async () => {
    const { app } = await setUp();
    const response = await app.inject('/symbols/ETHBTC,NOPE,ADAUSDT,ETHUSDT');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(['ETHUSDT', 'ADAUSDT', 'ETHBTC']);
  });

  it.each([
    ['a blank list', '%20,%20', 'List at least one symbol'],
    ['a malformed entry', 'BTC-USDT', "got 'BTC-USDT'"],
    [
      '51 entries',
      Array.from({ length: 51 }, () => 'BTCUSDT').join(','),
      'at most 50 symbols, got 51',
    ],
  ])('refuses %s with 400 INVALID_SYMBOL_LIST', async (_label, list, detail) => {
    const { app } = await setUp();
    const response = await app.inject(`/symbols/${list}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ code: string; detail: string }>().code).toBe('INVALID_SYMBOL_LIST');
    expect(response.json<{ detail: string }>().detail).toContain(detail);
  });
});

/** The part of `GET /status` read before the body is compared whole. */
interface StatusBody {
  readonly checks: { readonly alertEngine?: { readonly loading?: boolean } };
}

describe('GET /status', () => {
  it('reports the market source and connection, the database and the version', async () => {
    const { app, market } = await setUp();
    await app.ready();
    // The engine loads its alerts beside the requests (a moment here: the table is empty).
    let healthy = await app.inject('/status');
    const loading = () => healthy.json<StatusBody>().checks.alertEngine?.loading === true;
    for (let tries = 0; tries < 100 && loading(); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      healthy = await app.inject('/status');
    }
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({
      marketData: { source: 'simulator', connected: true },
      database: 'sqlite',
      version: '9.8.7',
      ok: true,
      checks: { database: { ok: true }, alertEngine: { ok: true, role: 'leader' } },
    });
    market.current = { source: 'binance', connected: false };
    expect((await app.inject('/status')).json()).toMatchObject({
      marketData: { source: 'binance', connected: false },
    });
  });

  it('answers 503 and names the failing check when the database is damaged', async () => {
    const dir = tempDataDir();
    try {
      // A database whose alerts table spans many pages, then a run of pages overwritten.
      const first = await setUpIn(dir.dir);
      const subscriptionId = await subscribe(first);
      first.market.answer = async () => [];
      await first.close();
      const store = await openAlertStore({ databaseUrl: undefined, dataDir: dir.dir });
      for (let i = 0; i < 400; i += 1) {
        await store.createAlert(alertRecord(`a${i}`, subscriptionId), 10_000);
      }
      await store.close();
      damageSqliteFile(path.join(dir.dir, SQLITE_FILE_NAME));

      const damaged = await setUpIn(dir.dir);
      const response = await damaged.inject('/status');

      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        ok: false,
        // The driver's message (SQLITE_CORRUPT) is logged, not shown: /status is public.
        checks: { database: { ok: false, error: 'unavailable' } },
      });
      await damaged.close();
    } finally {
      dir.remove();
    }
  });
});

/** A push subscription on a made-up public push service (the api never sends to it here). */
async function subscribe(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/push/subscriptions',
    payload: {
      endpoint: 'https://push.example.com/send/abc',
      keys: {
        p256dh:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
  });
  expect([200, 201]).toContain(response.statusCode); // the data folder is shared by the file's tests
  return response.json<{ subscriptionId: string }>().subscriptionId;
}

describe('hostile requests', () => {
  it('refuses a push endpoint whose host name resolves to this machine', async () => {
    const { app } = await setUp();

    const response = await app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: {
        // The machine's own name resolves to one of its addresses (loopback or a private one).
        endpoint: `https://${hostname()}/push/abc`,
        keys: {
          p256dh:
            'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_PUSH_SUBSCRIPTION',
      detail: expect.stringContaining('its host resolves to a'),
    });
  });

  it('drops a __proto__ key and names what the body really lacks', async () => {
    const { app } = await setUp();
    const subscriptionId = await subscribe(app);

    const response = await app.inject({
      method: 'POST',
      url: '/alerts',
      headers: { 'content-type': 'application/json' },
      payload: `{"__proto__":{"polluted":true},"type":"Price","valueTarget":1,"subscriptionId":"${subscriptionId}"}`,
    });

    expect(response.json()).toMatchObject({
      code: 'UNKNOWN_SYMBOL',
      detail: expect.stringContaining('no symbol'),
    });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('marks alert and push answers no-store and nosniff', async () => {
    const { app } = await setUp();
    const subscriptionId = await subscribe(app);

    const listed = await app.inject({ url: `/alerts?subscriptionId=${subscriptionId}` });
    const key = await app.inject({ url: '/push/public-key' });

    for (const response of [listed, key]) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('never repeats a subscription id from the path of an error answer', async () => {
    const { app } = await setUp();
    const subscriptionId = await subscribe(app);

    const answers = await Promise.all([
      app.inject({ method: 'DELETE', url: `/push/subscriptions/${subscriptionId}/x` }),
      app.inject({
        method: 'DELETE',
        url: `/push/subscriptions/${subscriptionId}${'a'.repeat(4200)}`,
      }),
      app.inject({ method: 'DELETE', url: `/push/subscriptions/${subscriptionId}%ZZ` }),
    ]);

    for (const response of answers) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(response.body).not.toContain(subscriptionId);
    }
  });
});

describe('the app', () => {
  it('answers unknown routes with a 404 problem', async () => {
    const { app } = await setUp();
    const response = await app.inject('/nope?subscriptionId=secret');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      detail: 'There is nothing at GET /nope.',
    });
  });

  it('allows the configured origins without credentials, and no others', async () => {
    const { app } = await setUp();
    const allowed = await app.inject({
      url: '/status',
      headers: { origin: 'http://localhost:8080' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    const other = await app.inject({ url: '/status', headers: { origin: 'http://evil.test' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/alerts/x',
      headers: { origin: 'http://127.0.0.1:8080', 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('DELETE');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    // The SignalR client negotiates with credentials: the hub's preflight must allow them.
    const hubPreflight = await app.inject({
      method: 'OPTIONS',
      url: '/candles-hub/negotiate?negotiateVersion=1',
      headers: { origin: 'http://127.0.0.1:8080', 'access-control-request-method': 'POST' },
    });
    expect(hubPreflight.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    expect(hubPreflight.headers['access-control-allow-credentials']).toBe('true');
  });

  it.each(['utf-16', 'iso-8859-1', '"UTF-16LE"'])(
    'refuses JSON declared as charset=%s with 415, and takes UTF-8',
    async (charset) => {
      const { app } = await setUp();
      const response = await app.inject({
        method: 'POST',
        url: '/owners',
        headers: { 'content-type': `application/json; charset=${charset}` },
        payload: '{}',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        detail: expect.stringMatching(/^Send JSON as UTF-8: charset=/),
      });
      const utf8 = await app.inject({
        method: 'POST',
        url: '/owners',
        headers: { 'content-type': 'application/json; charset=UTF-8' },
        payload: '{}',
      });
      expect(utf8.statusCode).toBe(201);
    },
  );

  it('answers a request head too large for Node with a 400 problem on a real socket', async () => {
    const { app } = await setUp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/candles?symbol=${'A'.repeat(20_000)}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(await response.json()).toMatchObject({ code: 'REQUEST_TOO_LONG' });
  });

  it('times out a client that trickles its request body, and keeps serving others', async () => {
    const { app } = await setUp({}, 300);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      'POST /alerts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 50);

    await closed;
    clearInterval(trickle);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect((await fetch(`http://127.0.0.1:${port}/status`)).status).toBe(200);
  });
});
