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
      { id: 'p', lineId: 'p', pane: 'price', value: 65_000, tone: 'up' },
      { id: 'q', lineId: 'q', pane: 'price', value: 55_000, tone: 'down' },
      { id: 'r', lineId: 'r', pane: 'rsi', value: 30, tone: 'down' },
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

  it('draws a channel as its two bounds, lower first', () => {
    const channel = anAlert({
      id: 'c',
      condition: 'EnteringChannel',
      valueTarget: 60_000,
      valueUpper: 62_000,
    });
    expect(alertLinesFor([price, channel], 'BTCUSDT', 'OneMinute')).toEqual([
      { id: 'c', lineId: 'c:lower', pane: 'price', value: 60_000, tone: 'channel' },
      { id: 'c', lineId: 'c:upper', pane: 'price', value: 62_000, tone: 'channel' },
      { id: 'p', lineId: 'p', pane: 'price', value: 65_000, tone: 'up' },
    ]);
  });

  it('draws no line for a percent move, whose level moves with the market', () => {
    const move = anAlert({ id: 'm', condition: 'MovingUpPercent', valueTarget: 5, bars: 10 });
    expect(alertLinesFor([move], 'BTCUSDT', 'OneMinute')).toEqual([]);
  });

  it('takes the way of a one-sided condition from the condition, not from the value at creation', () => {
    const tones = alertLinesFor(
      [
        anAlert({ id: '1', condition: 'CrossingUp', valueOnCreation: 70_000 }),
        anAlert({ id: '2', condition: 'CrossingDown', valueOnCreation: 60_000 }),
        anAlert({ id: '3', condition: 'GreaterThan', valueOnCreation: 70_000 }),
        anAlert({ id: '4', condition: 'LessThan', valueOnCreation: 60_000 }),
      ],
      'BTCUSDT',
      'OneMinute',
    ).map((line) => line.tone);
    expect(tones).toEqual(['up', 'down', 'up', 'down']);
  });

  it('draws nothing for expired alerts or alerts the page cannot read', () => {
    const unreadable = {
      kind: 'unreadable',
      id: 'x',
      symbol: 'BTCUSDT',
      createdAt: undefined,
      problem: 'bad condition',
    } as const;
    const expired = { ...price, status: 'Expired' as const };
    expect(alertLinesFor([expired, unreadable], 'BTCUSDT', 'OneMinute')).toEqual([]);
  });

  it('keeps drawing a repeating alert that has fired (it stays Active)', () => {
    const repeating = { ...price, frequency: 'OncePerBar' as const, triggerCount: 3 };
    expect(alertLinesFor([repeating], 'BTCUSDT', 'OneMinute').map((l) => l.id)).toEqual(['p']);
  });
});
