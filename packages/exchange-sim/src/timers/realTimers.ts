import { type SimTimers } from './SimTimers';

/**
 * Node's clock and timers. Each timer is unref'd: a simulator someone forgot to close must not keep
 * a test run or the api process alive.
 */
export const realTimers: SimTimers = {
  now: () => Date.now(),
  schedule(task, ms) {
    const timer = setTimeout(task, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};
