import { useEffect } from 'react';
import { describeAlertTrigger } from '@pairwatch/domain';
import { showToast } from '@pairwatch/ui-kit';
import { isUnreadableAlert } from '../alerts/AlertEntry';
import { parseAlert } from '../alerts/parseAlert';
import { type AlertsMarketData } from '../screen/AlertsServices';
import { type AlertsStore } from '../store/AlertsStore';

/**
 * While the screen is open, shows a toast for each of the subscription's alerts that triggers
 * (hub `AlertTriggered`) and updates its row.
 */
export function useAlertTriggers(
  store: AlertsStore,
  market: AlertsMarketData,
  subscriptionId: string | undefined,
): void {
  useEffect(() => {
    if (!subscriptionId) return;
    const subscription = market.watchAlerts$(subscriptionId).subscribe({
      next: (payload) => {
        // The hub only checks the id: the event is read as the list is, so a newer alert's event
        // turns its row into one that says so instead of breaking the screen.
        const alert = parseAlert(payload);
        store.updateAlert(alert);
        // Without words for it, the push (worded by the api) is the notification.
        if (isUnreadableAlert(alert)) return;
        const value = alert.firings?.at(-1)?.value ?? alert.triggeredValue ?? alert.valueTarget;
        const { body } = describeAlertTrigger(alert, { value });
        showToast({ variant: 'info', description: body });
      },
      error: (error: unknown) => console.warn('[alerts] alert triggers stopped:', error),
    });
    return () => subscription.unsubscribe();
  }, [store, market, subscriptionId]);
}
