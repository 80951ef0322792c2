import { type Candle, type UnixSeconds } from '@pairwatch/domain';

const PRICE_FIELDS = ['open', 'high', 'low', 'close'] as const;

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
