import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type CandleUpdate } from '@pairwatch/domain';
import { type Subscription } from 'rxjs';
import { MAX_SYMBOLS_PER_INVOCATION } from './CandleSubscriptions';
import { CONNECTION_LINGER_MS } from './HubConnectionLifecycle';
import { type HubConnectionState } from './HubConnectionState';
import { type MarketDataClient } from './MarketDataClient';
import { type MarketDataError } from './MarketDataError';
import { candleAt, type FakeApi } from './test-support/FakeApi';
import { expectNoOpenConnection, type FakeHubServer } from './test-support/FakeHub';
import {
  closes,
  createHubTestBed,
  M0,
  MINUTE,
  settle,
  START,
  update,
} from './test-support/hubTestBed';

let server: FakeHubServer;
let api: FakeApi;
let client: MarketDataClient;
let errors: MarketDataError[];
let states: HubConnectionState[];

beforeEach(() => {
  jest.useFakeTimers({ now: START });
  ({ server, api, client, errors, states } = createHubTestBed());
});

afterEach(() => {
  client.dispose();
  jest.useRealTimers();
});

/** `count` well-formed pair ids, sorted: P000USDT, P001USDT, … */
function pairs(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `P${String(i).padStart(3, '0')}USDT`);
}

describe('CandleSubscriptions refcounting', () => {
  it('opens one connection and subscribes once for two subscribers of the same combination', async () => {
    const first = client.candleUpdates$(['BTCUSDT', 'ETHUSDT'], ['OneMinute']).subscribe();
    const second = client.candleUpdates$(['ETHUSDT', 'BTCUSDT'], ['OneMinute']).subscribe();
    await settle();

    expect(server.connections).toHaveLength(1);
    expect(server.last.calls('SubscribeToCandleUpdates')).toEqual([
      [['BTCUSDT', 'ETHUSDT'], ['OneMinute']],
    ]);
    first.unsubscribe();
    second.unsubscribe();
  });

  it('unsubscribes when the last subscriber leaves, then lets the connection go', async () => {
    const first = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    const second = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    await settle();

    first.unsubscribe();
    await settle();
    expect(server.last.calls('UnsubscribeFromCandleUpdates')).toEqual([]);

    second.unsubscribe();
    await settle();
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

  it('unsubscribes only the streams that no other combination still uses', async () => {
    const btc = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    const both = client
      .candleUpdates$(['BTCUSDT', 'ETHUSDT'], ['OneMinute', 'OneHour'])
      .subscribe();
    await settle();

    both.unsubscribe();
    await settle();
    expect(server.last.calls('UnsubscribeFromCandleUpdates')).toEqual([
      [['ETHUSDT'], ['OneMinute']],
      [['BTCUSDT', 'ETHUSDT'], ['OneHour']],
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

  it('shares a combination while it is subscribed and forgets it once unused', async () => {
    const first = client.candleUpdates$(['BTCUSDT'], ['OneMinute']);
    const sub = first.subscribe();
    expect(client.candleUpdates$(['BTCUSDT'], ['OneMinute'])).toBe(first);
    sub.unsubscribe();
    expect(client.candleUpdates$(['BTCUSDT'], ['OneMinute'])).not.toBe(first);
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

  it('rejects malformed symbols and unsupported intervals without opening anything', () => {
    expect(() => client.candleUpdates$(['btc-usdt'], ['OneMinute'])).toThrow(
      "Malformed symbol 'btc-usdt'",
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

describe('CandleSubscriptions for any pairs', () => {
  it('accepts any well-formed pair, not only the ten defaults', async () => {
    const seen: CandleUpdate[] = [];
    const sub = client
      .candleUpdates$(['1000SATSUSDT', 'ETHBTC'], ['OneHour'])
      .subscribe((u) => seen.push(u));
    await settle();
    server.last.emit('CandleUpdate', update('ETHBTC', M0, 0.05, 'OneHour'));

    expect(server.last.calls('SubscribeToCandleUpdates')).toEqual([
      [['1000SATSUSDT', 'ETHBTC'], ['OneHour']],
    ]);
    expect(seen.map((u) => [u.symbol, u.candle.close])).toEqual([['ETHBTC', 0.05]]);
    sub.unsubscribe();
  });

  it('subscribes the streams of a tick in one call per interval, whatever the number of subscribers', async () => {
    const subs = ['SOLUSDT', 'ETHBTC', 'XRPUSDT'].map((symbol) =>
      client.candleUpdates$([symbol], ['OneMinute']).subscribe(),
    );
    subs.push(client.candleUpdates$(['ETHBTC'], ['OneMinute', 'OneDay']).subscribe());
    await settle();

    expect(server.last.calls('SubscribeToCandleUpdates')).toEqual([
      [['ETHBTC', 'SOLUSDT', 'XRPUSDT'], ['OneMinute']],
      [['ETHBTC'], ['OneDay']],
    ]);
    subs.forEach((sub) => sub.unsubscribe());
    await settle();
    expect(server.last.calls('UnsubscribeFromCandleUpdates')).toEqual([
      [['ETHBTC', 'SOLUSDT', 'XRPUSDT'], ['OneMinute']],
      [['ETHBTC'], ['OneDay']],
    ]);
  });

  it('asks only for the streams a new combination adds', async () => {
    const both = client.candleUpdates$(['BTCUSDT', 'ETHUSDT'], ['OneMinute']).subscribe();
    await settle();
    const three = client
      .candleUpdates$(['BTCUSDT', 'ETHUSDT', 'SOLUSDT'], ['OneMinute'])
      .subscribe();
    await settle();

    expect(server.last.calls('SubscribeToCandleUpdates')).toEqual([
      [['BTCUSDT', 'ETHUSDT'], ['OneMinute']],
      [['SOLUSDT'], ['OneMinute']],
    ]);
    both.unsubscribe();
    three.unsubscribe();
  });

  it('sends only the difference when a combination is swapped for another in the same tick', async () => {
    // A positions table gains a pair: its old combination leaves, the new one comes.
    const old = client.candleUpdates$(['BTCUSDT', 'ETHUSDT'], ['OneMinute']).subscribe();
    await settle();
    old.unsubscribe();
    const next = client.candleUpdates$(['ETHUSDT', 'SOLUSDT'], ['OneMinute']).subscribe();
    await settle();

    expect(server.last.calls('UnsubscribeFromCandleUpdates')).toEqual([
      [['BTCUSDT'], ['OneMinute']],
    ]);
    expect(server.last.calls('SubscribeToCandleUpdates')).toEqual([
      [['BTCUSDT', 'ETHUSDT'], ['OneMinute']],
      [['SOLUSDT'], ['OneMinute']],
    ]);
    const seen: CandleUpdate[] = [];
    next.add(
      client.candleUpdates$(['ETHUSDT', 'SOLUSDT'], ['OneMinute']).subscribe((u) => seen.push(u)),
    );
    server.last.emit('CandleUpdate', update('ETHUSDT', M0, 3000));
    expect(seen).toHaveLength(1);
    next.unsubscribe();
  });

  it('sends nothing for a subscription made and dropped within a tick', async () => {
    const keep = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    await settle();
    client.candleUpdates$(['ETHUSDT'], ['OneMinute']).subscribe().unsubscribe();
    await settle();

    expect(server.last.calls('SubscribeToCandleUpdates')).toEqual([[['BTCUSDT'], ['OneMinute']]]);
    expect(server.last.calls('UnsubscribeFromCandleUpdates')).toEqual([]);
    keep.unsubscribe();
  });

  it(`names at most ${MAX_SYMBOLS_PER_INVOCATION} pairs per hub call`, async () => {
    const many = pairs(2 * MAX_SYMBOLS_PER_INVOCATION + 20);
    const sub = client.candleUpdates$(many, ['OneMinute']).subscribe();
    await settle();

    const calls = server.last.calls('SubscribeToCandleUpdates') as [string[], string[]][];
    expect(calls.map(([symbols, intervals]) => [symbols.length, intervals])).toEqual([
      [MAX_SYMBOLS_PER_INVOCATION, ['OneMinute']],
      [MAX_SYMBOLS_PER_INVOCATION, ['OneMinute']],
      [20, ['OneMinute']],
    ]);
    expect(calls.flatMap(([symbols]) => symbols)).toEqual(many);
    sub.unsubscribe();
  });

  it('keeps the live updates of the other pairs when the hub refuses an unlisted one, and reports only that one', async () => {
    const unlisted = "Unknown symbol 'P005USDT'.";
    server.refuseWhen = (method, args) =>
      method === 'SubscribeToCandleUpdates' && (args[0] as string[]).includes('P005USDT')
        ? unlisted
        : undefined;
    const seen: CandleUpdate[] = [];
    const sub = client.candleUpdates$(pairs(8), ['OneMinute']).subscribe((u) => seen.push(u));
    await settle();

    const accepted = server.last
      .calls('SubscribeToCandleUpdates')
      .filter(([symbols]) => !(symbols as string[]).includes('P005USDT'))
      .flatMap(([symbols]) => symbols as string[]);
    expect(accepted.sort()).toEqual(pairs(8).filter((symbol) => symbol !== 'P005USDT'));
    expect(errors.map((e) => [e.kind, e.detail])).toEqual([['subscription', unlisted]]);
    // The search is short: halves, not one call per pair.
    expect(server.last.calls('SubscribeToCandleUpdates').length).toBeLessThanOrEqual(7);

    server.last.emit('CandleUpdate', update('P006USDT', M0, 1));
    expect(seen.map((u) => u.symbol)).toEqual(['P006USDT']);
    sub.unsubscribe();
  });
});

describe('CandleSubscriptions after a reconnection', () => {
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

  it('resubscribes every stream of every combination in batched calls, not the ones released meanwhile', async () => {
    const subs = [
      client.candleUpdates$(['BTCUSDT', 'ETHUSDT'], ['OneMinute']).subscribe(),
      client.candleUpdates$(['ETHBTC'], ['OneMinute', 'OneHour']).subscribe(),
    ];
    const gone = client.candleUpdates$(['SOLUSDT'], ['OneMinute']).subscribe();
    await settle();
    server.last.drop();
    gone.unsubscribe();
    await settle();
    server.last.reconnect();
    await settle();

    expect(server.last.calls('SubscribeToCandleUpdates').slice(2)).toEqual([
      [['BTCUSDT', 'ETHBTC', 'ETHUSDT'], ['OneMinute']],
      [['ETHBTC'], ['OneHour']],
    ]);
    // The hub forgot SOLUSDT with the old connection: nothing to unsubscribe.
    expect(server.last.calls('UnsubscribeFromCandleUpdates')).toEqual([]);
    subs.forEach((sub) => sub.unsubscribe());
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

  it('resubscribes and backfills when the connection is closed for good and restarted', async () => {
    const seen: CandleUpdate[] = [];
    const sub = client.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe((u) => seen.push(u));
    await settle();
    server.last.emit('CandleUpdate', update('BTCUSDT', M0, 1));
    api.candles = () => [candleAt(M0, 1.5)];

    server.last.close();
    await settle();

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
