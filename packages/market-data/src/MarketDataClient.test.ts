import { beforeEach, describe, expect, it } from '@jest/globals';
import { SYMBOL_CATALOGUE, type UnixSeconds } from '@pairwatch/domain';
import { MarketDataClient, PREFETCH_MAX_AGE_MS } from './MarketDataClient';
import { MarketDataError } from './MarketDataError';
import { candleAt, FakeApi, problem } from './test-support/FakeApi';
import { FakeHubServer } from './test-support/FakeHub';

let api: FakeApi;
let client: MarketDataClient;

beforeEach(() => {
  api = new FakeApi();
  client = new MarketDataClient({
    apiUrl: 'http://127.0.0.1:5080/base/',
    fetch: api.fetch,
    connect: new FakeHubServer().connect,
  });
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the promise to reject');
}

describe('MarketDataClient.getCandles', () => {
  it('asks for the latest 500 candles by default and returns them oldest first', async () => {
    api.candles = () => [candleAt(60, 1), { ...candleAt(120, 2), volume: undefined }];
    const candles = await client.getCandles('BTCUSDT', 'OneMinute');

    expect(candles).toEqual([candleAt(60, 1), { time: 120, open: 2, high: 2, low: 2, close: 2 }]);
    const [url] = api.requests;
    expect(url!.origin + url!.pathname).toBe('http://127.0.0.1:5080/base/candles');
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      symbol: 'BTCUSDT',
      interval: 'OneMinute',
      limit: '500',
    });
  });

  it('sends endTime or startTime as ISO 8601', async () => {
    await client.getCandles('ETHUSDT', 'OneHour', {
      endTime: 1767607200 as UnixSeconds,
      limit: 10,
    });
    await client.getCandles('ETHUSDT', 'OneHour', { startTime: 1767607200 as UnixSeconds });

    expect(api.requests.map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { symbol: 'ETHUSDT', interval: 'OneHour', limit: '10', endTime: '2026-01-05T10:00:00.000Z' },
      {
        symbol: 'ETHUSDT',
        interval: 'OneHour',
        limit: '500',
        startTime: '2026-01-05T10:00:00.000Z',
      },
    ]);
  });

  it('throws the spec message with the problem detail, code and status when the api fails', async () => {
    api.candles = () => problem(502, 'UPSTREAM_UNAVAILABLE', 'Binance did not answer in time.');
    const error = await rejection(client.getCandles('BTCUSDT', 'OneMinute'));

    expect(error).toBeInstanceOf(MarketDataError);
    expect(error).toMatchObject({
      kind: 'candles',
      message: 'An error occurred while trying to fetch candles data.',
      status: 502,
      code: 'UPSTREAM_UNAVAILABLE',
      detail: 'Binance did not answer in time.',
    });
  });

  it('throws the spec message with evidence when the network fails or the body is malformed', async () => {
    const offline = new MarketDataClient({
      apiUrl: 'http://127.0.0.1:5080',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await rejection(offline.getCandles('BTCUSDT', 'OneMinute'))).toMatchObject({
      message: 'An error occurred while trying to fetch candles data.',
      detail: 'Failed to fetch',
    });

    api.candles = () => [candleAt(60), { time: 120, open: 1, high: 'x', low: 1, close: 1 }];
    expect(await rejection(client.getCandles('BTCUSDT', 'OneMinute'))).toMatchObject({
      kind: 'candles',
      detail: `Malformed candle 1: 'high' is "x"`,
    });
  });

  it('rethrows an abort unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(
      client.getCandles('BTCUSDT', 'OneMinute', { signal: controller.signal }),
    );
    expect(error).not.toBeInstanceOf(MarketDataError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('rejects bad arguments without calling the api', async () => {
    const both = { endTime: 1 as UnixSeconds, startTime: 1 as UnixSeconds } as never;
    await expect(client.getCandles('BTCUSDX' as never, 'OneMinute')).rejects.toThrow(
      "Unsupported symbol 'BTCUSDX'",
    );
    await expect(client.getCandles('BTCUSDT', 'TwoMinutes' as never)).rejects.toThrow(
      "Unsupported interval 'TwoMinutes'",
    );
    await expect(client.getCandles('BTCUSDT', 'OneMinute', { limit: 1001 })).rejects.toThrow(
      'limit must be an integer from 1 to 1000, got 1001',
    );
    await expect(client.getCandles('BTCUSDT', 'OneMinute', both)).rejects.toThrow(
      'Pass endTime or startTime, not both',
    );
    expect(api.requests).toEqual([]);
  });
});

describe('MarketDataClient.getSymbolsInfo', () => {
  beforeEach(() => {
    api.symbols = (symbols) =>
      Object.fromEntries(
        symbols.filter((s) => s !== 'USDCUSDT').map((s) => [s, SYMBOL_CATALOGUE[s as 'BTCUSDT']]),
      );
  });

  it('merges the calls of the same tick into one request and gives each caller its symbols', async () => {
    const [eth, both] = await Promise.all([
      client.getSymbolsInfo(['ETHUSDT']),
      client.getSymbolsInfo(['BTCUSDT', 'ETHUSDT']),
    ]);

    expect(api.requests.map((url) => url.pathname)).toEqual(['/base/symbols/BTCUSDT,ETHUSDT']);
    expect(eth).toEqual({ ETHUSDT: SYMBOL_CATALOGUE.ETHUSDT });
    expect(both).toEqual({ BTCUSDT: SYMBOL_CATALOGUE.BTCUSDT, ETHUSDT: SYMBOL_CATALOGUE.ETHUSDT });
  });

  it('answers from its cache, including symbols the api does not know', async () => {
    await client.getSymbolsInfo(['BTCUSDT', 'USDCUSDT']);
    const again = await client.getSymbolsInfo(['USDCUSDT', 'BTCUSDT']);

    expect(again).toEqual({ BTCUSDT: SYMBOL_CATALOGUE.BTCUSDT });
    expect(api.requests).toHaveLength(1);
  });

  it('asks only for the symbols it lacks, and again for all when asked to refresh', async () => {
    await client.getSymbolsInfo(['BTCUSDT']);
    await client.getSymbolsInfo(['BTCUSDT', 'DOGEUSDT']);
    await client.getSymbolsInfo(['BTCUSDT'], { refresh: true });

    expect(api.requests.map((url) => url.pathname)).toEqual([
      '/base/symbols/BTCUSDT',
      '/base/symbols/DOGEUSDT',
      '/base/symbols/BTCUSDT',
    ]);
  });

  it('does not ask again for a symbol already in flight', async () => {
    const first = client.getSymbolsInfo(['BTCUSDT']);
    await Promise.resolve();
    await Promise.resolve();
    const second = client.getSymbolsInfo(['BTCUSDT']);

    expect(await second).toEqual(await first);
    expect(api.requests).toHaveLength(1);
  });

  it('rejects every caller of a failed batch with the spec message and does not cache the failure', async () => {
    api.symbols = () => problem(503, 'MARKET_UNAVAILABLE', 'The market data source is down.');
    const errors = await Promise.all([
      rejection(client.getSymbolsInfo(['BTCUSDT'])),
      rejection(client.getSymbolsInfo(['ETHUSDT'])),
    ]);

    for (const error of errors) {
      expect(error).toMatchObject({
        kind: 'symbols',
        message: 'An error occurred while fetching symbols info.',
        code: 'MARKET_UNAVAILABLE',
        detail: 'The market data source is down.',
      });
    }
    api.symbols = () => ({ BTCUSDT: SYMBOL_CATALOGUE.BTCUSDT });
    expect(await client.getSymbolsInfo(['BTCUSDT'])).toEqual({ BTCUSDT: SYMBOL_CATALOGUE.BTCUSDT });
    expect(api.requests).toHaveLength(2);
  });

  it('rejects a malformed answer with the entry as evidence', async () => {
    api.symbols = () => ({ BTCUSDT: { symbol: 'BTCUSDT', baseAsset: 'BTC' } });
    expect(await rejection(client.getSymbolsInfo(['BTCUSDT']))).toMatchObject({
      kind: 'symbols',
      detail: 'Malformed symbol info for BTCUSDT: {"symbol":"BTCUSDT","baseAsset":"BTC"}',
    });
  });

  it('rejects an unsupported symbol without calling the api', async () => {
    await expect(client.getSymbolsInfo(['BTCUSDT', 'NOPE' as never])).rejects.toThrow(
      "Unsupported symbol 'NOPE'",
    );
    expect(api.requests).toEqual([]);
  });
});

describe('MarketDataClient construction', () => {
  it('rejects an apiUrl that is not an absolute http(s) URL', () => {
    expect(() => new MarketDataClient({ apiUrl: '/api' })).toThrow(
      "apiUrl must be an absolute http(s) URL, got '/api'",
    );
    expect(() => new MarketDataClient({ apiUrl: 'ftp://host' })).toThrow('absolute http(s) URL');
  });
});

describe('MarketDataClient prefetched responses', () => {
  const candlesUrl = 'http://127.0.0.1:5080/candles?symbol=BTCUSDT&interval=OneMinute&limit=500';
  /** A client on the fake api that holds `response` as the prefetched answer to `candlesUrl`. */
  const prefetching = (response: Promise<Response>, now?: () => number) =>
    new MarketDataClient({
      apiUrl: 'http://127.0.0.1:5080',
      fetch: api.fetch,
      connect: new FakeHubServer().connect,
      ...(now === undefined ? {} : { now }),
      prefetched: new Map([[candlesUrl, response]]),
    });
  const jsonResponse = (body: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    );

  it('answers the first request of a prefetched URL with its response, and asks the api after that', async () => {
    api.candles = () => [candleAt(120, 7)];
    // The clock in candleAt(60)'s minute: the prefetched page is current.
    const client = prefetching(jsonResponse([candleAt(60, 1)]), () => 90_000);

    expect(await client.getCandles('BTCUSDT', 'OneMinute')).toEqual([candleAt(60, 1)]);
    expect(api.requests).toEqual([]);
    expect(await client.getCandles('BTCUSDT', 'OneMinute')).toEqual([candleAt(120, 7)]);
    expect(api.requests.map(String)).toEqual([candlesUrl]);
  });

  it('does not use a prefetch for another URL', async () => {
    api.candles = () => [candleAt(120, 7)];
    const client = prefetching(jsonResponse([candleAt(60, 1)]));

    expect(await client.getCandles('BTCUSDT', 'OneHour')).toEqual([candleAt(120, 7)]);
    expect(api.requests).toHaveLength(1);
  });

  it('does not use a prefetch once it is older than PREFETCH_MAX_AGE_MS', async () => {
    api.candles = () => [candleAt(120, 7)];
    let time = 1_000_000;
    const client = prefetching(jsonResponse([candleAt(60, 1)]), () => time);

    time += PREFETCH_MAX_AGE_MS + 1;
    expect(await client.getCandles('BTCUSDT', 'OneMinute')).toEqual([candleAt(120, 7)]);
    expect(api.requests).toHaveLength(1);
  });

  it('asks again when the prefetched page ends before the current interval', async () => {
    // The prefetch was answered in the minute of candleAt(60); the clock is now in the next one.
    api.candles = () => [candleAt(60, 1), candleAt(120, 7)];
    const client = prefetching(jsonResponse([candleAt(60, 1)]), () => 150_000);

    expect(await client.getCandles('BTCUSDT', 'OneMinute')).toEqual([
      candleAt(60, 1),
      candleAt(120, 7),
    ]);
    expect(api.requests.map(String)).toEqual([candlesUrl]);
  });

  it('keeps a prefetched page whose last bar is the current one', async () => {
    const client = prefetching(jsonResponse([candleAt(60, 1)]), () => 90_000);

    expect(await client.getCandles('BTCUSDT', 'OneMinute')).toEqual([candleAt(60, 1)]);
    expect(api.requests).toEqual([]);
  });

  it('reports a failed prefetch like a failed request', async () => {
    const client = prefetching(Promise.reject(new TypeError('Failed to fetch')));

    const error = await rejection(client.getCandles('BTCUSDT', 'OneMinute'));
    expect(error).toBeInstanceOf(MarketDataError);
    expect((error as MarketDataError).kind).toBe('candles');
  });
});
