import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { type ExchangeSimHandle } from '../server/ExchangeSimServer';
import { startExchangeSim } from '../startExchangeSim';
import { ManualClock } from '../test-support/ManualClock';
import { StreamClient } from '../test-support/StreamClient';

const NOW = Date.UTC(2026, 10, 18, 15, 37, 41, 250);
const clock = new ManualClock(NOW);
let sim: ExchangeSimHandle;

beforeAll(async () => {
  sim = await startExchangeSim({ port: 0, seed: 5, clock: clock.now, tickMs: 20 });
});
afterEach(async () => {
  await fetch(`${sim.url}/__sim/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
  clock.set(NOW);
});
afterAll(async () => {
  await sim.close();
});

async function control(
  path: string,
  body?: unknown,
  method = 'POST',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${sim.url}/__sim/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function tickerPrice(symbol: string): Promise<string> {
  const response = await fetch(`${sim.url}/api/v3/ticker/price?symbol=${symbol}`);
  return ((await response.json()) as { price: string }).price;
}

describe('price controls over HTTP', () => {
  it('sets a price that REST then reports', async () => {
    const { status, body } = await control('price', { symbol: 'BTCUSDT', price: 101_234.5 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ symbol: 'BTCUSDT', price: '101234.50000000', time: NOW });
    expect(await tickerPrice('BTCUSDT')).toBe('101234.50000000');
  });

  it('moves a price by an amount and by a percentage', async () => {
    await control('price', { symbol: 'ETHUSDT', price: 3000 });
    expect((await control('price/move', { symbol: 'ETHUSDT', by: 150 })).body.price).toBe(
      '3150.00000000',
    );
    expect((await control('price/move', { symbol: 'ETHUSDT', percent: -10 })).body.price).toBe(
      '2835.00000000',
    );
  });

  it.each([
    [{ symbol: 'FOOUSDT', price: 1 }, /Unknown symbol "FOOUSDT"/],
    [{ symbol: 'BTCUSDT', price: 'high' }, /'price' must be a number/],
    [{ symbol: 'BTCUSDT', price: -3 }, /above 0/],
    [{ symbol: 'BTCUSDT' }, /exactly one of 'price', 'by' or 'percent'/],
    [{ symbol: 'BTCUSDT', price: 1, by: 2 }, /exactly one of/],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const before = await tickerPrice('BTCUSDT');
    const answer = await control('price', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
    expect(await tickerPrice('BTCUSDT')).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await fetch(`${sim.url}/__sim/price`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/not valid JSON: \{nope/);
  });

  it('answers 404 for an unknown control and 405 for a wrong method', async () => {
    expect((await control('teleport', {})).status).toBe(404);
    expect((await control('price', undefined, 'GET')).status).toBe(405);
  });

  it('reports the state', async () => {
    const { body } = await control('state', undefined, 'GET');
    expect(body).toMatchObject({
      now: NOW,
      connections: 0,
      streamStalled: false,
      restFault: { kind: 'none' },
    });
    expect(Object.keys(body.prices as object)).toHaveLength(10);
    expect(body.statuses).toEqual({});
  });

  it('adds a pair whose price was set to the prices of the state', async () => {
    await control('price', { symbol: 'PEPEUSDT', price: 0.00001234 });
    const { body } = await control('state', undefined, 'GET');
    expect(body.prices).toMatchObject({ PEPEUSDT: '0.00001234' });
    expect(Object.keys(body.prices as object)).toHaveLength(11);
  });
});

describe('status control over HTTP', () => {
  const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  const isKline = (m: Record<string, unknown>): boolean => m.e === 'kline';
  const statusOf = async (symbol: string): Promise<string | undefined> => {
    const response = await fetch(`${sim.url}/api/v3/exchangeInfo?symbol=${symbol}`);
    return ((await response.json()) as { symbols: { status: string }[] }).symbols[0]?.status;
  };

  it('halts a pair: exchangeInfo reports it and its stream stops pushing until it trades again', async () => {
    const client = await StreamClient.connect(`${sim.wsUrl}/ws/solusdt@kline_1m`);
    try {
      expect(await client.next(isKline)).toMatchObject({ s: 'SOLUSDT' });
      const halted = await control('status', { symbol: 'SOLUSDT', status: 'BREAK' });
      expect(halted).toEqual({
        status: 200,
        body: { symbol: 'SOLUSDT', previousStatus: 'TRADING', status: 'BREAK' },
      });
      expect(await statusOf('SOLUSDT')).toBe('BREAK');
      expect((await control('state', undefined, 'GET')).body.statuses).toEqual({
        SOLUSDT: 'BREAK',
      });
      // Events already on the wire may still land; after that, ten ticks bring nothing.
      await sleep(60);
      client.clear();
      await sleep(200);
      expect(client.count(isKline)).toBe(0);
      await control('status', { symbol: 'SOLUSDT', status: 'TRADING' });
      expect(await client.next(isKline)).toMatchObject({ s: 'SOLUSDT' });
    } finally {
      await client.close();
    }
  });

  it('puts every pair back in its listed status on reset', async () => {
    await control('status', { symbol: 'ETHBTC', status: 'HALT' });
    expect(await statusOf('ETHBTC')).toBe('HALT');
    await control('reset');
    expect(await statusOf('ETHBTC')).toBe('TRADING');
  });

  it.each([
    [{ symbol: 'FOOUSDT', status: 'BREAK' }, /Unknown symbol "FOOUSDT"/],
    [{ symbol: 42, status: 'BREAK' }, /Unknown symbol 42/],
    [{ symbol: 'SOLUSDT', status: 'PAUSED' }, /'status' must be one of TRADING, HALT, BREAK/],
    [{ symbol: 'SOLUSDT' }, /'status' must be one of/],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const answer = await control('status', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
    expect(await statusOf('SOLUSDT')).toBe('TRADING');
  });
});

describe('requests a web page could forge', () => {
  it.each([
    ['a form', 'application/x-www-form-urlencoded', 'symbol=BTCUSDT&price=1'],
    ['a text/plain JSON body', 'text/plain', '{"symbol":"BTCUSDT","price":1}'],
    ['a multipart form', 'multipart/form-data; boundary=b', '--b\r\n\r\nx\r\n--b--'],
    ['a JSON look-alike type', 'application/jsonp', '{"symbol":"BTCUSDT","price":1}'],
  ])('refuses %s with 415 and changes nothing', async (_kind, contentType, body) => {
    const before = await tickerPrice('BTCUSDT');
    const response = await fetch(`${sim.url}/__sim/price`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await response.json()) as { error: string }).error).toBe(
      `Send the control as content-type: application/json (got ${contentType})`,
    );
    expect(await tickerPrice('BTCUSDT')).toBe(before);
  });

  it('refuses a POST without a content type, even one that needs no body', async () => {
    const response = await fetch(`${sim.url}/__sim/faults/stall`, { method: 'POST' });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: string }).error).toMatch(/\(got none\)$/);
    expect(sim.controls.state().streamStalled).toBe(false);
  });

  it('accepts application/json in any case and with parameters, and GET state without one', async () => {
    const response = await fetch(`${sim.url}/__sim/price`, {
      method: 'POST',
      headers: { 'content-type': 'Application/JSON; charset=UTF-8' },
      body: JSON.stringify({ symbol: 'BTCUSDT', price: 77_000 }),
    });
    expect(response.status).toBe(200);
    expect(await tickerPrice('BTCUSDT')).toBe('77000.00000000');
    expect((await fetch(`${sim.url}/__sim/state`)).status).toBe(200);
  });
});

describe('REST faults over HTTP', () => {
  it('answers 429 with Retry-After, then 418 to a client that retries at once', async () => {
    expect((await control('faults/rate-limit', { count: 2, retryAfterSeconds: 3 })).body).toEqual({
      kind: 'rateLimit',
      remaining: 2,
      retryAfterSeconds: 3,
    });
    const first = await fetch(`${sim.url}/api/v3/klines?symbol=BTCUSDT&interval=1m`);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('3');
    expect(await first.json()).toEqual({
      code: -1003,
      msg: 'Too much request weight used; current limit is 6000 request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.',
    });
    const second = await fetch(`${sim.url}/api/v3/klines?symbol=BTCUSDT&interval=1m`);
    expect(second.status).toBe(418);
    expect(second.headers.get('retry-after')).toBe('3');
    expect(((await second.json()) as { msg: string }).msg).toBe(
      `Way too much request weight used; IP banned until ${NOW + 3000}. Please use WebSocket Streams for live updates to avoid bans.`,
    );
    expect((await fetch(`${sim.url}/api/v3/ping`)).status).toBe(200);
  });

  it('answers only 429s to a client that waits as told', async () => {
    await control('faults/rate-limit', { count: 2, retryAfterSeconds: 2 });
    expect((await fetch(`${sim.url}/api/v3/ping`)).status).toBe(429);
    clock.advance(2000);
    expect((await fetch(`${sim.url}/api/v3/ping`)).status).toBe(429);
    expect((await fetch(`${sim.url}/api/v3/ping`)).status).toBe(200);
  });

  it('answers 5xx for the next N requests', async () => {
    await control('faults/server-error', { count: 2, status: 502 });
    expect((await fetch(`${sim.url}/api/v3/ping`)).status).toBe(502);
    expect((await fetch(`${sim.url}/api/v3/time`)).status).toBe(502);
    expect((await fetch(`${sim.url}/api/v3/ping`)).status).toBe(200);
  });

  it('ends faults on reset', async () => {
    await control('faults/server-error', { count: 5 });
    await control('faults/reset');
    expect((await fetch(`${sim.url}/api/v3/ping`)).status).toBe(200);
  });

  it.each([
    ['faults/rate-limit', { count: 0 }, /'count' must be an integer from 1/],
    [
      'faults/server-error',
      { count: 1, status: 404 },
      /'status' must be an integer from 500 to 599/,
    ],
    ['faults/stall', { ms: -1 }, /'ms' must be an integer/],
    ['faults/server-shutdown', { closeAfterMs: 'soon' }, /'closeAfterMs' must be a number/],
  ])('refuses bad fault options at %s', async (path, body, message) => {
    const answer = await control(path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
    expect((await control('state', undefined, 'GET')).body).toMatchObject({
      restFault: { kind: 'none' },
      streamStalled: false,
    });
  });
});

describe('stream faults over HTTP', () => {
  it('drops sockets, stalls, resumes and announces a shutdown', async () => {
    const client = await StreamClient.connect(`${sim.wsUrl}/ws/btcusdt@kline_1m`);
    await client.next((m) => m.e === 'kline');
    expect((await control('faults/stall', {})).body).toEqual({ stalled: true });
    expect((await control('state', undefined, 'GET')).body.streamStalled).toBe(true);
    expect((await control('faults/resume')).body).toEqual({ stalled: false });
    expect((await control('faults/server-shutdown', {})).body).toEqual({ notified: 1 });
    await client.next((m) => m.e === 'serverShutdown');
    expect((await control('faults/drop-sockets')).body).toEqual({ dropped: 1 });
    expect((await client.closed).code).toBe(1006);
  });
});
