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
