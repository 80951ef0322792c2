import { describe, expect, it } from '@jest/globals';
import {
  ALERT_CONDITIONS,
  type AlertCondition,
  type Candle,
  CONDITION_INFO,
  type FormingBar,
  frequencyPeriod,
  initialMachineState,
  pricePath,
  stepAlert,
  type UnixMillis,
} from '@pairwatch/domain';
import fc from 'fast-check';
import { type AlertRecord } from '../storage/AlertStore';
import {
  type CandleUpdateAt,
  candleUpdatesArbitrary,
} from '../test-support/candleUpdatesArbitrary';
import {
  type PlannedAlert,
  plannedAlertArbitrary,
  plannedAlertRecord,
} from '../test-support/plannedAlert';
import { type EvaluationSink } from './evaluators/ConditionEvaluator';
import { machineAlertOf } from './evaluators/machineAlertOf';
import { StreamEvaluator } from './StreamEvaluator';

// An engine that stops and another that takes over (a restart, or a leader failover) and replays
// the candles in between, as AlertEngine does: the full candles of the missed bars, each observed
// at its close (or at the moment the new engine starts, for the forming one), from alerts as the
// store holds them (trigger count, last firing and its period).

interface Firing {
  readonly id: string;
  readonly at: number;
  readonly barTime: number;
}

const updatesArbitrary = candleUpdatesArbitrary({
  bars: 'byClock',
  minLength: 4,
  maxLength: 50,
  maxSeconds: 25,
});

/** The records of the alerts planned before update `u`, made from the stream as it was then. */
function createdAt(
  updates: readonly CandleUpdateAt[],
  plans: readonly PlannedAlert[],
  u: number,
  stream: FormingBar,
): AlertRecord[] {
  return plans.flatMap((plan, i) =>
    plan.createdBefore === u ? [plannedAlertRecord(`a${i}`, plan, stream, updates[u]!.at - 1)] : [],
  );
}

/**
 * The replay of engine B: each bar from A's last one on, as the market knows it just before
 * `resume`, observed at its close or at B's start, whichever is first (AlertEngine.replay).
 */
function replayed(
  updates: readonly CandleUpdateAt[],
  stop: number,
  resume: number,
): CandleUpdateAt[] {
  const mark = updates[stop - 1]!.candle.time;
  const startsAt = updates[resume - 1]!.at + 1;
  const latest = new Map<number, Candle>();
  for (let u = 0; u < resume; u += 1) {
    const { candle } = updates[u]!;
    if (candle.time >= mark) latest.set(candle.time, candle);
  }
  return [...latest.values()]
    .sort((x, y) => x.time - y.time)
    .map((candle) => ({ candle, at: Math.min(startsAt, (candle.time + 60) * 1000 - 1) }));
}

/**
 * Engine A judges updates [0, stop); engine B starts just before update `resume` (≥ stop), loads
 * the alerts as A left them, replays the bars from A's last one up to update `resume − 1`, and
 * judges the live updates from `resume` on. Returns every firing of both.
 */
function withRestart(
  updates: readonly CandleUpdateAt[],
  plans: readonly PlannedAlert[],
  stop: number,
  resume: number,
): { firings: Firing[]; records: Map<string, AlertRecord> } {
  const firings: Firing[] = [];
  const records = new Map<string, AlertRecord>();
  const ended = new Set<string>();
  const sink: EvaluationSink = {
    fired: (hit) => {
      firings.push({ id: hit.alert.record.id, at: hit.at, barTime: hit.period ?? 0 });
      if (hit.alert.record.frequency === 'OnlyOnce') ended.add(hit.alert.record.id);
    },
    expired: (alert) => ended.add(alert.record.id),
  };
  const a = new StreamEvaluator();
  let stream: FormingBar | undefined;
  for (let u = 0; u < stop; u += 1) {
    if (stream !== undefined) {
      for (const record of createdAt(updates, plans, u, stream)) {
        records.set(record.id, record);
        a.add(record);
      }
    }
    a.onCandle(updates[u]!.candle, updates[u]!.at, sink);
    stream = pricePath(stream, updates[u]!.candle)!.bar;
  }
  // The store's copy of each alert when A stops.
  const b = new StreamEvaluator();
  for (const record of records.values()) {
    if (ended.has(record.id)) continue;
    const armed = a.get(record.id);
    b.add({
      ...record,
      triggerCount: armed?.triggerCount ?? record.triggerCount,
      lastFiredPeriod: armed?.lastFiredPeriod,
      triggeredAt: armed?.lastTriggeredAt as UnixMillis | undefined,
    });
  }
  for (const { candle, at } of replayed(updates, stop, resume)) b.onCandle(candle, at, sink);
  for (let u = resume; u < updates.length; u += 1) {
    b.onCandle(updates[u]!.candle, updates[u]!.at, sink);
  }
  return { firings, records };
}

/**
 * The alerts each judged alone (domain `stepAlert`) fire at least once, as an engine that stops
 * can know them: live over the updates before `stop`; an alert not fired by then is judged again
 * from its creation (its value and forming bar then: nothing else of it is stored) over the
 * candles the market gives for the downtime, then the live updates from `resume` on. The bar that
 * was forming at the stop comes back whole, its high and low in the order `pricePath` assumes:
 * what the live updates showed of its real order is gone with the stopped engine.
 */
function firedAcrossTheStop(
  updates: readonly CandleUpdateAt[],
  plans: readonly PlannedAlert[],
  stop: number,
  resume: number,
): Set<string> {
  const fired = new Set<string>();
  const made: { record: AlertRecord; createdAt: number }[] = [];
  let stream: FormingBar | undefined;
  for (let u = 0; u < stop; u += 1) {
    if (stream !== undefined) {
      for (const record of createdAt(updates, plans, u, stream))
        made.push({ record, createdAt: u });
    }
    stream = pricePath(stream, updates[u]!.candle)!.bar;
  }
  const judge = (record: AlertRecord, observed: readonly CandleUpdateAt[]): boolean => {
    const machine = machineAlertOf(record);
    let state = initialMachineState(machine);
    let bar: FormingBar | undefined = {
      time: record.creationCandleTime,
      high: record.creationHigh,
      low: record.creationLow,
      last: record.valueOnCreation,
    };
    for (const { candle, at } of observed) {
      const own = pricePath(bar, candle);
      if (own === undefined) continue;
      for (const value of own.values) {
        const step = stepAlert(machine, state, { value, barTime: candle.time, at });
        state = step.state;
        if (step.fired) return true;
      }
      bar = own.bar;
    }
    return false;
  };
  const afterStop = [...replayed(updates, stop, resume), ...updates.slice(resume)];
  for (const { record, createdAt: u } of made) {
    if (judge(record, updates.slice(u, stop)) || judge(record, afterStop)) fired.add(record.id);
  }
  return fired;
}

const CROSSINGS: readonly AlertCondition[] = ALERT_CONDITIONS.filter(
  (c) => CONDITION_INFO[c].kind === 'crossing',
);

describe('StreamEvaluator across a restart with a replay', () => {
  it('never repeats a firing: at most once for OnlyOnce, once per bar or minute, never before creation or after expiry', () => {
    fc.assert(
      fc.property(
        updatesArbitrary,
        fc.array(plannedAlertArbitrary({ maxCreatedBefore: 20 }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 1, max: 49 }),
        fc.integer({ min: 0, max: 10 }),
        (updates, plans, stopAt, downtime) => {
          const stop = Math.min(stopAt, updates.length - 1);
          const resume = Math.min(stop + downtime, updates.length - 1);
          fc.pre(stop >= 1 && resume >= stop);
          const { firings, records } = withRestart(updates, plans, stop, resume);
          const seen = new Set<string>();
          for (const firing of firings) {
            const record = records.get(firing.id)!;
            expect(firing.at).toBeGreaterThanOrEqual(record.createdAt);
            if (record.expiresAt !== undefined) expect(firing.at).toBeLessThan(record.expiresAt);
            const period =
              record.frequency === 'OnlyOnce'
                ? 'once'
                : frequencyPeriod(record.frequency, { barTime: firing.barTime, at: firing.at });
            const key = `${firing.id}|${record.frequency === 'OncePerMinute' ? Math.floor(firing.at / 60_000) : period}`;
            expect(seen.has(key)).toBe(false);
            seen.add(key);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  // What happened during the downtime is known from the candles alone (a wick back to an extreme
  // the bar had reached, the order of a bar's high and low): the judge compared with sees them too.
  it('fires an OnlyOnce crossing alert exactly when the alert judged alone would, across the stop', () => {
    fc.assert(
      fc.property(
        updatesArbitrary,
        fc.array(
          plannedAlertArbitrary({
            maxCreatedBefore: 20,
            conditions: CROSSINGS,
            frequencies: ['OnlyOnce'],
            expires: false,
          }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.integer({ min: 1, max: 49 }),
        fc.integer({ min: 0, max: 10 }),
        (updates, plans, stopAt, downtime) => {
          const stop = Math.min(stopAt, updates.length - 1);
          const resume = Math.min(stop + downtime, updates.length - 1);
          fc.pre(stop >= 1 && resume >= stop);
          // Alerts are made while the first engine runs (the second loads them).
          const made = plans.filter((plan) => plan.createdBefore < stop);
          const { firings } = withRestart(updates, made, stop, resume);
          const restarted = new Set(firings.map((f) => f.id));
          expect([...restarted].sort()).toEqual(
            [...firedAcrossTheStop(updates, made, stop, resume)].sort(),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
