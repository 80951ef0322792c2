import { type SymbolInfo } from '@pairwatch/domain';
import { MarketDataError } from './MarketDataError';
import { parseSymbolCatalogue } from './parseSymbolCatalogue';
import { type SymbolCatalogueStore } from './SymbolCatalogueStore';

interface Answer {
  readonly catalogue: readonly SymbolInfo[];
  /** From the api now, rather than a copy because the api could not be reached. */
  readonly fresh: boolean;
}

/**
 * Loads the whole catalogue (`GET /symbols`) once per client and shares it: concurrent callers
 * share one request, later ones get the same answer until a `refresh`. A fresh answer is kept in
 * the {@link SymbolCatalogueStore}. When the api cannot be reached, the last answer (this
 * session's, else the stored copy) answers instead and is not remembered as loaded, so the next
 * call asks the api again.
 *
 * @example
 * ```ts
 * const loader = new SymbolCatalogueLoader(() => requestJson(fetchFn, url, 'symbols'), store, prime);
 * const pairs = await loader.load();
 * ```
 */
export class SymbolCatalogueLoader {
  private loaded: Promise<readonly SymbolInfo[]> | undefined;
  private lastFresh: readonly SymbolInfo[] | undefined;
  private inFlight: Promise<readonly SymbolInfo[]> | undefined;

  /**
   * @param fetchCatalogue - GETs `{api}/symbols` (the raw JSON body); rejects with a
   * `MarketDataError` when the api cannot answer.
   * @param store - the offline copy.
   * @param onFresh - told of every catalogue the api answered (e.g. to prime a per-symbol cache).
   */
  constructor(
    private readonly fetchCatalogue: () => Promise<unknown>,
    private readonly store: SymbolCatalogueStore,
    private readonly onFresh: (catalogue: readonly SymbolInfo[]) => void,
  ) {}

  /**
   * The catalogue in the api's order. `refresh` asks the api again even when it answered before
   * (concurrent callers still share one request).
   *
   * @throws MarketDataError (`kind: 'symbols'`) when the answer is malformed, or when the api
   * cannot answer and no earlier catalogue is known.
   */
  load(refresh = false): Promise<readonly SymbolInfo[]> {
    if (this.inFlight) return this.inFlight;
    if (this.loaded && !refresh) return this.loaded;
    const request = this.request();
    const catalogue = request.then((answer) => answer.catalogue);
    this.inFlight = catalogue;
    const settled = (fresh: boolean) => {
      if (this.inFlight === catalogue) this.inFlight = undefined;
      if (fresh) this.loaded = catalogue;
    };
    request.then(
      (answer) => settled(answer.fresh),
      () => settled(false),
    );
    return catalogue;
  }

  private async request(): Promise<Answer> {
    let body: unknown;
    try {
      body = await this.fetchCatalogue();
    } catch (error) {
      const known = this.lastFresh ?? this.store.read();
      if (known === undefined) throw error;
      return { catalogue: known, fresh: false };
    }
    let catalogue: SymbolInfo[];
    try {
      catalogue = parseSymbolCatalogue(body);
    } catch (error) {
      throw new MarketDataError('symbols', { detail: (error as Error).message, cause: error });
    }
    this.lastFresh = catalogue;
    this.store.write(catalogue);
    this.onFresh(catalogue);
    return { catalogue, fresh: true };
  }
}
