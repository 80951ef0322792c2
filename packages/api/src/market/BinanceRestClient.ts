import {
  type Candle,
  INTERVAL_INFO,
  type Interval,
  type SymbolId,
  type UnixMillis,
} from '@pairwatch/domain';
import { type Logger } from 'pino';
import { parseKlineRow } from './binanceWire';
import { UpstreamError } from './UpstreamError';

/** One `GET /api/v3/klines` request. */
export interface KlinesRequest {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  /** 1–1000. */
  readonly limit: number;
  readonly startTime?: UnixMillis;
  readonly endTime?: UnixMillis;
}

/** Construction options of {@link BinanceRestClient}. */
export interface BinanceRestClientOptions {
  /** Base URL of a Binance-compatible server; `/api/v3/…` is appended. */
  readonly baseUrl: string;
  readonly logger: Logger;
  /** Injected for tests; defaults to the global `fetch`. */
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
  /** Per-request timeout (default 10 s). */
  readonly timeoutMs?: number;
  /**
   * Request weight per minute we allow ourselves. Binance allows 6000 per IP; we stop short so
   * that a burst never earns a 429 (and the 418 ban that follows ignored 429s).
   */
  readonly weightBudgetPerMinute?: number;
  /**
   * The part of the budget requests made for clients (`share: 'client'`) may spend, default 0.75:
   * the rest is kept for the api's own requests (alert creation, the engine's and the hub's
   * backfills), so one client's misses cannot stop everyone's alerts.
   */
  readonly clientShare?: number;
}

/** Whose request: a client's (`GET /candles`), limited to the client share, or the api's own. */
export type WeightShare = 'client' | 'reserved';

/** Request weights (Binance, since 2023-08-25). */
const WEIGHT = { klines: 2, exchangeInfo: 20, ping: 1 } as const;
const MINUTE_MS = 60_000;
/** Used when a 429/418 arrives without `Retry-After`. */
const DEFAULT_RETRY_AFTER_S = { 429: 60, 418: 120 } as const;

/**
 * The few Binance REST endpoints the api needs, with the upstream's rules obeyed: request weight
 * is counted (locally and from `X-MBX-USED-WEIGHT-1M`) and kept under a budget, and after a
 * 429/418 nothing is sent until `Retry-After` has passed. Failures are {@link UpstreamError}s.
 */
export class BinanceRestClient {
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly budget: number;
  private readonly clientShare: number;
  private weightMinute = 0;
  private weightUsed = 0;
  private blockedUntil = 0;
  private lastOutcome: 'ok' | 'failed' | 'none' = 'none';
  private sent = 0;

  constructor(private readonly options: BinanceRestClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.budget = options.weightBudgetPerMinute ?? 4800;
    this.clientShare = options.clientShare ?? 0.75;
  }

  /** Candles of one interval, oldest first (the last one may still be forming). */
  async klines(request: KlinesRequest, share: WeightShare = 'reserved'): Promise<Candle[]> {
    const params = new URLSearchParams({
      symbol: request.symbol,
      interval: INTERVAL_INFO[request.interval].binanceCode,
      limit: String(request.limit),
    });
    if (request.startTime !== undefined) params.set('startTime', String(request.startTime));
    if (request.endTime !== undefined) params.set('endTime', String(request.endTime));
    const body = await this.get(`/api/v3/klines?${params}`, WEIGHT.klines, this.timeoutMs, share);
    if (!Array.isArray(body)) throw this.badPayload('klines', 'an array', body);
    try {
      return body.map(parseKlineRow);
    } catch (error: unknown) {
      throw this.badPayload('klines', 'well-formed rows', body, error);
    }
  }

  /**
   * The raw `exchangeInfo` answer: for some `symbols`, for every pair in one `symbolStatus`
   * (`TRADING`: what the api offers, a fraction of the whole answer), or for every pair.
   */
  async exchangeInfo(
    filter: { readonly symbols?: readonly string[]; readonly symbolStatus?: string } = {},
  ): Promise<unknown> {
    const query =
      filter.symbols !== undefined
        ? `?symbols=${encodeURIComponent(JSON.stringify(filter.symbols))}`
        : filter.symbolStatus !== undefined
          ? `?symbolStatus=${encodeURIComponent(filter.symbolStatus)}`
          : '';
    return this.get(`/api/v3/exchangeInfo${query}`, WEIGHT.exchangeInfo);
  }

  /** Resolves when the server answers `/api/v3/ping`. */
  async ping(timeoutMs?: number): Promise<void> {
    await this.get('/api/v3/ping', WEIGHT.ping, timeoutMs);
  }

  /** The weight budget per minute, and the part of it requests made for clients may spend. */
  get weightBudget(): { readonly total: number; readonly client: number } {
    return { total: this.budget, client: Math.floor(this.budget * this.clientShare) };
  }

  /** Request weight used in the current minute, as far as we know. */
  get usedWeight(): number {
    this.rollMinute();
    return this.weightUsed;
  }

  /** How many requests were sent upstream (all time). */
  get requestCount(): number {
    return this.sent;
  }

  /** Whether the upstream answered the last request and no ban is running. */
  get healthy(): boolean {
    return this.lastOutcome !== 'failed' && this.now() >= this.blockedUntil;
  }

  private rollMinute(): void {
    const minute = Math.floor(this.now() / MINUTE_MS);
    if (minute !== this.weightMinute) {
      this.weightMinute = minute;
      this.weightUsed = 0;
    }
  }

  private async get(
    pathAndQuery: string,
    weight: number,
    timeoutMs = this.timeoutMs,
    share: WeightShare = 'reserved',
  ): Promise<unknown> {
    const now = this.now();
    if (now < this.blockedUntil) {
      const seconds = Math.ceil((this.blockedUntil - now) / 1000);
      throw new UpstreamError(
        'unavailable',
        `The market data source asked us to slow down. Please try again in ${seconds} s.`,
        `upstream blocked us (429/418) for ${seconds} more s`,
        seconds,
      );
    }
    this.rollMinute();
    const limit = share === 'client' ? this.budget * this.clientShare : this.budget;
    if (this.weightUsed + weight > limit) {
      const seconds = Math.ceil((MINUTE_MS - (now % MINUTE_MS)) / 1000);
      throw new UpstreamError(
        'unavailable',
        `The market data source is busy. Please try again in ${seconds} s.`,
        `request weight ${share === 'client' ? 'client share' : 'budget'} spent (${this.weightUsed}/${Math.floor(limit)} this minute)`,
        seconds,
      );
    }
    this.weightUsed += weight;
    this.sent += 1;
    const url = `${this.options.baseUrl}${pathAndQuery}`;
    let response: Response;
    try {
      response = await this.fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error: unknown) {
      this.lastOutcome = 'failed';
      throw new UpstreamError(
        'unavailable',
        'The market data source is not answering. Please try again in a moment.',
        `GET ${pathAndQuery} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      );
    }
    this.recordWeight(response);
    const text = await response.text().catch(() => '');
    if (response.status === 429 || response.status === 418) {
      return this.rateLimited(response, pathAndQuery, text);
    }
    if (!response.ok) {
      this.lastOutcome = 'failed';
      throw new UpstreamError(
        'bad-response',
        `The market data source answered with an error (HTTP ${response.status}). Please try again later.`,
        `GET ${pathAndQuery} → ${response.status} ${text.slice(0, 200)}`,
      );
    }
    try {
      const body: unknown = JSON.parse(text);
      this.lastOutcome = 'ok';
      return body;
    } catch {
      this.lastOutcome = 'failed';
      throw this.badPayload(pathAndQuery, 'JSON', text.slice(0, 200));
    }
  }

  private recordWeight(response: Response): void {
    const reported = Number(response.headers.get('x-mbx-used-weight-1m'));
    if (Number.isFinite(reported) && reported > this.weightUsed) this.weightUsed = reported;
  }

  private rateLimited(response: Response, pathAndQuery: string, text: string): never {
    const status = response.status as 429 | 418;
    const header = Number(response.headers.get('retry-after'));
    const seconds = Number.isFinite(header) && header > 0 ? header : DEFAULT_RETRY_AFTER_S[status];
    this.blockedUntil = Math.max(this.blockedUntil, this.now() + seconds * 1000);
    this.lastOutcome = 'failed';
    this.options.logger.warn(
      { status, retryAfterSeconds: seconds, body: text.slice(0, 200) },
      'market upstream rate limit: pausing REST requests',
    );
    throw new UpstreamError(
      'unavailable',
      `The market data source asked us to slow down. Please try again in ${seconds} s.`,
      `GET ${pathAndQuery} → ${status}, Retry-After ${seconds} s`,
      seconds,
    );
  }

  private badPayload(what: string, expected: string, got: unknown, cause?: unknown): UpstreamError {
    this.lastOutcome = 'failed';
    const evidence = typeof got === 'string' ? got : JSON.stringify(got)?.slice(0, 200);
    return new UpstreamError(
      'bad-response',
      'The market data source sent data we could not read. Please try again later.',
      `${what}: expected ${expected}, got ${evidence}${cause instanceof Error ? ` (${cause.message})` : ''}`,
    );
  }
}
