import {
  type Alert,
  type SymbolInfo,
  guessSymbolInfo,
  formatAsEntered,
  formatNumber,
} from '@pairwatch/domain';

/**
 * An alert value as the table shows it: prices with the symbol's precision and quote asset
 * (`65,000.00 USDT`), RSI values with 2 decimals.
 *
 * @param liveInfo - the symbol info the api gave (the chart's); used when it is the alert's
 * symbol, so the table and the chart agree. Other symbols use `guessSymbolInfo` (the defaults' own).
 */
export function formatAlertValue(
  alert: Pick<Alert, 'symbol' | 'type'>,
  value: number,
  liveInfo?: SymbolInfo,
): string {
  if (alert.type === 'Rsi') return formatNumber(value, 2);
  const info = liveInfo?.symbol === alert.symbol ? liveInfo : guessSymbolInfo(alert.symbol);
  // As entered: a target finer than the symbol's tick (1e-8) must not read as 0.00.
  return `${formatAsEntered(value, info.priceFormat.precision)} ${info.quoteAsset}`;
}
