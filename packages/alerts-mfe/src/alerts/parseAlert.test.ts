import { describe, expect, it } from '@jest/globals';
import { anAlert } from '../test-support/alerts';
import { isUnreadableAlert } from './AlertEntry';
import { parseAlert } from './parseAlert';

/** An alert as an api before conditions sent it (no condition, frequency, count or interval). */
const OLD_ALERT = {
  id: 'a1',
  symbol: 'BTCUSDT',
  type: 'Price',
  valueOnCreation: 60000,
  valueTarget: 65000,
  status: 'Active',
  createdAt: '2025-01-01T10:00:00.000Z',
};

describe('parseAlert', () => {
  it('reads an alert of an older api with the old meaning of the new fields', () => {
    expect(parseAlert(OLD_ALERT)).toEqual(anAlert({ id: 'a1' }));
  });

  it('gives an older RSI alert its RSI interval, and a triggered one its single firing', () => {
    expect(
      parseAlert({
        ...OLD_ALERT,
        type: 'Rsi',
        interval: 'FourHour',
        status: 'Triggered',
        triggeredAt: '2025-01-02T10:00:00.000Z',
        triggeredValue: 29.5,
      }),
    ).toEqual(
      anAlert({
        id: 'a1',
        type: 'Rsi',
        interval: 'FourHour',
        status: 'Triggered',
        triggerCount: 1,
        lastTriggeredAt: '2025-01-02T10:00:00.000Z',
        triggeredAt: '2025-01-02T10:00:00.000Z',
        triggeredValue: 29.5,
      }),
    );
  });

  it('reads every condition field, the count and the firings', () => {
    const alert = {
      ...OLD_ALERT,
      condition: 'EnteringChannel',
      frequency: 'OncePerBar',
      interval: 'OneHour',
      valueTarget: 2300,
      valueUpper: 2400,
      expiresAt: '2030-01-01T00:00:00.000Z',
      message: 'Range trade',
      triggerCount: 2,
      lastTriggeredAt: '2025-01-03T10:00:00.000Z',
      firings: [
        { at: '2025-01-02T10:00:00.000Z', value: 2310 },
        { at: 'not a date', value: 1 },
        { at: '2025-01-03T10:00:00.000Z', value: 2395 },
      ],
    };
    expect(parseAlert(alert)).toEqual({
      ...alert,
      triggeredAt: '2025-01-03T10:00:00.000Z',
      // The broken firing only decorated the chart: it is left out, the alert stays.
      firings: [
        { at: '2025-01-02T10:00:00.000Z', value: 2310 },
        { at: '2025-01-03T10:00:00.000Z', value: 2395 },
      ],
    });
  });

  it('takes null for an absent optional field', () => {
    expect(
      parseAlert({ ...OLD_ALERT, condition: null, expiresAt: null, valueUpper: null, bars: null }),
    ).toEqual(anAlert({ id: 'a1' }));
  });

  it.each([
    [
      'a condition of a newer version',
      { condition: 'CrossingTwice' },
      'bad condition "CrossingTwice"',
    ],
    ['a frequency of a newer version', { frequency: 'OncePerHour' }, 'bad frequency "OncePerHour"'],
    ['a status of a newer version', { status: 'Paused' }, 'bad status "Paused"'],
    ['a type of a newer version', { type: 'Volume' }, 'bad type "Volume"'],
    ['an unknown symbol', { symbol: 'xrp/usdt' }, 'bad symbol "xrp/usdt"'],
    ['a target that is not a number', { valueTarget: '65000' }, 'bad valueTarget "65000"'],
    ['a missing value', { valueOnCreation: null }, 'bad valueOnCreation null'],
    [
      'a channel without its upper bound',
      { condition: 'InsideChannel' },
      'bad valueUpper undefined',
    ],
    ['a move without its window', { condition: 'MovingUpPercent' }, 'bad bars undefined'],
    ['a window that is not whole', { condition: 'MovingUpPercent', bars: 2.5 }, 'bad bars 2.5'],
    ['a broken expiry', { expiresAt: 'soon' }, 'bad expiresAt "soon"'],
    ['a negative count', { triggerCount: -1 }, 'bad triggerCount -1'],
  ])('reads %s as an alert it cannot show, keeping what it could read', (_, change, problem) => {
    const entry = parseAlert({ ...OLD_ALERT, ...change });
    expect(entry).toEqual({
      kind: 'unreadable',
      id: 'a1',
      symbol: 'symbol' in change ? change.symbol : 'BTCUSDT',
      createdAt: OLD_ALERT.createdAt,
      problem: `alert "a1": ${problem}`,
    });
  });

  it('reads anything that is not an alert as one it cannot show, without an id', () => {
    for (const value of [null, 'alert', 42, { id: '', symbol: 7 }]) {
      const entry = parseAlert(value);
      expect(isUnreadableAlert(entry)).toBe(true);
      expect(entry).toMatchObject({ id: undefined, symbol: undefined, createdAt: undefined });
    }
  });

  it('never takes a readable alert for an unreadable one', () => {
    expect(isUnreadableAlert(parseAlert(OLD_ALERT))).toBe(false);
  });
});
