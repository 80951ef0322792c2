import { type PushPayload } from './parsePushPayload';
import { type NotificationRegistrationLike } from './workerTypes';

/**
 * Shows one push as a notification; the click target travels in `data.url`.
 *
 * @param registration - the worker's `self.registration`.
 * @param payload - the parsed push.
 */
export function showPushNotification(
  registration: NotificationRegistrationLike,
  payload: PushPayload,
): Promise<void> {
  return registration.showNotification(payload.title, {
    body: payload.body,
    icon: payload.icon,
    badge: payload.icon,
    tag: payload.tag,
    data: { url: payload.url },
  });
}
