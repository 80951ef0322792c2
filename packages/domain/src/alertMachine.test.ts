import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  type AlertMachineState,
  type AlertObservation,
  type AlertStep,
  type FormingBar,
  frequencyPeriod,
  initialMachineState,
  type MachineAlert,
  mayFireAgain,
  pricePath,
  stepAlert,
} from './alertMachine';
import { alertDirection, alertFires } from './alertRules';
import { type Candle } from './candles';
import { type UnixSeconds } from './time';

/** A candle update as pricePath reads it. */
function candle(time: number, open: number, high: number, low: number, close: number): Candle {
  return { time: time as UnixSeconds, open, high, low, close };
}

/** An alert with the defaults of a new one: `OnlyOnce`, no expiry. */
function alert(fields: Partial<MachineAlert> & Pick<MachineAlert, 'condition'>): MachineAlert {
  return { frequency: 'OnlyOnce', valueTarget: 100, valueOnCreation: 90, ...fields };
}

/** One observed value: by default in bar 0, a second after the one before (see {@link run}). */
type Seen = number | (Partial<AlertObservation> & { value: number });

/** Runs an alert over values from its creation; the steps, and the indexes it fired at. */
function run(
  subject: MachineAlert,
  values: readonly Seen[],
  from: AlertMachineState = initialMachineState(subject),
): { steps: AlertStep[]; fired: number[]; state: AlertMachineState } {
  let state = from;
  const steps: AlertStep[] = [];
  values.forEach((seen, i) => {
    const observation = typeof seen === 'number' ? { value: seen } : seen;
    const step = stepAlert(subject, state, { barTime: 0, at: (i + 1) * 1000, ...observation });
    steps.push(step);
    state = step.state;
  });
  const fired = steps.flatMap((step, i) => (step.fired ? [i] : []));
  return { steps, fired, state };
}

/** The values one candle update shows an alert, stepped through at one instant. */
function observeUpdate(
  subject: MachineAlert,
  state: AlertMachineState,
  bar: FormingBar | undefined,
  update: Candle,
): { fired: number[]; values: number[]; state: AlertMachineState; bar: FormingBar } {
  const path = pricePath(bar, update);
  if (path === undefined) throw new Error('the update is older than the bar');
  const result = run(
    subject,
    path.values.map((value, i) => ({ value, barTime: update.time, at: update.time * 1000 + i })),
    state,
  );
  return { fired: result.fired, values: path.values, state: result.state, bar: path.bar };
}

describe('pricePath', () => {
  const bar: FormingBar = { time: 60, high: 105, low: 95, last: 100 };

  it('shows only the close of the same bar while its extremes stay as they were', () => {
    expect(pricePath(bar, candle(60, 98, 105, 95, 101))).toEqual({
      values: [101],
      bar: { time: 60, high: 105, low: 95, last: 101 },
    });
  });

  it('shows a new high (or low) of the same bar before its close', () => {
    expect(pricePath(bar, candle(60, 98, 107, 95, 101))?.values).toEqual([107, 101]);
    expect(pricePath(bar, candle(60, 98, 105, 93, 101))?.values).toEqual([93, 101]);
  });

  it('shows both new extremes of the same bar nearer to the last price first, then the close', () => {
    // Last 100: the low 94 (6 away) before the high 108 (8 away).
    expect(pricePath(bar, candle(60, 98, 108, 94, 101))).toEqual({
      values: [94, 108, 101],
      bar: { time: 60, high: 108, low: 94, last: 101 },
    });
    // The high 106 (6 away) before the low 90 (10 away).
    expect(pricePath(bar, candle(60, 98, 106, 90, 99))?.values).toEqual([106, 90, 99]);
    // Equally far: the high first.
    expect(pricePath(bar, candle(60, 98, 106, 94, 99))?.values).toEqual([106, 94, 99]);
  });

  it('measures nearness from the last price seen, not the open', () => {
    const lastHigh: FormingBar = { ...bar, last: 104 };
    // From 104: the high 106 is 2 away, the low 94 is 10 away; from the open 98 it is the reverse.
    expect(pricePath(lastHigh, candle(60, 98, 106, 94, 99))?.values).toEqual([106, 94, 99]);
    const lastLow: FormingBar = { ...bar, last: 96 };
    expect(pricePath(lastLow, candle(60, 98, 106, 94, 99))?.values).toEqual([94, 106, 99]);
  });

  it('shows nothing of a candle older than the bar', () => {
    expect(pricePath(bar, candle(0, 100, 200, 1, 150))).toBeUndefined();
  });

  it('shows a new bar in full: its open, its extremes nearer to the open first, its close', () => {
    // Open 103: the low 101 (2 away) before the high 110 (7 away).
    expect(pricePath(bar, candle(120, 103, 110, 101, 104))).toEqual({
      values: [103, 101, 110, 104],
      bar: { time: 120, high: 110, low: 101, last: 104 },
    });
    expect(pricePath(bar, candle(120, 103, 104, 90, 95))?.values).toEqual([103, 104, 90, 95]);
  });

  it('shows the first candle (no bar yet) in full', () => {
    expect(pricePath(undefined, candle(0, 100, 102, 97, 101))).toEqual({
      values: [100, 102, 97, 101],
      bar: { time: 0, high: 102, low: 97, last: 101 },
    });
  });

  it('keeps a gap: a new bar opening beyond a level crosses it at the open', () => {
    const crossingUp = alert({ condition: 'CrossingUp', valueTarget: 102, valueOnCreation: 100 });
    const seen = observeUpdate(
      crossingUp,
      initialMachineState(crossingUp),
      bar,
      candle(120, 103, 103, 103, 103),
    );
    expect(seen.values[0]).toBe(103);
    expect(seen.fired).toEqual([0]);
  });
});

describe('frequencyPeriod', () => {
  const observation = { barTime: 120, at: 185_000 };

  it('is none for OnlyOnce, the bar for the per-bar ones, the wall-clock minute for OncePerMinute', () => {
    expect(frequencyPeriod('OnlyOnce', observation)).toBeUndefined();
    expect(frequencyPeriod('OncePerBar', observation)).toBe(120);
    expect(frequencyPeriod('OncePerBarClose', observation)).toBe(120);
    expect(frequencyPeriod('OncePerMinute', observation)).toBe(3);
    expect(frequencyPeriod('OncePerMinute', { barTime: 120, at: 179_999 })).toBe(2);
  });
});

describe('mayFireAgain', () => {
  it('refuses a firing at or before the last one (a replay of candles judged live)', () => {
    const state = { lastFiredPeriod: undefined, lastTriggeredAt: 5000 };
    expect(mayFireAgain(state, undefined, 4999)).toBe(false);
    expect(mayFireAgain(state, undefined, 5000)).toBe(false);
    expect(mayFireAgain(state, undefined, 5001)).toBe(true);
  });

  it('refuses a firing in the period it fired in already, even later', () => {
    const state = { lastFiredPeriod: 60, lastTriggeredAt: 5000 };
    expect(mayFireAgain(state, 60, 9000)).toBe(false);
    expect(mayFireAgain(state, 120, 9000)).toBe(true);
    expect(mayFireAgain(state, 120, 5000)).toBe(false);
  });

  it('allows the first firing', () => {
    const state = { lastFiredPeriod: undefined, lastTriggeredAt: undefined };
    expect(mayFireAgain(state, undefined, 0)).toBe(true);
    expect(mayFireAgain(state, 0, 0)).toBe(true);
  });
});

describe('stepAlert: crossings', () => {
  it('counts a wick that pierces the level and comes back within one update as a crossing', () => {
    const crossingUp = alert({ condition: 'CrossingUp', valueTarget: 102, valueOnCreation: 100 });
    const bar: FormingBar = { time: 60, high: 101, low: 99, last: 100 };
    const wick = candle(60, 100, 103, 99, 100.5);
    const seen = observeUpdate(crossingUp, initialMachineState(crossingUp), bar, wick);
    expect(seen.values).toEqual([103, 100.5]);
    expect(seen.fired).toEqual([0]);
    expect(seen.state.ended).toBe('Triggered');
    // The close alone would not have reached the level.
    expect(run(crossingUp, [100.5]).fired).toEqual([]);
  });

  it('fires a repeating Crossing alert once for a flat price sitting exactly on the level', () => {
    const crossing = alert({
      condition: 'Crossing',
      valueTarget: 102,
      valueOnCreation: 100,
      frequency: 'OncePerBar',
    });
    const flat = [0, 60, 120, 180, 240].map((barTime) => ({ value: 102, barTime }));
    expect(run(crossing, flat).fired).toEqual([0]);
    // It fires again once the price left the level and came back.
    expect(
      run(crossing, [...flat, { value: 101, barTime: 300 }, { value: 102, barTime: 360 }]).fired,
    ).toEqual([0, 6]);
  });

  it('fires a repeating Crossing alert once per minute for a flat price once, not every minute', () => {
    const crossing = alert({
      condition: 'Crossing',
      valueTarget: 102,
      valueOnCreation: 104,
      frequency: 'OncePerMinute',
    });
    const flat = [1, 2, 3, 4].map((minute) => ({ value: 102, at: minute * 60_000 }));
    expect(run(crossing, flat).fired).toEqual([0]);
  });

  it('fires a repeating Crossing alert both ways, with the change that fired it', () => {
    const crossing = alert({
      condition: 'Crossing',
      valueTarget: 100,
      valueOnCreation: 95,
      frequency: 'OncePerBar',
    });
    const result = run(crossing, [
      { value: 101, barTime: 60 },
      { value: 99, barTime: 120 },
    ]);
    expect(result.fired).toEqual([0, 1]);
    expect(result.steps.map((step) => step.change)).toEqual(['upThroughLower', 'downThroughUpper']);
  });

  it('needs a repeating CrossingUp alert to go back below the level before it fires again', () => {
    const crossingUp = alert({
      condition: 'CrossingUp',
      valueTarget: 100,
      valueOnCreation: 95,
      frequency: 'OncePerBar',
    });
    const values = [100, 101, 100, 100.5, 99, 100].map((value, i) => ({ value, barTime: i * 60 }));
    const result = run(crossingUp, values);
    expect(result.fired).toEqual([0, 5]);
    expect(result.state.triggerCount).toBe(2);
  });

  it('crosses a level jumped over in one step, either way', () => {
    const up = run(alert({ condition: 'Crossing', valueTarget: 102, valueOnCreation: 100 }), [105]);
    expect(up.fired).toEqual([0]);
    expect(up.steps[0]?.change).toBe('upThroughLower');
    const down = run(
      alert({ condition: 'CrossingDown', valueTarget: 102, valueOnCreation: 105 }),
      [99],
    );
    expect(down.fired).toEqual([0]);
    expect(down.steps[0]?.change).toBe('downThroughUpper');
  });

  it('fires a Crossing alert created exactly at its level at the first value at or below it', () => {
    const crossing = alert({ condition: 'Crossing', valueTarget: 100, valueOnCreation: 100 });
    expect(run(crossing, [100.5, 101, 100]).fired).toEqual([2]);
    const crossingDown = alert({
      condition: 'CrossingDown',
      valueTarget: 100,
      valueOnCreation: 100,
    });
    expect(run(crossingDown, [100]).fired).toEqual([0]);
  });

  it('does not fire a CrossingUp alert created exactly at its level until it comes up from below', () => {
    const crossingUp = alert({ condition: 'CrossingUp', valueTarget: 100, valueOnCreation: 100 });
    expect(run(crossingUp, [100, 100.5, 100, 99.5]).fired).toEqual([]);
    expect(run(crossingUp, [100, 99.5, 100]).fired).toEqual([2]);
  });
});

describe('stepAlert: states', () => {
  it('fires a GreaterThan alert that holds at creation at the first value', () => {
    const greater = alert({ condition: 'GreaterThan', valueTarget: 100, valueOnCreation: 110 });
    const result = run(greater, [110, 111]);
    expect(result.fired).toEqual([0]);
    expect(result.state.ended).toBe('Triggered');
  });

  it('does not count a value on the level as greater or less', () => {
    expect(run(alert({ condition: 'GreaterThan', valueTarget: 100 }), [100, 100]).fired).toEqual(
      [],
    );
    expect(run(alert({ condition: 'LessThan', valueTarget: 100 }), [100, 99.99]).fired).toEqual([
      1,
    ]);
  });

  it('fires a OncePerBar alert at most once per bar while it holds', () => {
    const greater = alert({
      condition: 'GreaterThan',
      valueTarget: 100,
      valueOnCreation: 110,
      frequency: 'OncePerBar',
    });
    const result = run(greater, [
      { value: 110, barTime: 60 },
      { value: 112, barTime: 60 },
      { value: 111, barTime: 60 },
      { value: 111, barTime: 120 },
      { value: 113, barTime: 120 },
      { value: 99, barTime: 180 },
      { value: 105, barTime: 180 },
    ]);
    expect(result.fired).toEqual([0, 3, 6]);
    expect(result.state).toMatchObject({ triggerCount: 3, lastFiredPeriod: 180, ended: undefined });
  });

  it('fires a OncePerMinute alert at most once per wall-clock minute, whatever the bar', () => {
    const inside = alert({
      condition: 'InsideChannel',
      valueTarget: 100,
      valueUpper: 110,
      valueOnCreation: 105,
      frequency: 'OncePerMinute',
    });
    const ats = [50_000, 59_000, 60_000, 119_999, 120_000];
    const result = run(
      inside,
      ats.map((at) => ({ value: 105, at, barTime: 0 })),
    );
    // 60 s is a new minute though only 10 s passed since the firing at 50 s.
    expect(result.fired).toEqual([0, 2, 4]);
    expect(result.state.lastTriggeredAt).toBe(120_000);
  });

  it('fires Inside and Outside channel alerts on the bounds as inside', () => {
    const channel = { valueTarget: 100, valueUpper: 110, frequency: 'OncePerBar' as const };
    const values = [99, 100, 110, 111].map((value, i) => ({ value, barTime: i * 60 }));
    expect(run(alert({ condition: 'InsideChannel', ...channel }), values).fired).toEqual([1, 2]);
    expect(run(alert({ condition: 'OutsideChannel', ...channel }), values).fired).toEqual([0, 3]);
  });
});

describe('stepAlert: ending', () => {
  it('ends an OnlyOnce alert Triggered, and it observes nothing more', () => {
    const crossing = alert({ condition: 'Crossing', valueTarget: 100, valueOnCreation: 90 });
    const result = run(crossing, [95, 100, 90, 100, 110]);
    expect(result.fired).toEqual([1]);
    expect(result.state).toMatchObject({
      ended: 'Triggered',
      triggerCount: 1,
      lastTriggeredAt: 2000,
    });
    expect(result.steps[4]?.state).toBe(result.steps[2]?.state);
  });

  it('ends an alert Expired at its expiry and never fires at or after it', () => {
    const greater = alert({
      condition: 'GreaterThan',
      valueTarget: 100,
      valueOnCreation: 90,
      frequency: 'OncePerBar',
      expiresAt: 10_000,
    });
    const result = run(greater, [
      { value: 110, at: 9_999, barTime: 0 },
      { value: 120, at: 10_000, barTime: 60 },
      { value: 130, at: 10_001, barTime: 120 },
    ]);
    expect(result.fired).toEqual([0]);
    expect(result.steps[1]?.state.ended).toBe('Expired');
    expect(result.state).toMatchObject({ ended: 'Expired', triggerCount: 1 });
  });

  it('expires an alert unfired when the first value that would fire it comes at its expiry', () => {
    const crossing = alert({ condition: 'Crossing', valueTarget: 100, expiresAt: 5000 });
    const result = run(crossing, [{ value: 101, at: 5000 }]);
    expect(result.fired).toEqual([]);
    expect(result.state).toMatchObject({ ended: 'Expired', triggerCount: 0 });
  });

  it('does not fire again on a replayed value at or before its last firing', () => {
    const greater = alert({
      condition: 'GreaterThan',
      valueTarget: 100,
      valueOnCreation: 110,
      frequency: 'OncePerBar',
    });
    const result = run(greater, [
      { value: 110, barTime: 60, at: 5000 },
      { value: 110, barTime: 120, at: 5000 },
      { value: 110, barTime: 120, at: 4000 },
      { value: 110, barTime: 120, at: 5001 },
    ]);
    expect(result.fired).toEqual([0, 3]);
  });
});

describe('stepAlert: channels', () => {
  const channel = { valueTarget: 2300, valueUpper: 2400, frequency: 'OncePerBar' as const };
  const bars = (values: number[]) => values.map((value, i) => ({ value, barTime: i * 60 }));

  it('fires EnteringChannel on reaching a bound from outside, either side', () => {
    const entering = alert({ condition: 'EnteringChannel', ...channel, valueOnCreation: 2200 });
    const result = run(entering, bars([2250, 2300, 2350, 2450, 2400, 2399]));
    expect(result.fired).toEqual([1, 4]);
    expect(result.steps.map((step) => step.change)).toEqual([
      undefined,
      'upThroughLower',
      undefined,
      undefined,
      'downThroughUpper',
      undefined,
    ]);
  });

  it('fires ExitingChannel on leaving past a bound, not on touching it', () => {
    const exiting = alert({ condition: 'ExitingChannel', ...channel, valueOnCreation: 2350 });
    const result = run(exiting, bars([2400, 2401, 2350, 2300, 2299.99]));
    expect(result.fired).toEqual([1, 4]);
  });

  it('counts a jump from below to above the channel in one step as entering and exiting', () => {
    const jump = bars([2500]);
    const entering = run(
      alert({ condition: 'EnteringChannel', ...channel, valueOnCreation: 2200 }),
      jump,
    );
    const exiting = run(
      alert({ condition: 'ExitingChannel', ...channel, valueOnCreation: 2200 }),
      jump,
    );
    expect(entering.fired).toEqual([0]);
    expect(entering.steps[0]?.change).toBe('upThroughLower');
    expect(exiting.fired).toEqual([0]);
    expect(exiting.steps[0]?.change).toBe('upThroughUpper');
  });

  it('counts a jump from above to below the channel as entering and exiting too', () => {
    const jump = bars([2200]);
    const from = { ...channel, valueOnCreation: 2500 };
    expect(run(alert({ condition: 'EnteringChannel', ...from }), jump).fired).toEqual([0]);
    expect(run(alert({ condition: 'ExitingChannel', ...from }), jump).fired).toEqual([0]);
  });
});

describe('stepAlert: percent moves', () => {
  it('fires MovingUpPercent at the percent above the window low, with the percent moved', () => {
    const movingUp = alert({
      condition: 'MovingUpPercent',
      valueTarget: 5,
      bars: 3,
      valueOnCreation: 100,
      frequency: 'OncePerBar',
    });
    const result = run(movingUp, [
      { value: 104, barTime: 60, window: { lowestLow: 100, highestHigh: 104 } },
      { value: 105, barTime: 60, window: { lowestLow: 100, highestHigh: 105 } },
      { value: 108, barTime: 60, window: { lowestLow: 100, highestHigh: 108 } },
      // The low of 100 left the window: 108 is 2.9 % above the new low.
      { value: 108, barTime: 120, window: { lowestLow: 105, highestHigh: 108 } },
      { value: 111, barTime: 180, window: { lowestLow: 105, highestHigh: 111 } },
    ]);
    expect(result.fired).toEqual([1, 4]);
    expect(result.steps[1]?.movedPercent).toBeCloseTo(5, 10);
    expect(result.steps[4]?.movedPercent).toBeCloseTo((111 / 105 - 1) * 100, 10);
    expect(result.state.flags).toBeUndefined();
  });

  it('fires MovingDownPercent at the percent below the window high', () => {
    const movingDown = alert({
      condition: 'MovingDownPercent',
      valueTarget: 10,
      bars: 5,
      valueOnCreation: 100,
    });
    const result = run(movingDown, [
      { value: 91, window: { lowestLow: 91, highestHigh: 100 } },
      { value: 90, window: { lowestLow: 90, highestHigh: 100 } },
    ]);
    expect(result.fired).toEqual([1]);
    expect(result.steps[1]?.movedPercent).toBeCloseTo(10, 10);
  });

  it('does not fire a percent move without a window', () => {
    const movingUp = alert({ condition: 'MovingUpPercent', valueTarget: 5, bars: 3 });
    expect(run(movingUp, [1000, 2000]).fired).toEqual([]);
  });
});

describe('stepAlert keeps the original rule', () => {
  it('fires an OnlyOnce Crossing alert exactly at the first value where alertFires first holds', () => {
    // A small grid of prices so values often land exactly on the target or the value at creation.
    const price = fc.oneof(
      fc.integer({ min: 90, max: 110 }),
      fc.integer({ min: 9000, max: 11000 }).map((n) => n / 100),
    );
    fc.assert(
      fc.property(price, price, fc.array(price, { maxLength: 30 }), (v0, target, values) => {
        const direction = alertDirection(v0, target);
        const expected = values.findIndex((value) => alertFires(direction, target, value));
        const crossing = alert({ condition: 'Crossing', valueTarget: target, valueOnCreation: v0 });
        const result = run(crossing, values);
        expect(result.fired).toEqual(expected === -1 ? [] : [expected]);
        expect(result.state.ended).toBe(expected === -1 ? undefined : 'Triggered');
      }),
      { numRuns: 2000 },
    );
  });
});
