import { type PushApi, type PushOwner, PushSubscriptionService } from './PushSubscriptionService';
import { browserPushPlatform } from './browserPushPlatform';

let shared: PushSubscriptionService | undefined;

/**
 * The tab's one push service. Module state on purpose: the subscription belongs to the browser,
 * not to a mount of the screen, so navigating away and back keeps its status and id.
 */
export function sharedPushService(api: PushApi, owner: PushOwner): PushSubscriptionService {
  shared ??= new PushSubscriptionService(api, browserPushPlatform(), safeLocalStorage(), owner);
  return shared;
}

/** The browser's localStorage, or undefined where it is blocked. */
export function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
