/** The service worker's URL: at the root, so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the shell's service worker (push display and notification clicks). The alerts remote
 * subscribes to push through `navigator.serviceWorker.ready`, which this registration resolves.
 * Browsers without service workers are left alone: the alerts screen explains what is missing.
 *
 * @param container - `navigator.serviceWorker`, or `undefined` when unsupported.
 * @returns the registration, or `undefined` when unsupported or refused (the reason is logged).
 */
export async function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.serviceWorker,
): Promise<ServiceWorkerRegistration | undefined> {
  if (!container) return undefined;
  try {
    // updateViaCache 'none': a new sw.js deploys on the next visit, not after the HTTP cache expires.
    return await container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  } catch (error) {
    console.warn(`[pairwatch] service worker ${SERVICE_WORKER_URL} was not registered:`, error);
    return undefined;
  }
}
