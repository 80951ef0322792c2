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
  private _pending = new Map<string | number, T>();
  private _handle: number | undefined;

  public constructor(
    private readonly _keyOf: (item: T) => string | number,
    private readonly _flush: (items: readonly T[]) => void,
    private readonly _scheduler: FrameScheduler = animationFrameScheduler,
  ) {}

  /** Queues an item (replacing a queued one with the same key) and schedules a frame if needed. */
  public push(item: T): void {
    const key = this._keyOf(item);
    // Re-inserting moves nothing: a Map keeps the first insertion position of a key.
    this._pending.set(key, item);
    if (this._handle === undefined) {
      this._handle = this._scheduler.request(() => this.flushNow());
    }
  }

  /** Delivers what is queued right away. */
  public flushNow(): void {
    if (this._handle !== undefined) this._scheduler.cancel(this._handle);
    this._handle = undefined;
    if (this._pending.size === 0) return;
    const items = [...this._pending.values()];
    this._pending = new Map();
    this._flush(items);
  }

  /** Drops what is queued and the scheduled frame. */
  public clear(): void {
    if (this._handle !== undefined) this._scheduler.cancel(this._handle);
    this._handle = undefined;
    this._pending = new Map();
  }
}
