import { type IncomingMessage, type ServerResponse } from 'node:http';
import { PAIR_STATUSES } from '../catalogue/PairStatus';
import { type SimPair } from '../catalogue/SimPair';
import { klineRow } from '../market/Kline';
import { KlineInterval, parseTimeZone } from '../market/KlineInterval';
import { type MarketSimulator } from '../market/MarketSimulator';
import { BinanceError } from './BinanceError';
import { ExchangeInfoCache, type ExchangeInfoSelection } from './ExchangeInfoCache';
import { parseSymbolParameter, parseSymbolsParameter } from './parseSymbolParameters';
import { type RequestWeightLimiter } from './RequestWeightLimiter';
import { JsonText } from './JsonText';
import { type RestFaults } from './RestFaults';

const LONG_PATTERN = '^[0-9]{1,20}$';
const LONG_REGEX = /^[0-9]{1,20}$/;
const DEFAULT_KLINES_LIMIT = 500;
const MAX_KLINES_LIMIT = 1000;

type Handler = (params: URLSearchParams) => unknown;

interface Route {
  /** Request weight; may depend on the parameters (ticker/price). */
  readonly weight: (params: URLSearchParams) => number;
  readonly handle: Handler;
}

function optionalLong(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (value === '') throw BinanceError.mandatory(name);
  if (!LONG_REGEX.test(value)) throw BinanceError.illegalChars(name, LONG_PATTERN);
  return Number(value);
}

function requiredParam(params: URLSearchParams, name: string): string {
  const value = params.get(name);
  if (value === null || value === '') throw BinanceError.mandatory(name);
  return value;
}

/** Which pairs a request names: `symbol`, `symbols`, or all (with an optional `symbolStatus`). */
function selectedPairs(
  params: URLSearchParams,
  market: MarketSimulator,
): ExchangeInfoSelection & { readonly single: boolean } {
  const symbol = params.get('symbol');
  const symbols = params.get('symbols');
  const status = params.get('symbolStatus');
  if (symbol !== null && symbols !== null) throw BinanceError.badCombination();
  if (status !== null) {
    if (symbol !== null || symbols !== null) throw BinanceError.badCombination();
    const known = PAIR_STATUSES.find((value) => value === status);
    if (!known) throw new BinanceError(400, -1122, 'Invalid symbolStatus.');
    return { all: market.catalogue.pairs, status: known, single: false };
  }
  if (symbol !== null) {
    return { pairs: [parseSymbolParameter(symbol, market.catalogue)], single: true };
  }
  if (symbols !== null) {
    return { pairs: parseSymbolsParameter(symbols, market.catalogue), single: false };
  }
  return { all: market.catalogue.pairs, single: false };
}

/** The pairs of a selection, in catalogue order for "all". */
function pairsOf(selection: ExchangeInfoSelection, market: MarketSimulator): readonly SimPair[] {
  if ('pairs' in selection) return selection.pairs;
  const { all, status } = selection;
  return status === undefined
    ? all
    : all.filter((pair) => market.statuses.of(pair.symbol) === status);
}

/** Options of the REST endpoints. */
export interface RestApiOptions {
  readonly market: MarketSimulator;
  readonly limiter: RequestWeightLimiter;
  readonly faults: RestFaults;
}

/**
 * Binance's public market-data REST endpoints under `/api/v3/`: klines (and uiKlines),
 * exchangeInfo, ticker/price, ping and time, with Binance's parameter rules, error bodies, request
 * weights and `X-MBX-USED-WEIGHT-1M` headers, plus injected faults. No CORS headers: only server
 * code (the api, tests) talks to the simulator; browsers get market data through the api.
 */
export class RestApi {
  private readonly routes: ReadonlyMap<string, Route>;
  private readonly exchangeInfoCache: ExchangeInfoCache;

  constructor(private readonly options: RestApiOptions) {
    this.exchangeInfoCache = new ExchangeInfoCache(options.market.statuses, options.limiter.limit);
    const klines: Route = { weight: () => 2, handle: (params) => this.klines(params) };
    this.routes = new Map<string, Route>([
      ['/api/v3/ping', { weight: () => 1, handle: () => ({}) }],
      [
        '/api/v3/time',
        { weight: () => 1, handle: () => ({ serverTime: this.options.market.now() }) },
      ],
      ['/api/v3/exchangeInfo', { weight: () => 20, handle: (params) => this.exchangeInfo(params) }],
      ['/api/v3/klines', klines],
      ['/api/v3/uiKlines', klines],
      [
        '/api/v3/ticker/price',
        {
          weight: (params) => (params.get('symbol') === null ? 4 : 2),
          handle: (params) => this.tickerPrice(params),
        },
      ],
    ]);
  }

  /** Whether this API serves the path. */
  serves(pathname: string): boolean {
    return pathname.startsWith('/api/');
  }

  /** Answers one request (the caller checked `serves`). */
  handle(request: IncomingMessage, response: ServerResponse, url: URL): void {
    const route = this.routes.get(url.pathname);
    if (!route) {
      this.send(response, 404, { code: -1000, msg: `Unknown endpoint ${url.pathname}.` });
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      this.send(response, 405, { code: -1020, msg: 'This operation is not supported.' });
      return;
    }
    try {
      const fault = this.options.faults.take();
      if (fault) throw fault;
      const rejected = this.options.limiter.admit(route.weight(url.searchParams));
      if (rejected) throw rejected;
      this.send(response, 200, route.handle(url.searchParams));
    } catch (error) {
      if (!(error instanceof BinanceError)) throw error;
      const headers: Record<string, string> = {};
      if (error.retryAfterSeconds !== undefined) {
        headers['retry-after'] = String(error.retryAfterSeconds);
      }
      this.send(response, error.status, error.toJSON(), headers);
    }
  }

  private send(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    const used = String(this.options.limiter.usedWeight());
    const text = body instanceof JsonText ? body.text : JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json;charset=UTF-8',
      'content-length': Buffer.byteLength(text),
      'x-mbx-used-weight': used,
      'x-mbx-used-weight-1m': used,
      ...headers,
    });
    response.end(text);
  }

  private klines(params: URLSearchParams): unknown {
    const symbolText = requiredParam(params, 'symbol');
    const intervalText = requiredParam(params, 'interval');
    const startTime = optionalLong(params, 'startTime');
    const endTime = optionalLong(params, 'endTime');
    const limitValue = optionalLong(params, 'limit');
    const { symbol } = parseSymbolParameter(symbolText, this.options.market.catalogue);
    const interval = KlineInterval.parse(intervalText);
    if (!interval) throw new BinanceError(400, -1120, 'Invalid interval.');
    const limit = limitValue ?? DEFAULT_KLINES_LIMIT;
    if (limit < 1 || limit > MAX_KLINES_LIMIT) throw BinanceError.invalidParameter('limit');
    const timeZone = params.get('timeZone');
    const timeZoneOffsetMs = timeZone === null ? 0 : parseTimeZone(timeZone);
    if (timeZoneOffsetMs === undefined) throw BinanceError.invalidParameter('timeZone');
    if (startTime !== undefined && endTime !== undefined && startTime > endTime) {
      throw new BinanceError(400, -1023, 'Start time is greater than end time.');
    }
    return this.options.market
      .klines({ symbol, interval, startTime, endTime, limit, timeZoneOffsetMs })
      .map(klineRow);
  }

  private exchangeInfo(params: URLSearchParams): unknown {
    return this.exchangeInfoCache.body(
      selectedPairs(params, this.options.market),
      this.options.market.now(),
    );
  }

  private tickerPrice(params: URLSearchParams): unknown {
    const { market } = this.options;
    const selection = selectedPairs(params, market);
    const now = market.now();
    const prices = pairsOf(selection, market).map(({ symbol }) => ({
      symbol,
      price: market.priceText(symbol, now),
    }));
    return selection.single ? prices[0] : prices;
  }
}
