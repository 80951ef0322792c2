import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { OneShotTimer } from './OneShotTimer';

describe('OneShotTimer', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('runs the callback once after the delay', () => {
    const timer = new OneShotTimer();
    const run = jest.fn();
    timer.set(run, 1_000);
    jest.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('replaces a pending callback when set again', () => {
    const timer = new OneShotTimer();
    const first = jest.fn();
    const second = jest.fn();
    timer.set(first, 1_000);
    timer.set(second, 2_000);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(2_000);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('lets the callback set the next one', () => {
    const timer = new OneShotTimer();
    const runs: number[] = [];
    const tick = (): void => {
      runs.push(Date.now());
      if (runs.length < 3) timer.set(tick, 100);
    };
    const start = Date.now();
    timer.set(tick, 100);
    jest.advanceTimersByTime(1_000);
    expect(runs).toEqual([start + 100, start + 200, start + 300]);
  });

  it('drops the pending callback when cleared and can be set again', () => {
    const timer = new OneShotTimer();
    const dropped = jest.fn();
    const later = jest.fn();
    timer.set(dropped, 1_000);
    timer.clear();
    expect(jest.getTimerCount()).toBe(0);
    timer.set(later, 500);
    jest.advanceTimersByTime(1_000);
    expect(dropped).not.toHaveBeenCalled();
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('is pending from set until the callback runs or is cleared', () => {
    const timer = new OneShotTimer();
    const seen: boolean[] = [];
    expect(timer.pending).toBe(false);
    timer.set(() => seen.push(timer.pending), 100);
    expect(timer.pending).toBe(true);
    jest.advanceTimersByTime(100);
    expect(seen).toEqual([false]);
    expect(timer.pending).toBe(false);
    timer.set(() => undefined, 100);
    timer.clear();
    expect(timer.pending).toBe(false);
  });

  it('drops the pending callback when closed and refuses later ones', () => {
    const timer = new OneShotTimer();
    const pending = jest.fn();
    const refused = jest.fn();
    timer.set(pending, 1_000);
    timer.close();
    timer.set(refused, 1_000);
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(5_000);
    expect(pending).not.toHaveBeenCalled();
    expect(refused).not.toHaveBeenCalled();
  });

  it('does not keep the process alive while a callback waits', () => {
    const setTimeoutSpy = jest.spyOn(globalThis, 'setTimeout');
    const timer = new OneShotTimer();
    timer.set(() => undefined, 1_000);
    expect(setTimeoutSpy).toHaveBeenCalledTimes(1);
    const handle = setTimeoutSpy.mock.results[0]?.value as NodeJS.Timeout;
    expect(handle.hasRef()).toBe(false);
    timer.clear();
  });
});
