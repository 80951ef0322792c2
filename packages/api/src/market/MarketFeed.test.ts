import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type Candle } from '@pairwatch/domain';
import pino from 'pino';
import { FakeUpstream } from '../test-support/FakeUpstream';
import { MarketFeed } from './MarketFeed';

const BTC = 'btcusdt@kline_1m';
const ETH = 'ethusdt@kline_1m';
const BNB = 'bnbusdt@kline_1h';

interface Recorder {
  readonly log: string[];
  readonly candles: { stream: string; candle: Candle }[];
}

function setUp(overrides: Partial<ConstructorParameters<typeof MarketFeed>[0]> = {}): {
  feed: MarketFeed;
  upstream: FakeUpstream;
  events: Recorder;
} {
  const upstream = new FakeUpstream();
  const events: Recorder = { log: [], candles: [] };
  const feed = new MarketFeed({
    wsBaseUrl: 'ws://exchange.test',
    connect: upstream.connect,
    logger: pino({ level: 'silent' }),
    random: () => 0.5,
    events: {
      onActive: (stream) => events.log.push(`active ${stream}`),
      onInactive: (stream) => events.log.push(`inactive ${stream}`),
      onCandle: (stream, candle) => events.candles.push({ stream, candle }),
    },
    ...overrides,
  });
  return { feed, upstream, events };
}

describe('MarketFeed', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_704_067_200_000 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('opens one combined-stream connection for the first stream and reports it active once open', () => {
    const { feed, upstream, events } = setUp();
    feed.acquire(BTC);
    feed.acquire(BTC);
    expect(upstream.sockets).toHaveLength(1);
    expect(upstream.last.url).toBe(`ws://exchange.test/stream?streams=${BTC}`);
    expect(events.log).toEqual([]);
    upstream.last.open();
    expect(events.log).toEqual([`active ${BTC}`]);
    expect(feed.connected).toBe(true);
    feed.close();
  });

  it('batches streams added together into one SUBSCRIBE and reports them active on its answer', () => {
    const { feed, upstream, events } = setUp();
    feed.acquire(BTC);
    upstream.last.open();
    feed.acquire(ETH);
    feed.acquire(BNB);
    jest.advanceTimersByTime(300);
    expect(upstream.last.sent.map((s) => s.frame)).toEqual([
      { method: 'SUBSCRIBE', params: [ETH, BNB], id: 1 },
    ]);
    upstream.last.ackAll();
    expect(events.log).toEqual([`active ${BTC}`, `active ${ETH}`, `active ${BNB}`]);
    feed.close();
  });

  it('spaces the frames it sends at least 400 ms apart, pongs included', () => {
    const { feed, upstream } = setUp();
    feed.acquire(BTC);
    const socket = upstream.last;
    socket.open();
    for (let i = 0; i < 6; i += 1) {
      feed.acquire(`s${i}@kline_1m`);
      socket.ping(`p${i}`);
      jest.advanceTimersByTime(i % 2 === 0 ? 10 : 1_000);
      socket.ackAll();
    }
    jest.advanceTimersByTime(5_000);
    socket.ackAll();
    const stamps = socket.frameTimes;
    expect(socket.pongs).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
    expect(socket.sent.length).toBeGreaterThanOrEqual(2);
    expect(stamps.length).toBe(socket.pongs.length + socket.sent.length);
    for (let i = 1; i < stamps.length; i += 1)
      expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThanOrEqual(400);
    feed.close();
  });

  it('answers a ping with a pong carrying the same payload', () => {
    const { feed, upstream } = setUp();
    feed.acquire(BTC);
    upstream.last.open();
    upstream.last.ping('1706630400000');
    jest.advanceTimersByTime(1);
    expect(upstream.last.pongs).toEqual(['1706630400000']);
    feed.close();
  });

  it('unsubscribes a stream when its last reference goes, and closes the idle connection later', () => {
    const { feed, upstream } = setUp({ idleCloseMs: 5_000 });
    feed.acquire(BTC);
    feed.acquire(BTC);
    upstream.last.open();
    feed.release(BTC);
    jest.advanceTimersByTime(300);
    expect(upstream.last.sent).toEqual([]);
    feed.release(BTC);
    jest.advanceTimersByTime(300);
    expect(upstream.last.sent.map((s) => s.frame)).toEqual([
      { method: 'UNSUBSCRIBE', params: [BTC], id: 1 },
    ]);
    expect(upstream.last.closed).toBe('no');
    jest.advanceTimersByTime(5_000);
    expect(upstream.last.closed).toBe('closed');
    feed.close();
  });

  it('passes on candles of wanted streams only', () => {
    const { feed, upstream, events } = setUp();
    feed.acquire(BTC);
    upstream.last.open();
    upstream.last.kline(BTC, 1_704_067_200_000, 42);
    upstream.last.kline(ETH, 1_704_067_200_000, 7);
    feed.release(BTC);
    upstream.last.kline(BTC, 1_704_067_200_000, 43);
    expect(events.candles).toEqual([
      { stream: BTC, candle: expect.objectContaining({ time: 1_704_067_200, close: 42 }) },
    ]);
    feed.close();
  });

  it('reconnects a dropped connection with growing, jittered delays and reports the gap', () => {
    const { feed, upstream, events } = setUp({ reconnectBaseMs: 1_000, random: () => 0 });
    feed.acquire(BTC);
    upstream.last.open();
    feed.acquire(ETH);
    jest.advanceTimersByTime(300);
    upstream.last.ackAll();
    upstream.last.drop();
    expect(events.log.slice(-2)).toEqual([`inactive ${BTC}`, `inactive ${ETH}`]);
    jest.advanceTimersByTime(499);
    expect(upstream.sockets).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(upstream.sockets).toHaveLength(2);
    expect(upstream.last.urlStreams).toEqual([BTC, ETH]);
    upstream.last.drop();
    jest.advanceTimersByTime(999);
    expect(upstream.sockets).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(upstream.sockets).toHaveLength(3);
    upstream.last.open();
    expect(events.log.slice(-2)).toEqual([`active ${BTC}`, `active ${ETH}`]);
    feed.close();
  });

  it('replaces a connection that goes silent', () => {
    const { feed, upstream, events } = setUp({ stallTimeoutMs: 2_000, reconnectBaseMs: 100 });
    feed.acquire(BTC);
    upstream.last.open();
    jest.advanceTimersByTime(1_500);
    upstream.last.kline(BTC, 1_704_067_200_000, 1);
    jest.advanceTimersByTime(1_900);
    expect(upstream.sockets).toHaveLength(1);
    jest.advanceTimersByTime(700);
    expect(upstream.sockets[0]!.closed).toBe('terminated');
    expect(events.log).toContain(`inactive ${BTC}`);
    jest.advanceTimersByTime(200);
    expect(upstream.sockets).toHaveLength(2);
    feed.close();
  });

  it('switches to a new connection on serverShutdown before closing the old one, without a gap', () => {
    const { feed, upstream, events } = setUp();
    feed.acquire(BTC);
    const old = upstream.last;
    old.open();
    old.message({ stream: '!serverShutdown', data: { e: 'serverShutdown', E: 1 } });
    expect(upstream.sockets).toHaveLength(2);
    expect(old.closed).toBe('no');
    old.kline(BTC, 1_704_067_200_000, 1);
    const next = upstream.last;
    next.open();
    expect(old.closed).toBe('closed');
    old.kline(BTC, 1_704_067_200_000, 2);
    next.kline(BTC, 1_704_067_200_000, 3);
    expect(events.log).toEqual([`active ${BTC}`]);
    expect(events.candles.map((c) => c.candle.close)).toEqual([1, 3]);
    feed.close();
  });

  it('replaces a connection before the 24 h limit', () => {
    const { feed, upstream } = setUp({ rotateAfterMs: 60_000, stallTimeoutMs: 10 * 60_000 });
    feed.acquire(BTC);
    upstream.last.open();
    jest.advanceTimersByTime(59_999);
    expect(upstream.sockets).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(upstream.sockets).toHaveLength(2);
    upstream.last.open();
    expect(upstream.sockets[0]!.closed).toBe('closed');
    feed.close();
  });

  it('asks again only after a pause when the upstream refuses a SUBSCRIBE', () => {
    const { feed, upstream, events } = setUp({ stallTimeoutMs: 60_000 });
    feed.acquire(BTC);
    const socket = upstream.last;
    socket.open();
    feed.acquire(ETH);
    jest.advanceTimersByTime(300);
    socket.message({ error: { code: 1, msg: 'Invalid request' }, id: 1 });
    jest.advanceTimersByTime(4_000);
    expect(socket.sent).toHaveLength(1);
    jest.advanceTimersByTime(1_500);
    expect(socket.sent.map((s) => s.frame)).toEqual([
      { method: 'SUBSCRIBE', params: [ETH], id: 1 },
      { method: 'SUBSCRIBE', params: [ETH], id: 2 },
    ]);
    socket.ackAll();
    expect(events.log).toEqual([`active ${BTC}`, `active ${ETH}`]);
    feed.close();
  });

  it('treats an unanswered SUBSCRIBE as a broken connection', () => {
    const { feed, upstream } = setUp({ ackTimeoutMs: 1_000, stallTimeoutMs: 60_000 });
    feed.acquire(BTC);
    upstream.last.open();
    feed.acquire(ETH);
    jest.advanceTimersByTime(20_000);
    expect(upstream.sockets[0]!.closed).toBe('terminated');
    feed.close();
  });

  describe('with several connections', () => {
    const stream = (i: number) => `p${i}usdt@kline_1m`;

    /** Streams each socket carries: its URL's, then what it subscribed. */
    const carried = (upstream: FakeUpstream): string[][] =>
      upstream.sockets.map((socket) => [
        ...socket.urlStreams,
        ...socket.sent.flatMap((s) => (s.frame as { params: string[] }).params),
      ]);

    it('fills each connection up to maxStreamsPerConnection before opening another', () => {
      const { feed, upstream } = setUp({ maxStreamsPerConnection: 3 });
      for (let i = 0; i < 7; i += 1) feed.acquire(stream(i));
      expect(feed.connectionCount).toBe(3);
      for (const socket of upstream.sockets) socket.open();
      jest.advanceTimersByTime(300);
      expect(carried(upstream)).toEqual([
        [stream(0), stream(1), stream(2)],
        [stream(3), stream(4), stream(5)],
        [stream(6)],
      ]);
      feed.close();
    });

    it('puts a new stream in the room a released one left, on the oldest connection', () => {
      const { feed, upstream, events } = setUp({ maxStreamsPerConnection: 2 });
      for (let i = 0; i < 4; i += 1) feed.acquire(stream(i));
      for (const socket of upstream.sockets) socket.open();
      jest.advanceTimersByTime(300);
      for (const socket of upstream.sockets) socket.ackAll();
      feed.release(stream(0));
      feed.acquire(stream(9));
      jest.advanceTimersByTime(600);
      const [first, second] = upstream.sockets;
      first!.ackAll();
      expect(first!.sent.map((s) => s.frame)).toEqual([
        { method: 'SUBSCRIBE', params: [stream(1)], id: 1 },
        { method: 'SUBSCRIBE', params: [stream(9)], id: 2 },
        { method: 'UNSUBSCRIBE', params: [stream(0)], id: 3 },
      ]);
      expect(second!.sent.map((s) => s.frame)).toEqual([
        { method: 'SUBSCRIBE', params: [stream(3)], id: 1 },
      ]);
      expect(upstream.sockets).toHaveLength(2);
      expect(events.log).toContain(`active ${stream(9)}`);
      feed.close();
    });

    it('closes a connection left without streams after idleCloseMs, and only that one', () => {
      const { feed, upstream } = setUp({ maxStreamsPerConnection: 2, idleCloseMs: 5_000 });
      for (let i = 0; i < 4; i += 1) feed.acquire(stream(i));
      for (const socket of upstream.sockets) socket.open();
      feed.release(stream(2));
      feed.release(stream(3));
      jest.advanceTimersByTime(4_999);
      expect(upstream.sockets[1]!.closed).toBe('no');
      jest.advanceTimersByTime(1);
      expect(upstream.sockets.map((socket) => socket.closed)).toEqual(['no', 'closed']);
      expect(feed.connectionCount).toBe(1);
      expect(feed.connected).toBe(true);
      feed.close();
    });

    it('subscribes thousands of streams in batches of 200, each connection under 5 frames/s', () => {
      const { feed, upstream, events } = setUp({ stallTimeoutMs: 10 * 60_000 });
      const wanted = Array.from({ length: 2_500 }, (_, i) => stream(i));
      for (const name of wanted) feed.acquire(name);
      expect(upstream.sockets).toHaveLength(3);
      for (const socket of upstream.sockets) socket.open();
      for (let t = 0; t < 150; t += 1) {
        // Pings (answered with pongs) share the frame budget.
        if (t % 10 === 0) upstream.sockets[(t / 10) % 3]!.ping(`t${t}`);
        jest.advanceTimersByTime(100);
        for (const socket of upstream.sockets) socket.ackAll();
      }
      expect(carried(upstream).map((streams) => streams.length)).toEqual([1024, 1024, 452]);
      expect(new Set(carried(upstream).flat()).size).toBe(2_500);
      for (const socket of upstream.sockets) {
        for (const { frame } of socket.sent)
          expect((frame as { params: string[] }).params.length).toBeLessThanOrEqual(200);
        const stamps = socket.frameTimes;
        for (let i = 1; i < stamps.length; i += 1)
          expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThanOrEqual(400);
      }
      expect(new Set(events.log)).toEqual(new Set(wanted.map((name) => `active ${name}`)));
      feed.close();
    });

    it('shares one new-connection budget between all its connections, and waits when it is spent', () => {
      const { feed, upstream } = setUp({
        maxStreamsPerConnection: 1,
        connectionBudget: { max: 3, windowMs: 60_000 },
        reconnectBaseMs: 100,
        stallTimeoutMs: 10 * 60_000,
      });
      for (let i = 0; i < 4; i += 1) feed.acquire(stream(i));
      expect(upstream.sockets).toHaveLength(3);
      jest.advanceTimersByTime(59_999);
      expect(upstream.sockets).toHaveLength(3);
      jest.advanceTimersByTime(1);
      expect(upstream.sockets).toHaveLength(4);
      for (const socket of upstream.sockets) socket.open();
      // An outage drops them all: the reconnects wait for the window, not just their backoff.
      const openedAt = upstream.sockets.map(() => Date.now() - 60_000);
      openedAt[3] = Date.now();
      for (const socket of upstream.sockets) socket.drop();
      // The three first connections left the window: three reconnect; the 4th waits for it.
      jest.advanceTimersByTime(1_000);
      expect(upstream.sockets).toHaveLength(6);
      for (let i = 0; i < 130; i += 1) {
        const before = upstream.sockets.length;
        jest.advanceTimersByTime(1_000);
        for (let j = before; j < upstream.sockets.length; j += 1) openedAt.push(Date.now());
      }
      expect(upstream.sockets).toHaveLength(8);
      expect(
        upstream.sockets
          .slice(4)
          .map((socket) => socket.urlStreams[0])
          .sort(),
      ).toEqual([0, 1, 2, 3].map(stream));
      for (let i = 3; i < openedAt.length; i += 1)
        expect(openedAt[i]! - openedAt[i - 3]!).toBeGreaterThanOrEqual(60_000 - 1_000);
      feed.close();
    });

    it('switches a connection only once the new one carries every stream (make before break)', () => {
      const { feed, upstream, events } = setUp({
        rotateAfterMs: 60_000,
        stallTimeoutMs: 10 * 60_000,
      });
      feed.acquire(BTC);
      const old = upstream.last;
      old.open();
      jest.advanceTimersByTime(60_000);
      const next = upstream.last;
      expect(next).not.toBe(old);
      feed.acquire(ETH);
      next.open();
      jest.advanceTimersByTime(300);
      old.ackAll();
      expect(old.closed).toBe('no');
      expect(next.sent.map((s) => s.frame)).toEqual([
        { method: 'SUBSCRIBE', params: [ETH], id: 1 },
      ]);
      old.kline(ETH, 1_704_067_200_000, 1);
      next.kline(ETH, 1_704_067_200_000, 2);
      next.ackAll();
      expect(old.closed).toBe('closed');
      next.kline(ETH, 1_704_067_200_000, 3);
      expect(events.log).toEqual([`active ${BTC}`, `active ${ETH}`]);
      expect(events.candles.map((c) => c.candle.close)).toEqual([1, 3]);
      feed.close();
    });

    it('switches anyway after switchTimeoutMs, reporting a gap for what the new one lacks', () => {
      const { feed, upstream, events } = setUp({
        rotateAfterMs: 60_000,
        switchTimeoutMs: 2_000,
        stallTimeoutMs: 10 * 60_000,
      });
      feed.acquire(BTC);
      const old = upstream.last;
      old.open();
      jest.advanceTimersByTime(60_000);
      const next = upstream.last;
      feed.acquire(ETH);
      next.open();
      jest.advanceTimersByTime(300);
      old.ackAll();
      next.message({ error: { code: 2, msg: 'Invalid request' }, id: 1 });
      jest.advanceTimersByTime(1_699);
      expect(old.closed).toBe('no');
      jest.advanceTimersByTime(1);
      expect(old.closed).toBe('closed');
      expect(events.log).toEqual([`active ${BTC}`, `active ${ETH}`, `inactive ${ETH}`]);
      jest.advanceTimersByTime(5_000);
      next.ackAll();
      expect(events.log.at(-1)).toBe(`active ${ETH}`);
      feed.close();
    });
  });
});
