import { describe, expect, it } from '@jest/globals';
import {
  type AlertDirection,
  alertFires,
  type Candle,
  priceSeenSince,
  type UnixSeconds,
} from '@pairwatch/domain';
import fc from 'fast-check';
import { type AlertRecord } from '../storage/AlertStore';
import { alertRecord } from '../test-support/alertRecord';
import { AlertIndex } from './AlertIndex';

const T = 1_700_000_040;
const price = fc.integer({ min: 90, max: 110 });

/** Alerts of one stream, created during the candle before, during or after the one judged. */
const alerts = (type: AlertRecord['type']) =>
  fc
    .array(
      fc.record({
        direction: fc.constantFrom<AlertDirection>('up', 'down'),
        valueTarget: price,
        creationCandleTime: fc.constantFrom(T - 60, T, T + 60),
        creationHigh: price,
        creationLow: price,
      }),
      { maxLength: 30 },
    )
    .map((fields) =>
      fields.map((f, i) =>
        alertRecord(`a${i}`, 's', {
          ...f,
          type,
          interval: type === 'Rsi' ? 'OneMinute' : undefined,
          creationCandleTime: f.creationCandleTime as UnixSeconds,
          creationHigh: Math.max(f.creationHigh, f.creationLow),
          creationLow: Math.min(f.creationHigh, f.creationLow),
        }),
      ),
    );

const candle = fc.tuple(price, price, price).map(([a, b, c]): Candle => {
  const [low, close, high] = [a, b, c].sort((x, y) => x - y) as [number, number, number];
  return { time: T as UnixSeconds, open: close, high, low, close };
});

const byId = (a: { alert: AlertRecord }, b: { alert: AlertRecord }) =>
  a.alert.id.localeCompare(b.alert.id);

// The index finds what a candle reaches by binary search; these tests hold it to a plain scan of
// every alert with domain's rule (priceSeenSince, alertFires), so the shortcut never becomes a
// second rule.
describe('AlertIndex', () => {
  it("takes exactly the price alerts domain's priceSeenSince and alertFires fire, at the price seen", () => {
    fc.assert(
      fc.property(alerts('Price'), candle, (records, bar) => {
        const index = new AlertIndex();
        index.load(records);
        const expected = records.flatMap((alert) => {
          const seen = priceSeenSince(
            { time: alert.creationCandleTime, high: alert.creationHigh, low: alert.creationLow },
            bar,
            alert.direction,
          );
          return seen !== undefined && alertFires(alert.direction, alert.valueTarget, seen)
            ? [{ alert, value: seen }]
            : [];
        });

        const taken = index.takeReachedByPrice('BTCUSDT', bar);

        expect([...taken].sort(byId)).toEqual(expected.sort(byId));
        expect(index.size).toBe(records.length - expected.length);
      }),
      { numRuns: 500 },
    );
  });

  it("takes exactly the RSI alerts created by the candle whose target domain's alertFires says the RSI reaches", () => {
    fc.assert(
      fc.property(alerts('Rsi'), price, (records, rsi) => {
        const index = new AlertIndex();
        index.load(records);
        const expected = records
          .filter(
            (alert) =>
              T >= alert.creationCandleTime && alertFires(alert.direction, alert.valueTarget, rsi),
          )
          .map((alert) => ({ alert, value: rsi }));

        const taken = index.takeReachedByRsi('BTCUSDT', 'OneMinute', T, rsi);

        expect([...taken].sort(byId)).toEqual(expected.sort(byId));
        expect(index.size).toBe(records.length - expected.length);
      }),
      { numRuns: 500 },
    );
  });
});
