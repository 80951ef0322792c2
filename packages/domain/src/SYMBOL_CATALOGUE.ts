import { type SymbolId } from './SymbolId';
import { type SymbolInfo } from './SymbolInfo';

function info(
  symbol: SymbolId,
  baseAsset: string,
  pricePrecision: number,
  quantityPrecision: number,
): SymbolInfo {
  return {
    symbol,
    baseAsset,
    quoteAsset: 'USDT',
    priceFormat: { precision: pricePrecision, minMove: 1 / 10 ** pricePrecision },
    quantityFormat: { precision: quantityPrecision, minMove: 1 / 10 ** quantityPrecision },
  };
}

/**
 * The catalogue of supported pairs with their default formats (Binance's tick and lot sizes at the
 * time of writing). The api replaces the formats with the live exchange's filters when it has them.
 */
export const SYMBOL_CATALOGUE: Readonly<Record<SymbolId, SymbolInfo>> = {
  BTCUSDT: info('BTCUSDT', 'BTC', 2, 5),
  ETHUSDT: info('ETHUSDT', 'ETH', 2, 4),
  BNBUSDT: info('BNBUSDT', 'BNB', 2, 3),
  ADAUSDT: info('ADAUSDT', 'ADA', 4, 1),
  DOGEUSDT: info('DOGEUSDT', 'DOGE', 5, 0),
  DOTUSDT: info('DOTUSDT', 'DOT', 3, 2),
  UNIUSDT: info('UNIUSDT', 'UNI', 3, 2),
  LINKUSDT: info('LINKUSDT', 'LINK', 2, 2),
  ATOMUSDT: info('ATOMUSDT', 'ATOM', 3, 2),
  USDCUSDT: info('USDCUSDT', 'USDC', 4, 0),
};
