import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { CandleHub } from './CandleHub';
import { CONNECTION_LINGER_MS } from './HubConnectionLifecycle';
import { type MarketDataError } from './MarketDataError';
import { expectNoOpenConnection, FakeHubServer } from './test-support/FakeHub';
import { settle, START } from './test-support/hubTestBed';

let server: FakeHubServer;
let hub: CandleHub;
let errors: MarketDataError[];

beforeEach(() => {
  jest.useFakeTimers({ now: START });
  server = new FakeHubServer();
  errors = [];
  hub = new CandleHub({
    url: 'http://127.0.0.1:5080/candles-hub',
    connect: server.connect,
    fetchCandlesSince: () => Promise.resolve([]),
    reportError: (error) => errors.push(error),
  });
});

afterEach(() => {
  hub.dispose();
  jest.useRealTimers();
});

describe('CandleHub', () => {
  it('holds one connection while either candle subscriptions or alert watches use it', async () => {
    const states: string[] = [];
    hub.connectionState$.subscribe((state) => states.push(state));
    const candles = hub.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe();
    const alerts = hub.watchAlerts$('sub-1').subscribe();
    await settle();
    expect(server.connections).toHaveLength(1);
    expect(server.last.invocations.map((call) => call.method)).toEqual([
      'SubscribeToCandleUpdates',
      'WatchAlerts',
    ]);

    alerts.unsubscribe();
    await settle(CONNECTION_LINGER_MS);
    expect(server.last.stopped).toBe(false);
    candles.unsubscribe();
    await settle(CONNECTION_LINGER_MS);
    expectNoOpenConnection(server);
    expect(states).toEqual(['Disconnected', 'Connecting', 'Connected', 'Disconnected']);
    expect(errors).toEqual([]);
  });

  it('completes live subscriptions and stops the connection at once on dispose', async () => {
    const completed = jest.fn();
    hub.candleUpdates$(['BTCUSDT'], ['OneMinute']).subscribe({ complete: completed });
    hub.watchAlerts$('sub-1').subscribe({ complete: completed });
    hub.connectionState$.subscribe({ complete: completed });
    await settle();
    hub.dispose();

    expect(completed).toHaveBeenCalledTimes(3);
    expectNoOpenConnection(server);
    expect(() => hub.candleUpdates$(['BTCUSDT'], ['OneMinute'])).toThrow('disposed');
    expect(() => hub.watchAlerts$('sub-1')).toThrow('disposed');
    await settle();
    expect(server.last.calls('UnsubscribeFromCandleUpdates')).toEqual([]);
  });
});
