import { type Page } from '@playwright/test';
import { clickOnScreen, expect, test } from '../harness/fixtures';

// Each screen on a 390×844 phone (touch), light and dark: nothing wider than the viewport, so
// nothing needs a sideways scroll of the page.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/**
 * The page's width against the phone's. Not `innerWidth`: a mobile browser widens its layout
 * viewport to fit an overflowing page (and zooms out), so that comparison would always pass.
 */
function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`on a phone in ${colorScheme} mode`, () => {
    test.use({ ...PHONE, colorScheme });

    test('the Alerts screen fits the viewport', async ({ page, artifacts }) => {
      await page.goto('/alerts');
      await expect(page.getByText('Your alerts')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await artifacts.screenshot(page, `alerts-phone-${colorScheme}`);

      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.viewport.width);
      const table = page.getByRole('table', { name: 'Your alerts' });
      const box = await table.boundingBox();
      expect(box!.x + box!.width, 'the right edge of Your alerts').toBeLessThanOrEqual(
        PHONE.viewport.width,
      );
      // The interval buttons wrap onto a row of their own here; they stay inside the card's
      // padding, where the chart is (it fills the card's content box).
      const symbol = await page.getByRole('button', { name: 'Symbol' }).boundingBox();
      const intervals = await page.getByRole('group', { name: 'Interval' }).boundingBox();
      const chart = await page.getByTestId('candle-chart').boundingBox();
      expect(intervals!.y, 'the interval buttons wrap below the symbol').toBeGreaterThanOrEqual(
        symbol!.y + symbol!.height,
      );
      expect(intervals!.x, 'the left edge of the interval buttons').toBeGreaterThanOrEqual(
        chart!.x - 0.5,
      );
      expect(
        intervals!.x + intervals!.width,
        'the right edge of the interval buttons',
      ).toBeLessThanOrEqual(chart!.x + chart!.width + 0.5);
    });

    test('the Positions screen fits the viewport', async ({ page, artifacts }) => {
      await page.goto('/positions');
      await expect(page.getByText('No open positions')).toBeVisible();
      await artifacts.screenshot(page, `positions-phone-${colorScheme}`);

      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.viewport.width);
    });
  });
}

test.describe('a position on a phone', () => {
  test.use(PHONE);

  test('shows every column of its row on screen, and its actions work by touch', async ({
    page,
    artifacts,
    stack,
  }) => {
    // Far from its take-profit, whatever other tests did to the price: the position stays open.
    await stack.setPrice('BTCUSDT', 60000);
    await page.goto('/positions');
    await clickOnScreen(page.getByRole('button', { name: 'Add position' }));
    const dialog = page.getByRole('dialog', { name: 'Add position' });
    await dialog.getByLabel('Amount').fill('1000.7');
    await dialog.getByLabel('Entry Price').fill('60000');
    await dialog.getByLabel('Take Profit').fill('600000');
    await clickOnScreen(dialog.getByRole('button', { name: 'Add Position' }));
    await expect(dialog).toBeHidden();
    const row = page.getByRole('table', { name: 'Open positions' }).locator('tbody tr').first();
    await expect(row).toContainText('USDT (');
    await artifacts.screenshot(page, 'positions-phone-with-row');

    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.viewport.width);
    for (const cell of await row.locator('td').all()) {
      const box = await cell.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.viewport.width);
    }
    await clickOnScreen(row.getByRole('button', { name: /Delete/ }));
    await expect(page.getByText('No open positions')).toBeVisible();
  });
});
