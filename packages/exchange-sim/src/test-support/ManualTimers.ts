import { type SimTimers } from '../timers/SimTimers';

interface Scheduled {
  readonly at: number;
  /** Scheduling order: tasks due at the same time run first-scheduled first, as Node's do. */
  readonly order: number;
  readonly task: () => void;
}

/** A runaway guard: a task that keeps rescheduling itself with no delay must fail the test. */
const MAX_TASKS_PER_ADVANCE = 100_000;

/**
 * Timers that fire only when a test moves them forward. `now` doubles as a simulator clock, so a
 * simulator given `{ clock: timers.now, timers }` lives on one time that only the test moves.
 */
export class ManualTimers implements SimTimers {
  private time: number;
  private scheduled = 0;
  private readonly queue: Scheduled[] = [];

  constructor(start: number) {
    this.time = start;
  }

  /** The current time (ms). */
  readonly now = (): number => this.time;

  schedule(task: () => void, ms: number): () => void {
    const entry: Scheduled = { at: this.time + Math.max(0, ms), order: this.scheduled, task };
    this.scheduled += 1;
    this.queue.push(entry);
    return () => {
      const index = this.queue.indexOf(entry);
      if (index >= 0) this.queue.splice(index, 1);
    };
  }

  /** Number of tasks waiting to run. */
  get pendingCount(): number {
    return this.queue.length;
  }

  /**
   * Moves time forward by `ms`, running every task that falls due on the way in time order; while
   * a task runs, `now` reads its due time (so what it schedules counts from there).
   */
  advance(ms: number): void {
    const end = this.time + ms;
    for (let ran = 0; ; ran += 1) {
      const next = this.nextDue(end);
      if (!next) break;
      if (ran >= MAX_TASKS_PER_ADVANCE) {
        throw new Error(`ManualTimers: more than ${MAX_TASKS_PER_ADVANCE} tasks in ${ms} ms`);
      }
      this.queue.splice(this.queue.indexOf(next), 1);
      this.time = next.at;
      next.task();
    }
    this.time = end;
  }

  private nextDue(end: number): Scheduled | undefined {
    let next: Scheduled | undefined;
    for (const entry of this.queue) {
      if (entry.at > end) continue;
      if (!next || entry.at < next.at || (entry.at === next.at && entry.order < next.order)) {
        next = entry;
      }
    }
    return next;
  }
}
