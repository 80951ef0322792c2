import { SYMBOL_CATALOGUE, SYMBOLS, type SymbolId, type SymbolInfo } from '@pairwatch/domain';
import { type Logger } from 'pino';
import { type BinanceRestClient } from './BinanceRestClient';
import { parseExchangeSymbols } from './binanceWire';

/** The supported symbols the exchange lists, keyed by symbol. */
export type SymbolInfoMap = Partial<Record<SymbolId, SymbolInfo>>;

/** Construction options of {@link SymbolDirectory}. */
export interface SymbolDirectoryOptions {
  readonly rest: BinanceRestClient;
  readonly logger: Logger;
  readonly now?: () => number;
  /** How long exchange filters are reused (default 1 h; they change rarely). */
  readonly ttlMs?: number;
  /** How long the catalogue stands in after a failed read (default 30 s). */
  readonly retryMs?: number;
}

/**
 * Symbol facts for `GET /symbols`: formats derived from the exchange's tick and step sizes,
 * read once per `ttlMs` (one request, coalesced). When the exchange cannot be read, the domain
 * catalogue's formats stand in, as architecture §2 allows, and a new read is tried soon.
 */
export class SymbolDirectory {
  private cached: { readonly symbols: SymbolInfoMap; readonly until: number } | undefined;
  private loading: Promise<SymbolInfoMap> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: SymbolDirectoryOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Every supported symbol the exchange lists. */
  async all(): Promise<SymbolInfoMap> {
    if (this.cached !== undefined && this.now() < this.cached.until) return this.cached.symbols;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load(): Promise<SymbolInfoMap> {
    try {
      let body: unknown;
      try {
        body = await this.options.rest.exchangeInfo(SYMBOLS);
      } catch (error: unknown) {
        // One unlisted symbol makes Binance refuse the whole list (-1121): ask for everything.
        if (!(error instanceof Error && 'code' in error && error.code === 'UPSTREAM_BAD_RESPONSE'))
          throw error;
        body = await this.options.rest.exchangeInfo();
      }
      const symbols = parseExchangeSymbols(body);
      this.cached = { symbols, until: this.now() + (this.options.ttlMs ?? 3_600_000) };
      return symbols;
    } catch (error: unknown) {
      this.options.logger.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'exchangeInfo unavailable: using the catalogue formats',
      );
      const symbols: SymbolInfoMap = { ...SYMBOL_CATALOGUE };
      this.cached = { symbols, until: this.now() + (this.options.retryMs ?? 30_000) };
      return symbols;
    }
  }
}
