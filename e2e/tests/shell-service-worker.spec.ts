import { FIRST_CANDLES_MARK } from '@pairwatch/alerts-mfe/testing';
import { deliverPushUntil, expect, test } from '../harness/fixtures';
import { controlledByWorker } from '../harness/serviceWorkerControl';

// The shell's service worker (/sw.js) shows the api's push messages. A real push subscription
// needs Google's push service, which this machine cannot reach, so the message is handed to the
// worker through the DevTools protocol (docs/architecture.md §7): everything after
// the push service is the product's own code.

interface DeliveredNotification {
  title: string;
  body: string;
  icon: string;
  tag: string;
  data: unknown;
}

test.describe('the service worker', () => {
  test('is served from the root with no caching and registered for the whole app', async ({
    page,
    request,
    stack,
  }) => {
    const response = await request.get('/sw.js');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/javascript');
    expect(response.headers()['cache-control']).toBe('no-cache');
    await page.goto('/alerts');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${stack.urls.shell}/`);
  });

  test("on a repeat visit the shell's scripts and app-config.json come from its caches, and the api's answers from the network, without the worker", async ({
    page,
    context,
    stack,
  }) => {
    await page.goto('/alerts');
    await controlledByWorker(page);
    await expect(page.getByRole('combobox', { name: 'Screen' })).toBeVisible();
    // The Static Routing API (OfflineCache.routes): the browser follows the worker's routes
    // without running it, so the page's first requests never wait in the worker's queue.
    const visit = await context.newPage();
    await visit.goto('/alerts?symbol=BTCUSDT&interval=OneMinute');
    await visit.waitForFunction(
      (mark) => performance.getEntriesByName(mark).length > 0,
      FIRST_CANDLES_MARK,
    );
    const routed = await visit.evaluate(() =>
      (
        performance.getEntriesByType('resource') as (PerformanceResourceTiming & {
          workerMatchedSourceType?: string;
          workerFinalSourceType?: string;
        })[]
      ).map((entry) => ({
        url: entry.name,
        initiator: entry.initiatorType,
        matched: entry.workerMatchedSourceType ?? '',
        final: entry.workerFinalSourceType ?? '',
      })),
    );
    const main = routed.find((entry) => entry.url === `${stack.urls.shell}/main.js`);
    expect(main).toEqual(expect.objectContaining({ matched: 'cache', final: 'cache' }));
    const config = routed.find((entry) => entry.url === `${stack.urls.shell}/app-config.json`);
    expect(config).toEqual(expect.objectContaining({ matched: 'cache', final: 'cache' }));
    // The URL names the pair: the worker's answer preloads the chart's candles (one request, made
    // by the browser as the page arrived), which the page's own request then takes.
    const candles = routed.filter(
      (entry) =>
        entry.url === `${stack.urls.api}/candles?symbol=BTCUSDT&interval=OneMinute&limit=500`,
    );
    expect(candles).toEqual([
      expect.objectContaining({ initiator: 'link', matched: 'network', final: 'network' }),
    ]);
    // So is GET /status, which the frame's market chip waits on, on any page of the app.
    const status = routed.filter((entry) => entry.url === `${stack.urls.api}/status`);
    expect(status).toEqual([expect.objectContaining({ initiator: 'link' })]);
    await visit.close();
  });

  test('shows a push message as a notification with its icon and the click URL', async ({
    page,
    context,
    stack,
    pageErrors,
  }) => {
    // Permission granted and no stub: the alerts screen's own registration meets Chromium's
    // refusal of the Push API in a test (incognito) profile, which Chromium logs itself.
    pageErrors.allow(/does not support the Push API in incognito mode/);
    await context.grantPermissions(['notifications'], { origin: stack.urls.shell });
    await page.goto('/alerts');
    await page.evaluate(async () => navigator.serviceWorker.ready);

    const cdp = await context.newCDPSession(page);
    let registrationId: string | undefined;
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${stack.urls.shell}/` && !r.isDeleted);
      registrationId ??= ours?.registrationId;
    });
    // Without `enable`, deliverPushMessage silently does nothing.
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrationId).toBeTruthy();

    const payload = {
      title: 'BTCUSDT price alert',
      body: 'BTCUSDT price rose to 65,000.00',
      icon: '/app-icons/pairwatch-192.png',
      url: '/alerts?symbol=BTCUSDT&interval=OneMinute',
      tag: 'e2e-alert-1',
    };
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n): DeliveredNotification => ({
          title: n.title,
          body: n.body,
          icon: n.icon,
          tag: n.tag,
          data: n.data,
        }));
      });
    await deliverPushUntil(
      cdp,
      { origin: stack.urls.shell, registrationId: registrationId!, data: JSON.stringify(payload) },
      async () => (await shown()).length > 0,
    );
    await expect.poll(shown).toEqual([
      {
        title: payload.title,
        body: payload.body,
        icon: `${stack.urls.shell}/app-icons/pairwatch-192.png`,
        tag: payload.tag,
        data: { url: payload.url },
      },
    ]);
  });
});
