import { describe, expect, it } from '@jest/globals';
import { type UnixMillis, type UnixSeconds } from '@pairwatch/domain';
import { type AlertRecord } from '../storage/AlertStore';
import { SortedAlertList } from './SortedAlertList';

function alert(id: string, valueTarget: number, direction: 'up' | 'down'): AlertRecord {
  return {
    id,
    subscriptionId: 's',
    symbol: 'BTCUSDT',
    type: 'Price',
    interval: undefined,
    direction,
    valueOnCreation: 100,
    valueTarget,
    status: 'Active',
    createdAt: 0 as UnixMillis,
    triggeredAt: undefined,
    triggeredValue: undefined,
    creationCandleTime: 0 as UnixSeconds,
    creationHigh: 100,
    creationLow: 100,
  };
}

const fireAll = (a: AlertRecord) => a.valueTarget;

describe('SortedAlertList', () => {
  it('takes exactly the up alerts a value reaches (target at or below it), closest first', () => {
    const list = new SortedAlertList('up');
    list.load([alert('a', 110, 'up'), alert('b', 130, 'up'), alert('c', 120, 'up')]);
    list.insert(alert('d', 120, 'up'));

    const fired = list.takeReached(120, fireAll).map((r) => r.alert.id);

    expect(fired.sort()).toEqual(['a', 'c', 'd']);
    expect(list.items.map((a) => a.id)).toEqual(['b']);
  });

  it('takes exactly the down alerts a value reaches (target at or above it)', () => {
    const list = new SortedAlertList('down');
    list.load([alert('a', 90, 'down'), alert('b', 70, 'down'), alert('c', 80, 'down')]);

    const fired = list.takeReached(80, fireAll).map((r) => r.alert.id);

    expect(fired.sort()).toEqual(['a', 'c']);
    expect(list.items.map((a) => a.id)).toEqual(['b']);
  });

  it('keeps a reached alert whose own check declines, in order', () => {
    const list = new SortedAlertList('up');
    list.load([alert('a', 110, 'up'), alert('b', 105, 'up'), alert('c', 200, 'up')]);

    const fired = list.takeReached(150, (a) => (a.id === 'b' ? undefined : a.valueTarget));

    expect(fired.map((r) => r.alert.id)).toEqual(['a']);
    expect(list.items.map((a) => a.id)).toEqual(['c', 'b']);
  });

  it('removes one alert among equal targets and reports a miss', () => {
    const list = new SortedAlertList('up');
    list.load([alert('a', 110, 'up'), alert('b', 110, 'up')]);

    expect(list.remove({ id: 'b', valueTarget: 110 })).toBe(true);
    expect(list.remove({ id: 'b', valueTarget: 110 })).toBe(false);
    expect(list.items.map((a) => a.id)).toEqual(['a']);
  });

  it('takes nothing when no target is reached', () => {
    const list = new SortedAlertList('up');
    list.load([alert('a', 110, 'up')]);

    expect(list.takeReached(109.99, fireAll)).toEqual([]);
    expect(list.size).toBe(1);
  });
});
