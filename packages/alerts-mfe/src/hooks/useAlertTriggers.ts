import { useEffect } from 'react';
import { describeAlertTrigger } from '@pairwatch/domain';
import { showToast } from '@pairwatch/ui-kit';
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
      next: (alert) => {
        const { body } = describeAlertTrigger(alert, alert.triggeredValue ?? alert.valueTarget);
        showToast({ variant: 'info', description: body });
        store.updateAlert(alert);
      },
      error: (error: unknown) => console.warn('[alerts] alert triggers stopped:', error),
    });
    return () => subscription.unsubscribe();
  }, [store, market, subscriptionId]);
}
