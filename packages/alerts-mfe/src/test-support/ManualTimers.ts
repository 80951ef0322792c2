import { type ChartTimers } from '../chart/ChartTimers';

/** Timers that fire only when a test advances them. */
export class ManualTimers implements ChartTimers {
  private now = 0;
  private next = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  readonly setTimeout = (callback: () => void, ms: number): number => {
    const handle = this.next;
    this.next += 1;
    this.timers.set(handle, { at: this.now + ms, callback });
    return handle;
  };

  readonly clearTimeout = (handle: unknown): void => {
    this.timers.delete(handle as number);
  };

  /** Moves time forward and fires what is due, in order. */
  advance(ms: number): void {
    this.now += ms;
    const due = [...this.timers.entries()]
      .filter(([, timer]) => timer.at <= this.now)
      .sort((a, b) => a[1].at - b[1].at);
    for (const [handle, timer] of due) {
      this.timers.delete(handle);
      timer.callback();
    }
  }
}
