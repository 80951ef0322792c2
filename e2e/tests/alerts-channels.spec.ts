import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { clickOnScreen, expect, test, type StackFixture } from '../harness/fixtures';

// 'Where alerts go' (issue #24): a browser WITHOUT push adds a webhook on the harness's receiver
// (a real HTTP server on loopback), sees its signing secret once and copies it, sends a test,
// creates an alert, and the simulated market crosses it: the receiver gets the signed delivery
// and the row's Deliveries say it was delivered. Then the panel on a phone and in dark mode, with
// axe on it.

interface ChartWindow {
  __pairwatchChart?: { priceData(): { time: number; close: number }[] };
}

/** A path of its own on the receiver, so tests (and runs) never read each other's requests. */
function hookPath(name: string): string {
  return `/hook-${name}-${Date.now().toString(36)}`;
}

/** The panel, found by its accessible name as a person's screen reader finds it. */
const panelOf = (page: Page) => page.getByRole('region', { name: 'Where alerts go' });

/** Opens Add webhook, types the URL (and template) and submits; returns the secret shown. */
async function addWebhook(page: Page, url: string, template?: string): Promise<string> {
  const panel = panelOf(page);
  await clickOnScreen(panel.getByRole('button', { name: 'Add webhook' }));
  const form = panel.getByRole('form', { name: 'Add webhook' });
  await form.getByRole('textbox', { name: 'Webhook URL' }).fill(url);
  if (template !== undefined) {
    await form.getByRole('textbox', { name: 'Template (optional)' }).fill(template);
  }
  await clickOnScreen(form.getByRole('button', { name: 'Add webhook' }));
  const notice = panel.getByRole('group', { name: /^Signing secret of / });
  await expect(notice).toBeVisible();
  return (await notice.getByTestId('webhook-secret-value').textContent()) ?? '';
}

/** The alert's deliveries as the api logs them, once every one is `Delivered`. */
async function waitDelivered(stack: StackFixture, alertId: string, ownerId: string) {
  await expect
    .poll(
      async () => {
        const response = await fetch(
          `${stack.urls.api}/alerts/${alertId}/deliveries?ownerId=${ownerId}`,
        );
        const deliveries = (await response.json()) as { status: string }[];
        return deliveries.length > 0 && deliveries.every((d) => d.status === 'Delivered');
      },
      { message: 'the delivery was never logged as Delivered', timeout: 20_000 },
    )
    .toBe(true);
}

test('a browser without push adds a webhook, tests it, and gets its alert there, signed', async ({
  page,
  context,
  stack,
  artifacts,
}) => {
  test.setTimeout(120_000);
  const shellOrigin = new URL(stack.urls.shell).origin;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shellOrigin });
  await page.addInitScript(() => {
    (window as { __PAIRWATCH_E2E__?: boolean }).__PAIRWATCH_E2E__ = true;
  });
  await page.goto('/alerts');

  // 1. No push here (headless Chromium denies notifications): Create Alert says where an alert
  // could go, and the push row says why push cannot.
  await expect(page.getByText(/Notifications are blocked for this site/)).toBeVisible();
  const create = page.getByRole('button', { name: 'Create Alert' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription(
    'Add a webhook under Where alerts go to create alerts.',
  );
  const panel = panelOf(page);
  await expect(panel.getByTestId('push-channel-state')).toHaveText(
    'Alerts need notifications, which are blocked for this site.',
  );
  await expect(panel.getByText('No webhooks yet.')).toBeVisible();

  // 2. Add webhook: the form checks the URL before asking the api.
  await clickOnScreen(panel.getByRole('button', { name: 'Add webhook' }));
  const form = panel.getByRole('form', { name: 'Add webhook' });
  await expect(form.getByTestId('webhook-placeholders')).toContainText('{{ticker}}');
  await expect(form.getByTestId('webhook-placeholders')).toContainText('{{simulated}}');
  await clickOnScreen(form.getByRole('button', { name: 'Add webhook' }));
  await expect(form.getByText("Webhook URL can't be empty")).toBeVisible();
  await form.getByRole('textbox', { name: 'Webhook URL' }).fill('ftp://example.com/hook');
  await expect(form.getByText('Webhook URL must start with http:// or https://')).toBeVisible();
  await clickOnScreen(form.getByRole('button', { name: 'Cancel' }));

  const path = hookPath('alert');
  const url = stack.webhooks.url(path);
  const owners = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/owners' && r.request().method() === 'POST',
  );
  const template = '{"ticker":"{{ticker}}","value":{{value}},"alert":"{{alert_id}}"}';
  const secret = await addWebhook(page, url, template);
  const ownerId = ((await (await owners).json()) as { ownerId: string }).ownerId;
  expect(secret).toMatch(/^\S{20,}$/);
  const notice = panel.getByRole('group', { name: /^Signing secret of 127\.0\.0\.1:\d+$/ });
  await expect(notice).toContainText('it will not be shown again');
  await artifacts.screenshot(page, 'panel-secret-desktop', panel);

  // 3. Copy: the clipboard holds the secret; Done takes it off the page for good.
  await clickOnScreen(notice.getByRole('button', { name: 'Copy secret' }));
  await expect(notice.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await clickOnScreen(notice.getByRole('button', { name: 'Done' }));
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = panel.getByRole('listitem').filter({ hasText: url });
  await expect(row).toBeVisible();

  // 4. Send test: the receiver gets it, signed with that secret.
  await clickOnScreen(row.getByRole('button', { name: /^Send test to 127\.0\.0\.1/ }));
  await expect(row.getByText('Test delivered (HTTP 200).')).toBeVisible();
  const [testHook] = await stack.webhooks.waitFor(1, { path });
  expect(await stack.webhooks.verify(secret, testHook!)).toBe(true);
  expect(JSON.parse(testHook!.body)).toMatchObject({ ticker: 'BTCUSDT', alert: 'test' });

  // 5. Create Alert is enabled with the webhook alone; the alert is the new owner's.
  await expect(create).toBeEnabled();
  await expect(page.getByTestId('create-alert-reason')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() => (window as ChartWindow).__pairwatchChart?.priceData().length ?? 0),
    )
    .toBeGreaterThan(0);
  const close = await page.evaluate(
    () => (window as ChartWindow).__pairwatchChart!.priceData().at(-1)!.close,
  );
  const target = Math.round(close * 1.02 * 100) / 100;
  await page.getByRole('textbox', { name: 'Target value' }).fill(String(target));
  const creation = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/alerts' && r.request().method() === 'POST',
  );
  await clickOnScreen(create);
  const created = await creation;
  expect(created.status()).toBe(201);
  expect(created.request().postDataJSON()).toMatchObject({ ownerId });
  const alertId = ((await created.json()) as { id: string }).id;
  const alertRow = page.getByTestId(`alert-row-${alertId}`);
  await expect(alertRow).toHaveAttribute('data-status', 'Active');

  // 6. The market crosses it: one signed POST with the alert's fields, then "delivered".
  await stack.setPrice('BTCUSDT', Math.round(target * 1.01 * 100) / 100);
  await expect(alertRow).toHaveAttribute('data-status', 'Triggered', { timeout: 20_000 });
  const hooks = await stack.webhooks.waitFor(2, { path, timeoutMs: 20_000 });
  const delivery = hooks[1]!;
  expect(delivery.deliveryId).toMatch(/\S+/);
  expect(delivery.contentType).toMatch(/^application\/json/);
  expect(await stack.webhooks.verify(secret, delivery)).toBe(true);
  expect(await stack.webhooks.verify('not-the-secret', delivery)).toBe(false);
  expect(JSON.parse(delivery.body)).toMatchObject({ ticker: 'BTCUSDT', alert: alertId });
  await waitDelivered(stack, alertId, ownerId);

  // Scrolled to the middle, as a person reads it: at the top edge it would sit under the app bar.
  await alertRow.evaluate((row) => row.scrollIntoView({ block: 'center' }));
  await clickOnScreen(alertRow.getByRole('button', { name: /^Deliveries of BTCUSDT/ }));
  const dialog = page.getByRole('dialog', { name: /^Deliveries of BTCUSDT/ });
  await expect(dialog.getByTestId('deliveries')).toHaveText(
    /^Webhook 127\.0\.0\.1:\d+ — delivered after 1 attempt$/,
  );
  await artifacts.screenshot(page, 'deliveries-desktop');
  await clickOnScreen(dialog.getByRole('button', { name: 'Close' }));
  await expect(dialog).toHaveCount(0);

  // 7. After a reload: the same owner, its webhook listed, the secret never again.
  await page.reload();
  await expect(panel.getByRole('listitem').filter({ hasText: url })).toBeVisible();
  await expect(page.getByTestId(`alert-row-${alertId}`)).toBeVisible();
  await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
  await expect(create).toBeEnabled();
  await artifacts.screenshot(page, 'alerts-desktop');
});

test('says under the form what the api refuses, in its words', async ({ page, pageErrors }) => {
  pageErrors.allow(/status of 400/); // the refusal, logged by Chromium
  await page.goto('/alerts');
  const panel = panelOf(page);
  await clickOnScreen(panel.getByRole('button', { name: 'Add webhook' }));
  const form = panel.getByRole('form', { name: 'Add webhook' });
  // Link-local addresses are refused even where private ones are allowed (architecture §9).
  await form.getByRole('textbox', { name: 'Webhook URL' }).fill('http://169.254.169.254/hook');
  await clickOnScreen(form.getByRole('button', { name: 'Add webhook' }));
  await expect(form.getByTestId('add-webhook-error')).toHaveText(/\S/);
  await expect(panel.getByTestId('webhook-secret')).toHaveCount(0);
});

for (const scenario of [
  { name: 'phone, light', viewport: { width: 390, height: 844 }, phone: true, dark: false },
  { name: 'phone, dark', viewport: { width: 390, height: 844 }, phone: true, dark: true },
  { name: 'desktop, dark', viewport: { width: 1280, height: 800 }, phone: false, dark: true },
] as const) {
  test.describe(scenario.name, () => {
    test.use({
      viewport: scenario.viewport,
      colorScheme: scenario.dark ? 'dark' : 'light',
      ...(scenario.phone ? { hasTouch: true, isMobile: true } : {}),
    });

    test('the panel fits, works by touch, and has no serious accessibility violation', async ({
      page,
      stack,
      artifacts,
    }) => {
      test.setTimeout(60_000);
      await page.goto('/alerts');
      const panel = panelOf(page);
      const path = hookPath(scenario.name.replace(/[ ,]+/g, '-'));
      await addWebhook(page, stack.webhooks.url(path));
      await artifacts.screenshot(
        page,
        `panel-secret-${scenario.name.replace(/[ ,]+/g, '-')}`,
        panel,
      );
      await clickOnScreen(panel.getByRole('button', { name: 'Done' }));
      const row = panel.getByRole('listitem').filter({ hasText: path });
      await clickOnScreen(row.getByRole('button', { name: /^Send test to / }));
      await expect(row.getByText('Test delivered (HTTP 200).')).toBeVisible();
      await clickOnScreen(panel.getByRole('button', { name: 'Add webhook' }));
      await expect(panel.getByRole('form', { name: 'Add webhook' })).toBeVisible();

      if (scenario.phone) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          390,
        );
        for (const button of await panel.getByRole('button').all()) {
          const box = await button.boundingBox();
          expect(box?.height ?? 0, (await button.textContent()) ?? '').toBeGreaterThanOrEqual(44);
        }
      }
      const results = await new AxeBuilder({ page })
        .include('section[aria-labelledby="where-alerts-go-title"]')
        .withTags(['wcag2a', 'wcag2aa'])
        .analyze();
      expect(
        results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
      ).toEqual([]);
      await artifacts.screenshot(page, `panel-${scenario.name.replace(/[ ,]+/g, '-')}`, panel);

      // Clean up: the webhook goes (by touch on a phone).
      await clickOnScreen(panel.getByRole('button', { name: 'Cancel' }));
      await clickOnScreen(row.getByRole('button', { name: /^Delete webhook / }));
      await expect(row).toHaveCount(0);
    });
  });
}
