import { SYMBOL_CATALOGUE, SYMBOLS, type SymbolId } from '@pairwatch/domain';

/**
 * The logo file of each supported symbol, named after its base asset (`btc.png`, `eth.png`, …).
 *
 * NOTE: the logos are the maintained `cryptocurrency-icons` set, not drawn by us. ui-kit stays
 * browser-only, so it does not copy files: every app that renders logos copies
 * `cryptocurrency-icons/128/color/<file>` for each file listed here into its `/icons/` folder
 * (the shell serves them at `/icons/<file>`; a remote running standalone does the same).
 *
 * @example `SYMBOL_ICON_FILES.BTCUSDT === 'btc.png'`
 */
export const SYMBOL_ICON_FILES: Readonly<Record<SymbolId, string>> = Object.fromEntries(
  SYMBOLS.map((symbol) => [symbol, `${SYMBOL_CATALOGUE[symbol].baseAsset.toLowerCase()}.png`]),
) as Record<SymbolId, string>;
