import { type ChartTimers } from '../chart/ChartTimers';

/** Timers that fire only when a test advances them. */
export class ManualTimers implements ChartTimers {
  private _now = 0;
  private _next = 1;
  private readonly _timers = new Map<number, { at: number; callback: () => void }>();

  public readonly setTimeout = (callback: () => void, ms: number): number => {
    const handle = this._next;
    this._next += 1;
    this._timers.set(handle, { at: this._now + ms, callback });
    return handle;
  };

  public readonly clearTimeout = (handle: unknown): void => {
    this._timers.delete(handle as number);
  };

  /** Moves time forward and fires what is due, in order. */
  public advance(ms: number): void {
    this._now += ms;
    const due = [...this._timers.entries()]
      .filter(([, timer]) => timer.at <= this._now)
      .sort((a, b) => a[1].at - b[1].at);
    for (const [handle, timer] of due) {
      this._timers.delete(handle);
      timer.callback();
    }
  }
}
