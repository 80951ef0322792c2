import { DEFAULT_SYMBOL_CATALOGUE, DEFAULT_SYMBOLS, type SymbolInfo } from '@pairwatch/domain';

/** A pair as `GET /symbols` describes it, with two-decimal formats. */
export function pair(baseAsset: string, quoteAsset: string): SymbolInfo {
  return {
    symbol: `${baseAsset}${quoteAsset}`,
    baseAsset,
    quoteAsset,
    priceFormat: { precision: 2, minMove: 0.01 },
    quantityFormat: { precision: 2, minMove: 0.01 },
  };
}

/** Pairs of the real exchange the tests name: other quotes, a logo-less base, a unit multiplier. */
export const NOTABLE_PAIRS: readonly SymbolInfo[] = [
  pair('ETH', 'BTC'),
  pair('BTC', 'FDUSD'),
  pair('PEPE', 'USDT'),
  pair('1000SATS', 'USDT'),
  pair('NOSUCHCOIN', 'USDT'),
  pair('LINK', 'ETH'),
];

/**
 * A catalogue of `size` pairs as the api lists them: the rest of the exchange in alphabetical
 * order with the ten defaults among them (not first: the picker puts them first), the notable
 * pairs, and generated filler pairs ("ZQ0001USDT", …) to make up the size.
 */
export function symbolCatalogue(size = 1500): SymbolInfo[] {
  const pairs = [...NOTABLE_PAIRS, ...DEFAULT_SYMBOLS.map((s) => DEFAULT_SYMBOL_CATALOGUE[s])];
  for (let i = 1; pairs.length < size; i += 1) {
    pairs.push(pair(`ZQ${String(i).padStart(4, '0')}`, i % 5 === 0 ? 'BTC' : 'USDT'));
  }
  return pairs.sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
}
