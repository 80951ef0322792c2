import { describeAlertTrigger, SYMBOL_CATALOGUE } from '@pairwatch/domain';
import { type AlertRecord } from '../storage/AlertStore';
import { type AlertNotification } from './AlertNotification';

/**
 * The push payload of a triggered alert: the domain's trigger text, the symbol's icon, and a link
 * that opens the alerts screen on the alert's symbol and interval (OneMinute for price alerts).
 */
export function buildAlertNotification(
  alert: Pick<
    AlertRecord,
    'id' | 'symbol' | 'type' | 'interval' | 'valueOnCreation' | 'valueTarget'
  >,
  triggeredValue: number,
): AlertNotification {
  const text = describeAlertTrigger(alert, triggeredValue);
  const interval = alert.type === 'Rsi' && alert.interval ? alert.interval : 'OneMinute';
  const query = new URLSearchParams({ symbol: alert.symbol, interval });
  return {
    title: text.title,
    body: text.body,
    icon: `/icons/${SYMBOL_CATALOGUE[alert.symbol].baseAsset.toLowerCase()}.png`,
    url: `/alerts?${query.toString()}`,
    tag: alert.id,
  };
}
