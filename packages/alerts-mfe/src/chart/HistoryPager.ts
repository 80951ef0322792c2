import { type Interval, type UnixSeconds, previousIntervalOpen } from '@pairwatch/domain';

/** Older candles are fetched when fewer than this many bars lie before the visible range (spec §9). */
export const HISTORY_THRESHOLD_BARS = 100;

/**
 * Decides when the chart loads an older page of candles (infinite history).
 *
 * @remarks A page is wanted when fewer than {@link HISTORY_THRESHOLD_BARS} bars are left of the
 * visible range. It ends one bar before the earliest loaded candle. One page is in flight at a
 * time, and an end time is never requested twice, which also stops the paging once the exchange
 * has nothing older (the earliest candle no longer changes).
 */
export class HistoryPager {
  private readonly _requested = new Set<number>();
  private _inFlight = false;

  public constructor(
    private readonly _interval: Interval,
    private readonly _threshold: number = HISTORY_THRESHOLD_BARS,
  ) {}

  /** Whether a page request is pending. */
  public get inFlight(): boolean {
    return this._inFlight;
  }

  /**
   * Returns the `endTime` of the page to load now and marks it requested, or `undefined` when no
   * page should be loaded.
   *
   * @param barsBefore - bars left of the visible range (`barsInLogicalRange().barsBefore`).
   * @param earliest - open time of the earliest loaded candle (UTC).
   */
  public next(barsBefore: number, earliest: UnixSeconds | undefined): UnixSeconds | undefined {
    if (this._inFlight || earliest === undefined || barsBefore >= this._threshold) return undefined;
    const endTime = previousIntervalOpen(this._interval, earliest);
    if (this._requested.has(endTime)) return undefined;
    this._requested.add(endTime);
    this._inFlight = true;
    return endTime;
  }

  /** Marks the pending request finished, whatever its outcome (a failure only clears the flag). */
  public settle(): void {
    this._inFlight = false;
  }
}
