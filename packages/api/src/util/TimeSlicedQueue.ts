import { performance } from 'node:perf_hooks';

/** Options of {@link TimeSlicedQueue}; the defaults suit the market feed. */
export interface TimeSlicedQueueOptions {
  /** Told when a task throws; the queue goes on with the next one. */
  readonly onError: (error: unknown) => void;
  /** Work one turn of the event loop may spend on tasks before the rest waits a turn. Default 12 ms. */
  readonly budgetMs?: number;
  /**
   * Past this many waiting tasks the queue stops yielding until it is back under: a process that
   * cannot keep up then falls behind in what it reads, as it did before, rather than in a queue
   * that grows without bound. Default 10,000.
   */
  readonly maxBacklog?: number;
  /** Monotonic ms. Default `performance.now`. */
  readonly now?: () => number;
}

/** Tasks run before the array is cut down to the waiting ones (a queue that never empties). */
const COMPACT_AFTER = 1_024;

/**
 * Runs tasks in the order they were pushed, a few milliseconds of them per turn of the event loop:
 * a task pushed while the turn still has budget runs at once (synchronously, inside `push`); past
 * the budget, the rest waits for the next turn (`setImmediate`), so that the I/O that arrived
 * meanwhile — HTTP requests, hub messages — is served between slices.
 *
 * NOTE: why it exists: every market stream's update arrives at about the same moment (Binance
 * moves every kline stream every 2 s), and handling one — the candle cache, the alert engine, the
 * hub's broadcast to the stream's followers — took about 0.7 ms with 5,000 hub connections on
 * 80 streams. Handled in the one read that brought them, they held the event loop for 60 ms every
 * 2 s, and every request that arrived then waited behind them. The budget is a trade: the work is
 * the same, so what requests gain, the updates that wait lose. `pnpm bench:load` on two cores
 * (docs/architecture.md §10): alert creation p99 67–80 ms unsliced, 14–34 ms with 12 ms slices,
 * while the hub's update lag p99 went from 105–150 to 179–218 ms (its target is 250); 4 ms slices
 * left so many turns, each with its own I/O, that the lag p99 reached 380–430 ms.
 */
export class TimeSlicedQueue {
  private tasks: (() => void)[] = [];
  private head = 0;
  private running = false;
  /** When this turn's first task ran; cleared by the `setImmediate` scheduled then. */
  private turnStartedAt: number | undefined;
  private nextTurn: NodeJS.Immediate | undefined;
  private readonly budgetMs: number;
  private readonly maxBacklog: number;
  private readonly now: () => number;

  constructor(private readonly options: TimeSlicedQueueOptions) {
    this.budgetMs = options.budgetMs ?? 12;
    this.maxBacklog = options.maxBacklog ?? 10_000;
    this.now = options.now ?? (() => performance.now());
  }

  /** Tasks waiting for a later turn. */
  get length(): number {
    return this.tasks.length - this.head;
  }

  /** Queues `task`; it runs now if this turn has budget left and nothing waits before it. */
  push(task: () => void): void {
    this.tasks.push(task);
    this.run();
  }

  /** Drops every waiting task (the owner is closing). */
  clear(): void {
    this.tasks = [];
    this.head = 0;
    if (this.nextTurn !== undefined) clearImmediate(this.nextTurn);
    this.nextTurn = undefined;
    this.turnStartedAt = undefined;
  }

  private run(): void {
    // A task that pushes another one finds the loop below already running it.
    if (this.running) return;
    this.running = true;
    try {
      while (this.head < this.tasks.length) {
        const now = this.now();
        if (this.turnStartedAt === undefined) {
          this.turnStartedAt = now;
          this.nextTurn = setImmediate(() => {
            this.nextTurn = undefined;
            this.turnStartedAt = undefined;
            this.run();
          });
        } else if (now - this.turnStartedAt >= this.budgetMs && this.length <= this.maxBacklog) {
          return; // the next turn goes on
        }
        const task = this.tasks[this.head]!;
        this.head += 1;
        if (this.head >= COMPACT_AFTER && this.head * 2 >= this.tasks.length) {
          this.tasks = this.tasks.slice(this.head);
          this.head = 0;
        }
        try {
          task();
        } catch (error: unknown) {
          this.options.onError(error);
        }
      }
      this.tasks = [];
      this.head = 0;
    } finally {
      this.running = false;
    }
  }
}
