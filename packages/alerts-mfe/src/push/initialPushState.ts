import { type PushPlatform } from './PushPlatform';
import { type PushState } from './PushSubscriptionService';

/** The localStorage key of the subscription id. */
export const SUBSCRIPTION_ID_KEY = 'pairwatch-push-subscription-id';

/**
 * The push state a page starts with, read synchronously from the browser: unsupported, or active
 * when permission is granted and an id is stored, else inactive (with `registering` when granted
 * without an id, `denied` when blocked). The
 * push service starts from it, and the first screen draws the banner it implies.
 */
export function initialPushState(platform: PushPlatform, storage: Storage | undefined): PushState {
  const subscriptionId = readId(storage);
  if (!platform.supported) return { status: 'unloaded', subscriptionId };
  const permission = platform.permission();
  if (permission === 'granted' && !subscriptionId) {
    // The service registers at start: nothing to ask of the person meanwhile.
    return { status: 'inactive', subscriptionId, problem: { kind: 'registering' } };
  }
  return {
    status: permission === 'granted' && subscriptionId ? 'active' : 'inactive',
    subscriptionId,
    ...(permission === 'denied' ? { problem: { kind: 'denied' } } : {}),
  };
}

function readId(storage: Storage | undefined): string | undefined {
  try {
    return storage?.getItem(SUBSCRIPTION_ID_KEY) || undefined;
  } catch {
    return undefined;
  }
}
