import { parseSymbolsInfo, type SymbolId, type SymbolInfo } from '@pairwatch/domain';
import { MarketDataError } from './MarketDataError';

interface Batch {
  readonly symbols: Set<SymbolId>;
  readonly done: Promise<void>;
}

/**
 * Loads symbol infos with batching and a cache: every symbol asked for in the same tick goes into
 * one `GET /symbols/A,B,…`, a symbol already in flight is not asked again, and answers (including
 * "the api does not know it") are kept for the session. Failures are not cached.
 */
export class SymbolsInfoLoader {
  // null = the api answered without this symbol.
  private readonly cache = new Map<SymbolId, SymbolInfo | null>();
  private readonly inFlight = new Map<SymbolId, Promise<void>>();
  private pending: (Batch & { resolve: () => void; reject: (error: unknown) => void }) | undefined;

  /** @param fetchBatch - GETs the infos of the given symbols (the raw JSON body). */
  constructor(private readonly fetchBatch: (symbols: readonly SymbolId[]) => Promise<unknown>) {}

  /**
   * Resolves with the infos of `symbols` the api knows. `refresh` asks again even for cached
   * symbols (e.g. when the tab becomes visible again).
   */
  async load(
    symbols: readonly SymbolId[],
    refresh = false,
  ): Promise<Partial<Record<SymbolId, SymbolInfo>>> {
    const waits: Promise<void>[] = [];
    for (const symbol of new Set(symbols)) {
      const inFlight = this.inFlight.get(symbol);
      if (inFlight) waits.push(inFlight);
      else if (refresh || !this.cache.has(symbol)) waits.push(this.enqueue(symbol));
    }
    await Promise.all(waits);
    const result: Partial<Record<SymbolId, SymbolInfo>> = {};
    for (const symbol of symbols) {
      const info = this.cache.get(symbol);
      if (info) result[symbol] = info;
    }
    return result;
  }

  private enqueue(symbol: SymbolId): Promise<void> {
    if (!this.pending) {
      let resolve!: () => void;
      let reject!: (error: unknown) => void;
      const done = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      this.pending = { symbols: new Set(), done, resolve, reject };
      // Same tick = same microtask checkpoint: the effects of one React commit land in one batch.
      queueMicrotask(() => void this.flush());
    }
    this.pending.symbols.add(symbol);
    this.inFlight.set(symbol, this.pending.done);
    return this.pending.done;
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    if (!batch) return;
    this.pending = undefined;
    const symbols = [...batch.symbols].sort();
    try {
      const body = await this.fetchBatch(symbols);
      let infos: Map<SymbolId, SymbolInfo>;
      try {
        infos = parseSymbolsInfo(body, symbols);
      } catch (error) {
        throw new MarketDataError('symbols', { detail: (error as Error).message, cause: error });
      }
      for (const symbol of symbols) this.cache.set(symbol, infos.get(symbol) ?? null);
      batch.resolve();
    } catch (error) {
      batch.reject(error);
    } finally {
      for (const symbol of symbols) {
        if (this.inFlight.get(symbol) === batch.done) this.inFlight.delete(symbol);
      }
    }
  }
}
