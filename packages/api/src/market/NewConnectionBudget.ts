import { type Logger } from 'pino';

/** Construction options of {@link NewConnectionBudget}. */
export interface NewConnectionBudgetOptions {
  /** Connections allowed per window (Binance: 300 per 5 minutes per IP). */
  readonly max?: number;
  /** The window (ms); default 5 minutes. */
  readonly windowMs?: number;
  readonly now: () => number;
  readonly logger: Logger;
}

/** Binance: at most 300 new WebSocket connections per 5 minutes per IP. */
const DEFAULT_CONNECTIONS_PER_WINDOW = 300;
const DEFAULT_CONNECTION_WINDOW_MS = 5 * 60_000;

/**
 * The process's allowance of new upstream connections, shared by every connection of the market
 * feed: first connects, reconnects and planned rotations all draw from it, so a reconnect storm
 * after an upstream outage cannot get the IP banned.
 *
 * NOTE: it is a sliding window (the times of the last `max` grants), not a refilling token
 * bucket. A bucket of 300 that refills 1/s admits 300 at once and 300 more over the next five
 * minutes: 600 in one window, twice Binance's limit. The window admits at most `max` in any span
 * of `windowMs`, which is the rule as Binance states it. Requests beyond it wait, first come first
 * served, and the wait is logged.
 */
export class NewConnectionBudget {
  private readonly max: number;
  private readonly windowMs: number;
  /** When each of the last (up to `max`) grants happened, oldest first. */
  private readonly granted: number[] = [];
  private readonly waiting: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: NewConnectionBudgetOptions) {
    this.max = options.max ?? DEFAULT_CONNECTIONS_PER_WINDOW;
    this.windowMs = options.windowMs ?? DEFAULT_CONNECTION_WINDOW_MS;
    if (!Number.isInteger(this.max) || this.max < 1) {
      throw new RangeError(`max must be a whole number ≥ 1, got ${this.max}.`);
    }
  }

  /** Requests waiting for the budget. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /**
   * Runs `open` as soon as the budget allows one more connection: at once (synchronously) when it
   * does now, else later in the order asked.
   *
   * @returns a function that withdraws the request if it has not run yet.
   */
  request(open: () => void): () => void {
    if (this.closed) return () => undefined;
    this.forgetOld();
    if (this.waiting.length === 0 && this.granted.length < this.max) {
      this.granted.push(this.options.now());
      open();
      return () => undefined;
    }
    this.waiting.push(open);
    if (this.timer === undefined) {
      const waitMs = this.nextRoomInMs();
      this.options.logger.warn(
        { waitMs, waiting: this.waiting.length, max: this.max, windowMs: this.windowMs },
        'market upstream connection budget spent: new connections wait',
      );
      this.schedule(waitMs);
    }
    return () => {
      const index = this.waiting.indexOf(open);
      if (index >= 0) this.waiting.splice(index, 1);
    };
  }

  /** Drops every waiting request and timer. */
  close(): void {
    this.closed = true;
    this.waiting.length = 0;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(waitMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.release();
    }, waitMs);
    this.timer.unref();
  }

  /** Grants as many waiting requests as the window has room for; waits again for the rest. */
  private release(): void {
    if (this.closed) return;
    this.forgetOld();
    while (this.waiting.length > 0 && this.granted.length < this.max) {
      const open = this.waiting.shift()!;
      this.granted.push(this.options.now());
      open();
    }
    if (this.waiting.length > 0) {
      const waitMs = this.nextRoomInMs();
      this.options.logger.info(
        { waitMs, waiting: this.waiting.length },
        'market upstream connection budget: still waiting',
      );
      this.schedule(waitMs);
    }
  }

  /** Milliseconds until the oldest grant leaves the window. */
  private nextRoomInMs(): number {
    const oldest = this.granted[0] ?? this.options.now();
    return Math.max(0, oldest + this.windowMs - this.options.now());
  }

  private forgetOld(): void {
    const cutoff = this.options.now() - this.windowMs;
    let drop = 0;
    while (drop < this.granted.length && this.granted[drop]! <= cutoff) drop += 1;
    if (drop > 0) this.granted.splice(0, drop);
  }
}
