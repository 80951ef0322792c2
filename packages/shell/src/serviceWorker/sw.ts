// The shell's service worker, built on its own into `/sw.js` (webpack.config.cjs). It shows the
// alerts' push messages and answers notification clicks; it caches nothing.
import { openNotificationTarget } from './openNotificationTarget';
import { parsePushPayload } from './parsePushPayload';
import { showPushNotification } from './showPushNotification';
import { type ServiceWorkerScopeLike } from './workerTypes';

const worker = self as unknown as ServiceWorkerScopeLike;

// A new worker takes over at once: it holds no state an open page depends on.
worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener('push', (event) => {
  event.waitUntil(
    showPushNotification(worker.registration, parsePushPayload(event.data?.text() ?? null)),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | undefined;
  const url = typeof data?.url === 'string' ? data.url : '/alerts';
  event.waitUntil(openNotificationTarget(worker.clients, url, worker.location.origin));
});
