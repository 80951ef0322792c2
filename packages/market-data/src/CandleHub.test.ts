import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type Alert, type CandleUpdate, type UnixSeconds } from '@pairwatch/domain';
import { type Subscription } from 'rxjs';
import { CONNECTION_LINGER_MS, type HubConnectionState } from './CandleHub';
import { MarketDataClient } from './MarketDataClient';
import { type MarketDataError } from './MarketDataError';
import { candleAt, FakeApi } from './test-support/FakeApi';
import { expectNoOpenConnection, FakeHubServer } from './test-support/FakeHub';

const START = Date.parse('2026-01-05T10:00:30Z');
/** Open time of the minute candle forming at START. */
const M0 = Date.parse('2026-01-05T10:00:00Z') / 1000;
const MINUTE = 60;

let server: FakeHubServer;
let api: FakeApi;
let client: MarketDataClient;
let errors: MarketDataError[];
let states: HubConnectionState[];

function update(symbol: string, time: number, close: number, interval = 'OneMinute') {
  return { symbol, interval, candle: candleAt(time, close) };
}

function closes(updates: readonly CandleUpdate[]): [number, number][] {
  return updates.map(({ candle }) => [candle.time - M0, candle.close]);
}

/** Runs due timers and settles the promises they started. */
const settle = (ms = 0) => jest.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  jest.useFakeTimers({ now: START });
  server = new FakeHubServer();
  api = new FakeApi();
  client = new MarketDataClient({
    apiUrl: 'http://127.0.0.1:5080/',
    fetch: api.fetch,
    connect: server.connect,
    random: () => 0.5,
  });
  errors = [];
  states = [];
  client.errors$.subscribe((error) => errors.push(error));
  client.connectionState$.subscribe((state) => states.push(state));
});

afterEach(() => {
  client.dispose();
  jest.useRealTimers();
});

describe('CandleHub refcounting', () => {
  it('opens one connection and subscribes once for two subscribers of the same combination', async () => {
    const first = client.candleUpdates$(['BTCUSDT', 'ETHUSDT'], ['OneMinute']).subscribe();
    const second = client.candleUpdates$(['ETHUSDT', 'BTCUSDT'], ['OneMinute']).subscribe();
    await settle();

    expect(server.connections).toHaveLength(1);
    expect(server.last.url).toBe('http://127.0.0.1:5080/candles-hub');
    expect(server.last.calls('SubscribeToCandleUpdates')).toEqual([
      [['BTCUSDT', 'ETHUSDT'], ['OneMinute']],
    ]);
    first.unsubscribe();
    second.unsubscribe();
  });

  it('stops and drops the connection when the last subscriber leaves', async () => {
    const first = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    const second = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    await settle();

    first.unsubscribe();
    await settle(CONNECTION_LINGER_MS);
    expect(server.last.stopped).toBe(false);

    second.unsubscribe();
    expect(server.last.calls('UnsubscribeFromCandleUpdates')).toEqual([
      [['BTCUSDT'], ['OneMinute']],
    ]);
    await settle(CONNECTION_LINGER_MS);
    expectNoOpenConnection(server);
    expect(states.at(-1)).toBe('Disconnected');

    const third = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    await settle();
    expect(server.connections).toHaveLength(2);
    expect(server.last.calls('SubscribeToCandleUpdates')).toHaveLength(1);
    third.unsubscribe();
  });

  it('keeps the connection for a subscriber that arrives while it lingers', async () => {
    client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe().unsubscribe();
    await settle(CONNECTION_LINGER_MS / 2);
    const next = client.candleUpdates$(['ETHUSDT'], ['OneHour']).subscribe();
    await settle(CONNECTION_LINGER_MS * 2);

    expect(server.connections).toHaveLength(1);
    expect(server.last.stopped).toBe(false);
    next.unsubscribe();
    await settle(CONNECTION_LINGER_MS);
    expectNoOpenConnection(server);
  });

  it('detects a deliberately leaked subscriber, proving the leak assertion can fail', async () => {
    const released = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    const leaked = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    await settle();
    released.unsubscribe();
    await settle(CONNECTION_LINGER_MS);

    expect(() => expectNoOpenConnection(server)).toThrow('1 hub connection(s) still held');

    leaked.unsubscribe();
    await settle(CONNECTION_LINGER_MS);
    expect(() => expectNoOpenConnection(server)).not.toThrow();
  });

  it('unsubscribes only the streams that no other combination still uses', async () => {
    const btc = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    const both = client
      .candleUpdates$(['BTCUSDT', 'ETHUSDT'], ['OneMinute', 'OneHour'])
      .subscribe();
    await settle();

    both.unsubscribe();
    expect(server.last.calls('UnsubscribeFromCandleUpdates')).toEqual([
      [['BTCUSDT', 'ETHUSDT'], ['OneHour']],
      [['ETHUSDT'], ['OneMinute']],
    ]);
    btc.unsubscribe();
  });

  it('routes each update only to the combinations that contain its stream', async () => {
    const btc: CandleUpdate[] = [];
    const eth: CandleUpdate[] = [];
    const subs = [
      client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe((u) => btc.push(u)),
      client.candleUpdates$(['ETHUSDT'], ['OneMinute']).subscribe((u) => eth.push(u)),
    ];
    await settle();

    server.last.emit('CandleUpdate', update('ETHUSDT', M0, 3000));
    server.last.emit('CandleUpdate', update('BTCUSDT', M0, 65000));
    server.last.emit('CandleUpdate', update('BTCUSDT', M0, 65000, 'OneHour'));

    expect(btc.map((u) => u.candle.close)).toEqual([65000]);
    expect(eth.map((u) => `${u.symbol} ${u.interval} ${u.candle.close}`)).toEqual([
      'ETHUSDT OneMinute 3000',
    ]);
    subs.forEach((sub) => sub.unsubscribe());
  });

  it('never emits a candle older than the last one but lets the last one be replaced', async () => {
    const seen: CandleUpdate[] = [];
    const sub = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe((u) => seen.push(u));
    await settle();

    server.last.emit('CandleUpdate', update('BTCUSDT', M0 + MINUTE, 1));
    server.last.emit('CandleUpdate', update('BTCUSDT', M0, 2));
    server.last.emit('CandleUpdate', update('BTCUSDT', M0 + MINUTE, 3));
    server.last.emit('CandleUpdate', update('BTCUSDT', M0 + 2 * MINUTE, 4));

    expect(closes(seen)).toEqual([
      [MINUTE, 1],
      [MINUTE, 3],
      [2 * MINUTE, 4],
    ]);
    sub.unsubscribe();
  });

  it('drops the older candles of an upstream backfill for every subscriber of the stream, even one that joined during it', async () => {
    // After an upstream gap the api sends the missed candles in order, after newer ones went out.
    const seenByA: CandleUpdate[] = [];
    const seenByB: CandleUpdate[] = [];
    const subA = client
      .candleUpdates$(['BTCUSDT'], ['OneMinute'])
      .subscribe((u) => seenByA.push(u));
    await settle();
    server.last.emit('CandleUpdate', update('BTCUSDT', M0 + 3 * MINUTE, 1));

    const subB = client
      .candleUpdates$(['BTCUSDT', 'ETHUSDT'], ['OneMinute'])
      .subscribe((u) => seenByB.push(u));
    await settle();
    server.last.emit('CandleUpdate', update('BTCUSDT', M0, 2));
    server.last.emit('CandleUpdate', update('BTCUSDT', M0 + MINUTE, 3));
    // The guard is per stream: ETHUSDT emitted nothing yet, so its candle goes out.
    server.last.emit('CandleUpdate', update('ETHUSDT', M0 + MINUTE, 30));
    server.last.emit('CandleUpdate', update('BTCUSDT', M0 + 2 * MINUTE, 4));
    server.last.emit('CandleUpdate', update('BTCUSDT', M0 + 3 * MINUTE, 5));
    server.last.emit('CandleUpdate', update('BTCUSDT', M0 + 4 * MINUTE, 6));

    expect(closes(seenByA)).toEqual([
      [3 * MINUTE, 1],
      [3 * MINUTE, 5],
      [4 * MINUTE, 6],
    ]);
    expect(seenByB.map((u) => [u.symbol, u.candle.time - M0, u.candle.close])).toEqual([
      ['ETHUSDT', MINUTE, 30],
      ['BTCUSDT', 3 * MINUTE, 5],
      ['BTCUSDT', 4 * MINUTE, 6],
    ]);
    subA.unsubscribe();
    subB.unsubscribe();
  });

  it('is safe when a subscriber unsubscribes itself and others during an emission', async () => {
    const seenByA: CandleUpdate[] = [];
    const seenByB: CandleUpdate[] = [];
    const seenByC: CandleUpdate[] = [];
    const key = client.candleUpdates$(['BTCUSDT'], ['OneMinute']);
    const subA: Subscription = key.subscribe((u) => {
      seenByA.push(u);
      subB.unsubscribe();
      subC.unsubscribe();
      subA.unsubscribe();
    });
    const subB = key.subscribe((u) => seenByB.push(u));
    // C listens to the same stream through another combination.
    const subC = client
      .candleUpdates$(['BTCUSDT', 'ETHUSDT'], ['OneMinute'])
      .subscribe((u) => seenByC.push(u));
    await settle();

    expect(() => server.last.emit('CandleUpdate', update('BTCUSDT', M0, 1))).not.toThrow();
    server.last.emit('CandleUpdate', update('BTCUSDT', M0, 2));

    expect(seenByA).toHaveLength(1);
    expect(seenByB).toHaveLength(0);
    expect(seenByC).toHaveLength(0);
    await settle(CONNECTION_LINGER_MS);
    expectNoOpenConnection(server);
  });

  it('gives EMPTY for empty lists and opens no connection', async () => {
    const completed = jest.fn();
    client.candleUpdates$([], ['OneMinute']).subscribe({ complete: completed });
    await settle();
    expect(completed).toHaveBeenCalledTimes(1);
    expect(server.connections).toHaveLength(0);
  });

  it('rejects unsupported symbols and intervals without opening anything', () => {
    expect(() => client.candleUpdates$(['BTCUSDX' as never], ['OneMinute'])).toThrow(
      "Unsupported symbol 'BTCUSDX'",
    );
    expect(() => client.candleUpdates$(['BTCUSDT'], ['2m' as never])).toThrow(
      "Unsupported interval '2m'",
    );
    expect(server.connections).toHaveLength(0);
  });

  it('subscribes once connected when subscribers arrive while it is still connecting', async () => {
    server.holdStarts = true;
    const sub = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    await settle();
    expect(server.last.invocations).toEqual([]);
    expect(states.at(-1)).toBe('Connecting');

    server.finishStart();
    await settle();
    expect(states.at(-1)).toBe('Connected');
    expect(server.last.calls('SubscribeToCandleUpdates')).toHaveLength(1);
    sub.unsubscribe();
  });

  it('ignores a start that finishes after the last subscriber already left', async () => {
    server.holdStarts = true;
    client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe().unsubscribe();
    await settle(CONNECTION_LINGER_MS);
    expect(server.last.stopped).toBe(true);

    server.finishStart();
    await settle();
    expect(server.last.invocations).toEqual([]);
    expect(states.at(-1)).toBe('Disconnected');
    expectNoOpenConnection(server);
  });

  it('reports a refused subscription on errors$ with the hub error as detail', async () => {
    server.holdStarts = true;
    const sub = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    await settle();
    server.last.refusals.set('SubscribeToCandleUpdates', ["Unknown symbol 'BTCUSDT'."]);
    server.finishStart();
    await settle();

    expect(errors.map((e) => [e.kind, e.message, e.detail])).toEqual([
      ['subscription', 'Could not subscribe to live updates.', "Unknown symbol 'BTCUSDT'."],
    ]);
    sub.unsubscribe();
  });
});

describe('CandleHub reconnection', () => {
  it('retries a failed start with 0, 2 and 10 s delays and reports the outage once', async () => {
    server.failNextStarts = 3;
    const sub = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    await settle();
    await settle();
    expect(server.last.startCalls).toBe(2);
    await settle(1_999);
    expect(server.last.startCalls).toBe(2);
    await settle(1);
    expect(server.last.startCalls).toBe(3);
    await settle(9_999);
    expect(server.last.startCalls).toBe(3);
    await settle(1);

    expect(server.last.startCalls).toBe(4);
    expect(states.at(-1)).toBe('Connected');
    expect(server.connections).toHaveLength(1);
    expect(server.last.calls('SubscribeToCandleUpdates')).toHaveLength(1);
    expect(errors.map((e) => e.kind)).toEqual(['connectionFailed']);
    expect(errors[0]!.detail).toContain('ECONNREFUSED');
    sub.unsubscribe();
  });

  it('never gives up: it keeps retrying every 30 s after the first delays', async () => {
    server.failNextStarts = 1_000;
    const sub = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    // 0 + 2 + 10 + 30 s, then every 30 s (random 0.5 = no jitter): 1 + 4 + 10 starts in 6 min.
    await settle(42_000 + 10 * 30_000);
    expect(server.last.startCalls).toBe(15);
    expect(states.at(-1)).toBe('Connecting');
    sub.unsubscribe();
    await settle(CONNECTION_LINGER_MS);
    const calls = server.last.startCalls;
    await settle(5 * 60_000);
    expect(server.last.startCalls).toBe(calls);
  });

  it('resubscribes after a reconnect and emits the missed candles before the held live ones', async () => {
    const seen: CandleUpdate[] = [];
    const sub = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe((u) => seen.push(u));
    await settle();
    const hub = server.last;
    hub.emit('CandleUpdate', update('BTCUSDT', M0, 1));
    hub.emit('CandleUpdate', update('BTCUSDT', M0, 2));

    await settle(3 * MINUTE * 1000);
    hub.drop();
    expect(states.at(-1)).toBe('Reconnecting');

    let answer!: (candles: unknown) => void;
    api.candles = () => new Promise((resolve) => (answer = resolve));
    hub.reconnect();
    await settle();
    expect(states.at(-1)).toBe('Connected');
    expect(hub.calls('SubscribeToCandleUpdates')).toHaveLength(2);
    const [request] = api.requestsTo('/candles');
    expect(Object.fromEntries(request!.searchParams)).toEqual({
      symbol: 'BTCUSDT',
      interval: 'OneMinute',
      limit: '1000',
      startTime: '2026-01-05T10:00:00.000Z',
    });

    // Live updates that arrive while the gap is fetched wait for it.
    hub.emit('CandleUpdate', update('BTCUSDT', M0 + 3 * MINUTE, 6));
    hub.emit('CandleUpdate', update('BTCUSDT', M0 + 2 * MINUTE, 9));
    expect(seen).toHaveLength(2);
    answer([
      candleAt(M0, 3),
      candleAt(M0 + MINUTE, 4),
      candleAt(M0 + 2 * MINUTE, 4.5),
      candleAt(M0 + 3 * MINUTE, 5),
    ]);
    await settle();
    hub.emit('CandleUpdate', update('BTCUSDT', M0 + 4 * MINUTE, 7));

    expect(closes(seen)).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [MINUTE, 4],
      [2 * MINUTE, 4.5],
      [3 * MINUTE, 5],
      [3 * MINUTE, 6],
      [4 * MINUTE, 7],
    ]);
    expect(errors.map((e) => e.kind)).toEqual(['connectionLost']);
    sub.unsubscribe();
  });

  it('backfills from the open time of the subscription when no candle was seen yet', async () => {
    const seen: CandleUpdate[] = [];
    const sub = client.candleUpdates$(['ETHUSDT'], ['FiveMinutes']).subscribe((u) => seen.push(u));
    await settle();
    await settle(10 * MINUTE * 1000);
    api.candles = () => [
      candleAt(M0, 1),
      candleAt(M0 + 5 * MINUTE, 2),
      candleAt(M0 + 10 * MINUTE, 3),
    ];
    server.last.drop();
    server.last.reconnect();
    await settle();

    expect(api.requestsTo('/candles')[0]!.searchParams.get('startTime')).toBe(
      '2026-01-05T10:00:00.000Z',
    );
    expect(closes(seen)).toEqual([
      [0, 1],
      [5 * MINUTE, 2],
      [10 * MINUTE, 3],
    ]);
    sub.unsubscribe();
  });

  it('backfills on the first connect only when a candle closed while connecting', async () => {
    const fast = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    await settle();
    expect(api.requestsTo('/candles')).toHaveLength(0);
    fast.unsubscribe();
    await settle(CONNECTION_LINGER_MS);

    // 0 + 2 + 10 + 30 s of failed starts: the 10:00 candle closes meanwhile.
    server.failNextStarts = 4;
    const seen: CandleUpdate[] = [];
    const slow = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe((u) => seen.push(u));
    api.candles = () => [candleAt(M0, 1), candleAt(M0 + MINUTE, 2)];
    await settle(41_000);
    expect(states.at(-1)).toBe('Connecting');
    await settle(1_000);
    expect(states.at(-1)).toBe('Connected');
    expect(api.requestsTo('/candles')).toHaveLength(1);
    expect(closes(seen)).toEqual([
      [0, 1],
      [MINUTE, 2],
    ]);
    slow.unsubscribe();
  });

  it('pages a long gap until the api returns less than a page', async () => {
    const seen: CandleUpdate[] = [];
    const sub = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe((u) => seen.push(u));
    await settle();
    server.last.emit('CandleUpdate', update('BTCUSDT', M0, 1));
    api.candles = (query) => {
      const start = Date.parse(query.get('startTime')!) / 1000;
      const count = start === M0 ? 1000 : 10;
      return Array.from({ length: count }, (_, i) => candleAt(start + i * MINUTE, 2));
    };
    server.last.drop();
    server.last.reconnect();
    await settle();

    const starts = api.requestsTo('/candles').map((url) => url.searchParams.get('startTime'));
    expect(starts).toEqual([
      '2026-01-05T10:00:00.000Z',
      new Date((M0 + 999 * MINUTE) * 1000).toISOString(),
    ]);
    const times = seen.map((u) => u.candle.time);
    expect(times).toHaveLength(1 + 1000 + 10);
    expect(times.every((time, i) => i === 0 || time >= times[i - 1]!)).toBe(true);
    expect(new Set(times).size).toBe(1009);
    sub.unsubscribe();
  });

  it('reports a failed backfill and then lets the held live updates through', async () => {
    const seen: CandleUpdate[] = [];
    const sub = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe((u) => seen.push(u));
    await settle();
    server.last.emit('CandleUpdate', update('BTCUSDT', M0, 1));
    api.candles = () =>
      new Response('{"detail":"upstream down","code":"UPSTREAM"}', { status: 503 });
    server.last.drop();
    server.last.reconnect();
    server.last.emit('CandleUpdate', update('BTCUSDT', M0 + MINUTE, 2));
    await settle();

    expect(closes(seen)).toEqual([
      [0, 1],
      [MINUTE, 2],
    ]);
    expect(errors.map((e) => [e.kind, e.message, e.detail, e.code])).toEqual([
      [
        'connectionLost',
        'Live updates were interrupted. Reconnecting...',
        'Server timeout elapsed without receiving a message from the server.',
        undefined,
      ],
      [
        'candles',
        'An error occurred while trying to fetch candles data.',
        'upstream down',
        'UPSTREAM',
      ],
    ]);
    sub.unsubscribe();
  });

  it('restarts by itself when the connection is closed for good, then resubscribes and backfills', async () => {
    const seen: CandleUpdate[] = [];
    const sub = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe((u) => seen.push(u));
    await settle();
    server.last.emit('CandleUpdate', update('BTCUSDT', M0, 1));
    api.candles = () => [candleAt(M0, 1.5)];

    server.last.close();
    expect(states.at(-1)).toBe('Reconnecting');
    await settle();

    expect(server.connections).toHaveLength(1);
    expect(server.last.startCalls).toBe(2);
    expect(server.last.calls('SubscribeToCandleUpdates')).toHaveLength(2);
    expect(closes(seen)).toEqual([
      [0, 1],
      [0, 1.5],
    ]);
    sub.unsubscribe();
  });

  it('drops the backfill of a stream whose last subscriber left meanwhile', async () => {
    const seen: CandleUpdate[] = [];
    const sub = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe((u) => seen.push(u));
    await settle();
    let answer!: (candles: unknown) => void;
    api.candles = () => new Promise((resolve) => (answer = resolve));
    server.last.drop();
    server.last.reconnect();
    await settle();
    sub.unsubscribe();
    answer([candleAt(M0, 1)]);
    await settle(CONNECTION_LINGER_MS);

    expect(seen).toEqual([]);
    expect(errors.map((e) => e.kind)).toEqual(['connectionLost']);
    expectNoOpenConnection(server);
  });
});

describe('CandleHub alert watching', () => {
  const triggered: Alert = {
    id: 'a1',
    symbol: 'BTCUSDT',
    type: 'Price',
    condition: 'Crossing',
    frequency: 'OnlyOnce',
    triggerCount: 1,
    valueOnCreation: 60000,
    valueTarget: 65000,
    status: 'Triggered',
    createdAt: '2026-01-05T09:00:00.000Z',
    triggeredAt: '2026-01-05T10:00:10.000Z',
    triggeredValue: 65001,
  };

  it('shares the connection with candles, watches again after a reconnect and emits triggers', async () => {
    const alerts: Alert[] = [];
    const candles = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    const watch = client.watchAlerts$('sub-1').subscribe((alert) => alerts.push(alert));
    const again = client.watchAlerts$('sub-1').subscribe();
    await settle();

    expect(server.connections).toHaveLength(1);
    expect(server.last.calls('WatchAlerts')).toEqual([['sub-1']]);
    server.last.emit('AlertTriggered', triggered);
    expect(alerts).toEqual([triggered]);

    server.last.drop();
    server.last.reconnect();
    await settle();
    expect(server.last.calls('WatchAlerts')).toEqual([['sub-1'], ['sub-1']]);

    candles.unsubscribe();
    await settle(CONNECTION_LINGER_MS);
    expect(server.last.stopped).toBe(false);
    watch.unsubscribe();
    again.unsubscribe();
    await settle(CONNECTION_LINGER_MS);
    expectNoOpenConnection(server);
  });

  it('rejects an empty subscription id', () => {
    expect(() => client.watchAlerts$(' ')).toThrow('non-empty subscription id');
    expect(server.connections).toHaveLength(0);
  });
});

describe('MarketDataClient.dispose', () => {
  it('completes live subscriptions and stops the connection at once', async () => {
    const completed = jest.fn();
    client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe({ complete: completed });
    client.watchAlerts$('sub-1').subscribe({ complete: completed });
    await settle();
    client.dispose();

    expect(completed).toHaveBeenCalledTimes(2);
    expectNoOpenConnection(server);
    expect(() => client.candleUpdates$(['BTCUSDT'], ['OneMinute'])).toThrow('disposed');
  });
});

// Keeps the UnixSeconds brand honest in the helpers above.
export const _m0: UnixSeconds = M0 as UnixSeconds;
