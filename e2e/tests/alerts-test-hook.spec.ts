import { type Page } from '@playwright/test';
import { FIRST_CANDLES_MARK } from '@pairwatch/alerts-mfe/testing';
import { clickOnScreen, expect, test } from '../harness/fixtures';

// The alerts remote's read-only chart hook ships in the production bundle; without the flag set
// before the remote loads it must stay absent (what the other alerts specs read is opt-in).

type HookWindow = Window & { __PAIRWATCH_E2E__?: boolean; __pairwatchChart?: unknown };

/** Waits until the chart has drawn its first candles (the remote's performance mark). */
async function waitForFirstCandles(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((name) => performance.getEntriesByName(name).length, FIRST_CANDLES_MARK),
    )
    .toBeGreaterThan(0);
}

test('installs no chart hook when no test asked for it', async ({ page }) => {
  await page.goto('/alerts');
  await waitForFirstCandles(page);
  expect(await page.evaluate(() => '__pairwatchChart' in window)).toBe(false);
});

test('installs no chart hook when the flag is set only after the alerts code loaded', async ({
  page,
}) => {
  await page.goto('/alerts');
  await waitForFirstCandles(page);
  await page.evaluate(() => {
    (window as HookWindow).__PAIRWATCH_E2E__ = true;
  });
  // Away and back: the chart mounts again in the same page, with the flag now set.
  const screen = page.getByRole('combobox', { name: 'Screen' });
  await clickOnScreen(screen);
  await clickOnScreen(page.getByRole('option', { name: 'Positions' }));
  await expect(page).toHaveURL('/positions');
  await clickOnScreen(screen);
  await clickOnScreen(page.getByRole('option', { name: 'Alerts' }));
  await expect(page).toHaveURL('/alerts');
  await expect(page.getByTestId('candle-chart')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate((name) => performance.getEntriesByName(name).length, FIRST_CANDLES_MARK),
    )
    .toBeGreaterThan(1);
  expect(await page.evaluate(() => '__pairwatchChart' in window)).toBe(false);
});
