import { afterEach, describe, expect, it } from '@jest/globals';
import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  LogLevel,
} from '@microsoft/signalr';
import {
  type Candle,
  type CandleUpdate,
  formatFromStep,
  INTERVALS,
  type Interval,
  intervalOpenTime,
  nextIntervalOpen,
  previousIntervalOpen,
  DEFAULT_SYMBOLS,
  type UnixSeconds,
} from '@pairwatch/domain';
import http from 'node:http';
import { type SimStack, startSimStack } from './test-support/startSimStack';
import { waitFor } from '@pairwatch/signalr-server/testing';

const MINUTE = 60_000;
let stack: SimStack | undefined;
const clients: HubConnection[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.stop()));
  await stack?.close();
  stack = undefined;
});

async function start(): Promise<SimStack> {
  stack = await startSimStack();
  // The catalogue's first read (one exchangeInfo request) is done before a test counts requests.
  await stack.market.symbols.catalogue();
  return stack;
}

async function getJson<T>(url: string): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

function candlesUrl(s: SimStack, query: Record<string, string>): string {
  return `${s.apiUrl}/candles?${new URLSearchParams(query)}`;
}

/** Fails with the first pair of neighbours that are not consecutive candles. */
function expectContiguous(interval: Interval, candles: readonly Candle[]): void {
  for (let i = 1; i < candles.length; i += 1) {
    const expected = nextIntervalOpen(interval, candles[i - 1]!.time);
    if (candles[i]!.time !== expected) {
      throw new Error(
        `${interval}: candle ${i} opens at ${candles[i]!.time}, expected ${expected} after ${candles[i - 1]!.time}`,
      );
    }
  }
}

/** Subscribes an official client to `symbol` 1m and waits for `count` live updates. */
async function watch(s: SimStack, symbol = 'BTCUSDT', count = 3): Promise<CandleUpdate[]> {
  const client = new HubConnectionBuilder()
    .withUrl(`${s.apiUrl}/candles-hub`, { transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  clients.push(client);
  const updates: CandleUpdate[] = [];
  client.on('CandleUpdate', (update: CandleUpdate) => updates.push(update));
  await client.start();
  await client.invoke('SubscribeToCandleUpdates', [symbol], ['OneMinute']);
  // Generous: the simulator ticks every 50 ms here, but CI's 2 cores are shared with other suites.
  await waitFor(() => updates.length >= count, `live ${symbol} updates`, 10_000);
  return updates;
}

/** {@link watch} of BTCUSDT. */
const watchBtc = (s: SimStack): Promise<CandleUpdate[]> => watch(s);

/** The distinct candle times a client saw after index `from`, in arrival order. */
function timesSeen(updates: readonly CandleUpdate[], from: number): number[] {
  const times: number[] = [];
  for (const update of updates.slice(from)) {
    if (times.at(-1) !== update.candle.time) times.push(update.candle.time);
  }
  return times;
}

/**
 * After a fault and a 3-minute jump: live updates resume, the client saw every missed candle in
 * order, and the cache holds them exactly as the exchange has them.
 */
async function expectRecovery(
  s: SimStack,
  updates: CandleUpdate[],
  seenBefore: number,
): Promise<void> {
  const lastBefore = updates[seenBefore - 1]!.candle.time;
  const target = intervalOpenTime('OneMinute', Math.floor(s.now() / 1000) as UnixSeconds);
  await waitFor(
    () => updates.some((u) => u.candle.time >= target),
    'updates to resume after the gap',
    15_000,
  );
  const countAtTarget = updates.length;
  await waitFor(() => updates.length > countAtTarget, 'a further live update', 5_000);
  const seen = timesSeen(updates, seenBefore - 1);
  expect(seen[0]).toBe(lastBefore);
  expectContiguous(
    'OneMinute',
    seen.map((time) => ({ time }) as Candle),
  );
  expect(seen.at(-1)).toBeGreaterThanOrEqual(target);

  const requests = s.market.rest.requestCount;
  const cached = await getJson<Candle[]>(
    candlesUrl(s, {
      symbol: 'BTCUSDT',
      interval: 'OneMinute',
      limit: '6',
      endTime: new Date((target - 60) * 1000).toISOString(),
    }),
  );
  expect(s.market.rest.requestCount).toBe(requests);
  const exchange = await getJson<unknown[][]>(
    `${s.sim.url}/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=6&endTime=${(target - 60) * 1000}`,
  );
  expect(cached.body.map((c) => [c.time * 1000, c.open, c.high, c.low, c.close])).toEqual(
    exchange.body.map((row) => [
      row[0],
      Number(row[1]),
      Number(row[2]),
      Number(row[3]),
      Number(row[4]),
    ]),
  );
}

describe('the api against the simulator', () => {
  it.each(INTERVALS)(
    'pages %s candles backwards with endTime: contiguous, no duplicates, no gaps',
    async (interval) => {
      const s = await start();
      const before = s.market.rest.requestCount;
      const pages: Candle[][] = [];
      let endTime: string | undefined;
      // The latest page is asked for between these two readings of the clock: a minute may turn
      // between them, and then either open time is the right last candle.
      const latestOpens = [intervalOpenTime(interval, Math.floor(s.now() / 1000) as UnixSeconds)];
      for (let page = 0; page < 3; page += 1) {
        const query: Record<string, string> = { symbol: 'BTCUSDT', interval, limit: '500' };
        if (endTime !== undefined) query.endTime = endTime;
        const { status, body } = await getJson<Candle[]>(candlesUrl(s, query));
        if (page === 0) {
          latestOpens.push(intervalOpenTime(interval, Math.floor(s.now() / 1000) as UnixSeconds));
        }
        expect(status).toBe(200);
        if (body.length === 0) break;
        pages.unshift(body);
        endTime = new Date(previousIntervalOpen(interval, body[0]!.time) * 1000).toISOString();
        if (body.length < 500) break;
      }
      const all = pages.flat();
      expectContiguous(interval, all);
      expect(all.every((candle) => intervalOpenTime(interval, candle.time) === candle.time)).toBe(
        true,
      );
      expect(latestOpens).toContain(all.at(-1)!.time);
      expect(
        all.every((c) => c.low <= Math.min(c.open, c.close) && c.high >= Math.max(c.open, c.close)),
      ).toBe(true);
      // One upstream request of 1000 answers two pages of 500.
      expect(s.market.rest.requestCount - before).toBeLessThanOrEqual(Math.ceil(pages.length / 2));
    },
  );

  it('lists every trading pair of the exchange, formats from its tickSize and stepSize', async () => {
    const s = await start();
    const exchange = await getJson<{
      symbols: { symbol: string; status: string; filters: Record<string, string>[] }[];
    }>(`${s.sim.url}/api/v3/exchangeInfo`);
    const { body } = await getJson<
      Record<string, { priceFormat: unknown; quantityFormat: unknown; quoteAsset: string }>
    >(`${s.apiUrl}/symbols`);
    const trading = exchange.body.symbols.filter((entry) => entry.status === 'TRADING');
    expect(trading.length).toBeGreaterThanOrEqual(600);
    expect(trading.length).toBeLessThan(exchange.body.symbols.length);
    const keys = Object.keys(body);
    expect(keys).toHaveLength(trading.length);
    expect(keys.slice(0, DEFAULT_SYMBOLS.length)).toEqual([...DEFAULT_SYMBOLS]);
    expect(new Set(keys.map((symbol) => body[symbol]!.quoteAsset)).size).toBeGreaterThan(3);
    const halted = exchange.body.symbols.find((entry) => entry.status !== 'TRADING')!;
    expect(body[halted.symbol]).toBeUndefined();
    expect(body.PEPEUSDT?.priceFormat).toEqual({ precision: 8, minMove: 1e-8 });
    expect(body.ETHBTC?.priceFormat).toEqual({ precision: 5, minMove: 0.00001 });
    for (const symbol of [...DEFAULT_SYMBOLS, 'ETHBTC', 'PEPEUSDT']) {
      const filters = exchange.body.symbols.find((entry) => entry.symbol === symbol)!.filters;
      const tick = filters.find((f) => f.filterType === 'PRICE_FILTER')!.tickSize!;
      const step = filters.find((f) => f.filterType === 'LOT_SIZE')!.stepSize!;
      expect(body[symbol]?.priceFormat).toEqual(formatFromStep(tick));
      expect(body[symbol]?.quantityFormat).toEqual(formatFromStep(step));
    }
    const listed = await getJson<Record<string, unknown>>(
      `${s.apiUrl}/symbols/DOGEUSDT,FOOUSDT,ETHBTC,BTCUSDT`,
    );
    expect(Object.keys(listed.body)).toEqual(['BTCUSDT', 'DOGEUSDT', 'ETHBTC']);
  });

  it('charts a pair outside the ten: candles over REST and live on the hub, in its own prices', async () => {
    const s = await start();
    const { status, body } = await getJson<Candle[]>(
      candlesUrl(s, { symbol: 'ETHBTC', interval: 'OneMinute', limit: '50' }),
    );
    expect(status).toBe(200);
    expect(body).toHaveLength(50);
    expect(body.at(-1)!.close).toBeLessThan(1);
    const halted = await getJson<{ code: string }>(
      candlesUrl(s, { symbol: 'FOOUSDT', interval: 'OneMinute' }),
    );
    expect(halted).toMatchObject({ status: 400, body: { code: 'UNKNOWN_SYMBOL' } });

    const updates = await watch(s, 'PEPEUSDT', 1);
    expect(updates[0]).toMatchObject({ symbol: 'PEPEUSDT', interval: 'OneMinute' });
    expect(updates[0]!.candle.close).toBeLessThan(0.01);
  });

  it("keeps one client's uncached /candles from spending everyone's upstream", async () => {
    const s = await start();
    /** GET from a given loopback source address: each is a client of its own to the api. */
    const getFrom = (localAddress: string, query: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get(candlesUrl(s, query), { localAddress }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
    // Distinct pages of history, one upstream request each: past its burst, the client waits.
    const statuses: number[] = [];
    for (let page = 1; page <= 40; page += 1) {
      const endTime = new Date(s.now() - page * 1_000 * 3_600_000).toISOString();
      const answer = await getFrom('127.0.0.2', {
        symbol: 'ETHBTC',
        interval: 'OneHour',
        limit: '1',
        endTime,
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(31);
    expect(statuses.at(-1)).toBe(429);
    // Another address is served, and /status shows the weight spent and the client share.
    const other = await getFrom('127.0.0.3', { symbol: 'SOLUSDT', interval: 'OneDay', limit: '5' });
    expect(other.status).toBe(200);
    const status = await getJson<{ marketData: { weight: Record<string, number> } }>(
      `${s.apiUrl}/status`,
    );
    expect(status.body.marketData.weight).toMatchObject({ budget: 4800, clientBudget: 3600 });
    expect(status.body.marketData.weight.used).toBeGreaterThan(0);
  });

  it('reports the live source and connection in /status', async () => {
    const s = await start();
    const { body } = await getJson<unknown>(`${s.apiUrl}/status`);
    expect(body).toMatchObject({
      marketData: { source: 'binance', connected: true },
      database: 'sqlite',
      version: 'test',
    });
  });

  it('pushes live updates from the exchange to the official client, prices included', async () => {
    const s = await start();
    const updates = await watchBtc(s);
    expect(updates[0]).toMatchObject({ symbol: 'BTCUSDT', interval: 'OneMinute' });
    s.sim.controls.setPrice('BTCUSDT', 123_456.78);
    // Pushed now rather than at the simulator's next tick; the wait allows for a CPU shared with
    // the rest of the suite (it once took over 5 s in CI).
    s.sim.controls.pushNow();
    await waitFor(
      () => updates.some((u) => u.candle.close === 123_456.78),
      'the new price',
      10_000,
    );
  });

  it('coalesces 200 concurrent identical /candles requests into at most one upstream request', async () => {
    const s = await start();
    const before = s.market.rest.requestCount;
    // A page of history: the answer is final, so however slowly the 200 are served, one fetch holds.
    const endTime = new Date(s.now() - 30 * 24 * 3_600_000).toISOString();
    const url = candlesUrl(s, {
      symbol: 'ETHUSDT',
      interval: 'FiveMinutes',
      limit: '500',
      endTime,
    });
    const answers = await Promise.all(Array.from({ length: 200 }, () => getJson<Candle[]>(url)));
    expect(answers.every((answer) => answer.status === 200 && answer.body.length === 500)).toBe(
      true,
    );
    expect(s.market.rest.requestCount - before).toBeLessThanOrEqual(1);
  });

  describe('recovers from each simulator fault', () => {
    it('dropped sockets', async () => {
      const s = await start();
      const updates = await watchBtc(s);
      const seen = updates.length;
      s.jump(3 * MINUTE);
      expect(s.sim.controls.dropConnections()).toBeGreaterThan(0);
      await expectRecovery(s, updates, seen);
    });

    it('a stalled stream', async () => {
      const s = await start();
      const updates = await watchBtc(s);
      const seen = updates.length;
      s.sim.controls.stallStream(1_000);
      s.jump(3 * MINUTE);
      await expectRecovery(s, updates, seen);
    });

    it('serverShutdown', async () => {
      const s = await start();
      const updates = await watchBtc(s);
      const seen = updates.length;
      s.jump(3 * MINUTE);
      expect(s.sim.controls.serverShutdown({ closeAfterMs: 300 })).toBe(1);
      await expectRecovery(s, updates, seen);
      expect(s.sim.controls.state().connections).toBe(1);
    });

    it('429 and 418 with Retry-After', async () => {
      const s = await start();
      const updates = await watchBtc(s);
      const seen = updates.length;
      s.sim.controls.failWithRateLimit({ count: 3, retryAfterSeconds: 1 });
      const refused = await getJson<{ code: string }>(
        candlesUrl(s, {
          symbol: 'BTCUSDT',
          interval: 'OneMinute',
          endTime: '2025-01-01T00:00:00Z',
        }),
      );
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      s.jump(3 * MINUTE);
      s.sim.controls.dropConnections();
      await expectRecovery(s, updates, seen);
    });

    it('5xx answers', async () => {
      const s = await start();
      const updates = await watchBtc(s);
      const seen = updates.length;
      s.sim.controls.failWithServerError({ count: 3, status: 500 });
      const refused = await getJson<{ code: string }>(
        candlesUrl(s, {
          symbol: 'BTCUSDT',
          interval: 'OneMinute',
          endTime: '2025-01-01T00:00:00Z',
        }),
      );
      expect(refused.status).toBe(502);
      expect(refused.body.code).toBe('UPSTREAM_BAD_RESPONSE');
      s.jump(3 * MINUTE);
      s.sim.controls.dropConnections();
      await expectRecovery(s, updates, seen);
    });
  });
});
