interface Running<T> {
  readonly promise: Promise<T>;
  readonly startedAt: number;
}

/**
 * Coalesces identical concurrent work: while a task for a key is running, asking for the same key
 * joins it instead of starting another. Upstream load then stays flat however many clients ask.
 */
export class InflightRequests<T> {
  private readonly running = new Map<string, Running<T>>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Runs `task` for `key` unless one is already running, and returns the shared result.
   *
   * @param notBefore - do not join a task started before this time (ms): its answer may predate
   * something the caller must see.
   */
  run(key: string, task: () => Promise<T>, notBefore = -Infinity): Promise<T> {
    const existing = this.running.get(key);
    if (existing !== undefined && existing.startedAt >= notBefore) return existing.promise;
    const entry: Running<T> = {
      startedAt: this.now(),
      promise: Promise.resolve()
        .then(task)
        .finally(() => {
          if (this.running.get(key) === entry) this.running.delete(key);
        }),
    };
    this.running.set(key, entry);
    return entry.promise;
  }
}
