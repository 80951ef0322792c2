import { type Interval, type UnixSeconds, previousIntervalOpen } from '@pairwatch/domain';

/** Older candles are fetched when fewer than this many bars lie before the visible range (product §9). */
export const HISTORY_THRESHOLD_BARS = 100;

/**
 * Decides when the chart loads an older page of candles (infinite history).
 *
 * @remarks A page is wanted when fewer than {@link HISTORY_THRESHOLD_BARS} bars are left of the
 * visible range. It ends one bar before the earliest loaded candle. One page is in flight at a
 * time. An end time that loaded is never requested again, which also stops the paging once the
 * exchange has nothing older (the earliest candle no longer changes). An end time that failed is
 * forgotten: the earliest candle did not move either, so remembering it would stop the paging for
 * good after one network error; the next scroll asks for it again.
 */
export class HistoryPager {
  private readonly _loaded = new Set<number>();
  private _pending: UnixSeconds | undefined;

  public constructor(
    private readonly _interval: Interval,
    private readonly _threshold: number = HISTORY_THRESHOLD_BARS,
  ) {}

  /** Whether a page request is pending. */
  public get inFlight(): boolean {
    return this._pending !== undefined;
  }

  /**
   * Returns the `endTime` of the page to load now and marks it pending, or `undefined` when no
   * page should be loaded. Every returned end time must be answered with {@link loaded} or
   * {@link failed}.
   *
   * @param barsBefore - bars left of the visible range (`barsInLogicalRange().barsBefore`).
   * @param earliest - open time of the earliest loaded candle (UTC).
   */
  public next(barsBefore: number, earliest: UnixSeconds | undefined): UnixSeconds | undefined {
    if (this.inFlight || earliest === undefined || barsBefore >= this._threshold) return undefined;
    const endTime = previousIntervalOpen(this._interval, earliest);
    if (this._loaded.has(endTime)) return undefined;
    this._pending = endTime;
    return endTime;
  }

  /** The pending page arrived (with or without candles): its end time is never asked again. */
  public loaded(): void {
    if (this._pending !== undefined) this._loaded.add(this._pending);
    this._pending = undefined;
  }

  /** The pending page failed: it is forgotten, so a later call to {@link next} retries it. */
  public failed(): void {
    this._pending = undefined;
  }
}
