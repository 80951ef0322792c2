import { type NumberFormat, type SymbolId, type SymbolInfo } from '@pairwatch/domain';

function isFormat(value: unknown): value is NumberFormat {
  if (typeof value !== 'object' || value === null) return false;
  const { precision, minMove } = value as Record<string, unknown>;
  return (
    typeof precision === 'number' &&
    Number.isInteger(precision) &&
    precision >= 0 &&
    typeof minMove === 'number' &&
    minMove > 0
  );
}

/**
 * Picks the `wanted` symbols out of a `GET /symbols/A,B` answer, checking each entry's shape.
 * Symbols the api left out (unknown to it) are absent from the result. Throws a `TypeError` that
 * names the malformed entry.
 */
export function parseSymbolsInfo(
  body: unknown,
  wanted: Iterable<SymbolId>,
): Map<SymbolId, SymbolInfo> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TypeError(`Expected an object keyed by symbol, got ${JSON.stringify(body)}`);
  }
  const record = body as Record<string, unknown>;
  const result = new Map<SymbolId, SymbolInfo>();
  for (const symbol of wanted) {
    const entry = record[symbol];
    if (entry === undefined) continue;
    const info = entry as Record<string, unknown> | null;
    if (
      info === null ||
      typeof info !== 'object' ||
      info.symbol !== symbol ||
      typeof info.baseAsset !== 'string' ||
      typeof info.quoteAsset !== 'string' ||
      !isFormat(info.priceFormat) ||
      !isFormat(info.quantityFormat)
    ) {
      throw new TypeError(`Malformed symbol info for ${symbol}: ${JSON.stringify(entry)}`);
    }
    result.set(symbol, {
      symbol,
      baseAsset: info.baseAsset,
      quoteAsset: info.quoteAsset,
      priceFormat: info.priceFormat,
      quantityFormat: info.quantityFormat,
    });
  }
  return result;
}
