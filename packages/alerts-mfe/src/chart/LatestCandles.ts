import { type Candle } from '@pairwatch/domain';

/**
 * The latest candle per open time, for at most `capacity` open times (the newest ones).
 *
 * @remarks Holds the live candles that arrive before the first page. Only the last update of a bar
 * matters, and a first page that takes very long must not let the buffer grow by one bar per
 * interval for as long as the screen stays open: past `capacity`, the oldest open time goes.
 */
export class LatestCandles {
  private readonly _byTime = new Map<number, Candle>();

  public constructor(private readonly _capacity: number) {
    if (!Number.isInteger(_capacity) || _capacity < 1) {
      throw new RangeError(`LatestCandles needs a capacity of at least 1, got ${_capacity}`);
    }
  }

  /** Number of open times held. */
  public get size(): number {
    return this._byTime.size;
  }

  /** Keeps `candle` as the latest one of its open time, dropping the oldest time when full. */
  public set(candle: Candle): void {
    this._byTime.set(candle.time, candle);
    if (this._byTime.size <= this._capacity) return;
    let oldest: number = candle.time;
    for (const time of this._byTime.keys()) if (time < oldest) oldest = time;
    this._byTime.delete(oldest);
  }

  /** The held candles, oldest first. */
  public values(): Candle[] {
    return [...this._byTime.values()].sort((a, b) => a.time - b.time);
  }

  /** Forgets every candle. */
  public clear(): void {
    this._byTime.clear();
  }
}
