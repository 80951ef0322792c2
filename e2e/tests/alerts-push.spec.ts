import { clickOnScreen, deliverPushUntil, expect, test } from '../harness/fixtures';
import { stubPush, type StubbedPushWindow } from '../harness/stubPush';

// From the push banner to a triggered alert, in the shell on the simulated market, through the
// api's real Web Push delivery.
//
// Headless Chromium cannot really subscribe to push (it needs Google's push service), so the page's
// `PushManager.prototype.subscribe` is stubbed to return a subscription of the harness's local push
// service (`stack.push`, the api package's LocalPushService: HTTPS, VAPID checked, aes128gcm
// decrypted), which the api trusts through NODE_EXTRA_CA_CERTS. The page's view of the notification
// permission starts at 'default' (so the banner shows) and becomes 'granted' when the banner's link
// asks for it; the context itself grants notifications, so the shell's real service worker can show
// them. The payload the service decrypted is handed to that worker with CDP
// `ServiceWorker.deliverPushMessage`, which passes it as `event.data`.

/** The page's window with the alerts remote's chart hook and what the push stub recorded. */
type PushWindow = StubbedPushWindow & {
  __pairwatchChart?: { priceData(): { time: number; close: number }[] };
};

/** The payload of a triggered alert's push (api: buildAlertNotification). */
interface AlertPushPayload {
  readonly title: string;
  readonly body: string;
  readonly icon: string;
  readonly url: string;
  readonly tag: string;
}

test('enables push from the banner, creates an alert, sees it trigger and its push open the chart', async ({
  page,
  context,
  stack,
}) => {
  test.setTimeout(90_000);
  // The api's VAPID key: the push service then refuses messages not signed with it.
  const { publicKey } = (await (await fetch(`${stack.urls.api}/push/public-key`)).json()) as {
    publicKey: string;
  };
  const subscription = await stack.push.createSubscription({ applicationServerKey: publicKey });
  const shellOrigin = new URL(stack.urls.shell).origin;
  await context.grantPermissions(['notifications'], { origin: shellOrigin });
  await stubPush(page, subscription);

  // 1. The banner, then its link: permission, subscribe with the api's key, register.
  await page.goto('/alerts');
  await expect(page.getByText(/To create and receive alerts, please/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Alert' })).toBeDisabled();
  const registration = page.waitForResponse(
    (r) => r.url().endsWith('/push/subscriptions') && r.request().method() === 'POST',
  );
  await clickOnScreen(page.getByRole('button', { name: 'enable push notifications' }));
  const registered = await registration;
  expect(registered.ok()).toBe(true);
  expect(registered.request().postDataJSON()).toMatchObject({
    endpoint: subscription.endpoint,
    keys: subscription.keys,
  });
  expect(await page.evaluate(() => (window as PushWindow).__pushSubscribeKey)).toBe(publicKey);
  await expect(page.getByText(/To create and receive alerts, please/)).toHaveCount(0);

  // 2. A bullish price alert 2 % above the live price.
  await expect
    .poll(() =>
      page.evaluate(() => (window as PushWindow).__pairwatchChart?.priceData().length ?? 0),
    )
    .toBeGreaterThan(0);
  const close = await page.evaluate(
    () => (window as PushWindow).__pairwatchChart!.priceData().at(-1)!.close,
  );
  const target = Math.round(close * 1.02 * 100) / 100;
  await page.getByRole('textbox', { name: 'Target value' }).fill(String(target));
  await expect(page.getByTestId('alert-helper-line')).toContainText(
    'Creating bullish alert for BTCUSDT:',
  );
  const creation = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/alerts' && r.request().method() === 'POST',
  );
  await clickOnScreen(page.getByRole('button', { name: 'Create Alert' }));
  const created = await creation;
  expect(created.status()).toBe(201);
  const alertId = ((await created.json()) as { id: string }).id;
  await expect(
    page.getByText('You will receive a notification when the value reaches the target.'),
  ).toBeVisible();
  const row = page.getByTestId(`alert-row-${alertId}`);
  await expect(row).toHaveAttribute('data-status', 'Active');
  await expect(row.getByRole('cell').nth(0)).toHaveText('BTCUSDT');
  await expect(row.getByRole('cell').nth(1)).toHaveText('Price Alert');
  await expect(page.getByRole('textbox', { name: 'Target value' })).toHaveValue('');

  // 3. The market crosses the target: the hub's AlertTriggered gives a toast and the row's status.
  await stack.setPrice('BTCUSDT', Math.round(target * 1.01 * 100) / 100);
  const toast = page.getByText(/BTCUSDT price rose to [\d,]+\.\d{2}/);
  await expect(toast).toBeVisible({ timeout: 20_000 });
  const toastText = (await toast.textContent()) ?? '';
  await expect(row).toHaveAttribute('data-status', 'Triggered');
  await expect(row).toContainText(/Triggered.* at [\d,]+\.\d{2} USDT/);

  // 4. The api's push, as the push service accepted and decrypted it: one message, the same text.
  const pushes = await stack.push.waitForPushes(1, {
    endpoint: subscription.endpoint,
    timeoutMs: 20_000,
  });
  expect(pushes).toHaveLength(1);
  const [message] = pushes;
  expect(message!.vapid.publicKey).toBe(publicKey);
  const payload = message!.payload;
  const pushed = JSON.parse(payload) as AlertPushPayload;
  // On the simulated market the push says so; the in-app toast sits beside the "Simulated market"
  // chip and gives the same text without it.
  expect(pushed).toEqual({
    title: 'BTCUSDT price alert',
    body: expect.stringMatching(/^BTCUSDT price rose to [\d,]+\.\d{2} \(simulated market\)$/),
    icon: '/app-icons/pairwatch-192.png',
    url: '/alerts?symbol=BTCUSDT&interval=OneMinute',
    tag: alertId,
    // The same notification in the Declarative Web Push form (Safari 18.4+), linking to the shell.
    web_push: 8030,
    notification: {
      title: 'BTCUSDT price alert',
      body: pushed.body,
      navigate: expect.stringMatching(
        /^http:\/\/(127\.0\.0\.1|localhost):\d+\/alerts\?symbol=BTCUSDT&interval=OneMinute$/,
      ),
      tag: alertId,
      lang: 'en',
    },
  });
  expect(toastText).toContain(pushed.body.replace(/ \(simulated market\)$/, ''));

  // 5. Delivered to the shell's service worker, which shows it as a notification.
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on(
    'ServiceWorker.workerRegistrationUpdated',
    (event: {
      registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[];
    }) => {
      for (const r of event.registrations)
        if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    },
  );
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(`${shellOrigin}/`)).toBeDefined();
  const shown = async () =>
    page.evaluate(async () => {
      const worker = await navigator.serviceWorker.ready;
      return (await worker.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        data: n.data as { url?: string },
      }));
    });
  await deliverPushUntil(
    cdp,
    { origin: shellOrigin, registrationId: registrations.get(`${shellOrigin}/`)!, data: payload },
    async () => (await shown()).length > 0,
  );
  await expect
    .poll(shown)
    .toEqual([{ title: pushed.title, body: pushed.body, data: { url: pushed.url } }]);

  // 6. Headless Chromium cannot click a notification; its click opens data.url (shell unit tests
  // cover the worker's click handler), so open that URL from another symbol and check the chart.
  await clickOnScreen(page.getByRole('button', { name: 'Symbol' }));
  await clickOnScreen(page.getByRole('option', { name: /ETHUSDT/ }));
  await clickOnScreen(page.getByRole('button', { name: '1h', exact: true }));
  await expect(page.getByRole('button', { name: 'Symbol' })).toContainText('ETHUSDT');
  const [notification] = await shown();
  await page.goto(notification!.data.url!);
  await expect(page.getByRole('button', { name: 'Symbol' })).toContainText('BTCUSDT');
  await expect(page.getByRole('button', { name: '1m', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => new URL(page.url()).search).toBe('');
  await cdp.detach();

  // The alert triggered once: still exactly one push for this subscription at the end.
  expect(
    await stack.push.waitForPushes(1, { endpoint: subscription.endpoint, timeoutMs: 0 }),
  ).toHaveLength(1);
});
