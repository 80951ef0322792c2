import { type ClientsLike } from './workerTypes';

/**
 * Brings the app to `url` after a notification click: the first open window of the app is focused
 * and navigated there; with none open, a new window opens. URLs of other origins are not followed
 * (the payload comes from our api, but a click must never lead off the app).
 *
 * @param clients - the worker's `self.clients`.
 * @param url - the payload's URL, absolute or relative to `origin`.
 * @param origin - the worker's origin (the shell's).
 */
export async function openNotificationTarget(
  clients: ClientsLike,
  url: string,
  origin: string,
): Promise<void> {
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    target = new URL('/alerts', origin);
  }
  if (target.origin !== origin) target = new URL('/alerts', origin);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const sameOrigin = windows.filter((client) => new URL(client.url).origin === origin);
  const existing = sameOrigin.find((client) => client.focused) ?? sameOrigin[0];
  if (existing) {
    // Focus first: the click's permission to raise a window lasts only a moment.
    await existing.focus();
    if (existing.url !== target.href) await existing.navigate(target.href);
    return;
  }
  await clients.openWindow(target.href);
}
