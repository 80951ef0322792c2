import { beforeEach, describe, expect, it } from '@jest/globals';
import { klineEvent } from '../market/Kline';
import { MarketSimulator } from '../market/MarketSimulator';
import { FakeStreamSocket } from '../test-support/FakeStreamSocket';
import { ManualTimers } from '../test-support/ManualTimers';
import { TaskScheduler } from '../timers/TaskScheduler';
import { KlinePusher } from './KlinePusher';
import { parseStreamName, type KlineStream } from './parseStreamName';
import { StreamConnection } from './StreamConnection';

type Event = {
  E: number;
  s: string;
  k: { t: number; i: string; x: boolean; o: string; c: string };
};

/** A whole second (odd), so ticks land on round times and 2 s ticks are a second away. */
const START = Date.UTC(2026, 10, 18, 15, 37, 41);

let timers: ManualTimers;
let market: MarketSimulator;
let connections: Set<StreamConnection>;
let stalled: boolean;

beforeEach(() => {
  timers = new ManualTimers(START);
  market = new MarketSimulator({ seed: 5, clock: timers.now });
  connections = new Set();
  stalled = false;
});

function pusher(tickMs = 2000): KlinePusher {
  return new KlinePusher({
    market,
    connections,
    scheduler: new TaskScheduler(timers, timers.now),
    tickMs,
    stalled: () => stalled,
  });
}

function stream(name: string): KlineStream {
  const parsed = parseStreamName(name);
  if (!parsed) throw new Error(`bad stream ${name}`);
  return parsed;
}

/** A connection subscribed to `names`; returns its socket, which records what it is sent. */
function connect(names: readonly string[], combined = false): FakeStreamSocket {
  const socket = new FakeStreamSocket();
  const connection = new StreamConnection(socket, combined);
  connection.subscribe(names.map(stream));
  connections.add(connection);
  return socket;
}

const events = (socket: FakeStreamSocket): Event[] => socket.takeSent() as Event[];

describe('KlinePusher', () => {
  it('pushes the forming kline as a Binance kline event sent now', () => {
    const socket = connect(['btcusdt@kline_1m']);
    timers.advance(250);
    pusher().pushNow();
    const current = market.currentKline('BTCUSDT', stream('btcusdt@kline_1m').interval);
    expect(socket.sent).toEqual([JSON.stringify(klineEvent(current!, START + 250))]);
    const [event] = events(socket);
    expect(event).toMatchObject({ e: 'kline', E: START + 250, s: 'BTCUSDT' });
    expect(event!.k).toMatchObject({ t: Date.UTC(2026, 10, 18, 15, 37), i: '1m', x: false });
  });

  it('wraps events as {stream, data} for a combined connection, named as subscribed', () => {
    const raw = connect(['bnbusdt@kline_1M']);
    const combined = connect(['bnbusdt@kline_1M', 'btcusdt@kline_1d@+08:00'], true);
    pusher().pushNow();
    const [event] = events(raw);
    expect(events(combined)).toEqual([
      { stream: 'bnbusdt@kline_1M', data: event },
      {
        stream: 'btcusdt@kline_1d@+08:00',
        data: expect.objectContaining({
          k: expect.objectContaining({ t: Date.UTC(2026, 10, 18) - 8 * 3_600_000 }),
        }),
      },
    ]);
  });

  it('pushes every tickMs at multiples on the clock, and 1s streams every second', () => {
    const minute = connect(['ethusdt@kline_1m']);
    const second = connect(['dogeusdt@kline_1s']);
    pusher(2000).start();
    timers.advance(4000);
    expect(events(minute).map((event) => event.E)).toEqual([START + 1000, START + 3000]);
    // Each second closes the previous 1s kline: its final event comes first.
    expect(events(second).map((event) => [event.E - START, event.k.t - START, event.k.x])).toEqual([
      [1000, 1000, false],
      [2000, 1000, true],
      [2000, 2000, false],
      [3000, 2000, true],
      [3000, 3000, false],
      [4000, 3000, true],
      [4000, 4000, false],
    ]);
  });

  it('pushes 1s streams every tick when the tick is shorter than a second', () => {
    const second = connect(['dogeusdt@kline_1s']);
    pusher(400).start();
    timers.advance(1000);
    expect(events(second).map((event) => [event.E - START, event.k.t - START, event.k.x])).toEqual([
      [200, 0, false],
      [600, 0, false],
      [1000, 0, true],
      [1000, 1000, false],
    ]);
  });

  it('sends the final update with x: true when a kline closes, then the next one', () => {
    timers.advance(17_000); // 15:37:58
    const socket = connect(['ethusdt@kline_1m']);
    const push = pusher();
    push.pushNow();
    const [first] = events(socket);
    expect(first!.k.x).toBe(false);
    timers.advance(2_400); // 15:38:00.400
    push.pushNow();
    const [closed, next] = events(socket);
    expect(closed!.k).toMatchObject({ t: first!.k.t, x: true });
    const final = market.kline('ETHUSDT', stream('ethusdt@kline_1m').interval, first!.k.t);
    expect(closed).toEqual(JSON.parse(JSON.stringify(klineEvent(final!, START + 19_400))));
    expect(next!.k).toMatchObject({ t: first!.k.t + 60_000, x: false, o: closed!.k.c });
  });

  it('sends only the latest closed kline when several closed since the last event', () => {
    const socket = connect(['btcusdt@kline_1m']);
    const push = pusher();
    push.pushNow();
    const [first] = events(socket);
    timers.advance(3 * 60_000);
    push.pushNow();
    const [closed, next, ...rest] = events(socket);
    expect(rest).toEqual([]);
    expect(closed!.k).toMatchObject({ t: first!.k.t + 2 * 60_000, x: true });
    expect(next!.k).toMatchObject({ t: first!.k.t + 3 * 60_000, x: false });
  });

  it('pushes nothing while stalled, and the current kline again afterwards', () => {
    const socket = connect(['btcusdt@kline_1m']);
    const push = pusher(100);
    push.start();
    stalled = true;
    timers.advance(1000);
    push.pushNow();
    expect(socket.sent).toEqual([]);
    stalled = false;
    timers.advance(100);
    expect(events(socket).map((event) => event.E)).toEqual([START + 1100]);
  });

  it('pushes the klines of any listed pair, in its own tick size', () => {
    const socket = connect(['pepeusdt@kline_1m', 'solbtc@kline_1h']);
    pusher().pushNow();
    const [pepe, solBtc] = events(socket);
    expect(pepe).toMatchObject({ s: 'PEPEUSDT', k: { i: '1m', x: false } });
    expect(pepe!.k.c).toMatch(/^0\.000\d{5}$/);
    expect(solBtc).toMatchObject({ s: 'SOLBTC', k: { i: '1h' } });
    expect(Number(solBtc!.k.c)).toBeLessThan(0.01);
  });

  it('pushes nothing for a pair out of TRADING, and again once it trades', () => {
    const halted = connect(['solusdt@kline_1m']);
    const other = connect(['btcusdt@kline_1m']);
    const push = pusher(1000);
    push.start();
    timers.advance(1000);
    expect(events(halted)).toHaveLength(1);
    market.statuses.set('SOLUSDT', 'BREAK');
    timers.advance(3000);
    expect(halted.sent).toEqual([]);
    expect(events(other)).toHaveLength(4);
    market.statuses.set('SOLUSDT', 'TRADING');
    timers.advance(1000);
    expect(events(halted).map((event) => [event.s, event.E])).toEqual([['SOLUSDT', START + 5000]]);
  });

  it('sends nothing to a socket that is not open', () => {
    const socket = connect(['btcusdt@kline_1m']);
    socket.terminate();
    pusher().pushNow();
    expect(socket.sent).toEqual([]);
  });
});
