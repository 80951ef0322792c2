import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { type ExchangeSimHandle, type ExchangeSimOptions } from '../server/ExchangeSimServer';
import { startExchangeSim } from '../startExchangeSim';
import { ManualClock } from '../test-support/ManualClock';
import { ManualTimers } from '../test-support/ManualTimers';
import { StreamClient } from '../test-support/StreamClient';

type Json = Record<string, unknown>;
type Kline = Record<string, unknown> & {
  t: number;
  T: number;
  x: boolean;
  c: string;
  h: string;
  l: string;
  o: string;
  v: string;
  i: string;
};

const NOW = Date.UTC(2026, 10, 18, 15, 37, 41, 250);
/** Start of the manual-time tests: a whole second, so ticks and pings land on round times. */
const START = Date.UTC(2026, 10, 18, 15, 37, 41);
const clock = new ManualClock(NOW);
let sim: ExchangeSimHandle;
const clients: StreamClient[] = [];

async function connect(
  path: string,
  target: ExchangeSimHandle = sim,
  options?: Parameters<typeof StreamClient.connect>[1],
): Promise<StreamClient> {
  const client = await StreamClient.connect(`${target.wsUrl}${path}`, options);
  clients.push(client);
  return client;
}

async function withSim(
  options: ExchangeSimOptions,
  run: (local: ExchangeSimHandle) => Promise<void>,
): Promise<void> {
  const local = await startExchangeSim({ port: 0, ...options });
  try {
    await run(local);
  } finally {
    await local.close();
  }
}

/**
 * A simulator on manual time: its clock and its timers are one `ManualTimers`, so ticks, pings,
 * stalls and deadlines happen exactly when the test advances it, however loaded the machine is.
 */
async function withManualTime(
  options: ExchangeSimOptions,
  run: (local: ExchangeSimHandle, timers: ManualTimers) => Promise<void>,
): Promise<void> {
  const timers = new ManualTimers(START);
  await withSim({ ...options, clock: timers.now, timers }, (local) => run(local, timers));
}

let settleId = 0;
/**
 * A round trip: once the reply is in, the server has handled everything the client sent before
 * (pongs included) and the client holds everything the server sent before, as frames on one
 * connection stay in order both ways.
 */
async function settle(client: StreamClient): Promise<void> {
  settleId += 1;
  await client.request({ method: 'LIST_SUBSCRIPTIONS', id: `settle-${settleId}` });
}

const isKline =
  (stream?: string) =>
  (message: Json): boolean => {
    const event = (stream ? message.data : message) as Json | undefined;
    return event?.e === 'kline' && (stream === undefined || message.stream === stream);
  };
const klineOf = (message: Json): Kline => ((message.data ?? message) as { k: Kline }).k;

async function restKline(symbol: string, interval: string, openTime: number): Promise<unknown[]> {
  const response = await fetch(
    `${sim.url}/api/v3/klines?symbol=${symbol}&interval=${interval}&startTime=${openTime}&limit=1`,
  );
  const rows = (await response.json()) as unknown[][];
  return rows[0] ?? [];
}

beforeAll(async () => {
  sim = await startExchangeSim({ port: 0, seed: 5, clock: clock.now, tickMs: 20 });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  sim.controls.reset();
  clock.set(NOW);
});
afterAll(async () => {
  await sim.close();
});

describe('raw and combined streams', () => {
  it('pushes kline events in Binance format on /ws/<stream>, matching REST', async () => {
    const client = await connect('/ws/btcusdt@kline_1m');
    const event = await client.next(isKline());
    expect(Object.keys(event)).toEqual(['e', 'E', 's', 'k']);
    expect(event).toMatchObject({ e: 'kline', E: NOW, s: 'BTCUSDT' });
    const k = klineOf(event);
    expect(Object.keys(k)).toEqual([
      't',
      'T',
      's',
      'i',
      'f',
      'L',
      'o',
      'c',
      'h',
      'l',
      'v',
      'n',
      'x',
      'q',
      'V',
      'Q',
      'B',
    ]);
    expect(k).toMatchObject({
      t: Math.floor(NOW / 60_000) * 60_000,
      s: 'BTCUSDT',
      i: '1m',
      x: false,
      B: '0',
    });
    expect(k.T).toBe(k.t + 59_999);
    const row = await restKline('BTCUSDT', '1m', k.t);
    expect([
      row[0],
      row[1],
      row[2],
      row[3],
      row[4],
      row[5],
      row[6],
      row[7],
      row[8],
      row[9],
      row[10],
    ]).toEqual([k.t, k.o, k.h, k.l, k.c, k.v, k.T, k.q, k.n, k.V, k.Q]);
  });

  it('serves several raw streams on one /ws path', async () => {
    const client = await connect('/ws/btcusdt@kline_1m/ethusdt@kline_1h');
    await client.next((m) => isKline()(m) && m.s === 'BTCUSDT');
    await client.next((m) => isKline()(m) && m.s === 'ETHUSDT' && klineOf(m).i === '1h');
    expect((await client.request({ method: 'LIST_SUBSCRIPTIONS', id: 1 })).result).toEqual([
      'btcusdt@kline_1m',
      'ethusdt@kline_1h',
    ]);
  });

  it('wraps events as {stream, data} on /stream?streams=a/b', async () => {
    const client = await connect('/stream?streams=bnbusdt@kline_1M/adausdt@kline_1w');
    const month = await client.next(isKline('bnbusdt@kline_1M'));
    expect(Object.keys(month)).toEqual(['stream', 'data']);
    expect(klineOf(month)).toMatchObject({
      i: '1M',
      t: Date.UTC(2026, 10, 1),
      T: Date.UTC(2026, 11, 1) - 1,
    });
    const week = await client.next(isKline('adausdt@kline_1w'));
    expect(new Date(klineOf(week).t).getUTCDay()).toBe(1);
  });

  it('pushes 1s klines', async () => {
    const client = await connect('/ws/dogeusdt@kline_1s');
    const k = klineOf(await client.next(isKline()));
    expect(k).toMatchObject({ i: '1s', t: Math.floor(NOW / 1000) * 1000 });
    expect(k.T).toBe(k.t + 999);
  });

  it('serves a kline stream in a time zone', async () => {
    const client = await connect('/ws/btcusdt@kline_1d@+08:00');
    const k = klineOf(await client.next(isKline()));
    expect(k.t % 86_400_000).toBe(16 * 3_600_000);
  });

  it('refuses an upgrade naming an invalid stream', async () => {
    await expect(StreamClient.connect(`${sim.wsUrl}/ws/BTCUSDT@kline_1m`)).rejects.toThrow(
      /HTTP 400/,
    );
    await expect(
      StreamClient.connect(`${sim.wsUrl}/stream?streams=btcusdt@kline_7m`),
    ).rejects.toThrow(/HTTP 400/);
    await expect(StreamClient.connect(`${sim.wsUrl}/elsewhere`)).rejects.toThrow(/HTTP 404/);
  });
});

describe('closing klines', () => {
  it('sends the final update with x: true when a kline closes, then the next one', async () => {
    clock.set(Date.UTC(2026, 10, 18, 15, 37, 58));
    const client = await connect('/ws/ethusdt@kline_1m');
    const first = klineOf(await client.next(isKline()));
    expect(first.x).toBe(false);
    clock.set(Date.UTC(2026, 10, 18, 15, 38, 0, 400));
    const closed = klineOf(await client.next((m) => isKline()(m) && klineOf(m).x));
    expect(closed.t).toBe(first.t);
    const next = klineOf(
      await client.next((m) => isKline()(m) && klineOf(m).t === first.t + 60_000),
    );
    expect(next.x).toBe(false);
    expect(next.o).toBe(closed.c);
    const row = await restKline('ETHUSDT', '1m', closed.t);
    expect([row[1], row[2], row[3], row[4], row[5]]).toEqual([
      closed.o,
      closed.h,
      closed.l,
      closed.c,
      closed.v,
    ]);
  });
});

describe('live subscriptions', () => {
  it('subscribes, lists and unsubscribes with {result, id} replies', async () => {
    const client = await connect('/ws');
    expect(
      await client.request({
        method: 'SUBSCRIBE',
        params: ['btcusdt@kline_5m', 'ethusdt@kline_5m'],
        id: 1,
      }),
    ).toEqual({ result: null, id: 1 });
    await client.next((m) => isKline()(m) && m.s === 'ETHUSDT');
    expect(await client.request({ method: 'LIST_SUBSCRIPTIONS', id: 'abc' })).toEqual({
      result: ['btcusdt@kline_5m', 'ethusdt@kline_5m'],
      id: 'abc',
    });
    expect(
      await client.request({ method: 'UNSUBSCRIBE', params: ['ethusdt@kline_5m'], id: 3 }),
    ).toEqual({ result: null, id: 3 });
    client.clear();
    for (let i = 0; i < 3; i += 1) expect((await client.next(isKline())).s).toBe('BTCUSDT');
    expect((await client.request({ method: 'LIST_SUBSCRIPTIONS', id: null })).result).toEqual([
      'btcusdt@kline_5m',
    ]);
  });

  it('switches a raw connection to combined payloads with SET_PROPERTY', async () => {
    const client = await connect('/ws/btcusdt@kline_1m');
    expect(await client.request({ method: 'GET_PROPERTY', params: ['combined'], id: 1 })).toEqual({
      result: false,
      id: 1,
    });
    expect(
      await client.request({ method: 'SET_PROPERTY', params: ['combined', true], id: 2 }),
    ).toEqual({ result: null, id: 2 });
    client.clear();
    const event = await client.next((m) => m.stream === 'btcusdt@kline_1m');
    expect((event.data as Json).e).toBe('kline');
  });

  it('answers a bad request with a Binance error over the socket and keeps serving', async () => {
    // The request protocol itself is tested in StreamRequests.test.ts.
    const client = await connect('/ws');
    client.sendText('not json');
    expect(await client.next((m) => 'error' in m)).toEqual({
      error: { code: 3, msg: 'Invalid JSON: expected value at line 1 column 1' },
      id: null,
    });
    client.socket.send(Buffer.from('{"method":"LIST_SUBSCRIPTIONS","id":1}'), { binary: true });
    expect(await client.next((m) => 'error' in m)).toEqual({
      error: { code: 3, msg: 'Invalid JSON: expected value at line 1 column 1' },
      id: null,
    });
    expect(await client.request({ method: 'LIST_SUBSCRIPTIONS', id: 2 })).toEqual({
      result: [],
      id: 2,
    });
  });
});

describe('price controls on the stream', () => {
  it('shows a set price in the next kline event with the high stretched to include it', async () => {
    const client = await connect('/ws/btcusdt@kline_1m');
    await client.next(isKline());
    sim.controls.setPrice('BTCUSDT', 150_000);
    // Events pushed before the change may still be on the way: take them in, then drop them.
    await settle(client);
    client.clear();
    const k = klineOf(await client.next(isKline()));
    expect(k.c).toBe('150000.00000000');
    expect(Number(k.h)).toBeGreaterThanOrEqual(150_000);
    const row = await restKline('BTCUSDT', '1m', k.t);
    expect(row[4]).toBe('150000.00000000');
    expect(row[2]).toBe(k.h);
  });

  it('stretches the low for a drop', async () => {
    const client = await connect('/ws/ethusdt@kline_1h');
    const before = klineOf(await client.next(isKline()));
    sim.controls.movePrice('ETHUSDT', { percent: -20 });
    await settle(client);
    client.clear();
    const k = klineOf(await client.next(isKline()));
    expect(Number(k.l)).toBeLessThanOrEqual(Number(k.c));
    expect(Number(k.c)).toBeCloseTo(Number(before.c) * 0.8, 1);
    expect(k.h).toBe(before.h);
  });
});

describe('faults', () => {
  it('drops every connection abruptly', async () => {
    const client = await connect('/ws/btcusdt@kline_1m');
    expect(sim.controls.dropConnections()).toBe(1);
    expect((await client.closed).code).toBe(1006);
  });

  it('stalls the stream until resumed', async () => {
    await withManualTime({ tickMs: 100 }, async (local, timers) => {
      const client = await connect('/ws/btcusdt@kline_1m', local);
      timers.advance(100);
      expect((await client.next(isKline())).E).toBe(START + 100);
      local.controls.stallStream();
      timers.advance(1000); // ten ticks
      local.controls.pushNow();
      await settle(client);
      expect(client.count(isKline())).toBe(0);
      expect(local.controls.state().streamStalled).toBe(true);
      local.controls.resumeStream();
      timers.advance(100);
      expect((await client.next(isKline())).E).toBe(START + 1200);
    });
  });

  it('stalls the stream for a given time', async () => {
    await withManualTime({ tickMs: 100 }, async (local, timers) => {
      const client = await connect('/ws/btcusdt@kline_1m', local);
      timers.advance(100);
      await client.next(isKline());
      local.controls.stallStream(250); // until +350
      timers.advance(200); // the ticks at +200 and +300 fall in the stall
      await settle(client);
      expect(client.count(isKline())).toBe(0);
      expect(local.controls.state().streamStalled).toBe(true);
      timers.advance(100); // the stall ends at +350; the tick at +400 pushes
      expect(local.controls.state().streamStalled).toBe(false);
      expect((await client.next(isKline())).E).toBe(START + 400);
    });
  });

  it('sends serverShutdown raw and in a combined envelope, then closes when asked', async () => {
    const raw = await connect('/ws/btcusdt@kline_1m');
    const combined = await connect('/stream?streams=btcusdt@kline_1m');
    expect(sim.controls.serverShutdown({ closeAfterMs: 50 })).toBe(2);
    expect(await raw.next((m) => m.e === 'serverShutdown')).toEqual({
      e: 'serverShutdown',
      E: NOW,
    });
    expect(await combined.next((m) => m.stream === '!serverShutdown')).toEqual({
      stream: '!serverShutdown',
      data: { e: 'serverShutdown', E: NOW },
    });
    expect((await raw.closed).code).toBe(1001);
    expect((await combined.closed).code).toBe(1001);
  });
});

describe('connection rules', () => {
  it('pings and keeps a client that answers with pong', async () => {
    const options = { pingIntervalMs: 100, pongTimeoutMs: 250, maxMessagesPerSecond: 100 };
    await withManualTime(options, async (local, timers) => {
      const client = await connect('/ws/btcusdt@kline_1m', local);
      // Six pings take the client past the pong deadline twice over: a server that ignored the
      // pongs would drop it at +400, and nextPing would reject.
      for (let round = 1; round <= 6; round += 1) {
        const ping = client.nextPing();
        timers.advance(100);
        await ping;
        await settle(client); // the client's automatic pong went out before this request
      }
      expect(client.socket.readyState).toBe(client.socket.OPEN);
    });
  });

  it('drops a client that leaves a ping unanswered past the deadline, and not before', async () => {
    await withManualTime({ pingIntervalMs: 100, pongTimeoutMs: 250 }, async (local, timers) => {
      const client = await connect('/ws/btcusdt@kline_1m', local, { autoPong: false });
      for (let round = 1; round <= 3; round += 1) {
        const ping = client.nextPing();
        timers.advance(100);
        await ping;
      }
      // At +300 the first ping (+100) has waited 200 ms: within the 250 ms deadline, so the
      // connection still answers.
      await settle(client);
      timers.advance(100); // at +400 it has waited 300 ms
      expect((await client.closed).code).toBe(1006);
    });
  });

  it('disconnects a client sending more than 5 messages within one second', async () => {
    await withManualTime({}, async (local, timers) => {
      const client = await connect('/ws', local);
      for (let id = 1; id <= 5; id += 1) await client.request({ method: 'LIST_SUBSCRIPTIONS', id });
      timers.advance(1000); // a new second: five more are allowed
      for (let id = 6; id <= 10; id += 1)
        await client.request({ method: 'LIST_SUBSCRIPTIONS', id });
      client.sendText(JSON.stringify({ method: 'LIST_SUBSCRIPTIONS', id: 11 }));
      expect(await client.closed).toEqual({ code: 1008, reason: 'Too many messages' });
    });
  });

  it('refuses more streams than a connection may hold', async () => {
    await withSim({ maxStreamsPerConnection: 2 }, async (local) => {
      const client = await connect('/ws/btcusdt@kline_1m', local);
      const reply = await client.request({
        method: 'SUBSCRIBE',
        params: ['ethusdt@kline_1m', 'bnbusdt@kline_1m'],
        id: 1,
      });
      expect(reply).toMatchObject({ error: { code: 2 }, id: 1 });
      expect((await client.request({ method: 'LIST_SUBSCRIPTIONS', id: 2 })).result).toEqual([
        'btcusdt@kline_1m',
      ]);
    });
  });

  it('closes a connection at its maximum age', async () => {
    await withManualTime({ maxConnectionMs: 5000 }, async (local, timers) => {
      const client = await connect('/ws', local);
      timers.advance(4999);
      await settle(client); // still answers
      timers.advance(1);
      expect(await client.closed).toEqual({ code: 1000, reason: 'Connection lifetime exceeded' });
    });
  });
});
