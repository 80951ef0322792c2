import { useSyncExternalStore } from 'react';
import { type OwnerSession } from '../owner/OwnerSession';

/** This browser's owner id, if it has one yet; the component re-renders when it changes. */
export function useOwnerId(owner: OwnerSession): string | undefined {
  return useSyncExternalStore(owner.subscribe, owner.getOwnerId);
}
