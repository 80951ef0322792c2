import {
  INTERVALS,
  isInterval,
  isSymbolId,
  toUnixSeconds,
  type UnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import { type FastifyPluginAsync } from 'fastify';
import { ApiProblem } from '../errors/ApiProblem';
import { quoteInput } from '../errors/quoteInput';
import { type CandleQuery, type MarketData } from './MarketData';
import { candlesResponseSchema } from './candlesResponseSchema';
import { acceptedBodyEncoding, CompressedBodies } from './CompressedBodies';
import { CandlePageTexts } from './CandlePageTexts';
import { requestClientAddress } from '../http/requestClientAddress';
import { type SymbolSource } from './symbolsRoutes';
import { unknownSymbolText } from './unknownSymbolText';
import { clientKey } from '@pairwatch/signalr-server';

/** Options of {@link candlesRoutes}. */
export interface CandlesRoutesOptions {
  readonly marketData: MarketData;
  /** Which pairs the market trades: any other is refused before the exchange is asked. */
  readonly symbols: SymbolSource;
}

/** `limit` when the request gives none (the chart's page size), and its maximum (Binance's). */
const DEFAULT_CANDLE_LIMIT = 500;
const MAX_CANDLE_LIMIT = 1000;

// Date, or date-time with optional seconds, fraction and zone (ISO 8601 extended format).
const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Reads one query parameter; a repeated parameter is ambiguous and refused. */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new ApiProblem('VALIDATION_FAILED', `Give the ${name} parameter once.`);
  }
  return value;
}

/**
 * Parses an ISO 8601 time; a time without a zone is UTC (never the server's local time).
 * Impossible dates (2024-02-30) and times before 1970 are refused.
 */
function parseIsoTime(raw: string, name: string): UnixSeconds {
  const match = ISO_TIME.exec(raw);
  const invalid = new ApiProblem(
    'INVALID_TIME',
    `${name} must be an ISO 8601 time such as 2024-01-31T12:00:00Z, got ${quoteInput(raw)}.`,
  );
  if (match === null) throw invalid;
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone = 'Z'] =
    match;
  const normalizedZone = /^z$/i.test(zone) ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const millis = Date.parse(
    `${year}-${month}-${day}T${hour}:${minute}:${second}.${fraction.padEnd(3, '0').slice(0, 3)}${normalizedZone}`,
  );
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const realDate =
    calendar.getUTCFullYear() === Number(year) &&
    calendar.getUTCMonth() === Number(month) - 1 &&
    calendar.getUTCDate() === Number(day);
  if (
    !Number.isFinite(millis) ||
    !realDate ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59
  ) {
    throw invalid;
  }
  if (millis < 0) {
    throw new ApiProblem(
      'INVALID_TIME',
      `${name} must not be before 1970-01-01T00:00:00Z, got ${quoteInput(raw)}.`,
    );
  }
  return toUnixSeconds(millis as UnixMillis);
}

/** Validates `GET /candles`'s query (architecture §3); every failure is a 400 naming the value. */
function parseCandlesQuery(query: Record<string, unknown>): CandleQuery {
  const symbol = single(query, 'symbol');
  if (symbol === undefined || symbol === '') {
    throw new ApiProblem('UNKNOWN_SYMBOL', 'A symbol is required, e.g. symbol=BTCUSDT.');
  }
  if (!isSymbolId(symbol)) throw new ApiProblem('UNKNOWN_SYMBOL', unknownSymbolText(symbol));
  const interval = single(query, 'interval');
  if (interval === undefined || !isInterval(interval)) {
    throw new ApiProblem(
      'INVALID_INTERVAL',
      `${interval === undefined ? 'An interval is required' : `Unknown interval ${quoteInput(interval)}`}. Use one of ${INTERVALS.join(', ')}.`,
    );
  }
  const rawLimit = single(query, 'limit');
  let limit = DEFAULT_CANDLE_LIMIT;
  if (rawLimit !== undefined) {
    limit = /^\d{1,4}$/.test(rawLimit) ? Number(rawLimit) : NaN;
    if (!(limit >= 1 && limit <= MAX_CANDLE_LIMIT)) {
      throw new ApiProblem(
        'INVALID_LIMIT',
        `The limit must be a whole number from 1 to ${MAX_CANDLE_LIMIT}, got ${quoteInput(rawLimit)}.`,
      );
    }
  }
  const rawEnd = single(query, 'endTime');
  const rawStart = single(query, 'startTime');
  if (rawEnd !== undefined && rawStart !== undefined) {
    throw new ApiProblem('CONFLICTING_TIME_RANGE', 'Give endTime or startTime, not both.');
  }
  return {
    symbol,
    interval,
    limit,
    ...(rawEnd === undefined ? {} : { endTime: parseIsoTime(rawEnd, 'endTime') }),
    ...(rawStart === undefined ? {} : { startTime: parseIsoTime(rawStart, 'startTime') }),
  };
}

/**
 * `GET /candles?symbol&interval&limit&endTime|startTime` (architecture §3): candles oldest first,
 * `time` = open time in Unix seconds; with `endTime`, the latest candles opening at or before it;
 * with `startTime`, the earliest opening at or after it.
 */
export const candlesRoutes: FastifyPluginAsync<CandlesRoutesOptions> = async (app, options) => {
  // Brotli at quality 1: every page changes with its forming candle every 2 s and is compressed
  // anew each time. 500 candles take 0.5 ms and 11.7 KB, against 1.2 ms and 11.4 KB at quality 4
  // (this machine); all streams move together, so those milliseconds add up to a stall.
  const compressed = new CompressedBodies(undefined, undefined, 1);
  const texts = new CandlePageTexts();
  app.get(
    '/candles',
    { schema: { response: { 200: candlesResponseSchema } } },
    async (request, reply) => {
      const query = parseCandlesQuery(request.query as Record<string, unknown>);
      if ((await options.symbols.catalogue()).get(query.symbol) === undefined) {
        throw new ApiProblem('UNKNOWN_SYMBOL', unknownSymbolText(query.symbol));
      }
      // The client's address group: its cache misses draw on its own share of the upstream.
      const candles = await options.marketData.getCandles({
        ...query,
        client: clientKey(requestClientAddress(request)),
      });
      const encoding = acceptedBodyEncoding(request.headers['accept-encoding']);
      if (encoding === undefined) return candles;
      // Compressed here, from the last answer to the same query when it has not changed, rather
      // than by @fastify/compress for every request (it leaves an encoded answer alone).
      const key = `${query.symbol}|${query.interval}|${query.limit}|${query.endTime ?? ''}|${query.startTime ?? ''}`;
      const body = await compressed.bodyOfParts(
        key,
        candles,
        () => texts.text(key, candles),
        encoding,
      );
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-encoding', encoding)
        .header('vary', 'accept-encoding')
        .send(body);
    },
  );
};
