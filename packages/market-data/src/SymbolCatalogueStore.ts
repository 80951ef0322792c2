import { type SymbolInfo } from '@pairwatch/domain';
import { parseSymbolCatalogue } from './parseSymbolCatalogue';

/** The part of the Web Storage API the catalogue's offline copy needs (`localStorage`, a fake). */
export type CatalogueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The key of the offline copy. */
export const SYMBOL_CATALOGUE_STORAGE_KEY = 'pairwatch-symbol-catalogue';

/**
 * The longest copy written: about 1 MB of the origin's usual 5 MB (UTF-16), room for some ten
 * times today's ~1,500 pairs (~70,000 characters); the offline candles keep the rest.
 */
const MAX_STORED_CHARS = 500_000;

/** `[symbol, baseAsset, quoteAsset, pricePrecision, priceMinMove, quantityPrecision, quantityMinMove]` */
type StoredEntry = [string, string, string, number, number, number, number];

interface Stored {
  readonly v: 1;
  /** The api it came from: another api (simulator, exchange) lists other pairs. */
  readonly apiUrl: string;
  readonly symbols: readonly StoredEntry[];
}

/**
 * The last catalogue the api gave, kept in Web Storage so that the app offline still offers the
 * pairs it knew. Compact (one array per pair, a fifth of the JSON's size) and bounded; every
 * storage error (quota, private mode, storage disabled) is swallowed: the copy is a convenience.
 *
 * @example
 * ```ts
 * const store = new SymbolCatalogueStore(localStorage, apiUrl);
 * store.write(catalogue);
 * store.read(); // the same pairs, or undefined
 * ```
 */
export class SymbolCatalogueStore {
  /**
   * @param storage - where to keep it; `undefined` keeps nothing.
   * @param apiUrl - the api the catalogue comes from; a copy of another api's is ignored.
   */
  constructor(
    private readonly storage: CatalogueStorage | undefined,
    private readonly apiUrl: string,
  ) {}

  /** The stored catalogue of this api, or `undefined` when none is stored or it is unreadable. */
  read(): SymbolInfo[] | undefined {
    try {
      const raw = this.storage?.getItem(SYMBOL_CATALOGUE_STORAGE_KEY);
      if (!raw) return undefined;
      const stored = JSON.parse(raw) as Partial<Stored> | null;
      if (stored?.v !== 1 || stored.apiUrl !== this.apiUrl || !Array.isArray(stored.symbols)) {
        return undefined;
      }
      const keyed: Record<string, unknown> = {};
      for (const entry of stored.symbols) {
        const [
          symbol,
          baseAsset,
          quoteAsset,
          pricePrecision,
          priceMinMove,
          qtyPrecision,
          qtyMinMove,
        ] = entry;
        keyed[symbol] = {
          symbol,
          baseAsset,
          quoteAsset,
          priceFormat: { precision: pricePrecision, minMove: priceMinMove },
          quantityFormat: { precision: qtyPrecision, minMove: qtyMinMove },
        };
      }
      return parseSymbolCatalogue(keyed);
    } catch {
      // Corrupt or written by another version: as if nothing were stored.
      return undefined;
    }
  }

  /** Keeps `catalogue` (replacing the previous copy) unless it is too large or storage refuses. */
  write(catalogue: readonly SymbolInfo[]): void {
    if (!this.storage) return;
    const stored: Stored = {
      v: 1,
      apiUrl: this.apiUrl,
      symbols: catalogue.map((info) => [
        info.symbol,
        info.baseAsset,
        info.quoteAsset,
        info.priceFormat.precision,
        info.priceFormat.minMove,
        info.quantityFormat.precision,
        info.quantityFormat.minMove,
      ]),
    };
    const raw = JSON.stringify(stored);
    if (raw.length > MAX_STORED_CHARS) return;
    try {
      this.storage.setItem(SYMBOL_CATALOGUE_STORAGE_KEY, raw);
    } catch {
      // QuotaExceededError, or storage disabled (Safari private mode, a sandboxed frame).
    }
  }
}
