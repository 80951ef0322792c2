// Binance's wire formats, read and written in one place: kline stream names, `GET /api/v3/klines`
// rows, combined-stream frames and the symbols of an `exchangeInfo` answer.
import {
  INTERVAL_INFO,
  type Interval,
  type SymbolId,
  type Candle,
  toUnixSeconds,
  type UnixMillis,
  formatFromStep,
  isSymbolId,
  type NumberFormat,
  defaultSymbolInfo,
  type SymbolInfo,
} from '@pairwatch/domain';

/** Binance's kline stream name, e.g. `btcusdt@kline_1m` (the month keeps its capital: `…@kline_1M`). */
export function streamName(symbol: SymbolId, interval: Interval): string {
  return `${symbol.toLowerCase()}@kline_${INTERVAL_INFO[interval].binanceCode}`;
}

/** A decimal string field of a kline row; throws naming the field and quoting the row. */
function rowDecimal(value: unknown, field: string, row: unknown): number {
  const parsed = typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(parsed)) {
    throw new TypeError(
      `kline ${field} must be a decimal string, got ${JSON.stringify(value)} in ${JSON.stringify(row)}`,
    );
  }
  return parsed;
}

/**
 * Parses one row of `GET /api/v3/klines` (`[openTime, "open", "high", "low", "close", "volume",
 * closeTime, …]`) into a candle whose `time` is the open time in Unix seconds.
 *
 * @throws TypeError naming the field and quoting the row when it is malformed.
 */
export function parseKlineRow(row: unknown): Candle {
  if (!Array.isArray(row) || row.length < 6) {
    throw new TypeError(
      `a kline must be an array of at least 6 fields, got ${JSON.stringify(row)}`,
    );
  }
  const openTime: unknown = row[0];
  if (typeof openTime !== 'number' || !Number.isSafeInteger(openTime) || openTime < 0) {
    throw new TypeError(
      `kline open time must be epoch milliseconds, got ${JSON.stringify(openTime)}`,
    );
  }
  return {
    time: toUnixSeconds(openTime as UnixMillis),
    open: rowDecimal(row[1], 'open', row),
    high: rowDecimal(row[2], 'high', row),
    low: rowDecimal(row[3], 'low', row),
    close: rowDecimal(row[4], 'close', row),
    volume: rowDecimal(row[5], 'volume', row),
  };
}

/** What one text frame of a combined-stream connection means. */
export type StreamMessage =
  | {
      readonly kind: 'kline';
      readonly stream: string;
      readonly candle: Candle;
      readonly closed: boolean;
    }
  | { readonly kind: 'serverShutdown' }
  | { readonly kind: 'result'; readonly id: number | string | null; readonly error?: string }
  | { readonly kind: 'other' };

/** The value as a JSON object, or undefined for anything else (arrays included). */
function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A decimal string of a stream event; NaN for anything else (the caller rejects the event). */
function eventDecimal(value: unknown): number {
  return typeof value === 'string' ? Number(value) : NaN;
}

/**
 * Parses a frame of Binance's combined stream (`{"stream":…,"data":…}`), a control answer
 * (`{"result":null,"id":1}` / `{"error":{…},"id":1}`) or the shutdown notice. Frames it does not
 * understand are `other`, never an exception: upstream adds fields and events.
 *
 * @throws TypeError only when the frame is not JSON or a kline carries non-numeric prices.
 */
export function parseStreamMessage(text: string): StreamMessage {
  const message = record(JSON.parse(text));
  if (message === undefined) return { kind: 'other' };
  if ('id' in message && ('result' in message || 'error' in message)) {
    const id = message.id;
    const error = record(message.error);
    return {
      kind: 'result',
      id: typeof id === 'number' || typeof id === 'string' ? id : null,
      ...(error === undefined ? {} : { error: `${String(error.code)} ${String(error.msg)}` }),
    };
  }
  const data = record(message.data) ?? message;
  if (message.stream === '!serverShutdown' || data.e === 'serverShutdown')
    return { kind: 'serverShutdown' };
  const kline = record(data.k);
  if (data.e !== 'kline' || kline === undefined || typeof message.stream !== 'string')
    return { kind: 'other' };
  const openTime = kline.t;
  const candle: Candle = {
    time: toUnixSeconds(openTime as UnixMillis),
    open: eventDecimal(kline.o),
    high: eventDecimal(kline.h),
    low: eventDecimal(kline.l),
    close: eventDecimal(kline.c),
    volume: eventDecimal(kline.v),
  };
  if (
    typeof openTime !== 'number' ||
    ![candle.open, candle.high, candle.low, candle.close, candle.volume].every(Number.isFinite)
  ) {
    throw new TypeError(`malformed kline event on ${message.stream}: ${text.slice(0, 300)}`);
  }
  return { kind: 'kline', stream: message.stream, candle, closed: kline.x === true };
}

/** A format from a filter step, or undefined when the step is missing or disabled ("0"). */
function stepFormat(
  filters: readonly Record<string, unknown>[],
  type: string,
  key: string,
): NumberFormat | undefined {
  const step = filters.find((filter) => filter.filterType === type)?.[key];
  if (typeof step !== 'string' || !(Number(step) > 0)) return undefined;
  return formatFromStep(step);
}

/** Binance's status of a pair open for trading; BREAK, HALT, CANCEL_ONLY… are not offered. */
const TRADING = 'TRADING';

/**
 * Reads the pairs open for trading out of an `exchangeInfo` answer: assets from the symbol entry,
 * the price format from `PRICE_FILTER.tickSize`, the quantity format from `LOT_SIZE.stepSize`.
 * Pairs in any status but `TRADING` (an entry without a status counts as trading) are left out,
 * and so is an entry we cannot read whole; unknown fields are ignored (Binance adds fields every
 * year). A default pair with a missing or disabled filter keeps the default catalogue's format.
 *
 * @throws TypeError when the answer has no `symbols` array.
 */
export function parseExchangeSymbols(body: unknown): SymbolInfo[] {
  const symbols = record(body)?.symbols;
  if (!Array.isArray(symbols)) {
    throw new TypeError(
      `exchangeInfo must carry a symbols array, got ${JSON.stringify(body)?.slice(0, 200)}`,
    );
  }
  const result: SymbolInfo[] = [];
  for (const raw of symbols) {
    const entry = record(raw);
    const symbol = entry?.symbol;
    if (entry === undefined || !isSymbolId(symbol)) continue;
    if (entry.status !== undefined && entry.status !== TRADING) continue;
    const known = defaultSymbolInfo(symbol);
    const filters = Array.isArray(entry.filters)
      ? entry.filters.map(record).filter((filter) => filter !== undefined)
      : [];
    const baseAsset = typeof entry.baseAsset === 'string' ? entry.baseAsset : known?.baseAsset;
    const quoteAsset = typeof entry.quoteAsset === 'string' ? entry.quoteAsset : known?.quoteAsset;
    const priceFormat = stepFormat(filters, 'PRICE_FILTER', 'tickSize') ?? known?.priceFormat;
    const quantityFormat = stepFormat(filters, 'LOT_SIZE', 'stepSize') ?? known?.quantityFormat;
    if (!baseAsset || !quoteAsset || !priceFormat || !quantityFormat) continue;
    result.push({ symbol, baseAsset, quoteAsset, priceFormat, quantityFormat });
  }
  return result;
}
