import { type Page } from '@playwright/test';

/** What an offline browser logs for the api's requests and the hub's failed negotiation. */
export const OFFLINE_REQUEST_FAILED =
  /^console\.error: (Failed to load resource: net::ERR_INTERNET_DISCONNECTED|\[[\d:.TZ-]+\] Error: (Failed to start the connection: Error: )?Failed to complete negotiation with the server: TypeError: Failed to fetch)$/;

/** Resolves once a service worker controls the page (its install, which stores the app, is done). */
export async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}
