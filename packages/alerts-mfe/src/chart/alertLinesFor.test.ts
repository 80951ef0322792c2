import { describe, expect, it } from '@jest/globals';
import { anAlert } from '../test-support/alerts';
import { alertLinesFor } from './alertLinesFor';

describe('alertLinesFor', () => {
  const price = anAlert({ id: 'p', valueOnCreation: 60_000, valueTarget: 65_000 });
  const bearish = anAlert({ id: 'q', valueOnCreation: 60_000, valueTarget: 55_000 });
  const rsi1m = anAlert({
    id: 'r',
    type: 'Rsi',
    interval: 'OneMinute',
    valueTarget: 30,
    valueOnCreation: 50,
  });
  const rsi1h = anAlert({
    id: 's',
    type: 'Rsi',
    interval: 'OneHour',
    valueTarget: 70,
    valueOnCreation: 50,
  });
  const otherSymbol = anAlert({ id: 't', symbol: 'ETHUSDT' });
  const triggered = anAlert({ id: 'u', status: 'Triggered', triggeredAt: '2025-01-01T11:00:00Z' });
  const all = [rsi1h, triggered, otherSymbol, bearish, rsi1m, price];

  it('draws the Active alerts of the shown symbol, price ones in the price pane', () => {
    expect(alertLinesFor(all, 'BTCUSDT', 'OneMinute')).toEqual([
      { id: 'p', pane: 'price', value: 65_000, direction: 'up' },
      { id: 'q', pane: 'price', value: 55_000, direction: 'down' },
      { id: 'r', pane: 'rsi', value: 30, direction: 'down' },
    ]);
  });

  it('draws an RSI alert only on the interval it watches', () => {
    const ids = (interval: 'OneMinute' | 'OneHour' | 'OneDay') =>
      alertLinesFor(all, 'BTCUSDT', interval).map((line) => line.id);
    expect(ids('OneHour')).toEqual(['p', 'q', 's']);
    expect(ids('OneDay')).toEqual(['p', 'q']);
  });

  it('follows the list: a created alert adds a line, a deleted or triggered one takes it away', () => {
    const created = alertLinesFor([price, bearish], 'BTCUSDT', 'OneMinute');
    expect(created.map((line) => line.id)).toEqual(['p', 'q']);
    const deleted = alertLinesFor([price], 'BTCUSDT', 'OneMinute');
    expect(deleted.map((line) => line.id)).toEqual(['p']);
    const fired = alertLinesFor(
      [{ ...price, status: 'Triggered', triggeredAt: '2025-01-01T11:00:00Z' }],
      'BTCUSDT',
      'OneMinute',
    );
    expect(fired).toEqual([]);
  });

  it('shows nothing for another symbol’s alerts', () => {
    expect(alertLinesFor(all, 'ETHUSDT', 'OneMinute').map((line) => line.id)).toEqual(['t']);
    expect(alertLinesFor(all, 'ADAUSDT', 'OneMinute')).toEqual([]);
  });
});
