import { type SymbolInfo } from '@pairwatch/domain';

/** A pair outside the ten defaults, quoted in BTC: prices in 5 decimals, amounts in 4. */
export const ETHBTC_INFO: SymbolInfo = {
  symbol: 'ETHBTC',
  baseAsset: 'ETH',
  quoteAsset: 'BTC',
  priceFormat: { precision: 5, minMove: 0.00001 },
  quantityFormat: { precision: 4, minMove: 0.0001 },
};
