import { type Alert } from './Alert';
import { alertDirection } from './alertDirection';
import { formatNumber } from './formatNumber';
import { INTERVAL_INFO } from './INTERVAL_INFO';
import { SYMBOL_CATALOGUE } from './SYMBOL_CATALOGUE';

/** The human text of a triggered alert: a notification's title and body. */
export interface AlertTriggerText {
  readonly title: string;
  readonly body: string;
}

/**
 * Describes a triggered alert, e.g. "BTCUSDT price rose to 65,000.00" or
 * "ETHUSDT RSI (1h) dropped to 30.00". Rose/dropped follows the target against the value at creation.
 */
export function describeAlertTrigger(
  alert: Pick<Alert, 'symbol' | 'type' | 'interval' | 'valueOnCreation' | 'valueTarget'>,
  value: number,
): AlertTriggerText {
  const verb =
    alertDirection(alert.valueOnCreation, alert.valueTarget) === 'up' ? 'rose to' : 'dropped to';
  if (alert.type === 'Rsi') {
    const label = alert.interval ? ` (${INTERVAL_INFO[alert.interval].label})` : '';
    return {
      title: `${alert.symbol} RSI alert`,
      body: `${alert.symbol} RSI${label} ${verb} ${formatNumber(value, 2)}`,
    };
  }
  const precision = SYMBOL_CATALOGUE[alert.symbol].priceFormat.precision;
  return {
    title: `${alert.symbol} price alert`,
    body: `${alert.symbol} price ${verb} ${formatNumber(value, precision)}`,
  };
}
