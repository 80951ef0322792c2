import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOLS } from '@pairwatch/domain';
import { type KlineRow } from '../market/Kline';
import { type ExchangeSimHandle } from '../server/ExchangeSimServer';
import { startExchangeSim } from '../startExchangeSim';
import { ManualClock } from '../test-support/ManualClock';

const NOW = Date.UTC(2026, 10, 18, 15, 37, 41, 250);
const clock = new ManualClock(NOW);
let sim: ExchangeSimHandle;

beforeAll(async () => {
  sim = await startExchangeSim({ port: 0, seed: 5, clock: clock.now });
});
afterAll(async () => {
  await sim.close();
});

async function get(path: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${sim.url}${path}`);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

type Row = KlineRow;

describe('GET /api/v3/klines', () => {
  it('answers Binance rows: 12 fields, strings for decimals, close time = next open − 1', async () => {
    const { status, body, headers } = await get(
      '/api/v3/klines?symbol=BTCUSDT&interval=1h&limit=3',
    );
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/application\/json/);
    const rows = body as Row[];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toHaveLength(12);
      expect(typeof row[0]).toBe('number');
      expect(row[6]).toBe(row[0] + 3_600_000 - 1);
      for (const index of [1, 2, 3, 4, 5, 7, 9, 10]) expect(row[index]).toMatch(/^\d+\.\d{8}$/);
      expect(Number.isInteger(row[8])).toBe(true);
      expect(row[11]).toBe('0');
    }
    expect(rows[2]![0]).toBe(Math.floor(NOW / 3_600_000) * 3_600_000);
  });

  it('defaults to 500 klines and caps at 1000', async () => {
    expect(((await get('/api/v3/klines?symbol=ETHUSDT&interval=1m')).body as Row[]).length).toBe(
      500,
    );
    expect(
      ((await get('/api/v3/klines?symbol=ETHUSDT&interval=1m&limit=1000')).body as Row[]).length,
    ).toBe(1000);
  });

  it('pages backwards with endTime contiguously and without duplicates', async () => {
    const pages: Row[][] = [];
    let path = '/api/v3/klines?symbol=BTCUSDT&interval=15m&limit=1000';
    for (let i = 0; i < 3; i += 1) {
      const page = (await get(path)).body as Row[];
      pages.unshift(page);
      path = `/api/v3/klines?symbol=BTCUSDT&interval=15m&limit=1000&endTime=${page[0]![0] - 1}`;
    }
    const all = pages.flat();
    expect(all).toHaveLength(3000);
    const gaps = all.filter((row, i) => i > 0 && row[0] !== all[i - 1]![6] + 1);
    expect(gaps).toEqual([]);
  });

  it('returns the first kline opening at or after an unaligned startTime', async () => {
    const start = Date.UTC(2024, 0, 30, 15, 23, 11);
    const rows = (await get(`/api/v3/klines?symbol=BTCUSDT&interval=1h&startTime=${start}&limit=3`))
      .body as Row[];
    expect(rows.map((row) => row[0])).toEqual([16, 17, 18].map((h) => Date.UTC(2024, 0, 30, h)));
  });

  it('serves 1d klines years back', async () => {
    const rows = (
      await get(
        `/api/v3/klines?symbol=BTCUSDT&interval=1d&endTime=${Date.UTC(2021, 0, 1)}&limit=1000`,
      )
    ).body as Row[];
    expect(rows).toHaveLength(1000);
    expect(rows[999]![0]).toBe(Date.UTC(2021, 0, 1));
  });

  it('shifts boundaries with timeZone', async () => {
    const rows = (await get('/api/v3/klines?symbol=BTCUSDT&interval=1d&limit=2&timeZone=8'))
      .body as Row[];
    expect(rows[0]![0] % 86_400_000).toBe(16 * 3_600_000);
  });

  it.each([
    [
      'interval=1h',
      -1102,
      "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.",
    ],
    [
      'symbol=BTCUSDT',
      -1102,
      "Mandatory parameter 'interval' was not sent, was empty/null, or malformed.",
    ],
    ['symbol=BTCUSD&interval=1h', -1121, 'Invalid symbol.'],
    [
      'symbol=btcusdt&interval=1h',
      -1100,
      "Illegal characters found in parameter 'symbol'; legal range is '^[A-Z0-9-_.]{1,20}$'.",
    ],
    ['symbol=BTCUSDT&interval=1H', -1120, 'Invalid interval.'],
    [
      'symbol=BTCUSDT&interval=1h&limit=1001',
      -1130,
      "Data sent for parameter 'limit' is not valid.",
    ],
    ['symbol=BTCUSDT&interval=1h&limit=0', -1130, "Data sent for parameter 'limit' is not valid."],
    [
      'symbol=BTCUSDT&interval=1h&limit=-5',
      -1100,
      "Illegal characters found in parameter 'limit'; legal range is '^[0-9]{1,20}$'.",
    ],
    [
      'symbol=BTCUSDT&interval=1h&startTime=abc',
      -1100,
      "Illegal characters found in parameter 'startTime'; legal range is '^[0-9]{1,20}$'.",
    ],
    [
      'symbol=BTCUSDT&interval=1h&startTime=2000&endTime=1000',
      -1023,
      'Start time is greater than end time.',
    ],
    [
      'symbol=BTCUSDT&interval=1h&timeZone=15',
      -1130,
      "Data sent for parameter 'timeZone' is not valid.",
    ],
  ])('answers %s with HTTP 400 and code %i', async (query, code, msg) => {
    const { status, body } = await get(`/api/v3/klines?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ code, msg });
  });

  it('serves klines of any listed pair in its quote asset: PEPEUSDT below a cent, SOLBTC in BTC', async () => {
    const pepe = (await get('/api/v3/klines?symbol=PEPEUSDT&interval=1h&limit=24')).body as Row[];
    expect(pepe).toHaveLength(24);
    for (const row of pepe) {
      expect(Number(row[4])).toBeGreaterThan(0);
      expect(Number(row[4])).toBeLessThan(0.001);
      expect(row[4]).toMatch(/^0\.000\d{5}$/);
    }
    const solBtc = (await get('/api/v3/klines?symbol=SOLBTC&interval=1d&limit=5')).body as Row[];
    for (const row of solBtc) {
      expect(Number(row[4])).toBeGreaterThan(0.0002);
      expect(Number(row[4])).toBeLessThan(0.01);
    }
    const ticker = (await get('/api/v3/ticker/price?symbol=PEPEUSDT')).body as { price: string };
    expect(ticker.price).toBe(pepe[pepe.length - 1]![4]);
  });
});

describe('GET /api/v3/exchangeInfo', () => {
  interface Info {
    timezone: string;
    serverTime: number;
    rateLimits: { rateLimitType: string; limit: number }[];
    symbols: {
      symbol: string;
      status: string;
      baseAsset: string;
      quoteAsset: string;
      filters: Record<string, unknown>[];
    }[];
  }

  it('lists every pair with Binance filters', async () => {
    const info = (await get('/api/v3/exchangeInfo')).body as Info;
    expect(info.timezone).toBe('UTC');
    expect(info.serverTime).toBe(NOW);
    expect(info.rateLimits[0]).toMatchObject({ rateLimitType: 'REQUEST_WEIGHT', limit: 6000 });
    expect(info.symbols.map((s) => s.symbol)).toEqual(
      sim.market.catalogue.pairs.map((pair) => pair.symbol),
    );
    expect(info.symbols.length).toBeGreaterThanOrEqual(600);
    const listed = new Set(info.symbols.map((s) => s.symbol));
    expect(DEFAULT_SYMBOLS.filter((symbol) => !listed.has(symbol))).toEqual([]);
    const btc = info.symbols.find((s) => s.symbol === 'BTCUSDT')!;
    expect(btc).toMatchObject({ status: 'TRADING', baseAsset: 'BTC', quoteAsset: 'USDT' });
    expect(btc.filters.find((f) => f.filterType === 'PRICE_FILTER')).toMatchObject({
      tickSize: '0.01000000',
      minPrice: '0.01000000',
    });
    expect(btc.filters.find((f) => f.filterType === 'LOT_SIZE')).toMatchObject({
      stepSize: '0.00001000',
    });
    const doge = info.symbols.find((s) => s.symbol === 'DOGEUSDT')!;
    expect(doge.filters.find((f) => f.filterType === 'PRICE_FILTER')).toMatchObject({
      tickSize: '0.00001000',
    });
    expect(doge.filters.find((f) => f.filterType === 'LOT_SIZE')).toMatchObject({
      stepSize: '1.00000000',
    });
  });

  it('filters by symbol and by a symbols JSON array, raw or URL-encoded', async () => {
    expect(
      ((await get('/api/v3/exchangeInfo?symbol=ETHUSDT')).body as Info).symbols.map(
        (s) => s.symbol,
      ),
    ).toEqual(['ETHUSDT']);
    const raw = (await get('/api/v3/exchangeInfo?symbols=["BNBUSDT","ADAUSDT"]')).body as Info;
    expect(raw.symbols.map((s) => s.symbol)).toEqual(['BNBUSDT', 'ADAUSDT']);
    const encoded = (await get(`/api/v3/exchangeInfo?symbols=${encodeURIComponent('["UNIUSDT"]')}`))
      .body as Info;
    expect(encoded.symbols.map((s) => s.symbol)).toEqual(['UNIUSDT']);
  });

  it('fails the whole request for one unknown symbol', async () => {
    const { status, body } = await get('/api/v3/exchangeInfo?symbols=["BTCUSDT","NOPEUSDT"]');
    expect(status).toBe(400);
    expect(body).toEqual({ code: -1121, msg: 'Invalid symbol.' });
  });

  it('refuses a symbols value that is not a JSON array of names', async () => {
    const { status, body } = await get('/api/v3/exchangeInfo?symbols=BTCUSDT');
    expect(status).toBe(400);
    expect((body as { code: number }).code).toBe(-1100);
  });

  it('refuses symbol together with symbols', async () => {
    const { body } = await get('/api/v3/exchangeInfo?symbol=BTCUSDT&symbols=["ETHUSDT"]');
    expect((body as { code: number }).code).toBe(-1128);
  });

  const filter = (entry: Info['symbols'][number], type: string): Record<string, unknown> =>
    entry.filters.find((f) => f.filterType === type)!;

  it('lists BREAK pairs with their status; symbolStatus=TRADING leaves them out', async () => {
    const all = ((await get('/api/v3/exchangeInfo')).body as Info).symbols;
    const broken = all.filter((s) => s.status === 'BREAK').map((s) => s.symbol);
    expect(broken.length).toBeGreaterThan(0);
    expect(all.every((s) => s.status === 'TRADING' || s.status === 'BREAK')).toBe(true);
    const trading = ((await get('/api/v3/exchangeInfo?symbolStatus=TRADING')).body as Info).symbols;
    expect(trading).toHaveLength(all.length - broken.length);
    expect(trading.filter((s) => broken.includes(s.symbol))).toEqual([]);
    const onlyBroken = ((await get('/api/v3/exchangeInfo?symbolStatus=BREAK')).body as Info)
      .symbols;
    expect(onlyBroken.map((s) => s.symbol)).toEqual(broken);
    const one = ((await get(`/api/v3/exchangeInfo?symbol=${broken[0]}`)).body as Info).symbols;
    expect(one[0]?.status).toBe('BREAK');
  });

  it('serves any listed pair with tick sizes that fit its price', async () => {
    const info = (await get('/api/v3/exchangeInfo?symbols=["PEPEUSDT","ETHBTC","BTCTRY"]'))
      .body as Info;
    const [pepe, ethBtc, btcTry] = info.symbols;
    expect(pepe).toMatchObject({ symbol: 'PEPEUSDT', baseAsset: 'PEPE', quoteAsset: 'USDT' });
    expect(filter(pepe!, 'PRICE_FILTER').tickSize).toBe('0.00000001');
    expect(filter(pepe!, 'LOT_SIZE').stepSize).toBe('1.00000000');
    expect(ethBtc).toMatchObject({ baseAsset: 'ETH', quoteAsset: 'BTC' });
    expect(filter(ethBtc!, 'PRICE_FILTER').tickSize).toBe('0.00001000');
    expect(filter(ethBtc!, 'NOTIONAL').minNotional).toBe('0.00010000');
    expect(filter(btcTry!, 'PRICE_FILTER').tickSize).toBe('1.00000000');
  });

  it.each([
    ['symbol=BTCUSD', -1121],
    ['symbol=XYZUSDT', -1121],
    ['symbols=["SOLUSDT","SOLXYZ"]', -1121],
    ['symbolStatus=PAUSED', -1122],
  ])('answers %s with %i', async (query, code) => {
    const { status, body } = await get(`/api/v3/exchangeInfo?${query}`);
    expect(status).toBe(400);
    expect((body as { code: number }).code).toBe(code);
  });

  it('follows a status change, though the whole list is served from a cache', async () => {
    const before = (await get('/api/v3/exchangeInfo')).body as Info;
    expect(before.symbols.find((s) => s.symbol === 'SOLUSDT')?.status).toBe('TRADING');
    sim.controls.setStatus('SOLUSDT', 'BREAK');
    try {
      clock.advance(1_000);
      const after = (await get('/api/v3/exchangeInfo')).body as Info;
      expect(after.serverTime).toBe(clock.now());
      expect(after.symbols.find((s) => s.symbol === 'SOLUSDT')?.status).toBe('BREAK');
      const trading = (await get('/api/v3/exchangeInfo?symbolStatus=TRADING')).body as Info;
      expect(trading.symbols.some((s) => s.symbol === 'SOLUSDT')).toBe(false);
      const solana = (await get('/api/v3/exchangeInfo?symbol=SOLUSDT')).body as Info;
      expect(solana.symbols[0]?.status).toBe('BREAK');
    } finally {
      sim.controls.reset();
      clock.set(NOW);
    }
    const restored = (await get('/api/v3/exchangeInfo?symbol=SOLUSDT')).body as Info;
    expect(restored.symbols[0]?.status).toBe('TRADING');
  });
});

describe('GET /api/v3/ticker/price', () => {
  it('answers an object for one symbol and an array otherwise', async () => {
    const one = (await get('/api/v3/ticker/price?symbol=BTCUSDT')).body as {
      symbol: string;
      price: string;
    };
    expect(one).toEqual({ symbol: 'BTCUSDT', price: sim.market.priceText('BTCUSDT') });
    const all = (await get('/api/v3/ticker/price')).body as { symbol: string }[];
    expect(all.map((t) => t.symbol)).toEqual(sim.market.catalogue.pairs.map((p) => p.symbol));
    const some = (await get('/api/v3/ticker/price?symbols=["DOTUSDT","LINKUSDT"]')).body as {
      symbol: string;
    }[];
    expect(some.map((t) => t.symbol)).toEqual(['DOTUSDT', 'LINKUSDT']);
  });

  it('matches the close of the last kline', async () => {
    const rows = (await get('/api/v3/klines?symbol=LINKUSDT&interval=1m&limit=1')).body as Row[];
    const ticker = (await get('/api/v3/ticker/price?symbol=LINKUSDT')).body as { price: string };
    expect(ticker.price).toBe(rows[0]![4]);
  });
});

describe('ping, time, weights and unknown paths', () => {
  it('answers ping with {} and time with the simulator clock', async () => {
    expect((await get('/api/v3/ping')).body).toEqual({});
    expect((await get('/api/v3/time')).body).toEqual({ serverTime: NOW });
  });

  it('reports the used request weight per minute, as Binance counts it', async () => {
    clock.advance(60_000);
    const first = await get('/api/v3/ping');
    expect(first.headers.get('x-mbx-used-weight-1m')).toBe('1');
    const second = await get('/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=1');
    expect(second.headers.get('x-mbx-used-weight-1m')).toBe('3');
    const third = await get('/api/v3/exchangeInfo');
    expect(third.headers.get('x-mbx-used-weight-1m')).toBe('23');
    expect(third.headers.get('x-mbx-used-weight')).toBe('23');
    const fourth = await get('/api/v3/ticker/price');
    expect(fourth.headers.get('x-mbx-used-weight-1m')).toBe('27');
  });

  it('answers 404 for an unknown endpoint', async () => {
    expect((await get('/api/v3/depthz')).status).toBe(404);
    expect((await get('/nothing')).status).toBe(404);
  });
});

describe('browsers', () => {
  const accessControlHeaders = (headers: Headers): string[] =>
    [...headers.keys()].filter((name) => name.startsWith('access-control-'));

  it("sends no CORS headers, so a web page cannot read the simulator's answers", async () => {
    const fromPage = await fetch(`${sim.url}/api/v3/ticker/price?symbol=BTCUSDT`, {
      headers: { origin: 'http://localhost:8080' },
    });
    expect(fromPage.status).toBe(200);
    expect(accessControlHeaders(fromPage.headers)).toEqual([]);
    const preflight = await fetch(`${sim.url}/api/v3/klines`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(405);
    expect(accessControlHeaders(preflight.headers)).toEqual([]);
  });
});

describe('request weight limit', () => {
  it('answers 429 over the limit, then bans a client that keeps going with 418', async () => {
    const limitedClock = new ManualClock(Date.UTC(2026, 10, 18, 10, 0, 0));
    const limited = await startExchangeSim({
      port: 0,
      clock: limitedClock.now,
      weightLimitPerMinute: 21,
    });
    try {
      expect((await fetch(`${limited.url}/api/v3/exchangeInfo`)).status).toBe(200);
      const tooMuch = await fetch(
        `${limited.url}/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=1`,
      );
      expect(tooMuch.status).toBe(429);
      expect(tooMuch.headers.get('retry-after')).toBe('60');
      expect(((await tooMuch.json()) as { code: number }).code).toBe(-1003);
      const banned = await fetch(`${limited.url}/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=1`);
      expect(banned.status).toBe(418);
      expect(banned.headers.get('retry-after')).toBe('120');
      expect(((await banned.json()) as { msg: string }).msg).toMatch(/IP banned until \d+/);
      limitedClock.advance(121_000);
      expect((await fetch(`${limited.url}/api/v3/ping`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
