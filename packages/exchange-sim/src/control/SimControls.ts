import { DEFAULT_SYMBOLS, type SymbolId } from '@pairwatch/domain';
import { type PairStatus } from '../catalogue/PairStatus';
import { type StatusChange } from '../catalogue/PairStatuses';
import { type MarketSimulator, type PriceChange, type PriceMove } from '../market/MarketSimulator';
import { SimInputError } from '../market/SimInputError';
import { type RequestWeightLimiter } from '../rest/RequestWeightLimiter';
import { type RestFaults } from '../rest/RestFaults';
import { type StreamServer } from '../ws/StreamServer';
import {
  type ExchangeSimControls,
  type ExchangeSimState,
  type RateLimitFault,
  type ServerErrorFault,
} from './ExchangeSimControls';

const MAX_COUNT = 1_000_000;
const MAX_DELAY_MS = 24 * 3_600_000;
const MAX_RETRY_AFTER_SECONDS = 3 * 24 * 3_600;

function checkInteger(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new SimInputError(
      `'${name}' must be an integer from ${min} to ${max}, got ${JSON.stringify(value) ?? 'undefined'}`,
    );
  }
  return value;
}

function checkOptionalInteger(
  name: string,
  value: unknown,
  min: number,
  max: number,
): number | undefined {
  return value === undefined ? undefined : checkInteger(name, value, min, max);
}

/** The parts a control panel drives. */
export interface SimControlsParts {
  readonly market: MarketSimulator;
  readonly streams: StreamServer;
  readonly faults: RestFaults;
  readonly limiter: RequestWeightLimiter;
}

/** The in-process controls of a running simulator (validating every input). */
export class SimControls implements ExchangeSimControls {
  constructor(private readonly parts: SimControlsParts) {}

  state(): ExchangeSimState {
    const { market, streams, faults, limiter } = this.parts;
    const now = market.now();
    // The defaults, then any pair a control moved: a thousand prices would bury the ones a test
    // is looking at (and cost a second to compute).
    const symbols = new Set<SymbolId>([...DEFAULT_SYMBOLS, ...market.adjustedSymbols()]);
    const prices = Object.fromEntries(
      [...symbols].map((symbol) => [symbol, market.priceText(symbol, now)]),
    );
    return {
      now,
      prices,
      statuses: market.statuses.overrides(),
      connections: streams.connectionCount,
      streamStalled: streams.stalled,
      restFault: faults.current,
      usedWeight: limiter.usedWeight(),
    };
  }

  setPrice(symbol: SymbolId, price: number): PriceChange {
    return this.parts.market.setPrice(this.checkSymbol(symbol), price);
  }

  movePrice(symbol: SymbolId, move: PriceMove): PriceChange {
    const checked = this.checkSymbol(symbol);
    if (typeof move !== 'object' || move === null || 'by' in move === 'percent' in move) {
      throw new SimInputError("A move needs exactly one of 'by' or 'percent'");
    }
    return this.parts.market.movePrice(checked, move);
  }

  setStatus(symbol: SymbolId, status: PairStatus): StatusChange {
    return this.parts.market.statuses.set(this.checkSymbol(symbol), status);
  }

  dropConnections(): number {
    return this.parts.streams.dropConnections();
  }

  stallStream(ms?: number): void {
    this.parts.streams.stall(checkOptionalInteger('ms', ms, 1, MAX_DELAY_MS));
  }

  resumeStream(): void {
    this.parts.streams.resume();
  }

  serverShutdown(options: { readonly closeAfterMs?: number } = {}): number {
    const closeAfterMs = checkOptionalInteger(
      'closeAfterMs',
      options.closeAfterMs,
      0,
      MAX_DELAY_MS,
    );
    return this.parts.streams.serverShutdown(closeAfterMs);
  }

  failWithRateLimit(fault: RateLimitFault): void {
    const count = checkInteger('count', fault.count, 1, MAX_COUNT);
    const retryAfterSeconds =
      checkOptionalInteger(
        'retryAfterSeconds',
        fault.retryAfterSeconds,
        1,
        MAX_RETRY_AFTER_SECONDS,
      ) ?? 1;
    this.parts.faults.rateLimit(count, retryAfterSeconds);
  }

  failWithServerError(fault: ServerErrorFault): void {
    const count = checkInteger('count', fault.count, 1, MAX_COUNT);
    const status = checkOptionalInteger('status', fault.status, 500, 599) ?? 503;
    this.parts.faults.serverError(count, status);
  }

  resetFaults(): void {
    this.parts.faults.reset();
    this.parts.limiter.reset();
    this.parts.streams.resume();
  }

  reset(): void {
    this.resetFaults();
    this.parts.market.resetPrices();
    this.parts.market.statuses.reset();
  }

  pushNow(): void {
    this.parts.streams.pushNow();
  }

  /** A symbol the catalogue lists (bodies over HTTP may carry anything). */
  private checkSymbol(symbol: unknown): SymbolId {
    if (typeof symbol !== 'string') {
      throw new SimInputError(`Unknown symbol ${JSON.stringify(symbol) ?? 'undefined'}`);
    }
    return this.parts.market.catalogue.require(symbol).symbol;
  }
}
