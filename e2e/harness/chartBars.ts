import { type Page } from '@playwright/test';
import { expect } from './fixtures';
import { type ChartWindow } from './ChartWindow';

/** A bar as the chart hook reads it back (UTC open time). */
export type ChartBar = ReturnType<
  NonNullable<ChartWindow['__pairwatchChart']>['priceData']
>[number];

/** Asks the alerts remote for its chart hook on every page the test opens (an init script). */
export async function askForChartHook(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as ChartWindow).__PAIRWATCH_E2E__ = true;
  });
}

/** The bars the price series holds now (none before the hook is there). */
export function chartPriceData(page: Page): Promise<ChartBar[]> {
  return page.evaluate(() => (window as ChartWindow).__pairwatchChart?.priceData() ?? []);
}

/** Waits for the first page of candles (500 bars) and returns them. */
export async function waitForChartBars(page: Page): Promise<ChartBar[]> {
  await expect
    .poll(async () => (await chartPriceData(page)).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(500);
  return chartPriceData(page);
}
