import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  CONNECTION_LINGER_MS,
  HubConnectionLifecycle,
  type HubSession,
} from './HubConnectionLifecycle';
import { type HubConnectionState } from './HubConnectionState';
import { type MarketDataError } from './MarketDataError';
import { ReconnectPolicy } from './ReconnectPolicy';
import { expectNoOpenConnection, FakeHubServer } from './test-support/FakeHub';
import { settle, START } from './test-support/hubTestBed';

let server: FakeHubServer;
let hub: HubConnectionLifecycle;
let errors: MarketDataError[];
let states: HubConnectionState[];
let sessions: [HubSession, boolean][];

beforeEach(() => {
  jest.useFakeTimers({ now: START });
  server = new FakeHubServer();
  hub = new HubConnectionLifecycle({
    url: 'http://127.0.0.1:5080/candles-hub',
    connect: server.connect,
    reportError: (error) => errors.push(error),
    reconnectPolicy: new ReconnectPolicy(() => 0.5),
  });
  errors = [];
  states = [];
  sessions = [];
  hub.state$.subscribe((state) => states.push(state));
  hub.onConnected((session, resumed) => sessions.push([session, resumed]));
});

afterEach(() => {
  hub.dispose();
  jest.useRealTimers();
});

describe('HubConnectionLifecycle holders', () => {
  it('opens one connection for several holders and stops it a linger after the last release', async () => {
    const first = hub.retain();
    const second = hub.retain();
    await settle();
    expect(server.connections).toHaveLength(1);
    expect(server.last.url).toBe('http://127.0.0.1:5080/candles-hub');
    expect(states).toEqual(['Disconnected', 'Connecting', 'Connected']);

    first();
    first(); // a second call of the same release changes nothing
    await settle(CONNECTION_LINGER_MS);
    expect(server.last.stopped).toBe(false);

    second();
    await settle(CONNECTION_LINGER_MS - 1);
    expect(server.last.stopped).toBe(false);
    await settle(1);
    expectNoOpenConnection(server);
    expect(states.at(-1)).toBe('Disconnected');
    expect(hub.session).toBeUndefined();
  });

  it('keeps the connection for a holder that arrives while it lingers', async () => {
    hub.retain()();
    await settle(CONNECTION_LINGER_MS / 2);
    const next = hub.retain();
    await settle(CONNECTION_LINGER_MS * 2);

    expect(server.connections).toHaveLength(1);
    expect(server.last.stopped).toBe(false);
    next();
    await settle(CONNECTION_LINGER_MS);
    expectNoOpenConnection(server);
  });

  it('detects a deliberately leaked holder, proving the leak assertion can fail', async () => {
    const released = hub.retain();
    const leaked = hub.retain();
    await settle();
    released();
    await settle(CONNECTION_LINGER_MS);

    expect(() => expectNoOpenConnection(server)).toThrow('1 hub connection(s) still held');

    leaked();
    await settle(CONNECTION_LINGER_MS);
    expect(() => expectNoOpenConnection(server)).not.toThrow();
  });

  it('ignores a start that finishes after the last holder already left', async () => {
    server.holdStarts = true;
    hub.retain()();
    await settle(CONNECTION_LINGER_MS);
    expect(server.last.stopped).toBe(true);

    server.finishStart();
    await settle();
    expect(sessions).toEqual([]);
    expect(states.at(-1)).toBe('Disconnected');
    expectNoOpenConnection(server);
  });
});

describe('HubConnectionLifecycle sessions and events', () => {
  it('gives each (re)connection its own session, ended by a drop', async () => {
    hub.retain();
    await settle();
    const [[first, firstResumed]] = sessions as [[HubSession, boolean]];
    expect(firstResumed).toBe(false);
    expect(first.live).toBe(true);
    expect(hub.session).toBe(first);

    server.last.drop();
    expect(first.live).toBe(false);
    expect(hub.session).toBeUndefined();
    expect(states.at(-1)).toBe('Reconnecting');

    server.last.reconnect();
    expect(sessions).toHaveLength(2);
    const [second, resumed] = sessions[1]!;
    expect(resumed).toBe(true);
    expect(second.live).toBe(true);
    expect(first.live).toBe(false);
    await second.invoke('WatchAlerts', 'sub-1');
    expect(server.last.calls('WatchAlerts')).toEqual([['sub-1']]);
  });

  it('forwards the events of the current connection only, to handlers registered before or while it is open', async () => {
    const early: unknown[] = [];
    const late: unknown[] = [];
    hub.on('CandleUpdate', (payload) => early.push(payload));
    const release = hub.retain();
    await settle();
    const stopLate = hub.on('CandleUpdate', (payload) => late.push(payload));
    const old = server.last;
    old.emit('CandleUpdate', 1);
    stopLate();
    old.emit('CandleUpdate', 2);

    release();
    await settle(CONNECTION_LINGER_MS);
    old.emit('CandleUpdate', 3);
    expect(early).toEqual([1, 2]);
    expect(late).toEqual([1]);
  });

  it('ends everything at once on dispose and cannot be retained after', async () => {
    const completed = jest.fn();
    hub.state$.subscribe({ complete: completed });
    hub.retain();
    await settle();
    hub.dispose();

    expectNoOpenConnection(server);
    expect(completed).toHaveBeenCalledTimes(1);
    expect(() => hub.retain()).toThrow('disposed');
  });
});

describe('HubConnectionLifecycle reconnection', () => {
  it('retries a failed start with 0, 2 and 10 s delays and reports the outage once', async () => {
    server.failNextStarts = 3;
    hub.retain();
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
    expect(sessions).toHaveLength(1);
    expect(errors.map((e) => [e.kind, e.message])).toEqual([
      ['connectionFailed', 'Could not connect to live updates. Retrying...'],
    ]);
    expect(errors[0]!.detail).toContain('ECONNREFUSED');
  });

  it('never gives up: it keeps retrying every 30 s after the first delays', async () => {
    server.failNextStarts = 1_000;
    const release = hub.retain();
    // 0 + 2 + 10 + 30 s, then every 30 s (random 0.5 = no jitter): 1 + 4 + 10 starts in 6 min.
    await settle(42_000 + 10 * 30_000);
    expect(server.last.startCalls).toBe(15);
    expect(states.at(-1)).toBe('Connecting');
    release();
    await settle(CONNECTION_LINGER_MS);
    const calls = server.last.startCalls;
    await settle(5 * 60_000);
    expect(server.last.startCalls).toBe(calls);
  });

  it('restarts by itself when the connection is closed for good, as a resumed session', async () => {
    hub.retain();
    await settle();

    server.last.close();
    expect(states.at(-1)).toBe('Reconnecting');
    await settle();

    expect(server.connections).toHaveLength(1);
    expect(server.last.startCalls).toBe(2);
    expect(sessions.map(([, resumed]) => resumed)).toEqual([false, true]);
    expect(states.at(-1)).toBe('Connected');
    expect(errors.map((e) => [e.kind, e.detail])).toEqual([
      ['connectionLost', 'Server returned an error on close.'],
    ]);
  });
});
