import { useSyncExternalStore } from 'react';
import { type AlertsState, type AlertsStore } from '../store/AlertsStore';

/** The store's state; the component re-renders when it changes. */
export function useAlertsState(store: AlertsStore): AlertsState {
  return useSyncExternalStore(store.subscribe, store.getState);
}
