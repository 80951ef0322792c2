import { type Candle, type Interval, type SymbolId } from '@pairwatch/domain';

/** The candles last shown of one symbol and interval, and when their prices were seen. */
export interface KeptCandles {
  readonly candles: readonly Candle[];
  /** Epoch milliseconds of the latest data received (a page or a live candle). */
  readonly seenAt: number;
}

/** Bounds of a {@link LastCandlesStore}. */
export interface LastCandlesBounds {
  /** Symbol + interval pairs kept; the one seen longest ago goes first. */
  readonly maxPairs: number;
  /** Candles kept per pair: the latest ones. */
  readonly maxBars: number;
}

/**
 * Where the Alerts chart keeps what it showed (issue #26): about 8 × 500 bars as number arrays is
 * some 200 kB of localStorage, well within the 5 MB every browser gives an origin.
 */
export const LAST_CANDLES_BOUNDS: LastCandlesBounds = { maxPairs: 8, maxBars: 500 };

/** The index key; each pair's candles sit under `${KEY}:${symbol}:${interval}`. */
export const LAST_CANDLES_KEY = 'pairwatch:alerts:last-candles';

interface IndexEntry {
  readonly symbol: string;
  readonly interval: string;
  readonly seenAt: number;
}

/** [time, open, high, low, close] or with volume: a third of the JSON of the objects. */
type Row = readonly number[];

/**
 * The last candles the Alerts chart showed, per symbol and interval, kept in `localStorage` so
 * that without a network the chart draws the last prices seen (docs/architecture.md §7, "Offline
 * and updates"). Bounded: {@link LastCandlesBounds}. One key per pair, so keeping one pair does
 * not rewrite the others; a small index orders them for eviction.
 *
 * Imports no shared module: the first chart (`exposed/firstChart.ts`) uses it.
 */
export class LastCandlesStore {
  constructor(
    private readonly storage: Storage | undefined,
    private readonly bounds: LastCandlesBounds = LAST_CANDLES_BOUNDS,
  ) {}

  /** What was kept of `symbol` `interval`; undefined when nothing (readable) was. */
  read(symbol: SymbolId, interval: Interval): KeptCandles | undefined {
    const entry = this.index().find((e) => e.symbol === symbol && e.interval === interval);
    if (!entry) return undefined;
    try {
      const raw = this.storage?.getItem(pairKey(entry));
      const rows: unknown = raw ? JSON.parse(raw) : undefined;
      if (!Array.isArray(rows)) return undefined;
      const candles = rows.map(toCandle);
      if (candles.length === 0 || candles.some((c) => c === undefined)) return undefined;
      return { candles: candles as Candle[], seenAt: entry.seenAt };
    } catch {
      return undefined; // unreadable: as if nothing was kept
    }
  }

  /** Keeps the latest `maxBars` of `candles` (oldest first) as seen at `seenAt`; evicts beyond `maxPairs`. */
  keep(symbol: SymbolId, interval: Interval, candles: readonly Candle[], seenAt: number): void {
    if (!this.storage || candles.length === 0) return;
    const entry: IndexEntry = { symbol, interval, seenAt };
    const others = this.index().filter((e) => e.symbol !== symbol || e.interval !== interval);
    // Most recently seen first: the tail is what goes.
    const kept = [entry, ...others].sort((a, b) => b.seenAt - a.seenAt);
    const evicted = kept.splice(Math.max(this.bounds.maxPairs, 0));
    try {
      for (const old of evicted) this.storage.removeItem(pairKey(old));
      if (!kept.includes(entry)) return; // older than all the kept pairs: nothing to add
      const rows = candles.slice(-this.bounds.maxBars).map(toRow);
      this.storage.setItem(pairKey(entry), JSON.stringify(rows));
      this.storage.setItem(LAST_CANDLES_KEY, JSON.stringify(kept));
    } catch {
      // A full or blocked storage only costs the offline chart; keep the index true to the keys.
      try {
        this.storage.removeItem(pairKey(entry));
        this.storage.setItem(LAST_CANDLES_KEY, JSON.stringify(others));
      } catch {
        // nothing more to do
      }
    }
  }

  private index(): IndexEntry[] {
    try {
      const raw = this.storage?.getItem(LAST_CANDLES_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? parsed.filter(isIndexEntry) : [];
    } catch {
      return [];
    }
  }
}

function pairKey(entry: Pick<IndexEntry, 'symbol' | 'interval'>): string {
  return `${LAST_CANDLES_KEY}:${entry.symbol}:${entry.interval}`;
}

function isIndexEntry(value: unknown): value is IndexEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.symbol === 'string' &&
    typeof entry.interval === 'string' &&
    typeof entry.seenAt === 'number' &&
    Number.isFinite(entry.seenAt)
  );
}

function toRow(candle: Candle): Row {
  const { time, open, high, low, close, volume } = candle;
  return volume === undefined
    ? [time, open, high, low, close]
    : [time, open, high, low, close, volume];
}

function toCandle(row: unknown): Candle | undefined {
  if (!Array.isArray(row) || (row.length !== 5 && row.length !== 6)) return undefined;
  if (!row.every((n) => typeof n === 'number' && Number.isFinite(n))) return undefined;
  const [time, open, high, low, close, volume] = row as number[];
  const candle = { time, open, high, low, close } as Candle;
  return volume === undefined ? candle : { ...candle, volume };
}
