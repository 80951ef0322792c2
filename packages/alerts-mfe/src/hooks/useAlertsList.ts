import { useCallback, useEffect, useRef } from 'react';
import { showToast } from '@pairwatch/ui-kit';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { type AlertsApi } from '../screen/AlertsServices';
import { type AlertsStore } from '../store/AlertsStore';

/**
 * Keeps the store's alert list in step with the api for a subscription id: loads it when the id
 * is known (an empty list without one) and returns `reload` for after a create. A failed load
 * shows the spec's toast and leaves an empty list.
 */
export function useAlertsList(
  store: AlertsStore,
  alerts: AlertsApi,
  subscriptionId: string | undefined,
): () => Promise<void> {
  const latestRequest = useRef(0);
  const reload = useCallback(async () => {
    const request = ++latestRequest.current;
    if (!subscriptionId) {
      store.setAlerts([]);
      return;
    }
    try {
      const list = await alerts.listAlerts(subscriptionId);
      if (request === latestRequest.current) store.setAlerts(list);
    } catch (error) {
      if (request !== latestRequest.current) return;
      store.setAlerts([]);
      showToast({
        variant: 'error',
        title: ALERTS_MESSAGES.errorTitle,
        description: ALERTS_MESSAGES.fetchAlertsFailed,
      });
      console.warn('[alerts] listing alerts failed:', error);
    }
  }, [store, alerts, subscriptionId]);

  useEffect(() => {
    void reload();
    // A reload that finishes after unmount must not write into the store.
    return () => {
      latestRequest.current += 1;
    };
  }, [reload]);

  return reload;
}
