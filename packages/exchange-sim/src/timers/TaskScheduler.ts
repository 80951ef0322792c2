import { type SimTimers } from './SimTimers';

/**
 * One-shot and periodic tasks on `SimTimers`, all cancelled by `stop`, so a closed stream server
 * leaves no timer behind. Periodic tasks run at multiples of their period on `clock` (the
 * simulator's clock), so a test that drives the clock and the timers from one manual time gets
 * ticks exactly at those multiples.
 */
export class TaskScheduler {
  /** Cancels of the scheduled tasks, so `stop` can cancel them all. */
  private readonly pending = new Set<() => void>();
  private stopped = false;

  constructor(
    private readonly timers: SimTimers,
    private readonly clock: () => number,
  ) {}

  /** Runs `task` once after `ms`; the returned function cancels it. `stop` cancels it too. */
  later(ms: number, task: () => void): () => void {
    let cancelTimer: () => void = () => undefined;
    const cancel = (): void => {
      this.pending.delete(cancel);
      cancelTimer();
    };
    cancelTimer = this.timers.schedule(() => {
      this.pending.delete(cancel);
      task();
    }, ms);
    this.pending.add(cancel);
    return cancel;
  }

  /**
   * Runs `task` at every multiple of `periodMs` on the clock until `stop`; a task that throws
   * still gets its next run.
   */
  every(periodMs: number, task: () => void): void {
    const scheduleNext = (): void => {
      if (this.stopped) return;
      const now = this.clock();
      // 1…periodMs: the next multiple of the period (a full period when exactly on one).
      const delay = periodMs - (((now % periodMs) + periodMs) % periodMs);
      this.later(delay, () => {
        try {
          task();
        } finally {
          scheduleNext();
        }
      });
    };
    scheduleNext();
  }

  /** Cancels every pending task and ends the periodic ones (for good). */
  stop(): void {
    this.stopped = true;
    for (const cancel of [...this.pending]) cancel();
  }
}
