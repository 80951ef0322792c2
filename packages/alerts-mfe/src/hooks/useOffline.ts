import { useSyncExternalStore } from 'react';
import { type OfflinePrices } from '../chart/OfflinePrices';
import { sharedOfflinePrices } from '../chart/sharedOfflinePrices';

function onLine(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Whether the screen works without a network (issue #26): the browser says it is offline, or
 * the chart had to draw kept candles because its request failed (the browser may still believe
 * it is online, behind a dead network).
 */
export function useOffline(offline: OfflinePrices = sharedOfflinePrices): boolean {
  return useSyncExternalStore(
    (listener) => {
      const unsubscribe = offline.subscribe(listener);
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        unsubscribe();
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => !onLine() || offline.seenAt !== undefined,
  );
}
