import { DEFAULT_SYMBOL_CATALOGUE, type SymbolId, type SymbolInfo } from '@pairwatch/domain';
import { SymbolCatalogue } from '../market/SymbolCatalogue';
import { type SymbolSource } from '../market/symbolsRoutes';

/** A {@link SymbolSource} that lists fixed pairs, and can say some stopped trading. */
export interface FixedSymbolSource extends SymbolSource {
  /** Removes `symbols` from the catalogue and tells the listeners, as a refresh would. */
  stop(symbols: readonly SymbolId[]): void;
}

/** The ten default pairs plus `extra`, as a market that trades them all (tests). */
export function fixedSymbolSource(extra: readonly SymbolInfo[] = []): FixedSymbolSource {
  let catalogue = new SymbolCatalogue([...Object.values(DEFAULT_SYMBOL_CATALOGUE), ...extra]);
  const listeners = new Set<(pairs: readonly SymbolInfo[]) => void>();
  return {
    catalogue: async () => catalogue,
    current: () => catalogue,
    onStopped(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop(symbols) {
      const gone = new Set(symbols);
      const stopped = [...catalogue.list()].filter((info) => gone.has(info.symbol));
      catalogue = new SymbolCatalogue(
        [...catalogue.list()].filter((info) => !gone.has(info.symbol)),
      );
      for (const listener of listeners) listener(stopped);
    },
  };
}
