/**
 * Whether the Alerts chart shows kept candles instead of the api's (no network): the time their
 * prices were seen, or undefined while they are live. Observed by the chart's notice and by
 * Create Alert; set by {@link RememberingFeed}.
 */
export class OfflinePrices {
  private current: number | undefined;
  private readonly listeners = new Set<() => void>();

  /** Epoch milliseconds the shown prices were seen at; undefined while the chart is live. */
  get seenAt(): number | undefined {
    return this.current;
  }

  /** The chart now shows kept candles seen at `seenAt`, or (undefined) the api's again. */
  set(seenAt: number | undefined): void {
    if (seenAt === this.current) return;
    this.current = seenAt;
    for (const listener of [...this.listeners]) listener();
  }

  /** Calls `listener` on every change; returns the teardown. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
