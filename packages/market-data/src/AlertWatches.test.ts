import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type Alert } from '@pairwatch/domain';
import { CONNECTION_LINGER_MS } from './HubConnectionLifecycle';
import { type MarketDataClient } from './MarketDataClient';
import { type MarketDataError } from './MarketDataError';
import { expectNoOpenConnection, type FakeHubServer } from './test-support/FakeHub';
import { createHubTestBed, settle, START } from './test-support/hubTestBed';

let server: FakeHubServer;
let client: MarketDataClient;
let errors: MarketDataError[];

beforeEach(() => {
  jest.useFakeTimers({ now: START });
  ({ server, client, errors } = createHubTestBed());
});

afterEach(() => {
  client.dispose();
  jest.useRealTimers();
});

const triggered: Alert = {
  id: 'a1',
  symbol: 'ETHBTC',
  type: 'Price',
  condition: 'Crossing',
  frequency: 'OnlyOnce',
  triggerCount: 1,
  valueOnCreation: 0.05,
  valueTarget: 0.06,
  status: 'Triggered',
  createdAt: '2026-01-05T09:00:00.000Z',
  triggeredAt: '2026-01-05T10:00:10.000Z',
  triggeredValue: 0.0601,
};

describe('AlertWatches', () => {
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

  it('reports a refused watch on errors$ with the hub error as detail', async () => {
    server.holdStarts = true;
    const watch = client.watchAlerts$('sub-1').subscribe();
    await settle();
    server.last.refusals.set('WatchAlerts', ['Unknown subscription.']);
    server.finishStart();
    await settle();

    expect(errors.map((e) => [e.kind, e.message, e.detail])).toEqual([
      ['subscription', 'Could not subscribe to live updates.', 'Unknown subscription.'],
    ]);
    watch.unsubscribe();
  });

  it('watches each id once for several subscribers and forgets it once unused', async () => {
    const watch = client.watchAlerts$('sub-1');
    const subs = [watch.subscribe(), watch.subscribe(), client.watchAlerts$('sub-1').subscribe()];
    await settle();
    expect(server.last.calls('WatchAlerts')).toEqual([['sub-1']]);
    expect(client.watchAlerts$('sub-1')).toBe(watch);

    subs.forEach((sub) => sub.unsubscribe());
    expect(client.watchAlerts$('sub-1')).not.toBe(watch);
  });

  it('rejects an empty subscription id', () => {
    expect(() => client.watchAlerts$(' ')).toThrow('non-empty subscription id');
    expect(server.connections).toHaveLength(0);
  });

  it('ignores a malformed trigger', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const alerts: Alert[] = [];
    const watch = client.watchAlerts$('sub-1').subscribe((alert) => alerts.push(alert));
    await settle();
    server.last.emit('AlertTriggered', { symbol: 'BTCUSDT' });
    server.last.emit('AlertTriggered', triggered);

    expect(alerts).toEqual([triggered]);
    expect(warn).toHaveBeenCalledWith('Ignored a malformed AlertTriggered', { symbol: 'BTCUSDT' });
    warn.mockRestore();
    watch.unsubscribe();
  });
});
