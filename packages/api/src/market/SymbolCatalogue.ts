import { DEFAULT_SYMBOLS, type SymbolId, type SymbolInfo } from '@pairwatch/domain';

/**
 * The pairs the market trades, at one moment: what `GET /symbols` lists and what `GET /candles`,
 * the hub and `POST /alerts` accept (architecture §3). The ten default pairs come first in the
 * spec's order, the rest by symbol, so every client lists them the same way.
 */
export class SymbolCatalogue {
  private readonly bySymbol: ReadonlyMap<SymbolId, SymbolInfo>;
  private body: string | undefined;

  /**
   * @param symbols - the pairs, in any order; a repeated symbol keeps its first entry.
   * @param fromExchange - false when the exchange could not be read and the defaults stand in.
   */
  constructor(
    symbols: Iterable<SymbolInfo>,
    readonly fromExchange = true,
  ) {
    const unique = new Map<SymbolId, SymbolInfo>();
    for (const info of symbols) if (!unique.has(info.symbol)) unique.set(info.symbol, info);
    const rank = new Map<string, number>(DEFAULT_SYMBOLS.map((symbol, index) => [symbol, index]));
    const ordered = [...unique.values()].sort((a, b) => {
      const ra = rank.get(a.symbol) ?? DEFAULT_SYMBOLS.length;
      const rb = rank.get(b.symbol) ?? DEFAULT_SYMBOLS.length;
      return ra - rb || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);
    });
    this.bySymbol = new Map(ordered.map((info) => [info.symbol, info]));
  }

  /** How many pairs it lists. */
  get size(): number {
    return this.bySymbol.size;
  }

  /** The facts of a listed pair, or `undefined` when the market does not trade it now. */
  get(symbol: string): SymbolInfo | undefined {
    return this.bySymbol.get(symbol);
  }

  /** Every listed pair, defaults first. */
  list(): IterableIterator<SymbolInfo> {
    return this.bySymbol.values();
  }

  /** The `GET /symbols` answer, an object keyed by symbol in catalogue order (made once). */
  json(): string {
    this.body ??= JSON.stringify(Object.fromEntries(this.bySymbol));
    return this.body;
  }
}
