import { parseSymbolsInfo, type SymbolId, type SymbolInfo } from '@pairwatch/domain';
import { MarketDataError } from './MarketDataError';

/** The most symbols one `GET /symbols/A,B,…` names: the api refuses longer lists. */
export const MAX_SYMBOLS_PER_REQUEST = 50;

interface Waiter {
  readonly done: Promise<void>;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

function waiter(): Waiter {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { done, resolve, reject };
}

/**
 * Loads symbol infos with batching and a cache: every symbol asked for in the same tick goes into
 * one `GET /symbols/A,B,…` (or several of at most {@link MAX_SYMBOLS_PER_REQUEST}), a symbol
 * already in flight is not asked again, and answers (including "the api does not know it") are
 * kept for the session. Failures are not cached, and fail only the callers of their request.
 *
 * @example
 * ```ts
 * const loader = new SymbolsInfoLoader((symbols) => requestJson(fetchFn, `${api}/symbols/${symbols}`, 'symbols'));
 * const { BTCUSDT } = await loader.load(['BTCUSDT']);
 * ```
 */
export class SymbolsInfoLoader {
  // null = the api answered without this symbol.
  private readonly cache = new Map<SymbolId, SymbolInfo | null>();
  private readonly inFlight = new Map<SymbolId, Promise<void>>();
  private pending: Map<SymbolId, Waiter> | undefined;

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

  /**
   * Caches infos learnt elsewhere (the whole catalogue), so that asking for one of them needs no
   * request. A symbol in flight keeps the answer of its request.
   */
  prime(infos: Iterable<SymbolInfo>): void {
    for (const info of infos) {
      if (!this.inFlight.has(info.symbol)) this.cache.set(info.symbol, info);
    }
  }

  private enqueue(symbol: SymbolId): Promise<void> {
    if (!this.pending) {
      this.pending = new Map();
      // Same tick = same microtask checkpoint: the effects of one React commit land in one batch.
      queueMicrotask(() => this.flush());
    }
    const entry = waiter();
    this.pending.set(symbol, entry);
    this.inFlight.set(symbol, entry.done);
    return entry.done;
  }

  private flush(): void {
    const batch = this.pending;
    if (!batch) return;
    this.pending = undefined;
    const symbols = [...batch.keys()].sort();
    for (let start = 0; start < symbols.length; start += MAX_SYMBOLS_PER_REQUEST) {
      const chunk = symbols.slice(start, start + MAX_SYMBOLS_PER_REQUEST);
      void this.request(
        chunk,
        chunk.map((symbol) => batch.get(symbol)!),
      );
    }
  }

  private async request(symbols: readonly SymbolId[], waiters: readonly Waiter[]): Promise<void> {
    try {
      const body = await this.fetchBatch(symbols);
      let infos: Map<SymbolId, SymbolInfo>;
      try {
        infos = parseSymbolsInfo(body, symbols);
      } catch (error) {
        throw new MarketDataError('symbols', { detail: (error as Error).message, cause: error });
      }
      for (const symbol of symbols) this.cache.set(symbol, infos.get(symbol) ?? null);
      waiters.forEach((entry) => entry.resolve());
    } catch (error) {
      waiters.forEach((entry) => entry.reject(error));
    } finally {
      symbols.forEach((symbol, index) => {
        if (this.inFlight.get(symbol) === waiters[index]!.done) this.inFlight.delete(symbol);
      });
    }
  }
}
