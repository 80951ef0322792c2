import { type Candle, toUnixSeconds, type UnixMillis } from '@pairwatch/domain';

function decimal(value: unknown, field: string, row: unknown): number {
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
    open: decimal(row[1], 'open', row),
    high: decimal(row[2], 'high', row),
    low: decimal(row[3], 'low', row),
    close: decimal(row[4], 'close', row),
    volume: decimal(row[5], 'volume', row),
  };
}
