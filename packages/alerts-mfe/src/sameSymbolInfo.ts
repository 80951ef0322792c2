import { type NumberFormat, type SymbolInfo } from '@pairwatch/domain';

function sameFormat(a: NumberFormat, b: NumberFormat): boolean {
  return a.precision === b.precision && a.minMove === b.minMove;
}

/**
 * Tells whether two symbol infos hold the same values. Every fetch (e.g. the refetch when the tab
 * becomes visible again) returns new objects, so identity says nothing about a change.
 */
export function sameSymbolInfo(a: SymbolInfo, b: SymbolInfo): boolean {
  return (
    a === b ||
    (a.symbol === b.symbol &&
      a.baseAsset === b.baseAsset &&
      a.quoteAsset === b.quoteAsset &&
      sameFormat(a.priceFormat, b.priceFormat) &&
      sameFormat(a.quantityFormat, b.quantityFormat))
  );
}
