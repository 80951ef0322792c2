import { describe, expect, it } from '@jest/globals';
import { anAlert } from '../test-support/alerts';
import { alertMarkersFor } from './alertMarkersFor';

describe('alertMarkersFor', () => {
  // 2025-01-01T11:07:42Z: the 1m bar opens at 11:07:00, the 1h bar at 11:00:00.
  const at = '2025-01-01T11:07:42.000Z';
  const minuteBar = Date.UTC(2025, 0, 1, 11, 7) / 1000;
  const hourBar = Date.UTC(2025, 0, 1, 11) / 1000;
  const fired = anAlert({
    id: 'p',
    status: 'Triggered',
    triggeredAt: at,
    triggeredValue: 65_010.5,
  });

  it('puts a triggered price alert on the bar of the shown interval that holds its trigger time', () => {
    expect(alertMarkersFor([fired], 'BTCUSDT', 'OneMinute')).toEqual([
      { id: 'p', pane: 'price', barTime: minuteBar, value: 65_010.5, direction: 'up' },
    ]);
    expect(alertMarkersFor([fired], 'BTCUSDT', 'OneHour')[0]?.barTime).toBe(hourBar);
  });

  it('marks RSI alerts in the RSI pane on their own interval only', () => {
    const rsi = anAlert({
      id: 'r',
      type: 'Rsi',
      interval: 'OneHour',
      valueOnCreation: 50,
      valueTarget: 30,
      status: 'Triggered',
      triggeredAt: at,
      triggeredValue: 29.4,
    });
    expect(alertMarkersFor([rsi], 'BTCUSDT', 'OneMinute')).toEqual([]);
    expect(alertMarkersFor([rsi], 'BTCUSDT', 'OneHour')).toEqual([
      { id: 'r', pane: 'rsi', barTime: hourBar, value: 29.4, direction: 'down' },
    ]);
  });

  it('leaves out active alerts, other symbols and unreadable trigger times, oldest first', () => {
    const earlier = { ...fired, id: 'e', triggeredAt: '2025-01-01T09:00:00.000Z' };
    const markers = alertMarkersFor(
      [
        fired,
        anAlert({ id: 'a' }),
        { ...fired, id: 'x', symbol: 'ETHUSDT' },
        { ...fired, id: 'y', triggeredAt: 'not a date' },
        earlier,
      ],
      'BTCUSDT',
      'OneMinute',
    );
    expect(markers.map((marker) => marker.id)).toEqual(['e', 'p']);
  });

  it('falls back to the target when the api sent no triggered value', () => {
    const { triggeredValue: _dropped, ...withoutValue } = fired;
    expect(alertMarkersFor([withoutValue], 'BTCUSDT', 'OneMinute')[0]?.value).toBe(65_000);
  });

  it('marks each listed firing of a repeating alert, still Active, each with its own id', () => {
    const repeating = anAlert({
      id: 'r',
      frequency: 'OncePerBar',
      triggerCount: 2,
      lastTriggeredAt: '2025-01-01T11:09:00.000Z',
      triggeredValue: 64_990,
      firings: [
        { at: at, value: 65_010 },
        { at: '2025-01-01T11:09:00.000Z', value: 64_990 },
      ],
    });
    expect(alertMarkersFor([repeating], 'BTCUSDT', 'OneMinute')).toEqual([
      { id: 'r:0', pane: 'price', barTime: minuteBar, value: 65_010, direction: 'up' },
      { id: 'r:1', pane: 'price', barTime: minuteBar + 120, value: 64_990, direction: 'down' },
    ]);
  });

  it('marks nothing for an expired alert', () => {
    expect(alertMarkersFor([{ ...fired, status: 'Expired' }], 'BTCUSDT', 'OneMinute')).toEqual([]);
  });

  it.each([
    ['CrossingUp', 64_000, 'up'],
    ['LessThan', 66_000, 'down'],
    ['MovingDownPercent', 60_000, 'down'],
    ['ExitingChannel', 66_500, 'up'],
    ['ExitingChannel', 63_500, 'down'],
    ['EnteringChannel', 65_900, 'down'],
    ['EnteringChannel', 64_100, 'up'],
    ['OutsideChannel', 63_000, 'down'],
  ] as const)('points a %s firing at %d %s', (condition, value, direction) => {
    const alert = anAlert({
      condition,
      valueTarget: 64_000,
      valueUpper: 66_000,
      bars: 5,
      status: 'Triggered',
      triggeredAt: at,
      triggeredValue: value,
    });
    expect(alertMarkersFor([alert], 'BTCUSDT', 'OneMinute')[0]?.direction).toBe(direction);
  });
});
