import { afterEach, describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOLS } from '@pairwatch/domain';
import { type ExchangeSimHandle, startExchangeSim } from '@pairwatch/exchange-sim';
import pino from 'pino';
import { connectWsUpstream } from './connectWsUpstream';
import { MarketFeed, type MarketFeedOptions } from './MarketFeed';
import { type UpstreamSocketFactory } from './UpstreamSocket';

// The feed against the exchange simulator, which enforces Binance's connection rules (streams per
// connection, incoming messages per second, connection lifetime): limits are lowered for speed.

const INTERVALS = ['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '6h', '8h', '12h', '1d', '3d'];

/**
 * `count` distinct kline streams of the simulator's default pairs: every interval, then the same
 * with a time zone (`@+01:00` …), so thousands exist before the ≥ 600-pair catalogue.
 */
function manyStreams(count: number): string[] {
  const names: string[] = [];
  for (let zone = 0; names.length < count; zone += 1) {
    const suffix =
      zone === 0
        ? ''
        : `@${zone <= 14 ? '+' : '-'}${String(zone <= 14 ? zone : zone - 14).padStart(2, '0')}:00`;
    for (const interval of [...INTERVALS, '1w', '1M']) {
      for (const symbol of DEFAULT_SYMBOLS) {
        names.push(`${symbol.toLowerCase()}@kline_${interval}${suffix}`);
      }
    }
  }
  return names.slice(0, count);
}

interface Harness {
  readonly sim: ExchangeSimHandle;
  readonly feed: MarketFeed;
  readonly active: Set<string>;
  readonly inactive: string[];
  readonly candles: Map<string, number>;
  readonly logs: { msg: string; why?: string }[];
  /** When each connection was opened (ms). */
  readonly connects: number[];
}

let harness: Harness | undefined;

afterEach(async () => {
  harness?.feed.close();
  await harness?.sim.close();
  harness = undefined;
});

async function setUp(
  sim: Parameters<typeof startExchangeSim>[0],
  feed: Partial<MarketFeedOptions>,
): Promise<Harness> {
  const handle = await startExchangeSim({ port: 0, ...sim });
  const logs: Harness['logs'] = [];
  const connects: number[] = [];
  const connect: UpstreamSocketFactory = (url, events) => {
    connects.push(Date.now());
    return connectWsUpstream(url, events);
  };
  const active = new Set<string>();
  const inactive: string[] = [];
  const candles = new Map<string, number>();
  harness = {
    sim: handle,
    feed: new MarketFeed({
      wsBaseUrl: handle.wsUrl,
      connect,
      logger: pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) }),
      events: {
        onActive: (stream) => active.add(stream),
        onInactive: (stream) => {
          active.delete(stream);
          inactive.push(stream);
        },
        onCandle: (stream) => candles.set(stream, (candles.get(stream) ?? 0) + 1),
      },
      ...feed,
    }),
    active,
    inactive,
    candles,
    logs,
    connects,
  };
  return harness;
}

async function waitFor(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lost = (logs: Harness['logs']) =>
  logs.filter((entry) => /connection (lost|attempt failed)/.test(entry.msg));

describe('MarketFeed against the exchange simulator', () => {
  it('opens a 2nd and a 3rd connection past the streams per connection, and closes them when emptied', async () => {
    const { sim, feed, active, candles, logs } = await setUp(
      { maxStreamsPerConnection: 8, tickMs: 100 },
      { maxStreamsPerConnection: 8, idleCloseMs: 200 },
    );
    const streams = DEFAULT_SYMBOLS.flatMap((symbol) =>
      ['1m', '5m'].map((interval) => `${symbol.toLowerCase()}@kline_${interval}`),
    );
    for (const stream of streams) feed.acquire(stream);
    await waitFor('every stream to flow', () => streams.every((s) => (candles.get(s) ?? 0) > 0));
    expect(active).toEqual(new Set(streams));
    expect(sim.controls.state().connections).toBe(3);
    expect(feed.connectionCount).toBe(3);
    for (const stream of streams.slice(8)) feed.release(stream);
    await waitFor('the emptied connections to close', () => sim.controls.state().connections === 1);
    candles.clear();
    await waitFor('the rest to keep flowing', () =>
      streams.slice(0, 8).every((s) => (candles.get(s) ?? 0) > 0),
    );
    expect(lost(logs)).toEqual([]);
  });

  it('never trips the message rate with 3,000 streams wanted at once (pongs included)', async () => {
    const { sim, feed, active, logs } = await setUp(
      { pingIntervalMs: 1_000, maxMessagesPerSecond: 5, maxStreamsPerConnection: 1024 },
      {},
    );
    const streams = manyStreams(3_000);
    expect(new Set(streams).size).toBe(3_000);
    for (const stream of streams) feed.acquire(stream);
    await waitFor('all 3,000 streams to be subscribed', () => active.size === 3_000, 15_000);
    // The rate window is one second: a connection over it would be closed (1008) by now.
    await sleep(1_500);
    expect(sim.controls.state().connections).toBe(3);
    expect(feed.connected).toBe(true);
    expect(lost(logs)).toEqual([]);
  }, 30_000);

  it('replaces each connection before its lifetime ends, without a gap', async () => {
    const { sim, feed, inactive, candles, logs } = await setUp(
      { maxConnectionMs: 1_200, maxStreamsPerConnection: 2, tickMs: 100 },
      { maxStreamsPerConnection: 2, rotateAfterMs: 700 },
    );
    const streams = ['btcusdt@kline_1m', 'ethusdt@kline_1m', 'bnbusdt@kline_1m'];
    for (const stream of streams) feed.acquire(stream);
    await waitFor('every stream to flow', () => streams.every((s) => (candles.get(s) ?? 0) > 0));
    await sleep(3_000);
    candles.clear();
    await waitFor('every stream to keep flowing', () =>
      streams.every((s) => (candles.get(s) ?? 0) > 0),
    );
    const replaced = logs.filter((entry) => entry.msg === 'market upstream connection replaced');
    expect(replaced.length).toBeGreaterThanOrEqual(6);
    expect(inactive).toEqual([]);
    expect(lost(logs)).toEqual([]);
    expect(sim.controls.state().connections).toBeLessThanOrEqual(4);
  }, 20_000);

  it('keeps a reconnect storm within the new-connection budget, and says it waits', async () => {
    const windowMs = 1_500;
    const { sim, feed, active, logs, connects } = await setUp(
      { maxStreamsPerConnection: 1, tickMs: 100 },
      {
        maxStreamsPerConnection: 1,
        reconnectBaseMs: 20,
        connectionBudget: { max: 4, windowMs },
      },
    );
    const streams = DEFAULT_SYMBOLS.slice(0, 4).map((s) => `${s.toLowerCase()}@kline_1m`);
    for (const stream of streams) feed.acquire(stream);
    await waitFor('every stream to flow', () => active.size === 4);
    sim.controls.dropConnections();
    await waitFor('the drop to be seen', () => active.size === 0);
    await waitFor('every stream to flow again', () => active.size === 4, 10_000);
    expect(connects).toHaveLength(8);
    for (let i = 4; i < connects.length; i += 1) {
      expect(connects[i]! - connects[i - 4]!).toBeGreaterThanOrEqual(windowMs);
    }
    expect(logs.map((entry) => entry.msg)).toContain(
      'market upstream connection budget spent: new connections wait',
    );
    expect(sim.controls.state().connections).toBe(4);
  }, 20_000);
});
