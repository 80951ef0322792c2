import { describe, expect, it } from '@jest/globals';
import { type UnixMillis } from '@pairwatch/domain';
import pino from 'pino';
import { BinanceRestClient } from './BinanceRestClient';
import { UpstreamError } from './UpstreamError';

// Real mainnet rows (BTCUSDT 1h, 2024-01-30; ccxt's recorded fetchOHLCV fixture).
const ROWS = [
  [
    1706630400000,
    '43519.34000000',
    '43936.00000000',
    '43171.00000000',
    '43488.71000000',
    '20.55495000',
    1706633999999,
    '891428.42858070',
    3743,
    '10.91428000',
    '473782.95739920',
    '0',
  ],
  [
    1706634000000,
    '43488.71000000',
    '43832.08000000',
    '43084.00000000',
    '43374.80000000',
    '21.80865000',
    1706637599999,
    '946546.04941680',
    4365,
    '11.70274000',
    '508392.74777040',
    '0',
  ],
];

interface Call {
  readonly url: string;
}

function fakeFetch(
  answer: (
    url: string,
  ) => { status: number; body: string; headers?: Record<string, string> } | Error,
): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetchImpl = (async (input: string | URL | Request) => {
    const url = String(input);
    calls.push({ url });
    const result = answer(url);
    if (result instanceof Error) throw result;
    return new Response(result.body, { status: result.status, headers: result.headers });
  }) as typeof fetch;
  return { fetch: fetchImpl, calls };
}

function client(fetchImpl: typeof fetch, now: () => number = () => 1_000_000): BinanceRestClient {
  return new BinanceRestClient({
    baseUrl: 'http://exchange.test',
    logger: pino({ level: 'silent' }),
    fetch: fetchImpl,
    now,
  });
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error: unknown) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected an UpstreamError');
}

describe('BinanceRestClient', () => {
  it('asks for klines with Binance parameter names and parses the rows into candles', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 200, body: JSON.stringify(ROWS) }));
    const candles = await client(fetch).klines({
      symbol: 'BTCUSDT',
      interval: 'OneHour',
      limit: 1000,
      endTime: 1706637599999 as UnixMillis,
    });
    expect(calls.map((call) => call.url)).toEqual([
      'http://exchange.test/api/v3/klines?symbol=BTCUSDT&interval=1h&limit=1000&endTime=1706637599999',
    ]);
    expect(candles).toEqual([
      {
        time: 1706630400,
        open: 43519.34,
        high: 43936,
        low: 43171,
        close: 43488.71,
        volume: 20.55495,
      },
      {
        time: 1706634000,
        open: 43488.71,
        high: 43832.08,
        low: 43084,
        close: 43374.8,
        volume: 21.80865,
      },
    ]);
  });

  it('asks for the month interval with its capital M', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 200, body: '[]' }));
    await client(fetch).klines({ symbol: 'ETHUSDT', interval: 'OneMonth', limit: 5 });
    expect(calls[0]?.url).toContain('interval=1M&');
  });

  it('turns a malformed row into a 502 problem that quotes the evidence in its reason', async () => {
    const { fetch } = fakeFetch(() => ({
      status: 200,
      body: JSON.stringify([[1706630400000, 'abc', '1', '1', '1', '1']]),
    }));
    const error = await failure(
      client(fetch).klines({ symbol: 'BTCUSDT', interval: 'OneHour', limit: 1 }),
    );
    expect(error.status).toBe(502);
    expect(error.code).toBe('UPSTREAM_BAD_RESPONSE');
    expect(error.reason).toContain('"abc"');
  });

  it('turns an upstream 5xx into a 502 problem', async () => {
    const { fetch } = fakeFetch(() => ({ status: 503, body: 'maintenance' }));
    const error = await failure(
      client(fetch).klines({ symbol: 'BTCUSDT', interval: 'OneHour', limit: 1 }),
    );
    expect(error.status).toBe(502);
    expect(error.detail).toBe(
      'The market data source answered with an error (HTTP 503). Please try again later.',
    );
  });

  it('turns a network failure into a 503 problem and reports itself unhealthy', async () => {
    const { fetch } = fakeFetch(() => new TypeError('fetch failed'));
    const rest = client(fetch);
    const error = await failure(rest.ping());
    expect(error.status).toBe(503);
    expect(rest.healthy).toBe(false);
  });

  it('obeys Retry-After after a 429: nothing is sent until it has passed', async () => {
    let now = 1_000_000;
    let status = 429;
    const { fetch, calls } = fakeFetch(() =>
      status === 429
        ? {
            status: 429,
            body: '{"code":-1003,"msg":"Too much request weight used"}',
            headers: { 'retry-after': '7' },
          }
        : { status: 200, body: '[]' },
    );
    const rest = client(fetch, () => now);
    const first = await failure(
      rest.klines({ symbol: 'BTCUSDT', interval: 'OneMinute', limit: 1 }),
    );
    expect(first.retryAfterSeconds).toBe(7);
    expect(first.status).toBe(503);
    status = 200;
    now += 6_000;
    const blocked = await failure(
      rest.klines({ symbol: 'BTCUSDT', interval: 'OneMinute', limit: 1 }),
    );
    expect(blocked.retryAfterSeconds).toBe(1);
    expect(calls).toHaveLength(1);
    now += 1_000;
    await expect(
      rest.klines({ symbol: 'BTCUSDT', interval: 'OneMinute', limit: 1 }),
    ).resolves.toEqual([]);
    expect(calls).toHaveLength(2);
  });

  it('treats a 418 ban like a 429, with a default wait when Retry-After is missing', async () => {
    const { fetch } = fakeFetch(() => ({
      status: 418,
      body: '{"code":-1003,"msg":"Way too much request weight used; IP banned"}',
    }));
    const error = await failure(client(fetch).ping());
    expect(error.retryAfterSeconds).toBe(120);
  });

  it('counts request weight, adopts the weight the server reports, and stops short of the budget', async () => {
    let now = 60_000 * 1000;
    const { fetch, calls } = fakeFetch(() => ({
      status: 200,
      body: '[]',
      headers: { 'x-mbx-used-weight-1m': '4790' },
    }));
    const rest = client(fetch, () => now);
    await rest.klines({ symbol: 'BTCUSDT', interval: 'OneMinute', limit: 1 });
    expect(rest.usedWeight).toBe(4790);
    await rest.klines({ symbol: 'BTCUSDT', interval: 'OneMinute', limit: 1 });
    const refused = await failure(rest.exchangeInfo());
    expect(refused.status).toBe(503);
    expect(refused.reason).toMatch(/weight budget/);
    expect(calls).toHaveLength(2);
    now += 60_000;
    expect(rest.usedWeight).toBe(0);
  });

  it('sends the symbols of exchangeInfo as a JSON array', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 200, body: '{"symbols":[]}' }));
    await client(fetch).exchangeInfo({ symbols: ['BTCUSDT', 'ETHUSDT'] });
    expect(decodeURIComponent(calls[0]!.url)).toBe(
      'http://exchange.test/api/v3/exchangeInfo?symbols=["BTCUSDT","ETHUSDT"]',
    );
  });
});
