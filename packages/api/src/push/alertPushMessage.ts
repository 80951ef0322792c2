import { describeAlertTrigger, symbolIconFile } from '@pairwatch/domain';
import { type MarketDataStatus } from '../market/MarketData';
import { type AlertRecord } from '../storage/AlertStore';
import { type AlertNotification } from './AlertNotification';

/** Appended to the body when the prices come from the simulator (architecture §2). */
const SIMULATED_MARKET_NOTE = ' (simulated market)';

/**
 * The push payload of a triggered alert: the domain's trigger text, the symbol's icon, and a link
 * that opens the alerts screen on the alert's symbol and interval (OneMinute for price alerts).
 * A notification is read outside the app, away from its "Simulated market" chip, so when the live
 * source is the simulator its body says so: "BTCUSDT price rose to 65,000.00 (simulated market)".
 */
export function buildAlertNotification(
  alert: Pick<
    AlertRecord,
    'id' | 'symbol' | 'type' | 'interval' | 'valueOnCreation' | 'valueTarget'
  >,
  triggeredValue: number,
  source: MarketDataStatus['source'],
): AlertNotification {
  const text = describeAlertTrigger(alert, triggeredValue);
  const interval = alert.type === 'Rsi' && alert.interval ? alert.interval : 'OneMinute';
  const query = new URLSearchParams({ symbol: alert.symbol, interval });
  return {
    title: text.title,
    body: source === 'simulator' ? `${text.body}${SIMULATED_MARKET_NOTE}` : text.body,
    icon: `/icons/${symbolIconFile(alert.symbol)}`,
    url: `/alerts?${query.toString()}`,
    tag: alert.id,
  };
}
