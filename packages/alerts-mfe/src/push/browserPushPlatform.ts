import { type PushPlatform } from './PushPlatform';
import { pushSupportFrom } from './pushSupportFrom';
import { readPushSignals } from './readPushSignals';

/** How long to wait for the shell's service worker before giving up on push. */
const SERVICE_WORKER_WAIT_MS = 10_000;

/**
 * The real browser behind {@link PushPlatform}. The service worker itself is registered by the
 * shell (`/sw.js`); a remote running on its own has none, and then push stays inactive.
 */
export function browserPushPlatform(): PushPlatform {
  // Decided from the platform's signals (standalone display, PushManager), not a user agent.
  const supported = pushSupportFrom(readPushSignals()) === 'supported';
  return {
    supported,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    watchPermission(listener) {
      let disposed = false;
      let status: PermissionStatus | undefined;
      // Not every browser can query 'notifications'; then changes are only seen on enable().
      navigator.permissions
        ?.query({ name: 'notifications' })
        .then((result) => {
          if (disposed) return;
          status = result;
          status.addEventListener('change', listener);
        })
        .catch(() => undefined);
      return () => {
        disposed = true;
        status?.removeEventListener('change', listener);
      };
    },
    async serviceWorkerRegistration() {
      const existing = await navigator.serviceWorker.getRegistration();
      if (existing) return existing;
      // The shell may still be registering it: wait for `ready`, but not forever.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), SERVICE_WORKER_WAIT_MS);
      });
      try {
        return await Promise.race([navigator.serviceWorker.ready, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
