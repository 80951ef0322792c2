import { useSyncExternalStore } from 'react';
import { type PushState, type PushSubscriptionService } from '../push/PushSubscriptionService';

/** The push status and subscription id; the component re-renders when they change. */
export function usePushState(push: PushSubscriptionService): PushState {
  return useSyncExternalStore(push.subscribe, push.getState);
}
