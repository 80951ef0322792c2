/** The animation-frame functions, injectable for tests. */
export interface FrameScheduler {
  readonly request: (callback: () => void) => number;
  readonly cancel: (handle: number) => void;
}

/** The browser's `requestAnimationFrame`. */
export const animationFrameScheduler: FrameScheduler = {
  request: (callback) => requestAnimationFrame(() => callback()),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/**
 * Collects items and hands them over at most once per animation frame, keeping only the latest item
 * per key (in first-seen key order).
 *
 * @remarks A candle stream can burst several updates of the same bar within one frame; only the
 * last one needs drawing. Distinct keys (a bar closing and the next one opening) are all delivered,
 * in order, so nothing is skipped.
 */
export class FrameCoalescer<T> {
  private pending = new Map<string | number, T>();
  private handle: number | undefined;

  constructor(
    private readonly keyOf: (item: T) => string | number,
    private readonly flush: (items: readonly T[]) => void,
    private readonly scheduler: FrameScheduler = animationFrameScheduler,
  ) {}

  /** Queues an item (replacing a queued one with the same key) and schedules a frame if needed. */
  push(item: T): void {
    const key = this.keyOf(item);
    // Re-inserting moves nothing: a Map keeps the first insertion position of a key.
    this.pending.set(key, item);
    if (this.handle === undefined) {
      this.handle = this.scheduler.request(() => this.flushNow());
    }
  }

  /** Delivers what is queued right away. */
  flushNow(): void {
    if (this.handle !== undefined) this.scheduler.cancel(this.handle);
    this.handle = undefined;
    if (this.pending.size === 0) return;
    const items = [...this.pending.values()];
    this.pending = new Map();
    this.flush(items);
  }

  /** Drops what is queued and the scheduled frame. */
  clear(): void {
    if (this.handle !== undefined) this.scheduler.cancel(this.handle);
    this.handle = undefined;
    this.pending = new Map();
  }
}
