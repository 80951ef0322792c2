/**
 * The time source and one-shot scheduler behind the stream server's timed rules: push ticks,
 * pings and the pong deadline, the message-rate window, the connection age limit, timed stalls and
 * shutdown closes. `realTimers` by default; tests inject a manual one and move it forward, so those
 * rules run without waiting on the wall clock.
 */
export interface SimTimers {
  /** The current time in ms. */
  now(): number;
  /** Runs `task` once, `ms` from now; the returned function cancels it (a no-op once it ran). */
  schedule(task: () => void, ms: number): () => void;
}

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
