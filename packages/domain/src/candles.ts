/**
 * The price bar every package exchanges: one OHLC(V) candle, the live update of one stream's
 * forming candle, and the check of the api's candle JSON (market-data and the first chart both
 * read it).
 *
 * @module
 */
import { type Interval } from './intervals';
import { type SymbolId } from './symbols';
import { type UnixSeconds } from './time';

const PRICE_FIELDS = ['open', 'high', 'low', 'close'] as const;

/** One OHLC(V) bar. `time` is the open time in Unix seconds (UTC). */
export interface Candle {
  readonly time: UnixSeconds;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** Base-asset volume; absent where a source does not give it. */
  readonly volume?: number;
}

/** A live update of the forming (or just closed) candle of one stream, as the hub sends it. */
export interface CandleUpdate {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  readonly candle: Candle;
}

/**
 * Checks the api's candle list and copies it into domain `Candle`s. Throws a `TypeError` naming
 * the first bad index and value, so a broken answer never reaches a chart half-drawn.
 */
export function parseCandles(body: unknown): Candle[] {
  if (!Array.isArray(body)) {
    throw new TypeError(`Expected an array of candles, got ${typeof body}`);
  }
  return body.map((raw: unknown, index) => parseCandle(raw, `candle ${index}`));
}

/** Checks one candle object; `where` names it in the error message. */
export function parseCandle(raw: unknown, where: string): Candle {
  if (typeof raw !== 'object' || raw === null) {
    throw new TypeError(`Malformed ${where}: ${JSON.stringify(raw)}`);
  }
  const record = raw as Record<string, unknown>;
  const bad = ['time', ...PRICE_FIELDS].find(
    (field) => typeof record[field] !== 'number' || !Number.isFinite(record[field]),
  );
  if (bad !== undefined) {
    throw new TypeError(`Malformed ${where}: '${bad}' is ${JSON.stringify(record[bad])}`);
  }
  const candle: Candle = {
    time: record.time as UnixSeconds,
    open: record.open as number,
    high: record.high as number,
    low: record.low as number,
    close: record.close as number,
  };
  const volume = record.volume;
  return typeof volume === 'number' && Number.isFinite(volume) ? { ...candle, volume } : candle;
}
