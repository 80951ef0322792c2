import { describe, expect, it } from '@jest/globals';
import {
  type AlertDirection,
  alertFires,
  type UnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import fc from 'fast-check';
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

  // The sorted-suffix shortcut must be domain's rule, not a second one: for any targets (repeats,
  // fractions, negative zero) and any value, the list takes exactly what alertFires says.
  it("takes exactly the alerts domain's alertFires says a value reaches", () => {
    const number = fc.oneof(
      fc.integer({ min: -20, max: 20 }),
      fc.double({ min: -25, max: 25, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom<AlertDirection>('up', 'down'),
        fc.array(number, { maxLength: 40 }),
        fc.nat({ max: 40 }),
        number,
        (direction, targets, loaded, value) => {
          const alerts = targets.map((target, i) => alert(`a${i}`, target, direction));
          const list = new SortedAlertList(direction);
          list.load(alerts.slice(0, loaded));
          for (const inserted of alerts.slice(loaded)) list.insert(inserted);
          const fires = (a: AlertRecord) => alertFires(direction, a.valueTarget, value);

          const fired = list.takeReached(value, fireAll).map((r) => r.alert.id);

          expect(fired.sort()).toEqual(
            alerts
              .filter(fires)
              .map((a) => a.id)
              .sort(),
          );
          expect(list.items.map((a) => a.id).sort()).toEqual(
            alerts
              .filter((a) => !fires(a))
              .map((a) => a.id)
              .sort(),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('takes nothing when no target is reached', () => {
    const list = new SortedAlertList('up');
    list.load([alert('a', 110, 'up')]);

    expect(list.takeReached(109.99, fireAll)).toEqual([]);
    expect(list.size).toBe(1);
  });
});
