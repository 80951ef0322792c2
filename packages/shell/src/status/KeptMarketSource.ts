import { type MarketSource } from './fetchMarketSource';

/** The market source last seen, and since when the api has said so (epoch milliseconds). */
export interface KeptSource {
  readonly source: MarketSource;
  readonly since: number;
}

/** Where {@link KeptMarketSource} keeps it in localStorage. */
export const KEPT_MARKET_SOURCE_KEY = 'pairwatch:shell:market-source';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // blocked (private mode): nothing is kept, the page waits for /status
  }
}

/**
 * The market source the page last saw (`GET /status`), kept in localStorage so that the frame can
 * label prices before the api answers (docs/architecture.md §7, "Offline and updates"): a repeat
 * visit draws the candles it kept at once, and without a network the kept candles are still
 * labelled "Simulated market" when they were. `since` moves only when the source changes, so
 * candles kept since then were seen under the source kept.
 */
export class KeptMarketSource {
  constructor(
    private readonly storage: () => Storage | undefined = browserStorage,
    private readonly now: () => number = Date.now,
  ) {}

  /** What is kept, if anything readable is. */
  read(): KeptSource | undefined {
    try {
      const raw = this.storage()?.getItem(KEPT_MARKET_SOURCE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : undefined;
      if (typeof parsed !== 'object' || parsed === null) return undefined;
      const { source, since } = parsed as Record<string, unknown>;
      if (source !== 'binance' && source !== 'simulator') return undefined;
      if (typeof since !== 'number' || !Number.isFinite(since)) return undefined;
      return { source, since };
    } catch {
      return undefined; // unreadable: as if nothing was kept
    }
  }

  /** Keeps `source` as seen now; `since` stays when it is the source kept already. */
  keep(source: MarketSource): void {
    const kept = this.read();
    if (kept?.source === source) return;
    try {
      this.storage()?.setItem(
        KEPT_MARKET_SOURCE_KEY,
        JSON.stringify({ source, since: this.now() } satisfies KeptSource),
      );
    } catch {
      // A full or blocked storage only costs the early label: the page waits for /status.
    }
  }
}

/** The page's one kept market source. */
export const KEPT_MARKET_SOURCE = new KeptMarketSource();
