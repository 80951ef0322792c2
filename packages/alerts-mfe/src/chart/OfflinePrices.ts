/**
 * Whether the Alerts chart shows kept candles instead of the api's: without a network (the time
 * their prices were seen, or undefined while they are live), and while a repeat visit's latest
 * page is on its way (`updatingSeenAt`). Observed by the chart's notice and by Create Alert (which
 * only the first blocks); set by {@link RememberingFeed}.
 */
export class OfflinePrices {
  private current: number | undefined;
  private updating: number | undefined;
  private readonly listeners = new Set<() => void>();

  /** Epoch milliseconds the shown prices were seen at; undefined while the chart is live. */
  get seenAt(): number | undefined {
    return this.current;
  }

  /**
   * Epoch milliseconds the kept candles drawn while the latest page loads were seen at; undefined
   * when no such preview is shown (the page came, or the chart shows offline prices instead).
   */
  get updatingSeenAt(): number | undefined {
    return this.updating;
  }

  /** The chart now shows kept candles seen at `seenAt`, or (undefined) the api's again. */
  set(seenAt: number | undefined): void {
    if (seenAt === this.current && this.updating === undefined) return;
    this.current = seenAt;
    // Offline or live: either way no longer a preview.
    this.updating = undefined;
    this.notify();
  }

  /** The chart draws kept candles seen at `seenAt` while the latest page loads. */
  setUpdating(seenAt: number): void {
    if (seenAt === this.updating && this.current === undefined) return;
    this.updating = seenAt;
    this.current = undefined;
    this.notify();
  }

  /** The preview drawn while a latest page loaded is gone (the chart went on to another view). */
  endUpdating(): void {
    if (this.updating === undefined) return;
    this.updating = undefined;
    this.notify();
  }

  /** Calls `listener` on every change; returns the teardown. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
