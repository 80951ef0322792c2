import {
  formatFromStep,
  isSymbolId,
  type NumberFormat,
  SYMBOL_CATALOGUE,
  type SymbolId,
  type SymbolInfo,
} from '@pairwatch/domain';

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
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

/**
 * Reads the supported symbols out of an `exchangeInfo` answer: assets from the symbol entry,
 * the price format from `PRICE_FILTER.tickSize`, the quantity format from `LOT_SIZE.stepSize`.
 * Unknown fields are ignored and missing ones fall back to the catalogue (Binance adds fields
 * every year); symbols we do not support, or the answer does not list, are left out.
 *
 * @throws TypeError when the answer has no `symbols` array.
 */
export function parseExchangeSymbols(body: unknown): Partial<Record<SymbolId, SymbolInfo>> {
  const symbols = record(body)?.symbols;
  if (!Array.isArray(symbols)) {
    throw new TypeError(
      `exchangeInfo must carry a symbols array, got ${JSON.stringify(body)?.slice(0, 200)}`,
    );
  }
  const result: Partial<Record<SymbolId, SymbolInfo>> = {};
  for (const raw of symbols) {
    const entry = record(raw);
    const symbol = entry?.symbol;
    if (entry === undefined || !isSymbolId(symbol)) continue;
    const known = SYMBOL_CATALOGUE[symbol];
    const filters = Array.isArray(entry.filters)
      ? entry.filters.map(record).filter((filter) => filter !== undefined)
      : [];
    result[symbol] = {
      symbol,
      baseAsset: typeof entry.baseAsset === 'string' ? entry.baseAsset : known.baseAsset,
      quoteAsset: typeof entry.quoteAsset === 'string' ? entry.quoteAsset : known.quoteAsset,
      priceFormat: stepFormat(filters, 'PRICE_FILTER', 'tickSize') ?? known.priceFormat,
      quantityFormat: stepFormat(filters, 'LOT_SIZE', 'stepSize') ?? known.quantityFormat,
    };
  }
  return result;
}
