import { type Locator, type Page } from '@playwright/test';
import { clickOnScreen, expect, test } from '../harness/fixtures';
import { OFFLINE_REQUEST_FAILED, controlledByWorker } from '../harness/serviceWorkerControl';

// Offline start (issue #26): once the shell's service worker has installed, the app starts with
// no network at all — the browser offline AND the shell's and the remotes' servers stopped, so
// nothing can come from an HTTP cache's revalidation or a server either. /positions works fully
// (positions from IndexedDB, PnL from the last prices seen), /alerts shows the shell's frame,
// and the prices catch up when the network returns.

/**
 * What an offline browser logs for the api's requests (which the worker never answers from a
 * cache), and nothing else: Chromium's line for each failed request, and the SignalR client's
 * two lines for the hub's failed negotiation (it retries; the prices catch up when it connects).
 */

function pnlCell(page: Page): Locator {
  return page
    .getByRole('table', { name: 'Open positions' })
    .locator('tbody tr')
    .first()
    .locator('[data-column="pnl"]');
}

const STATIC_PARTS = ['shell', 'alerts', 'positions'] as const;

/** Runs `fn` with the browser offline and the shell's and both remotes' servers stopped. */
async function withoutNetwork(
  page: Page,
  stack: {
    stopServer(part: (typeof STATIC_PARTS)[number]): Promise<void>;
    startServer(part: (typeof STATIC_PARTS)[number]): Promise<void>;
  },
  fn: () => Promise<void>,
): Promise<void> {
  await page.context().setOffline(true);
  for (const part of STATIC_PARTS) await stack.stopServer(part);
  try {
    await fn();
  } finally {
    await page.context().setOffline(false);
    for (const part of STATIC_PARTS) await stack.startServer(part);
  }
}

test.describe('offline', () => {
  test.beforeEach(async ({ stack }) => {
    await stack.setPrice('BTCUSDT', 60000);
  });

  test('the service worker controls the page and /positions reloads offline with its PnL from the last prices seen', async ({
    page,
    stack,
    pageErrors,
  }) => {
    await page.goto('/positions');
    await controlledByWorker(page);
    await clickOnScreen(page.getByRole('button', { name: 'Add position' }));
    const dialog = page.getByRole('dialog', { name: 'Add position' });
    const picker = dialog.getByRole('button', { name: 'Symbol' });
    if (!((await picker.textContent()) ?? '').includes('BTCUSDT')) {
      await clickOnScreen(picker);
      await clickOnScreen(page.getByRole('option', { name: /BTCUSDT/ }));
    }
    await clickOnScreen(dialog.getByRole('button', { name: 'Buy', exact: true }));
    await dialog.getByLabel('Amount').fill('0.5');
    await dialog.getByLabel('Entry Price').fill('50000');
    await dialog.getByLabel('Take Profit').fill('90000');
    await clickOnScreen(dialog.getByRole('button', { name: 'Add Position' }));
    await expect(dialog).toBeHidden();
    // Priced: a PnL amount, not '-'.
    await expect(pnlCell(page)).toHaveText(/^\+[\d,]+\.\d{2} USDT/);
    const online = (await pnlCell(page).textContent()) ?? '';

    pageErrors.allow(OFFLINE_REQUEST_FAILED);
    await withoutNetwork(page, stack, async () => {
      await page.reload();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await expect(page.getByRole('heading', { name: 'Positions', level: 1 })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Screen' })).toBeVisible();
      // The last price seen before going offline, not '-'.
      await expect(pnlCell(page)).toHaveText(/^\+[\d,]+\.\d{2} USDT/);
      const offline = (await pnlCell(page).textContent()) ?? '';
      expect(Math.abs(parseAmount(offline) - parseAmount(online))).toBeLessThan(2500);
      // Positions are the browser's own: they work offline.
      await expect(page.getByRole('button', { name: 'Add position' })).toBeEnabled();
    });

    // Back online: the live prices take over again.
    await stack.setPrice('BTCUSDT', 80000);
    await expect
      .poll(async () => parseAmount((await pnlCell(page).textContent()) ?? ''), { timeout: 30_000 })
      .toBeGreaterThan(12_000);
    const unexpected = pageErrors.seen.filter((text) => !OFFLINE_REQUEST_FAILED.test(text));
    expect(unexpected).toEqual([]);
  });

  test('/alerts reloads offline into the shell frame', async ({ page, stack, pageErrors }) => {
    await page.goto('/alerts');
    await controlledByWorker(page);
    await expect(page.getByRole('combobox', { name: 'Screen' })).toBeVisible();

    pageErrors.allow(OFFLINE_REQUEST_FAILED);
    await withoutNetwork(page, stack, async () => {
      await page.reload();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Screen' })).toHaveText(/Alerts/);
      // The navigation works offline too: the Positions screen is in the worker's cache.
      await clickOnScreen(page.getByRole('combobox', { name: 'Screen' }));
      await clickOnScreen(page.getByRole('option', { name: 'Positions' }));
      await expect(page.getByRole('heading', { name: 'Positions', level: 1 })).toBeVisible();
    });
  });
});

/** `+5,000.00 USDT (+10.00%)` → 5000. */
function parseAmount(text: string): number {
  const match = /^([+-]?[\d,]+\.\d+) USDT/.exec(text.trim());
  return match ? Number(match[1]!.replace(/,/g, '')) : Number.NaN;
}
