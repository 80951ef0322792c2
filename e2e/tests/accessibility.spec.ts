import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { clickOnScreen, expect, test } from '../harness/fixtures';
import { openAlertsWithPush } from '../harness/enablePush';

// axe-core's WCAG 2 A/AA rules on each screen, light and dark: no serious or critical violation.
// The chart's canvases are images to axe; everything else (tables, forms, banners) is audited.

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in ${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('the Alerts screen has no serious accessibility violation', async ({ page }) => {
      await page.goto('/alerts');
      await expect(page.getByText('New Alert')).toBeVisible();
      await expect(page.getByText('Simulated market')).toBeVisible();
      await page.waitForLoadState('networkidle');

      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a success toast on the Alerts screen has no serious accessibility violation', async ({
      page,
      context,
      stack,
    }) => {
      await openAlertsWithPush(page, context, stack);
      await expect(page.getByRole('button', { name: 'Create Alert' })).toBeEnabled();
      // A level far above the market: the alert is made, and stays quiet.
      await page.getByRole('textbox', { name: 'Target value' }).fill('9999999');
      await clickOnScreen(page.getByRole('button', { name: 'Create Alert' }));
      const toast = page.getByText(
        'You will receive a notification when the value reaches the target.',
      );
      await expect(toast).toBeVisible();
      await toast.hover(); // a toast under the pointer stays: audited while on screen

      expect(await seriousViolations(page)).toEqual([]);
      await expect(toast).toBeVisible(); // audited with the toast on screen
    });

    test('the Positions screen has no serious accessibility violation', async ({ page }) => {
      await page.goto('/positions');
      await expect(page.getByRole('button', { name: 'Add position' })).toBeVisible();

      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
