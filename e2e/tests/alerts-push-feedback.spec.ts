import { clickOnScreen, expect, test } from '../harness/fixtures';
import { stubPush } from '../harness/stubPush';

// When push cannot be turned on, the banner says what happened and what to do — instead of asking
// again for a permission the browser already answered.

/** A subscription on a push service nobody reaches: these tests stop before any push. */
const UNUSED_SUBSCRIPTION = {
  endpoint: 'https://push.example.net/send/e2e',
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

test('says notifications are blocked, and how to allow them, when the user refuses', async ({
  page,
}) => {
  await stubPush(page, UNUSED_SUBSCRIPTION, { answer: 'denied' });
  await page.goto('/alerts');

  await clickOnScreen(page.getByRole('button', { name: 'enable push notifications' }));

  await expect(page.getByText(/Notifications are blocked for this site/)).toBeVisible();
  await expect(page.getByText(/set Notifications to Allow, then reload this page/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'enable push notifications' })).toHaveCount(0);
});

test('says why registering failed when the api refuses the subscription, and retries', async ({
  page,
  pageErrors,
}) => {
  pageErrors.allow(/status of 409 \(Conflict\)/);
  await stubPush(page, UNUSED_SUBSCRIPTION);
  let refusals = 0;
  await page.route(/\/push\/subscriptions$/, async (route) => {
    refusals += 1;
    await route.fulfill({
      status: 409,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'urn:pairwatch:problem:subscription-conflict',
        title: 'Push endpoint registered with other keys',
        status: 409,
        detail: 'This push endpoint is already registered with other keys.',
        code: 'SUBSCRIPTION_CONFLICT',
      }),
    });
  });
  await page.goto('/alerts');

  await clickOnScreen(page.getByRole('button', { name: 'enable push notifications' }));

  const banner = page.getByText(/could not be registered for alerts/);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('already registered with other keys');
  await clickOnScreen(page.getByRole('button', { name: 'Try again' }));
  await expect.poll(() => refusals).toBe(2);
  await expect(page.getByRole('button', { name: 'Create Alert' })).toBeDisabled();
});

test('says in one stable sentence that a private window cannot take push, and why Create Alert is off', async ({
  page,
}) => {
  // A private window in Chromium: notifications count as allowed, but the browser refuses to
  // subscribe ("AbortError: Registration failed - permission denied"). Before, the banner asked
  // to enable push, then said "Notifications are allowed, but … permission denied" 2 s later.
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'granted' });
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      throw new DOMException('Registration failed - permission denied', 'AbortError');
    };
  });
  await page.goto('/alerts');

  // Every text the banner area shows from the first paint until it settles.
  const texts = new Set<string>();
  const read = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[role="alert"], .MuiAlert-message, .pwa-banner-text')]
        .map((node) => node.textContent ?? '')
        .filter((text) => text.trim() !== ''),
    );
  const deadline = Date.now() + 3_000;
  while (Date.now() < deadline) {
    for (const text of await read()) texts.add(text);
    await page.waitForTimeout(100);
  }
  const banner = page.getByText(/This browser window cannot receive push notifications/);
  await expect(banner).toBeVisible();
  expect([...texts].filter((text) => /push|notification/i.test(text))).toEqual([
    await banner.textContent(),
  ]);
  await expect(page.getByText(/permission denied/)).toHaveCount(0);

  const create = page.getByRole('button', { name: 'Create Alert' });
  await expect(create).toBeDisabled();
  // Push cannot work here: the way left is another channel, and the push row says why.
  await expect(create).toHaveAccessibleDescription(
    'Add a webhook under Where alerts go to create alerts.',
  );
  await expect(page.getByTestId('create-alert-reason')).toBeVisible();
  await expect(page.getByTestId('push-channel-state')).toHaveText(
    'Alerts need push notifications, which this window cannot receive.',
  );
});
