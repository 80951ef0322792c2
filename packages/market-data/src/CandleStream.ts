import {
  type Candle,
  type CandleUpdate,
  type Interval,
  type SymbolId,
  type UnixSeconds,
} from '@pairwatch/domain';

/**
 * The client side of one (symbol, interval) stream: who listens, the last candle time emitted,
 * and the hold on live updates while a gap is backfilled. It enforces the ordering rule: never
 * emit a candle older than the last one emitted (the same time is a replacement of the forming
 * candle and is emitted).
 */
export class CandleStream {
  readonly key: string;
  /** How many live key subscriptions use this stream. */
  refCount = 0;
  private readonly listeners = new Set<(update: CandleUpdate) => void>();
  private lastTime: UnixSeconds | undefined;
  private held: Candle[] | undefined;
  private holdRun = 0;
  private closed = false;

  /**
   * @param since - the open time of the candle that was forming when the stream was opened:
   * where a backfill starts if no candle was emitted yet.
   */
  constructor(
    readonly symbol: SymbolId,
    readonly interval: Interval,
    private readonly since: UnixSeconds,
  ) {
    this.key = CandleStream.keyOf(symbol, interval);
  }

  /** The identity of one live stream: `BTCUSDT|OneMinute`. */
  static keyOf(symbol: SymbolId, interval: Interval): string {
    return `${symbol}|${interval}`;
  }

  /** Where a backfill should start: the last emitted candle (to refresh it), else `since`. */
  get resumeFrom(): UnixSeconds {
    return this.lastTime ?? this.since;
  }

  addListener(listener: (update: CandleUpdate) => void): void {
    this.listeners.add(listener);
  }

  removeListener(listener: (update: CandleUpdate) => void): void {
    this.listeners.delete(listener);
  }

  /** A live update: held while a backfill runs, emitted otherwise. */
  receive(candle: Candle): void {
    if (this.closed) return;
    if (!this.held) {
      this.deliver(candle);
      return;
    }
    // Only the newest state of each candle matters: keep one entry per open time.
    const last = this.held.at(-1);
    if (last && last.time === candle.time) this.held[this.held.length - 1] = candle;
    else this.held.push(candle);
  }

  /** Emits `candle` unless it is older than the last emitted one. */
  deliver(candle: Candle): void {
    if (this.closed) return;
    if (this.lastTime !== undefined && candle.time < this.lastTime) return;
    this.lastTime = candle.time;
    const update: CandleUpdate = { symbol: this.symbol, interval: this.interval, candle };
    // Snapshot: a listener may unsubscribe (itself or another) while we emit.
    for (const listener of [...this.listeners]) {
      if (this.listeners.has(listener)) listener(update);
    }
  }

  /** Starts holding live updates for a backfill; returns the run id that may release the hold. */
  hold(): number {
    this.held ??= [];
    return ++this.holdRun;
  }

  /** Whether `run` is the latest backfill and the stream is still open. */
  isCurrent(run: number): boolean {
    return !this.closed && run === this.holdRun;
  }

  /** Ends the hold of `run` (if it is still the latest) and emits what was held, in order. */
  release(run: number): void {
    if (!this.isCurrent(run) || !this.held) return;
    const held = this.held;
    this.held = undefined;
    for (const candle of held) this.deliver(candle);
  }

  /** Drops listeners and held updates; the stream emits nothing more. */
  close(): void {
    this.closed = true;
    this.listeners.clear();
    this.held = undefined;
  }
}
