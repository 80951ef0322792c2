// The shell's service worker, built on its own into `/sw.js` (webpack.config.cjs). It keeps what
// the app needs to start without a network (OfflineCache), shows the alerts' push messages and
// answers notification clicks.
import { OfflineCache } from './OfflineCache';
import { openNotificationTarget } from './openNotificationTarget';
import { parsePushPayload } from './parsePushPayload';
import { type ShellBuild } from './ShellBuild';
import { showPushNotification } from './showPushNotification';
import { SKIP_WAITING_MESSAGE } from './updateMessages';
import { type ServiceWorkerScopeLike } from './workerTypes';

/** The shell build this worker serves, written in by the build (webpack.config.cjs). */
declare const __SHELL_BUILD__: ShellBuild;

const worker = self as unknown as ServiceWorkerScopeLike;
const offline = new OfflineCache({
  origin: worker.location.origin,
  build: __SHELL_BUILD__,
  caches,
  fetch: (input, init) => fetch(input, init),
});

// A new worker waits until the person chooses "Reload" on the page's "New version" toast (or every
// tab of the old build is closed): the pages it would take over run the old build's code. The
// first one has no page to wait for and takes over at once.
worker.addEventListener('install', (event) => {
  // Where the browser can, the shell's scripts, the kept config and the api skip the worker
  // (OfflineCache.routes), once the install step has kept what the routes name; elsewhere the
  // fetch handler answers the same from the same caches.
  event.waitUntil(
    offline.install().then(async () => {
      if (!event.addRoutes) return;
      try {
        await event.addRoutes(await offline.routes());
      } catch (error) {
        console.warn('[pairwatch] no static routes:', error);
      }
    }),
  );
});
worker.addEventListener('activate', (event) =>
  event.waitUntil(offline.activate().then(() => worker.clients.claim())),
);
worker.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING_MESSAGE) event.waitUntil(worker.skipWaiting());
});

worker.addEventListener('fetch', (event) => {
  const response = offline.respond(event.request, (work) => event.waitUntil(work));
  if (response) event.respondWith(response);
});

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
