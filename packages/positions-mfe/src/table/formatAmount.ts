import { type SymbolInfo, formatAsEntered } from '@pairwatch/domain';

/**
 * An amount of the base asset with the symbol's quantity precision, and more decimals when the
 * amount as entered has them: `0.50000 BTC`, `1,000.7 DOGE` (DOGE's step is 1).
 */
export function formatAmount(amount: number, info: SymbolInfo): string {
  return `${formatAsEntered(amount, info.quantityFormat.precision)} ${info.baseAsset}`;
}
