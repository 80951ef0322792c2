import { beforeEach, describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE } from '@pairwatch/domain';
import { ALERTS_STORE_KEY } from '@pairwatch/domain';
import { AlertsStore } from './AlertsStore';
import { anAlert } from '../test-support/alerts';

describe('AlertsStore', () => {
  beforeEach(() => localStorage.clear());

  it('starts with the spec defaults', () => {
    expect(new AlertsStore(localStorage).getState()).toEqual({
      symbol: 'BTCUSDT',
      symbolInfo: undefined,
      symbolInfoStatus: 'unloaded',
      alerts: [],
      interval: 'OneMinute',
    });
  });

  it('persists only the selected symbol under persistent-alerts-store', () => {
    const store = new AlertsStore(localStorage);
    store.setSymbol('ETHUSDT');
    store.setInterval('OneHour');
    expect(JSON.parse(localStorage.getItem(ALERTS_STORE_KEY)!)).toEqual({
      state: { symbol: 'ETHUSDT' },
      version: 0,
    });
    const reloaded = new AlertsStore(localStorage).getState();
    expect(reloaded.symbol).toBe('ETHUSDT');
    expect(reloaded.interval).toBe('OneMinute');
  });

  it('ignores a persisted value that is not a pair id', () => {
    localStorage.setItem(ALERTS_STORE_KEY, JSON.stringify({ state: { symbol: 'xrp/usdt' } }));
    expect(new AlertsStore(localStorage).getState().symbol).toBe('BTCUSDT');
    localStorage.setItem(ALERTS_STORE_KEY, '{not json');
    expect(new AlertsStore(localStorage).getState().symbol).toBe('BTCUSDT');
  });

  it('goes unloaded → loading → loaded for the symbol info', () => {
    const store = new AlertsStore(undefined);
    store.symbolInfoLoading('BTCUSDT');
    expect(store.getState().symbolInfoStatus).toBe('loading');
    store.symbolInfoLoaded('BTCUSDT', DEFAULT_SYMBOL_CATALOGUE.BTCUSDT);
    expect(store.getState()).toMatchObject({
      symbolInfoStatus: 'loaded',
      symbolInfo: DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
    });
  });

  it('goes back to unloaded when the symbol is not returned', () => {
    const store = new AlertsStore(undefined);
    store.symbolInfoLoading('BTCUSDT');
    store.symbolInfoLoaded('BTCUSDT', undefined);
    expect(store.getState().symbolInfoStatus).toBe('unloaded');
  });

  it('keeps the held symbol info object when a refetch returns the same values', () => {
    const store = new AlertsStore(undefined);
    store.symbolInfoLoaded('BTCUSDT', DEFAULT_SYMBOL_CATALOGUE.BTCUSDT);
    store.symbolInfoLoading('BTCUSDT');
    store.symbolInfoLoaded('BTCUSDT', JSON.parse(JSON.stringify(DEFAULT_SYMBOL_CATALOGUE.BTCUSDT)));
    expect(store.getState().symbolInfo).toBe(DEFAULT_SYMBOL_CATALOGUE.BTCUSDT);
    expect(store.getState().symbolInfoStatus).toBe('loaded');
    const finer = {
      ...DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
      priceFormat: { precision: 3, minMove: 0.001 },
    };
    store.symbolInfoLoaded('BTCUSDT', finer);
    expect(store.getState().symbolInfo).toBe(finer);
  });

  it('keeps the last good symbol info when a refresh fails', () => {
    const store = new AlertsStore(undefined);
    store.symbolInfoLoaded('BTCUSDT', DEFAULT_SYMBOL_CATALOGUE.BTCUSDT);
    store.symbolInfoLoading('BTCUSDT');
    store.symbolInfoFailed('BTCUSDT');
    expect(store.getState()).toMatchObject({
      symbolInfo: DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
      symbolInfoStatus: 'loaded',
    });
  });

  it('goes back to unloaded when the first symbol info load fails', () => {
    const store = new AlertsStore(undefined);
    store.symbolInfoLoading('BTCUSDT');
    store.symbolInfoFailed('BTCUSDT');
    expect(store.getState()).toMatchObject({ symbolInfo: undefined, symbolInfoStatus: 'unloaded' });
    store.symbolInfoLoading('BTCUSDT');
    store.symbolInfoFailed('ETHUSDT'); // not the selected symbol
    expect(store.getState().symbolInfoStatus).toBe('loading');
  });

  it('ignores symbol info that arrives for a symbol no longer selected', () => {
    const store = new AlertsStore(undefined);
    store.symbolInfoLoading('BTCUSDT');
    store.setSymbol('ETHUSDT');
    store.symbolInfoLoaded('BTCUSDT', DEFAULT_SYMBOL_CATALOGUE.BTCUSDT);
    expect(store.getState()).toMatchObject({ symbolInfo: undefined, symbolInfoStatus: 'unloaded' });
  });

  it('resets to the defaults but keeps the chosen symbol', () => {
    const store = new AlertsStore(undefined);
    store.setSymbol('ADAUSDT');
    store.setInterval('OneDay');
    store.setAlerts([anAlert()]);
    store.reset();
    expect(store.getState()).toEqual({
      symbol: 'ADAUSDT',
      symbolInfo: undefined,
      symbolInfoStatus: 'unloaded',
      alerts: [],
      interval: 'OneMinute',
    });
  });

  it('updates and removes alerts by id and notifies subscribers', () => {
    const store = new AlertsStore(undefined);
    let notified = 0;
    store.subscribe(() => (notified += 1));
    store.setAlerts([anAlert({ id: 'a' }), anAlert({ id: 'b' })]);
    store.updateAlert(anAlert({ id: 'b', status: 'Triggered' }));
    store.updateAlert(anAlert({ id: 'zzz', status: 'Triggered' }));
    expect(store.getState().alerts.map((a) => [a.id, 'status' in a && a.status])).toEqual([
      ['a', 'Active'],
      ['b', 'Triggered'],
    ]);
    store.removeAlert('a');
    expect(store.getState().alerts.map((a) => a.id)).toEqual(['b']);
    expect(notified).toBe(3);
  });

  it('keeps the listed firings of a repeating alert when a live trigger carries none', () => {
    const store = new AlertsStore(undefined);
    const first = { at: '2025-01-02T10:00:00.000Z', value: 65010 };
    store.setAlerts([anAlert({ frequency: 'OncePerBar', triggerCount: 1, firings: [first] })]);
    store.updateAlert(
      anAlert({
        frequency: 'OncePerBar',
        triggerCount: 2,
        lastTriggeredAt: '2025-01-02T11:00:00.000Z',
        triggeredValue: 64990,
      }),
    );
    expect(store.getState().alerts[0]).toMatchObject({
      triggerCount: 2,
      firings: [first, { at: '2025-01-02T11:00:00.000Z', value: 64990 }],
    });
  });

  it('turns a row into one it cannot show when a live trigger cannot be read', () => {
    const store = new AlertsStore(undefined);
    store.setAlerts([anAlert({ id: 'a' })]);
    const unreadable = {
      kind: 'unreadable',
      id: 'a',
      symbol: 'BTCUSDT',
      createdAt: undefined,
      problem: 'bad condition',
    } as const;
    store.updateAlert(unreadable);
    store.updateAlert({ ...unreadable, id: undefined });
    expect(store.getState().alerts).toEqual([unreadable]);
  });
});
