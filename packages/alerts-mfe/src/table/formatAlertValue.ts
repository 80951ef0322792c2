import { type Alert, SYMBOL_CATALOGUE, formatNumber } from '@pairwatch/domain';

/**
 * An alert value as the table shows it: prices with the symbol's precision and quote asset
 * (`65,000.00 USDT`), RSI values with 2 decimals.
 */
export function formatAlertValue(alert: Pick<Alert, 'symbol' | 'type'>, value: number): string {
  if (alert.type === 'Rsi') return formatNumber(value, 2);
  const info = SYMBOL_CATALOGUE[alert.symbol];
  return `${formatNumber(value, info.priceFormat.precision)} ${info.quoteAsset}`;
}
