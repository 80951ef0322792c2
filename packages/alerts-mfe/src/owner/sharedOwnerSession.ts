import { safeLocalStorage } from '../push/sharedPushService';
import { type OwnerApi, OwnerSession } from './OwnerSession';

let shared: OwnerSession | undefined;

/**
 * The tab's one owner session. Module state on purpose, as the push service's: the owner belongs
 * to the browser, not to a mount of the screen.
 */
export function sharedOwnerSession(api: OwnerApi): OwnerSession {
  shared ??= new OwnerSession(api, safeLocalStorage());
  return shared;
}
