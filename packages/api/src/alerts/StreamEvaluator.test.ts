import { describe, expect, it } from '@jest/globals';
import {
  type AlertMachineState,
  type Candle,
  type FormingBar,
  initialMachineState,
  type MachineAlert,
  pricePath,
  stepAlert,
  type UnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import fc from 'fast-check';
import { type AlertRecord } from '../storage/AlertStore';
import { alertRecord } from '../test-support/alertRecord';
import {
  type CandleUpdateAt,
  candleUpdatesArbitrary,
  STREAM_T0,
} from '../test-support/candleUpdatesArbitrary';
import {
  type PlannedAlert,
  plannedAlertArbitrary,
  plannedAlertRecord,
} from '../test-support/plannedAlert';
import { type EvaluationSink } from './evaluators/ConditionEvaluator';
import { machineAlertOf } from './evaluators/machineAlertOf';
import { StreamEvaluator } from './StreamEvaluator';

const T0 = STREAM_T0;

/** A candle opening at `time` whose prices are all `price`. */
function candle(time: number, price: number): Candle {
  return { time: time as UnixSeconds, open: price, high: price, low: price, close: price };
}

/** One update of the stream: a candle, and when it is observed (ms). */
const updatesArbitrary = candleUpdatesArbitrary({
  bars: 'byStep',
  minLength: 2,
  maxLength: 60,
  maxSeconds: 40,
});

/** The extremes of the last `count` closed bars, naively; undefined with too few. */
function closedWindow(closed: readonly FormingBar[], count: number) {
  if (count === 0) return { lowestLow: Infinity, highestHigh: -Infinity };
  if (closed.length < count) return undefined;
  const last = closed.slice(-count);
  return {
    lowestLow: Math.min(...last.map((b) => b.low)),
    highestHigh: Math.max(...last.map((b) => b.high)),
  };
}

/**
 * The oracle: every alert judged alone by domain `stepAlert` over the values it observes, with
 * windows computed from scratch. Returns its firings as "id@update=value".
 */
function naiveFirings(
  updates: readonly CandleUpdateAt[],
  plans: readonly PlannedAlert[],
): string[] {
  const fired: string[] = [];
  const alerts: {
    record: AlertRecord;
    machine: MachineAlert;
    state: AlertMachineState;
    bar: FormingBar | undefined;
    from: number;
  }[] = [];
  const closed: FormingBar[] = [];
  let stream: FormingBar | undefined;
  updates.forEach(({ candle, at }, u) => {
    plans.forEach((plan, i) => {
      if (plan.createdBefore !== u || stream === undefined) return;
      const record = plannedAlertRecord(`a${i}`, plan, stream, at - 1);
      alerts.push({
        record,
        machine: machineAlertOf(record),
        state: initialMachineState(machineAlertOf(record)),
        bar: { ...stream },
        from: u,
      });
    });
    const newBar = stream !== undefined && candle.time > stream.time;
    if (newBar && stream !== undefined) {
      closed.push(stream);
      for (const alert of alerts) {
        if (alert.record.frequency !== 'OncePerBarClose') continue;
        if (stream.time < alert.record.creationCandleTime) continue;
        const bars = alert.record.bars;
        const window = bars === undefined ? undefined : closedWindow(closed, bars);
        const step = stepAlert(alert.machine, alert.state, {
          value: stream.last,
          barTime: stream.time,
          at,
          ...(window ? { window } : {}),
        });
        alert.state = step.state;
        if (step.fired) fired.push(`${alert.record.id}@${u}c=${stream.last}`);
      }
    }
    stream = pricePath(stream, candle)!.bar;
    for (const alert of alerts) {
      if (alert.record.frequency === 'OncePerBarClose') continue;
      const own = pricePath(alert.bar, candle);
      if (own === undefined) continue;
      const same = alert.bar !== undefined && alert.bar.time === candle.time;
      let low = same ? alert.bar!.low : Infinity;
      let high = same ? alert.bar!.high : -Infinity;
      for (const value of own.values) {
        low = Math.min(low, value);
        high = Math.max(high, value);
        const bars = alert.record.bars;
        let window: { lowestLow: number; highestHigh: number } | undefined;
        if (bars !== undefined) {
          const past = closedWindow(closed, bars - 1);
          window = past && {
            lowestLow: Math.min(low, past.lowestLow),
            highestHigh: Math.max(high, past.highestHigh),
          };
        }
        const step = stepAlert(alert.machine, alert.state, {
          value,
          barTime: candle.time,
          at,
          ...(window ? { window } : {}),
        });
        alert.state = step.state;
        if (step.fired) fired.push(`${alert.record.id}@${u}=${value}`);
      }
      alert.bar = own.bar;
    }
  });
  return fired.sort();
}

/** The engine's judge over the same updates, alerts added as the api adds them. */
function evaluatorFirings(
  updates: readonly CandleUpdateAt[],
  plans: readonly PlannedAlert[],
): string[] {
  const fired: string[] = [];
  const evaluator = new StreamEvaluator();
  let stream: FormingBar | undefined;
  let update = 0;
  let close = false;
  const sink: EvaluationSink = {
    fired: (hit) => fired.push(`${hit.alert.record.id}@${update}${close ? 'c' : ''}=${hit.value}`),
    expired: () => undefined,
  };
  updates.forEach(({ candle, at }, u) => {
    plans.forEach((plan, i) => {
      if (plan.createdBefore !== u || stream === undefined) return;
      evaluator.add(plannedAlertRecord(`a${i}`, plan, stream, at - 1));
    });
    update = u;
    // Bar-close firings happen inside onCandle, before the new bar's path: tell them apart.
    const closing = stream !== undefined && candle.time > stream.time;
    const sinkWithClose: EvaluationSink = {
      fired: (hit) => {
        close = closing && hit.alert.record.frequency === 'OncePerBarClose';
        sink.fired(hit);
        close = false;
      },
      expired: sink.expired,
    };
    evaluator.onCandle(candle, at, sinkWithClose);
    stream = pricePath(stream, candle)!.bar;
  });
  return fired.sort();
}

describe('StreamEvaluator', () => {
  it('fires exactly what domain stepAlert fires, alert by alert, for every condition × frequency', () => {
    fc.assert(
      fc.property(
        updatesArbitrary,
        fc.array(plannedAlertArbitrary(), { minLength: 1, maxLength: 40 }),
        (updates, plans) => {
          expect(evaluatorFirings(updates, plans)).toEqual(naiveFirings(updates, plans));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('fires a repeating crossing once per crossing, not on every update that sits on the level', () => {
    const evaluator = new StreamEvaluator();
    const fired: number[] = [];
    const sink: EvaluationSink = {
      fired: (hit) => fired.push(hit.value),
      expired: () => undefined,
    };
    const bar = (time: number, close: number): Candle => ({
      time: time as UnixSeconds,
      open: close,
      high: close,
      low: close,
      close,
    });
    evaluator.add(
      alertRecord('flat', 'sub', {
        condition: 'Crossing',
        frequency: 'OncePerBar',
        valueOnCreation: 99,
        valueTarget: 100,
        creationCandleTime: T0 as UnixSeconds,
        creationHigh: 99,
        creationLow: 99,
      }),
    );
    // Up to the level, then sitting on it bar after bar: one crossing.
    for (let i = 0; i < 6; i += 1)
      evaluator.onCandle(bar(T0 + 60 * (i + 1), 100), (T0 + 60 * (i + 1)) * 1000, sink);
    expect(fired).toEqual([100]);
    // A wick below and back within one update, then down through it in a later bar: crossings.
    evaluator.onCandle(
      { time: (T0 + 480) as UnixSeconds, open: 101, high: 101, low: 98, close: 101 },
      (T0 + 480) * 1000,
      sink,
    );
    expect(fired.length).toBeGreaterThan(1);
  });

  it('lets go of a fired OnlyOnce alert and of an expired one', () => {
    const evaluator = new StreamEvaluator();
    const expired: string[] = [];
    const sink: EvaluationSink = {
      fired: () => undefined,
      expired: (alert) => expired.push(alert.record.id),
    };
    const base = {
      valueOnCreation: 99,
      creationCandleTime: T0 as UnixSeconds,
      creationHigh: 99,
      creationLow: 99,
    };
    evaluator.add(
      alertRecord('once', 'sub', { ...base, condition: 'CrossingUp', valueTarget: 100 }),
    );
    evaluator.add(
      alertRecord('late', 'sub', {
        ...base,
        condition: 'CrossingUp',
        valueTarget: 200,
        expiresAt: ((T0 + 90) * 1000) as UnixMillis,
      }),
    );
    evaluator.onCandle(candle(T0 + 60, 101), (T0 + 60) * 1000, sink);
    expect(evaluator.ids()).toEqual(['late']);
    evaluator.onCandle(candle(T0 + 120, 201), (T0 + 120) * 1000, sink);
    expect(expired).toEqual(['late']);
    expect(evaluator.size).toBe(0);
  });

  it('keeps the entry of an alert that ended by firing until it is settled, and holds it no more meanwhile', () => {
    const evaluator = new StreamEvaluator();
    const fired: string[] = [];
    const sink: EvaluationSink = {
      fired: (hit) => fired.push(hit.alert.record.id),
      expired: () => undefined,
    };
    const record = alertRecord('once', 'sub', {
      valueOnCreation: 99,
      creationCandleTime: T0 as UnixSeconds,
      creationHigh: 99,
      creationLow: 99,
      condition: 'CrossingUp',
      valueTarget: 100,
    });
    evaluator.add(record);
    evaluator.onCandle(candle(T0 + 60, 99), (T0 + 60) * 1000, sink);
    evaluator.onCandle(candle(T0 + 60, 101), (T0 + 61) * 1000, sink);
    expect(fired).toEqual(['once']);
    // Fired and unsettled: not held, not counted, not removable twice.
    expect(evaluator.size).toBe(0);
    expect(evaluator.get('once')).toBeUndefined();
    expect(evaluator.ids()).toEqual([]);
    expect(evaluator.earliestCreation()).toBeUndefined();
    // Watched again before it was settled (the engine re-adds a firing it could not record).
    expect(evaluator.add(record)).toBe(true);
    expect(evaluator.size).toBe(1);
    evaluator.settleEnded('once');
    expect(evaluator.get('once')).toBeDefined();
    expect(evaluator.remove('once')?.record.id).toBe('once');
    expect(evaluator.size).toBe(0);
    expect(evaluator.add(record)).toBe(true);
    expect(evaluator.size).toBe(1);
  });
});
