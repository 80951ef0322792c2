import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  LogLevel,
} from '@microsoft/signalr';
import {
  type CandleUpdate,
  intervalOpenTime,
  DEFAULT_SYMBOL_CATALOGUE,
  INTERVALS,
  type SymbolInfo,
  type UnixSeconds,
} from '@pairwatch/domain';
import { type FastifyInstance } from 'fastify';
import { type AddressInfo } from 'node:net';
import { buildApp } from '../app';
import { loadConfig } from '../config/loadConfig';
import { FakeMarketData } from '../test-support/FakeMarketData';
import { tempDataDir } from '../test-support/tempDataDir';
import { waitFor } from '@pairwatch/signalr-server/testing';
import { fixedSymbolSource } from '../test-support/fixedSymbolSource';
import { MAX_STREAMS_PER_CONNECTION } from './CandleHubServer';

/** Listed pairs beyond the defaults, enough to fill a connection's stream budget. */
const EXTRA_PAIRS = Array.from({ length: 60 }, (_, index) => `COIN${index}USDT`);

function pairInfo(symbol: string, baseAsset: string, quoteAsset: string): SymbolInfo {
  const format = { precision: 5, minMove: 0.00001 };
  return { symbol, baseAsset, quoteAsset, priceFormat: format, quantityFormat: format };
}

const CANDLE = {
  time: 1_704_067_200 as UnixSeconds,
  open: 1,
  high: 2,
  low: 0.5,
  close: 1.5,
  volume: 10,
};

let app: FastifyInstance | undefined;
const dataDir = tempDataDir();
afterAll(() => dataDir.remove());
const clients: HubConnection[] = [];

async function setUp(): Promise<{ market: FakeMarketData; url: string }> {
  const market = new FakeMarketData();
  app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir.dir }),
    marketData: market,
    symbols: fixedSymbolSource([
      pairInfo('ETHBTC', 'ETH', 'BTC'),
      ...EXTRA_PAIRS.map((symbol) => pairInfo(symbol, symbol.replace(/USDT$/, ''), 'USDT')),
    ]),
    version: '0',
    hubSettings: { keepAliveIntervalMs: 200, tickIntervalMs: 20, shutdownTimeoutMs: 500 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { market, url: `http://127.0.0.1:${port}/candles-hub` };
}

async function connect(
  url: string,
  transport = HttpTransportType.WebSockets,
): Promise<{ client: HubConnection; updates: CandleUpdate[] }> {
  const client = new HubConnectionBuilder()
    .withUrl(url, { transport })
    .configureLogging(LogLevel.None)
    .build();
  const updates: CandleUpdate[] = [];
  client.on('CandleUpdate', (update: CandleUpdate) => updates.push(update));
  clients.push(client);
  await client.start();
  return { client, updates };
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.stop()));
  await app?.close();
  app = undefined;
});

describe('the candle hub', () => {
  it('subscribes the cross product upstream and pushes CandleUpdate to the official client', async () => {
    const { market, url } = await setUp();
    const { client, updates } = await connect(url);
    await client.invoke(
      'SubscribeToCandleUpdates',
      ['BTCUSDT', 'ETHUSDT'],
      ['OneMinute', 'OneHour'],
    );
    expect([...market.listeners.keys()].sort()).toEqual([
      'BTCUSDT:OneHour',
      'BTCUSDT:OneMinute',
      'ETHUSDT:OneHour',
      'ETHUSDT:OneMinute',
    ]);
    market.emit({ symbol: 'ETHUSDT', interval: 'OneHour', candle: CANDLE });
    await waitFor(() => updates.length === 1, 'a CandleUpdate');
    expect(updates).toEqual([{ symbol: 'ETHUSDT', interval: 'OneHour', candle: CANDLE }]);
  });

  it.each([
    ['Server-Sent Events', HttpTransportType.ServerSentEvents],
    ['long polling', HttpTransportType.LongPolling],
  ])('works over %s too', async (_name, transport) => {
    const { market, url } = await setUp();
    const { client, updates } = await connect(url, transport);
    await client.invoke('SubscribeToCandleUpdates', ['BTCUSDT'], ['OneMinute']);
    market.emit({ symbol: 'BTCUSDT', interval: 'OneMinute', candle: CANDLE });
    await waitFor(() => updates.length === 1, 'a CandleUpdate');
    expect(updates[0]?.candle).toEqual(CANDLE);
  });

  it('sends a snapshot of the current candle right after a subscription', async () => {
    const { market, url } = await setUp();
    const current = {
      ...CANDLE,
      time: intervalOpenTime('OneDay', Math.floor(Date.now() / 1000) as UnixSeconds),
    };
    market.latest = current;
    const { client, updates } = await connect(url);
    await client.invoke('SubscribeToCandleUpdates', ['BTCUSDT'], ['OneDay']);
    await waitFor(() => updates.length === 1, 'the snapshot');
    expect(updates).toEqual([{ symbol: 'BTCUSDT', interval: 'OneDay', candle: current }]);
  });

  it('counts repeated pairs once and sends no second snapshot for a pair already subscribed', async () => {
    const { market, url } = await setUp();
    market.latest = {
      ...CANDLE,
      time: intervalOpenTime('OneMinute', Math.floor(Date.now() / 1000) as UnixSeconds),
    };
    const { client, updates } = await connect(url);

    await client.invoke(
      'SubscribeToCandleUpdates',
      Array<string>(20).fill('BTCUSDT'),
      Array<string>(16).fill('OneMinute'),
    );
    await client.invoke('SubscribeToCandleUpdates', ['BTCUSDT'], ['OneMinute']);

    expect(updates).toHaveLength(1);
    expect([...market.listeners.keys()]).toEqual(['BTCUSDT:OneMinute']);
  });

  it("refuses a list longer than a connection's stream budget before looking at it", async () => {
    const { market, url } = await setUp();
    const { client } = await connect(url);

    await expect(
      client.invoke(
        'SubscribeToCandleUpdates',
        Array<string>(MAX_STREAMS_PER_CONNECTION + 1).fill('BTCUSDT'),
        ['OneMinute'],
      ),
    ).rejects.toThrow(/due to an error on the server/);
    expect(market.listeners.size).toBe(0);
  });

  it('follows any listed pair, and holds one connection to its budget of streams', async () => {
    const { market, url } = await setUp();
    const { client } = await connect(url);
    await client.invoke('SubscribeToCandleUpdates', ['ETHBTC'], ['OneMinute']);
    expect([...market.listeners.keys()]).toEqual(['ETHBTC:OneMinute']);

    // Up to the budget exactly: ETHBTC's stream and enough pairs × every interval.
    const perPair = INTERVALS.length;
    const pairs = EXTRA_PAIRS.slice(0, Math.floor((MAX_STREAMS_PER_CONNECTION - 1) / perPair));
    await client.invoke('SubscribeToCandleUpdates', pairs, [...INTERVALS]);
    const followed = 1 + pairs.length * perPair;
    expect(market.listeners.size).toBe(followed);
    const room = MAX_STREAMS_PER_CONNECTION - followed;
    const tooMany = EXTRA_PAIRS.slice(pairs.length, pairs.length + room + 1);
    await expect(client.invoke('SubscribeToCandleUpdates', tooMany, ['OneMinute'])).rejects.toThrow(
      `A connection follows at most ${MAX_STREAMS_PER_CONNECTION} streams`,
    );
    expect(market.listeners.size).toBe(followed);
    // Streams it already follows cost nothing more; the room left is usable.
    await client.invoke('SubscribeToCandleUpdates', ['ETHBTC'], ['OneMinute']);
    await client.invoke('SubscribeToCandleUpdates', tooMany.slice(0, room), ['OneMinute']);
    expect(market.listeners.size).toBe(MAX_STREAMS_PER_CONNECTION);
  });

  it('closes a client that floods it with invocations, and serves the others', async () => {
    const { market, url } = await setUp();
    const { client } = await connect(url);
    const closed = new Promise<string | undefined>((resolve) =>
      client.onclose((error) => resolve(error?.message)),
    );
    const all = Object.keys(DEFAULT_SYMBOL_CATALOGUE);
    const flood = Array.from({ length: 400 }, () =>
      client.invoke('SubscribeToCandleUpdates', all, ['OneMinute', 'OneHour']),
    );

    expect(await closed).toMatch(/closed with an error/);
    const outcomes = await Promise.allSettled(flood);
    expect(outcomes.filter((o) => o.status === 'rejected').length).toBeGreaterThan(300);
    // Its streams were released; a well-behaved client still subscribes and gets updates.
    await waitFor(() => market.listeners.size === 0, 'the flooder’s streams to be released');
    const other = await connect(url);
    await other.client.invoke('SubscribeToCandleUpdates', ['ETHUSDT'], ['OneMinute']);
    market.emit({ symbol: 'ETHUSDT', interval: 'OneMinute', candle: CANDLE });
    await waitFor(() => other.updates.length === 1, 'the other client’s update');
  });

  it('sends no snapshot of a candle older than the current interval', async () => {
    const { market, url } = await setUp();
    market.latest = CANDLE;
    const { client, updates } = await connect(url);
    await client.invoke('SubscribeToCandleUpdates', ['BTCUSDT'], ['OneDay']);
    market.emit({ symbol: 'BTCUSDT', interval: 'OneDay', candle: { ...CANDLE, close: 99 } });
    await waitFor(() => updates.length === 1, 'the live update');
    expect(updates.map((update) => update.candle.close)).toEqual([99]);
  });

  it('holds one upstream subscription per stream however many clients join, and releases it with the last', async () => {
    const { market, url } = await setUp();
    const first = await connect(url);
    const second = await connect(url);
    await first.client.invoke('SubscribeToCandleUpdates', ['BTCUSDT'], ['OneMinute']);
    await second.client.invoke('SubscribeToCandleUpdates', ['BTCUSDT'], ['OneMinute']);
    await second.client.invoke('SubscribeToCandleUpdates', ['BTCUSDT'], ['OneMinute']);
    expect(market.listeners.get('BTCUSDT:OneMinute')?.size).toBe(1);
    market.emit({ symbol: 'BTCUSDT', interval: 'OneMinute', candle: CANDLE });
    await waitFor(() => first.updates.length === 1 && second.updates.length === 1, 'both clients');
    await first.client.invoke('UnsubscribeFromCandleUpdates', ['BTCUSDT'], ['OneMinute']);
    expect(market.listeners.has('BTCUSDT:OneMinute')).toBe(true);
    await second.client.stop();
    await waitFor(() => !market.listeners.has('BTCUSDT:OneMinute'), 'the upstream release');
  });

  it.each([
    [['BTCUSDX'], ['OneMinute'], "Unknown symbol 'BTCUSDX': the market does not trade it now."],
    [['btc-usdt'], ['OneMinute'], "Unknown symbol 'btc-usdt'"],
    [['BTCUSDT'], ['1m'], "Unknown interval '1m'. Use one of OneMinute, FiveMinutes"],
  ])(
    'refuses %j × %j with a hub error and subscribes nothing',
    async (symbols, intervals, message) => {
      const { market, url } = await setUp();
      const { client } = await connect(url);
      await expect(
        client.invoke('SubscribeToCandleUpdates', ['ETHUSDT', ...symbols], intervals),
      ).rejects.toThrow(message);
      expect(market.listeners.size).toBe(0);
      await expect(
        client.invoke('SubscribeToCandleUpdates', 'BTCUSDT', ['OneMinute']),
      ).rejects.toThrow(
        "Failed to invoke 'SubscribeToCandleUpdates' due to an error on the server.",
      );
      await client.invoke('SubscribeToCandleUpdates', ['BTCUSDT'], ['OneMinute']);
      expect([...market.listeners.keys()]).toEqual(['BTCUSDT:OneMinute']);
    },
  );
});
