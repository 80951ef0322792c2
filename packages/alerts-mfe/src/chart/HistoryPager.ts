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
  private readonly answeredEnds = new Set<number>();
  private pending: UnixSeconds | undefined;

  constructor(
    private readonly interval: Interval,
    private readonly threshold: number = HISTORY_THRESHOLD_BARS,
  ) {}

  /** Whether a page request is pending. */
  get inFlight(): boolean {
    return this.pending !== undefined;
  }

  /**
   * Returns the `endTime` of the page to load now and marks it pending, or `undefined` when no
   * page should be loaded. Every returned end time must be answered with {@link loaded} or
   * {@link failed}.
   *
   * @param barsBefore - bars left of the visible range (`barsInLogicalRange().barsBefore`).
   * @param earliest - open time of the earliest loaded candle (UTC).
   */
  next(barsBefore: number, earliest: UnixSeconds | undefined): UnixSeconds | undefined {
    if (this.inFlight || earliest === undefined || barsBefore >= this.threshold) return undefined;
    const endTime = previousIntervalOpen(this.interval, earliest);
    if (this.answeredEnds.has(endTime)) return undefined;
    this.pending = endTime;
    return endTime;
  }

  /** The pending page arrived (with or without candles): its end time is never asked again. */
  loaded(): void {
    if (this.pending !== undefined) this.answeredEnds.add(this.pending);
    this.pending = undefined;
  }

  /** The pending page failed: it is forgotten, so a later call to {@link next} retries it. */
  failed(): void {
    this.pending = undefined;
  }
}
