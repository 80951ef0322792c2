import { beforeEach, describe, expect, it } from '@jest/globals';
import { ManualTimers } from '../test-support/ManualTimers';
import { TaskScheduler } from './TaskScheduler';

let timers: ManualTimers;
let runs: number[];
const record = (): void => {
  runs.push(timers.now());
};

beforeEach(() => {
  timers = new ManualTimers(1050);
  runs = [];
});

describe('TaskScheduler', () => {
  it('runs a task once after its delay; the returned function cancels one', () => {
    const scheduler = new TaskScheduler(timers, timers.now);
    scheduler.later(30, record);
    const cancel = scheduler.later(40, record);
    cancel();
    timers.advance(1000);
    expect(runs).toEqual([1080]);
    expect(timers.pendingCount).toBe(0);
  });

  it('runs a periodic task at every multiple of its period on the clock', () => {
    new TaskScheduler(timers, timers.now).every(100, record);
    timers.advance(350);
    expect(runs).toEqual([1100, 1200, 1300, 1400]);
  });

  it('waits a full period when the clock is exactly on a multiple', () => {
    timers = new ManualTimers(1000);
    new TaskScheduler(timers, timers.now).every(100, record);
    timers.advance(100);
    expect(runs).toEqual([1100]);
  });

  it('aligns to the clock it is given, not to the timers', () => {
    // The clock reads 30 ms ahead of the timers: its multiples fall at timer times 1070, 1170, ….
    new TaskScheduler(timers, () => timers.now() + 30).every(100, record);
    timers.advance(200);
    expect(runs).toEqual([1070, 1170]);
  });

  it('keeps a periodic task going after a run that throws', () => {
    let calls = 0;
    new TaskScheduler(timers, timers.now).every(100, () => {
      calls += 1;
      if (calls === 1) throw new Error('boom');
    });
    expect(() => timers.advance(50)).toThrow('boom');
    timers.advance(100);
    expect(calls).toBe(2);
  });

  it('cancels every pending task on stop and ends the periodic ones', () => {
    const scheduler = new TaskScheduler(timers, timers.now);
    scheduler.later(10, record);
    scheduler.every(100, record);
    scheduler.stop();
    expect(timers.pendingCount).toBe(0);
    timers.advance(1000);
    expect(runs).toEqual([]);
  });
});
