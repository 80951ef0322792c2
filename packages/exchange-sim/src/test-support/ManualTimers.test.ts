import { describe, expect, it } from '@jest/globals';
import { ManualTimers } from './ManualTimers';

describe('ManualTimers', () => {
  it("runs due tasks in time order, reading each task's due time as now", () => {
    const timers = new ManualTimers(1000);
    const seen: string[] = [];
    timers.schedule(() => seen.push(`b@${timers.now()}`), 30);
    timers.schedule(() => seen.push(`a@${timers.now()}`), 10);
    timers.schedule(() => seen.push(`c@${timers.now()}`), 30);
    timers.advance(29);
    expect(seen).toEqual(['a@1010']);
    expect(timers.now()).toBe(1029);
    timers.advance(1);
    expect(seen).toEqual(['a@1010', 'b@1030', 'c@1030']);
    expect(timers.pendingCount).toBe(0);
  });

  it('runs tasks scheduled by a task when they fall due within the same advance', () => {
    const timers = new ManualTimers(0);
    const ticks: number[] = [];
    const tick = (): void => {
      ticks.push(timers.now());
      timers.schedule(tick, 100);
    };
    timers.schedule(tick, 100);
    timers.advance(350);
    expect(ticks).toEqual([100, 200, 300]);
    expect(timers.pendingCount).toBe(1);
  });

  it('never runs a cancelled task', () => {
    const timers = new ManualTimers(0);
    let ran = false;
    const cancel = timers.schedule(() => {
      ran = true;
    }, 5);
    cancel();
    timers.advance(10);
    expect(ran).toBe(false);
    expect(timers.pendingCount).toBe(0);
  });

  it('stops a task that keeps rescheduling itself without delay', () => {
    const timers = new ManualTimers(0);
    const loop = (): void => {
      timers.schedule(loop, 0);
    };
    timers.schedule(loop, 0);
    expect(() => timers.advance(1)).toThrow(/more than 100000 tasks in 1 ms/);
  });
});
