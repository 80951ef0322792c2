import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE, type SymbolInfo, type UnixSeconds } from '@pairwatch/domain';
import { MarketDataClient, PREFETCH_MAX_AGE_MS } from './MarketDataClient';
import { MarketDataError } from './MarketDataError';
import { type FetchLike } from './requestJson';
import { SYMBOL_CATALOGUE_STORAGE_KEY } from './SymbolCatalogueStore';
import { candleAt, FakeApi, problem } from './test-support/FakeApi';
import { expectNoOpenConnection, FakeHubServer } from './test-support/FakeHub';
import { FakeStorage } from './test-support/FakeStorage';

let api: FakeApi;
let client: MarketDataClient;

beforeEach(() => {
  api = new FakeApi();
  client = new MarketDataClient({
    apiUrl: 'http://127.0.0.1:5080/base/',
    fetch: api.fetch,
    connect: new FakeHubServer().connect,
    catalogueStorage: null,
  });
});

/** A symbol info with `pricePrecision` and `quantityPrecision` decimals. */
function infoOf(symbol: string, baseAsset: string, quoteAsset: string, price = 2, qty = 4) {
  return {
    symbol,
    baseAsset,
    quoteAsset,
    priceFormat: { precision: price, minMove: 10 ** -price },
    quantityFormat: { precision: qty, minMove: 10 ** -qty },
  } satisfies SymbolInfo;
}

/** `count` well-formed pair ids, sorted: P000USDT, P001USDT, … */
function pairs(count: number, digits = 3): string[] {
  return Array.from({ length: count }, (_, i) => `P${String(i).padStart(digits, '0')}USDT`);
}

/** The infos of `symbols` keyed by symbol, as `GET /symbols` answers. */
function keyed(symbols: readonly string[]): Record<string, SymbolInfo> {
  return Object.fromEntries(
    symbols.map((symbol) => [symbol, infoOf(symbol, symbol.slice(0, -4), 'USDT')]),
  );
}

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
    await expect(client.getCandles('btcusdt', 'OneMinute')).rejects.toThrow(
      "Malformed symbol 'btcusdt': a pair id is 2 to 20 upper-case letters and digits",
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
        symbols
          .filter((s) => s !== 'USDCUSDT')
          .map((s) => [s, DEFAULT_SYMBOL_CATALOGUE[s as 'BTCUSDT']]),
      );
  });

  it('merges the calls of the same tick into one request and gives each caller its symbols', async () => {
    const [eth, both] = await Promise.all([
      client.getSymbolsInfo(['ETHUSDT']),
      client.getSymbolsInfo(['BTCUSDT', 'ETHUSDT']),
    ]);

    expect(api.requests.map((url) => url.pathname)).toEqual(['/base/symbols/BTCUSDT,ETHUSDT']);
    expect(eth).toEqual({ ETHUSDT: DEFAULT_SYMBOL_CATALOGUE.ETHUSDT });
    expect(both).toEqual({
      BTCUSDT: DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
      ETHUSDT: DEFAULT_SYMBOL_CATALOGUE.ETHUSDT,
    });
  });

  it('answers from its cache, including symbols the api does not know', async () => {
    await client.getSymbolsInfo(['BTCUSDT', 'USDCUSDT']);
    const again = await client.getSymbolsInfo(['USDCUSDT', 'BTCUSDT']);

    expect(again).toEqual({ BTCUSDT: DEFAULT_SYMBOL_CATALOGUE.BTCUSDT });
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
    api.symbols = () => ({ BTCUSDT: DEFAULT_SYMBOL_CATALOGUE.BTCUSDT });
    expect(await client.getSymbolsInfo(['BTCUSDT'])).toEqual({
      BTCUSDT: DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
    });
    expect(api.requests).toHaveLength(2);
  });

  it('rejects a malformed answer with the entry as evidence', async () => {
    api.symbols = () => ({ BTCUSDT: { symbol: 'BTCUSDT', baseAsset: 'BTC' } });
    expect(await rejection(client.getSymbolsInfo(['BTCUSDT']))).toMatchObject({
      kind: 'symbols',
      detail: 'Malformed symbol info for BTCUSDT: {"symbol":"BTCUSDT","baseAsset":"BTC"}',
    });
  });

  it('rejects a malformed symbol without calling the api', async () => {
    await expect(client.getSymbolsInfo(['BTCUSDT', 'BTC/USDT'])).rejects.toThrow(
      "Malformed symbol 'BTC/USDT'",
    );
    expect(api.requests).toEqual([]);
  });

  it('asks for any pair, in requests of at most 50 symbols', async () => {
    api.symbols = (symbols) => keyed(symbols.filter((symbol) => symbol !== 'P007USDT'));
    const many = pairs(120);
    const infos = await client.getSymbolsInfo(many);

    expect(
      api.requests.map((url) => url.pathname.split('/symbols/')[1]!.split(',').length),
    ).toEqual([50, 50, 20]);
    expect(Object.keys(infos)).toEqual(many.filter((symbol) => symbol !== 'P007USDT'));
    expect(infos.P119USDT).toEqual(infoOf('P119USDT', 'P119', 'USDT'));
  });

  it('fails only the callers of the request that failed', async () => {
    api.symbols = (symbols) =>
      symbols.includes('P060USDT') ? problem(503, 'MARKET_UNAVAILABLE', 'down') : keyed(symbols);
    const [first, other] = await Promise.allSettled([
      client.getSymbolsInfo(pairs(50)),
      client.getSymbolsInfo(['P060USDT']),
    ]);

    expect(first.status).toBe('fulfilled');
    expect(Object.keys((first as PromiseFulfilledResult<object>).value)).toHaveLength(50);
    expect(other).toMatchObject({
      status: 'rejected',
      reason: { kind: 'symbols', detail: 'down' },
    });
  });

  it('answers the pairs of a loaded catalogue without asking again', async () => {
    api.catalogue = () => keyed(['XRPUSDT', 'SOLUSDT']);
    await client.getSymbolCatalogue();
    const infos = await client.getSymbolsInfo(['SOLUSDT']);

    expect(infos).toEqual({ SOLUSDT: infoOf('SOLUSDT', 'SOL', 'USDT') });
    expect(api.requests.map((url) => url.pathname)).toEqual(['/base/symbols']);
  });
});

describe('MarketDataClient.getSymbolCatalogue', () => {
  const catalogue = [
    infoOf('BTCUSDT', 'BTC', 'USDT', 2, 5),
    infoOf('ETHUSDT', 'ETH', 'USDT', 2, 4),
    infoOf('ETHBTC', 'ETH', 'BTC', 5, 4),
    infoOf('1000SATSUSDT', '1000SATS', 'USDT', 7, 0),
  ];
  const answer = () => Object.fromEntries(catalogue.map((info) => [info.symbol, info]));
  const offline = () => Promise.reject(new TypeError('Failed to fetch'));

  it('asks GET /symbols once for concurrent and later callers and keeps the api order', async () => {
    api.catalogue = answer;
    const [first, second] = await Promise.all([
      client.getSymbolCatalogue(),
      client.getSymbolCatalogue(),
    ]);
    const later = await client.getSymbolCatalogue();

    expect(first).toEqual(catalogue);
    expect(second).toBe(first);
    expect(later).toBe(first);
    expect(api.requests.map((url) => url.pathname)).toEqual(['/base/symbols']);
  });

  it('asks again when refreshed', async () => {
    api.catalogue = answer;
    await client.getSymbolCatalogue();
    api.catalogue = () => keyed(['SOLUSDT']);
    const refreshed = await client.getSymbolCatalogue({ refresh: true });

    expect(refreshed.map((info) => info.symbol)).toEqual(['SOLUSDT']);
    expect(await client.getSymbolCatalogue()).toBe(refreshed);
    expect(api.requests).toHaveLength(2);
  });

  it.each([
    [
      'an entry is malformed',
      { ETHBTC: { symbol: 'ETHBTC', baseAsset: 'ETH' } },
      'Malformed symbol info for ETHBTC: {"symbol":"ETHBTC","baseAsset":"ETH"}',
    ],
    [
      'a key is not a pair id',
      { 'eth-btc': infoOf('eth-btc', 'ETH', 'BTC') },
      "Malformed symbol 'eth-btc' in the catalogue",
    ],
    ['it is a list', [infoOf('ETHBTC', 'ETH', 'BTC')], 'Expected an object keyed by symbol'],
    ['it lists no pair', {}, 'The catalogue lists no pair'],
  ])(
    'rejects the answer when %s, with the evidence, and does not keep the failure',
    async (_, body, detail) => {
      api.catalogue = () => body;
      const error = await rejection(client.getSymbolCatalogue());

      expect(error).toBeInstanceOf(MarketDataError);
      expect(error).toMatchObject({
        kind: 'symbols',
        message: 'An error occurred while fetching symbols info.',
      });
      expect((error as MarketDataError).detail).toContain(detail);
      api.catalogue = answer;
      expect(await client.getSymbolCatalogue()).toEqual(catalogue);
    },
  );

  it('rejects with the api problem when it cannot answer and no catalogue is known', async () => {
    api.catalogue = () => problem(503, 'MARKET_UNAVAILABLE', 'The market data source is down.');
    expect(await rejection(client.getSymbolCatalogue())).toMatchObject({
      kind: 'symbols',
      status: 503,
      code: 'MARKET_UNAVAILABLE',
      detail: 'The market data source is down.',
    });
  });

  it('answers a failed refresh with the catalogue it already had', async () => {
    api.catalogue = answer;
    const first = await client.getSymbolCatalogue();
    api.catalogue = () => problem(503, 'MARKET_UNAVAILABLE', 'down');

    expect(await client.getSymbolCatalogue({ refresh: true })).toEqual(first);
    expect(api.requests).toHaveLength(2);
  });

  describe('offline copy', () => {
    let storage: FakeStorage;
    const clientWith = (fetch: FetchLike, apiUrl = 'http://127.0.0.1:5080') =>
      new MarketDataClient({
        apiUrl,
        fetch,
        connect: new FakeHubServer().connect,
        catalogueStorage: storage,
      });

    beforeEach(() => {
      storage = new FakeStorage();
      api.catalogue = answer;
    });

    it('keeps the last catalogue for a client that cannot reach the api, which asks again next time', async () => {
      await clientWith(api.fetch).getSymbolCatalogue();
      let reachable = false;
      const flaky = jest.fn((input: string, init?: RequestInit) =>
        reachable ? api.fetch(input, init) : offline(),
      );
      const later = clientWith(flaky);

      expect(await later.getSymbolCatalogue()).toEqual(catalogue);
      reachable = true;
      api.catalogue = () => keyed(['SOLUSDT']);
      expect((await later.getSymbolCatalogue()).map((info) => info.symbol)).toEqual(['SOLUSDT']);
      expect(flaky).toHaveBeenCalledTimes(2);
      // The newer answer replaced the copy.
      expect(storage.items.get(SYMBOL_CATALOGUE_STORAGE_KEY)).toContain('SOLUSDT');
    });

    it('stores it compactly', async () => {
      await clientWith(api.fetch).getSymbolCatalogue();
      const raw = storage.items.get(SYMBOL_CATALOGUE_STORAGE_KEY)!;

      expect(raw.length).toBeLessThan(JSON.stringify(answer()).length / 2);
    });

    it('ignores the copy of another api and a corrupt copy', async () => {
      await clientWith(api.fetch, 'http://other.example').getSymbolCatalogue();
      expect(await rejection(clientWith(offline).getSymbolCatalogue())).toMatchObject({
        kind: 'symbols',
        detail: 'Failed to fetch',
      });

      storage.items.set(
        SYMBOL_CATALOGUE_STORAGE_KEY,
        '{"v":1,"apiUrl":"http://127.0.0.1:5080","symbols":[["BTCUSDT"]]}',
      );
      expect(await rejection(clientWith(offline).getSymbolCatalogue())).toBeInstanceOf(
        MarketDataError,
      );
      storage.items.set(SYMBOL_CATALOGUE_STORAGE_KEY, 'not json');
      expect(await rejection(clientWith(offline).getSymbolCatalogue())).toBeInstanceOf(
        MarketDataError,
      );
    });

    it('gets by with a full or blocked storage', async () => {
      storage.full = true;
      expect(await clientWith(api.fetch).getSymbolCatalogue()).toEqual(catalogue);
      expect(storage.items.size).toBe(0);

      storage.full = false;
      await clientWith(api.fetch).getSymbolCatalogue();
      storage.blocked = true;
      expect(await rejection(clientWith(offline).getSymbolCatalogue())).toMatchObject({
        kind: 'symbols',
        detail: 'Failed to fetch',
      });
    });

    it('does not store a catalogue too large for its bound', async () => {
      api.catalogue = () => keyed(pairs(15_000, 5));
      expect(await clientWith(api.fetch).getSymbolCatalogue()).toHaveLength(15_000);
      expect(storage.items.size).toBe(0);
    });
  });
});

describe('MarketDataClient.dispose', () => {
  it('completes live subscriptions and errors$, and stops the connection at once', async () => {
    const server = new FakeHubServer();
    const live = new MarketDataClient({ apiUrl: 'http://127.0.0.1:5080', connect: server.connect });
    let completed = 0;
    live.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe({ complete: () => (completed += 1) });
    live.watchAlerts$('sub-1').subscribe({ complete: () => (completed += 1) });
    live.errors$.subscribe({ complete: () => (completed += 1) });
    await Promise.resolve();
    live.dispose();

    expect(completed).toBe(3);
    expectNoOpenConnection(server);
    expect(() => live.candleUpdates$(['BTCUSDT'], ['OneMinute'])).toThrow('disposed');
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
