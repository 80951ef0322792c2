import { describe, expect, it } from '@jest/globals';
import {
  ALERT_CONDITIONS,
  ALERT_FREQUENCIES,
  type AlertCondition,
  type AlertFrequency,
  type Candle,
  CONDITION_INFO,
  type FormingBar,
  frequencyPeriod,
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
import { type EvaluationSink } from './evaluators/ConditionEvaluator';
import { StreamEvaluator } from './StreamEvaluator';

// An engine that stops and another that takes over (a restart, or a leader failover) and replays
// the candles in between, as AlertEngine does: the full candles of the missed bars, each observed
// at its close (or at the moment the new engine starts, for the forming one), from alerts as the
// store holds them (trigger count, last firing and its period).

const T0 = 1_700_000_040;

interface Update {
  readonly candle: Candle;
  readonly at: number;
}

interface Planned {
  readonly createdBefore: number;
  readonly condition: AlertCondition;
  readonly frequency: AlertFrequency;
  readonly level: number;
  readonly width: number;
  readonly bars: number;
  readonly expiresAfter: number | undefined;
}

interface Firing {
  readonly id: string;
  readonly at: number;
  readonly barTime: number;
}

const updatesArbitrary = fc
  .array(
    fc.record({
      newBar: fc.boolean(),
      open: fc.integer({ min: 90, max: 110 }),
      up: fc.integer({ min: 0, max: 4 }),
      down: fc.integer({ min: 0, max: 4 }),
      close: fc.integer({ min: 0, max: 8 }),
      seconds: fc.integer({ min: 5, max: 25 }),
    }),
    { minLength: 4, maxLength: 50 },
  )
  .map((steps) => {
    const updates: Update[] = [];
    let bar: Candle | undefined;
    let at = T0 * 1000;
    for (const step of steps) {
      // A bar lasts 60 s: a new one opens when the clock says so (at most 25 s per update), so
      // every update's time lies inside its own bar, as on the market.
      at += step.seconds * 1000;
      const barTime = T0 + Math.floor((at / 1000 - T0) / 60) * 60;
      if (bar === undefined || barTime > bar.time || (step.newBar && barTime > bar.time)) {
        const high = step.open + step.up;
        const low = step.open - step.down;
        bar = {
          time: barTime as UnixSeconds,
          open: step.open,
          high,
          low,
          close: Math.min(high, low + step.close),
        };
      } else {
        const high = bar.high + (step.up > 2 ? step.up - 2 : 0);
        const low = bar.low - (step.down > 2 ? step.down - 2 : 0);
        bar = { ...bar, high, low, close: Math.min(high, low + step.close) };
      }
      updates.push({ candle: bar, at });
    }
    return updates;
  });

function recordOf(id: string, plan: Planned, bar: FormingBar, createdAt: number): AlertRecord {
  const move = CONDITION_INFO[plan.condition].shape === 'move';
  return alertRecord(id, 'sub', {
    condition: plan.condition,
    frequency: plan.frequency,
    valueOnCreation: bar.last,
    valueTarget: move ? plan.width : plan.level,
    valueUpper:
      CONDITION_INFO[plan.condition].shape === 'channel' ? plan.level + plan.width : undefined,
    bars: move ? plan.bars : undefined,
    expiresAt:
      plan.expiresAfter === undefined
        ? undefined
        : ((createdAt + plan.expiresAfter * 10_000) as UnixMillis),
    createdAt: createdAt as UnixMillis,
    creationCandleTime: bar.time as UnixSeconds,
    creationHigh: bar.high,
    creationLow: bar.low,
  });
}

/** The records of the alerts planned before update `u`, made from the stream as it was then. */
function createdAt(
  updates: readonly Update[],
  plans: readonly Planned[],
  u: number,
  stream: FormingBar,
): AlertRecord[] {
  return plans.flatMap((plan, i) =>
    plan.createdBefore === u ? [recordOf(`a${i}`, plan, stream, updates[u]!.at - 1)] : [],
  );
}

/**
 * The replay of engine B: each bar from A's last one on, as the market knows it just before
 * `resume`, observed at its close or at B's start, whichever is first (AlertEngine.replay).
 */
function replayed(updates: readonly Update[], stop: number, resume: number): Update[] {
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
  updates: readonly Update[],
  plans: readonly Planned[],
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
 * The alerts fired at least once by a judge that never stopped (domain `stepAlert`, alert by
 * alert) but, for the downtime, saw only what the market's candles tell afterwards: the same
 * updates before `stop` and from `resume` on, and the replayed candles in between.
 */
function firedUninterrupted(
  updates: readonly Update[],
  plans: readonly Planned[],
  stop: number,
  resume: number,
): Set<string> {
  const observed = [
    ...updates.slice(0, stop),
    ...replayed(updates, stop, resume),
    ...updates.slice(resume),
  ];
  const fired = new Set<string>();
  const alerts: {
    id: string;
    machine: MachineAlert;
    state: ReturnType<typeof initialMachineState>;
    bar: FormingBar | undefined;
  }[] = [];
  let stream: FormingBar | undefined;
  observed.forEach(({ candle, at }, u) => {
    // Alerts are made while the first engine runs, so indices before `stop` are the updates'.
    if (stream !== undefined && u < stop) {
      for (const record of createdAt(updates, plans, u, stream)) {
        const machine: MachineAlert = {
          condition: record.condition,
          frequency: record.frequency,
          valueOnCreation: record.valueOnCreation,
          valueTarget: record.valueTarget,
          ...(record.valueUpper !== undefined ? { valueUpper: record.valueUpper } : {}),
        };
        alerts.push({
          id: record.id,
          machine,
          state: initialMachineState(machine),
          bar: { ...stream },
        });
      }
    }
    stream = pricePath(stream, candle)!.bar;
    for (const alert of alerts) {
      const own = pricePath(alert.bar, candle);
      if (own === undefined) continue;
      for (const value of own.values) {
        const step = stepAlert(alert.machine, alert.state, { value, barTime: candle.time, at });
        alert.state = step.state;
        if (step.fired) fired.add(alert.id);
      }
      alert.bar = own.bar;
    }
  });
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
        fc.array(
          fc.record({
            createdBefore: fc.integer({ min: 1, max: 20 }),
            condition: fc.constantFrom(...ALERT_CONDITIONS),
            frequency: fc.constantFrom(...ALERT_FREQUENCIES),
            level: fc.integer({ min: 88, max: 112 }),
            width: fc.integer({ min: 1, max: 8 }),
            bars: fc.integer({ min: 1, max: 4 }),
            expiresAfter: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
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

  // What happened during the downtime is known from the candles alone: a wick back to an extreme
  // the bar had already reached is not in them. So the judge compared with sees them too.
  it('fires an OnlyOnce crossing alert exactly when a judge that never stopped would, seeing the replayed candles', () => {
    fc.assert(
      fc.property(
        updatesArbitrary,
        fc.array(
          fc.record({
            createdBefore: fc.integer({ min: 1, max: 20 }),
            condition: fc.constantFrom(...CROSSINGS),
            frequency: fc.constant<AlertFrequency>('OnlyOnce'),
            level: fc.integer({ min: 88, max: 112 }),
            width: fc.integer({ min: 1, max: 8 }),
            bars: fc.constant(1),
            expiresAfter: fc.constant(undefined),
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
            [...firedUninterrupted(updates, made, stop, resume)].sort(),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
