import { type SymbolInfo, formatNumber } from '@pairwatch/domain';

/** An amount of the base asset with the symbol's quantity precision: `0.50000 BTC`. */
export function formatAmount(amount: number, info: SymbolInfo): string {
  return `${formatNumber(amount, info.quantityFormat.precision)} ${info.baseAsset}`;
}
