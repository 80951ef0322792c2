import { SYMBOL_CATALOGUE } from './SYMBOL_CATALOGUE';
import { type SymbolId } from './SymbolId';

/**
 * The file name of a symbol's logo (its base asset, lower case, as in `cryptocurrency-icons`),
 * which the shell serves under `/icons/`.
 *
 * @example `symbolIconFile('BTCUSDT')` → `'btc.png'`
 */
export function symbolIconFile(symbol: SymbolId): string {
  return `${SYMBOL_CATALOGUE[symbol].baseAsset.toLowerCase()}.png`;
}
