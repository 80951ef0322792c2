import { DEFAULT_SYMBOL_CATALOGUE, type SymbolInfo } from '@pairwatch/domain';
import { type BinanceRestClient } from './BinanceRestClient';
import { parseExchangeSymbols } from './binanceWire';
import { SymbolCatalogue } from './SymbolCatalogue';
import { type SymbolSource } from './symbolsRoutes';
import { type ServiceLogger } from '../util/ServiceLogger';

/** Construction options of {@link SymbolDirectory}. */
export interface SymbolDirectoryOptions {
  readonly rest: Pick<BinanceRestClient, 'exchangeInfo'>;
  readonly logger: ServiceLogger;
  readonly now?: () => number;
  /** How long a catalogue read from the exchange is served before it is read again (10 min). */
  readonly ttlMs?: number;
  /** How long the default pairs stand in after a failed read before the next try (30 s). */
  readonly retryMs?: number;
}

/** Told the pairs that were trading and no longer are (halted, in a break, delisted). */
export type StoppedListener = (pairs: readonly SymbolInfo[]) => void;

/**
 * The market's catalogue for `GET /symbols`, `GET /candles`, the hub and the alerts: every pair
 * `exchangeInfo` reports as `TRADING` (one request of weight 20, `symbolStatus=TRADING`), with
 * formats from each pair's tick and step sizes.
 *
 * NOTE: it is served stale-while-revalidate: once `ttlMs` has passed, the next caller gets the
 * catalogue in hand at once and starts one read in the background, so no request ever waits on
 * the exchange except the very first. When the exchange cannot be read, the ten default pairs
 * stand in (architecture §2) and a new read is tried after `retryMs`. `start()` also reads on a
 * timer, so a pair that stops trading is noticed without any request: between two catalogues
 * read from the exchange, pairs that left are told to the {@link onStopped} listeners (the alert
 * engine ends the alerts on them).
 */
export class SymbolDirectory implements SymbolSource {
  private currentEntry: { readonly catalogue: SymbolCatalogue; readonly until: number } | undefined;
  private lastFromExchange: SymbolCatalogue | undefined;
  private loading: Promise<SymbolCatalogue> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<StoppedListener>();
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly retryMs: number;

  constructor(private readonly options: SymbolDirectoryOptions) {
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs ?? 600_000;
    this.retryMs = options.retryMs ?? 30_000;
  }

  /** The pairs trading now, defaults first; waits only for the very first read. */
  async catalogue(): Promise<SymbolCatalogue> {
    const current = this.currentEntry;
    if (current === undefined) return this.refresh();
    if (this.now() >= current.until) void this.refresh();
    return current.catalogue;
  }

  /** The catalogue in hand, without waiting (`undefined` before the first read). */
  current(): SymbolCatalogue | undefined {
    return this.currentEntry?.catalogue;
  }

  /** Reads the exchange now (one read at a time; callers share it). Never rejects. */
  refresh(): Promise<SymbolCatalogue> {
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Calls `listener` with the pairs that stop trading; returns the unsubscribe. */
  onStopped(listener: StoppedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads now and then every `ttlMs` (or `retryMs` after a failure), until {@link close}. */
  start(): void {
    if (this.timer !== undefined) return;
    const tick = (): void => {
      void this.refresh().then(() => {
        if (this.timer === undefined) return;
        const wait = Math.max(1_000, (this.currentEntry?.until ?? this.now()) - this.now());
        this.timer = setTimeout(tick, wait).unref();
      });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /** Stops the timer of {@link start}. */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async load(): Promise<SymbolCatalogue> {
    let catalogue: SymbolCatalogue;
    try {
      const body = await this.options.rest.exchangeInfo({ symbolStatus: 'TRADING' });
      catalogue = new SymbolCatalogue(parseExchangeSymbols(body));
      if (catalogue.size === 0) throw new Error('exchangeInfo lists no trading pair');
    } catch (error: unknown) {
      this.options.logger.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'exchangeInfo unavailable: offering the default pairs',
      );
      // The last catalogue read from the exchange beats the ten defaults: a pair a trader is
      // watching must not vanish because one read failed.
      catalogue =
        this.lastFromExchange ??
        new SymbolCatalogue(Object.values(DEFAULT_SYMBOL_CATALOGUE), false);
      this.currentEntry = { catalogue, until: this.now() + this.retryMs };
      return catalogue;
    }
    const previous = this.lastFromExchange;
    this.lastFromExchange = catalogue;
    this.currentEntry = { catalogue, until: this.now() + this.ttlMs };
    if (previous !== undefined) {
      const stopped = [...previous.list()].filter(
        (info) => catalogue.get(info.symbol) === undefined,
      );
      if (stopped.length > 0) {
        this.options.logger.info(
          { count: stopped.length, symbols: stopped.slice(0, 20).map((info) => info.symbol) },
          'pairs stopped trading',
        );
        for (const listener of this.listeners) {
          try {
            listener(stopped);
          } catch (error: unknown) {
            this.options.logger.error({ err: error }, 'a stopped-pairs listener failed');
          }
        }
      }
    }
    return catalogue;
  }
}
