import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { clickOnScreen, expect, test } from '../harness/fixtures';
import { openAlertsWithPush } from '../harness/enablePush';

// Any pair the market trades, not just the ten defaults, as a trader reaches it: the symbol
// picker searched by typing, a pair outside the ten charted in its own precision, an alert made
// on it and listed in its quote asset, and a position on a sub-cent coin with PnL in 8 decimals.
// On a desktop and on a 390 px phone in dark mode; the open picker passes axe.

interface ChartWindow {
  __pairwatchChart?: { priceData(): { time: number; close: number }[] };
}

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Opens the picker (the button labelled `Symbol` in `scope`), types `search`, picks `symbol`. */
async function pickSymbol(page: Page, search: string, symbol: string): Promise<void> {
  await clickOnScreen(page.getByRole('button', { name: 'Symbol' }).first());
  const box = page.getByRole('combobox', { name: 'Search symbol' });
  await expect(box).toBeFocused();
  await box.pressSequentially(search);
  const option = page.getByRole('option', { name: symbol, exact: true });
  await clickOnScreen(option);
  await expect(page.getByRole('listbox', { name: 'Symbols' })).toHaveCount(0);
}

/** The last close the chart drew, once it has candles of the shown pair. */
async function lastClose(page: Page): Promise<number> {
  await expect
    .poll(() =>
      page.evaluate(() => (window as ChartWindow).__pairwatchChart?.priceData().length ?? 0),
    )
    .toBeGreaterThan(0);
  return page.evaluate(() => (window as ChartWindow).__pairwatchChart!.priceData().at(-1)!.close);
}

async function chartEthBtcAndAlertOnIt(page: Page): Promise<void> {
  await pickSymbol(page, 'ethb', 'ETHBTC');
  await expect(page.getByRole('button', { name: 'Symbol' }).first()).toContainText('ETHBTC');
  await expect(page.getByLabel('ETHBTC candlestick chart with RSI')).toBeVisible();
  // ETH priced in BTC: below 1, in 5 decimals, never the BTCUSDT chart's tens of thousands.
  await expect.poll(() => lastClose(page)).toBeLessThan(1);
  const close = await lastClose(page);
  expect(close).toBeGreaterThan(0);
  // The legend writes the pair's 5 decimals (BTCUSDT's would be 2).
  await expect(page.getByTestId('chart-legend').locator('[data-field="close"]')).toHaveText(
    /^0\.\d{5}$/,
  );

  // An alert far above the price, in the pair's 5 decimals, listed in BTC.
  const target = (close * 1.5).toFixed(5);
  await page.getByRole('textbox', { name: 'Target value' }).fill(target);
  const creation = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/alerts' && r.request().method() === 'POST',
  );
  await clickOnScreen(page.getByRole('button', { name: 'Create Alert' }));
  const created = await creation;
  expect(created.status(), await created.text()).toBe(201);
  expect(((await created.json()) as { symbol: string }).symbol).toBe('ETHBTC');
  const table = page.getByRole('table', { name: 'Your alerts' });
  const words = Number(target).toLocaleString('en-US', {
    minimumFractionDigits: 5,
    maximumFractionDigits: 5,
  });
  await expect(table.getByText(`${words} BTC`)).toBeVisible();
}

async function addPepePosition(page: Page): Promise<void> {
  await page.goto('/positions');
  await clickOnScreen(page.getByRole('button', { name: 'Add position' }));
  const dialog = page.getByRole('dialog', { name: 'Add position' });
  await pickSymbol(page, 'pepe', 'PEPEUSDT');
  await expect(dialog.getByRole('button', { name: 'Symbol' })).toContainText('PEPEUSDT');
  await clickOnScreen(dialog.getByRole('button', { name: 'Buy', exact: true }));
  await dialog.getByLabel('Amount').fill('1000000');
  await dialog.getByLabel('Entry Price').fill('0.00000500');
  await dialog.getByLabel('Take Profit').fill('0.00100000');
  await clickOnScreen(dialog.getByRole('button', { name: 'Add Position' }));
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Open positions' }).getByRole('row').nth(1);
  await expect(row).toContainText('PEPEUSDT');
  // Prices in PEPE's 8 decimals, PnL in its quote asset once a live price is in.
  await expect(row).toContainText('0.00000500');
  await expect(row.locator('[data-column="pnl"]')).toHaveText(/^[+-][\d,]+\.\d+ USDT \(/);
}

test('searches the whole market, charts ETHBTC, alerts on it and tracks a PEPEUSDT position', async ({
  page,
  context,
  stack,
  artifacts,
}) => {
  test.setTimeout(120_000);
  await openAlertsWithPush(page, context, stack);

  // The defaults come first; typing searches base, quote and names of the whole market.
  await clickOnScreen(page.getByRole('button', { name: 'Symbol' }).first());
  const listbox = page.getByRole('listbox', { name: 'Symbols' });
  await expect(listbox.getByRole('option').first()).toBeVisible();
  // Virtualised: ~1,100 pairs listed, a few dozen rows in the page.
  expect(await listbox.getByRole('option').count()).toBeLessThan(80);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id),
  ).toEqual([]);
  await artifacts.screenshot(page, 'any-pair-picker-open');
  await page.keyboard.press('Escape');

  await chartEthBtcAndAlertOnIt(page);
  await artifacts.screenshot(page, 'any-pair-ethbtc');
  await addPepePosition(page);
  await artifacts.screenshot(page, 'any-pair-pepe-position');
});

test.describe('on a 390 px phone in dark mode', () => {
  test.use({ ...PHONE, colorScheme: 'dark' });

  test('charts ETHBTC and alerts on it, and tracks a PEPEUSDT position', async ({
    page,
    context,
    stack,
    artifacts,
  }) => {
    test.setTimeout(120_000);
    await openAlertsWithPush(page, context, stack);
    await chartEthBtcAndAlertOnIt(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await artifacts.screenshot(page, 'any-pair-phone-ethbtc');
    await addPepePosition(page);
    await artifacts.screenshot(page, 'any-pair-phone-pepe');
  });
});
