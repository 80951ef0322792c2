import { type Candle } from '@pairwatch/domain';

/**
 * The latest candle per open time, for at most `capacity` open times (the newest ones).
 *
 * @remarks Holds the live candles that arrive before the first page. Only the last update of a bar
 * matters, and a first page that takes very long must not let the buffer grow by one bar per
 * interval for as long as the screen stays open: past `capacity`, the oldest open time goes.
 */
export class LatestCandles {
  private readonly byTime = new Map<number, Candle>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`LatestCandles needs a capacity of at least 1, got ${capacity}`);
    }
  }

  /** Number of open times held. */
  get size(): number {
    return this.byTime.size;
  }

  /** Keeps `candle` as the latest one of its open time, dropping the oldest time when full. */
  set(candle: Candle): void {
    this.byTime.set(candle.time, candle);
    if (this.byTime.size <= this.capacity) return;
    let oldest: number = candle.time;
    for (const time of this.byTime.keys()) if (time < oldest) oldest = time;
    this.byTime.delete(oldest);
  }

  /** The held candles, oldest first. */
  values(): Candle[] {
    return [...this.byTime.values()].sort((a, b) => a.time - b.time);
  }

  /** Forgets every candle. */
  clear(): void {
    this.byTime.clear();
  }
}
