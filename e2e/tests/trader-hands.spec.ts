import { type Locator, type Page } from '@playwright/test';
import { clickOnScreen, expect, test } from '../harness/fixtures';
import { openAlertsWithPush } from '../harness/enablePush';

// Issue #28, "the chart in a trader's hands": numbers typed as the app writes them (item 3), an
// Undo for a deleted position with finger-sized row buttons on a phone (item 4), and the Add
// position dialog's current price, one-tap entry and far-entry warning (item 8).

function openTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Open positions' });
}

function row(page: Page, id: number): Locator {
  return openTable(page).locator(`tr[data-position-id="${id}"]`);
}

async function openPositions(page: Page): Promise<void> {
  await page.goto('/positions');
  await expect(page.getByRole('button', { name: 'Add position' })).toBeVisible();
}

/** Opens Add position on `symbol` (the picker remembers the last one chosen). */
async function openAddDialog(page: Page, symbol: 'BTCUSDT' | 'ETHUSDT'): Promise<Locator> {
  await clickOnScreen(page.getByRole('button', { name: 'Add position' }));
  const dialog = page.getByRole('dialog', { name: 'Add position' });
  const picker = dialog.getByRole('button', { name: 'Symbol' });
  if (!((await picker.textContent()) ?? '').includes(symbol)) {
    await clickOnScreen(picker);
    await clickOnScreen(page.getByRole('option', { name: new RegExp(symbol) }));
  }
  return dialog;
}

async function addBtcBuy(page: Page): Promise<void> {
  const dialog = await openAddDialog(page, 'BTCUSDT');
  await dialog.getByLabel('Amount').fill('0.5');
  await dialog.getByLabel('Entry Price').fill('60,000');
  await dialog.getByLabel('Take Profit').fill('70,000.50');
  await clickOnScreen(dialog.getByRole('button', { name: 'Add Position' }));
  await expect(dialog).toBeHidden();
}

test.describe("The chart in a trader's hands (issue #28)", () => {
  test.beforeEach(async ({ stack }) => {
    await stack.setPrice('BTCUSDT', 60000);
    await stack.setPrice('ETHUSDT', 3000);
  });

  test('3: the alert target takes "3,000" as the app writes it, and refuses what it cannot hold', async ({
    page,
    context,
    stack,
    artifacts,
  }) => {
    await openAlertsWithPush(page, context, stack, '/alerts?symbol=ETHUSDT');

    const target = page.getByRole('textbox', { name: 'Target value' });
    await target.fill('3,00');
    await expect(page.getByText('Value must be a positive number')).toBeVisible();
    await target.fill('99999999999999999999999');
    await expect(page.getByText('Value is too large')).toBeVisible();

    await target.fill(' 3,000 ');
    await expect(page.getByText('Value must be a positive number')).toHaveCount(0);
    await expect(page.getByText('Value is too large')).toHaveCount(0);
    // As a person reads the line under the target before creating: it comes with the first live
    // price (the next tick, up to 2 s), and pushes Create Alert down as it does.
    await expect(page.getByTestId('alert-helper-target')).toHaveText('3,000.00');
    await artifacts.screenshot(page, 'alert-target-grouped');
    await clickOnScreen(page.getByRole('button', { name: 'Create Alert' }));
    await expect(
      page.getByText('You will receive a notification when the value reaches the target.'),
    ).toBeVisible();
    await expect(
      page.locator('[data-testid^="alert-row-"]').filter({ hasText: '3,000.00 USDT' }),
    ).toHaveCount(1);
  });

  test('4: a deleted position comes back with Undo in the toast', async ({ page, artifacts }) => {
    await openPositions(page);
    await addBtcBuy(page);
    await expect(row(page, 1)).toContainText('70,000.50');

    await clickOnScreen(row(page, 1).getByRole('button', { name: 'Delete position' }));
    await expect(page.getByText('No open positions')).toBeVisible();
    const toast = page.getByRole('alert').filter({ hasText: 'Position deleted.' });
    await expect(toast).toBeVisible();
    await artifacts.screenshot(page, 'position-deleted-toast');
    await clickOnScreen(toast.getByRole('button', { name: 'Undo' }));

    await expect(row(page, 1)).toContainText('BTCUSDT');
    await expect(row(page, 1)).toContainText('0.50000 BTC');
    await expect(page.getByText('Position restored.')).toBeVisible();
    // It is stored again, not only drawn: a reload finds it.
    await page.reload();
    await expect(row(page, 1)).toContainText('70,000.50');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`on a phone (${colorScheme})`, () => {
      test.use({
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
        colorScheme,
      });

      test('4: row actions are at least 44 × 44 px, and Undo is a tap away', async ({
        page,
        artifacts,
      }) => {
        await openPositions(page);
        await addBtcBuy(page);
        for (const name of ['Edit position', 'Close position', 'Delete position']) {
          const box = await row(page, 1).getByRole('button', { name }).boundingBox();
          expect(box, name).not.toBeNull();
          expect(box!.width, name).toBeGreaterThanOrEqual(44);
          expect(box!.height, name).toBeGreaterThanOrEqual(44);
        }
        await artifacts.screenshot(page, `phone-${colorScheme}-positions`);
        await clickOnScreen(row(page, 1).getByRole('button', { name: 'Delete position' }));
        const undo = page.getByRole('button', { name: 'Undo' });
        const undoBox = await undo.boundingBox();
        expect(undoBox!.height).toBeGreaterThanOrEqual(44);
        await artifacts.screenshot(page, `phone-${colorScheme}-undo-toast`);
        await clickOnScreen(undo);
        await expect(row(page, 1)).toContainText('BTCUSDT');
      });

      test('8: the Add position dialog on a phone', async ({ page, artifacts }) => {
        await openPositions(page);
        const dialog = await openAddDialog(page, 'ETHUSDT');
        await expect(dialog.getByTestId('add-position-current-price')).toHaveText(/^[\d,]+\.\d\d$/);
        await dialog.getByLabel('Entry Price').fill('89,234');
        await expect(dialog.getByText(/% above the current price of/)).toBeVisible();
        await artifacts.screenshot(page, `phone-${colorScheme}-add-position-warning`);
      });
    });
  }

  test('8: Add position shows the current price, fills the entry with it, and warns of a far entry without blocking', async ({
    page,
    artifacts,
  }) => {
    await openPositions(page);
    const dialog = await openAddDialog(page, 'ETHUSDT');
    const current = dialog.getByTestId('add-position-current-price');
    await expect(current).toHaveText(/^[\d,]+\.\d\d$/);
    const shown = Number(((await current.textContent()) ?? '').replace(/,/g, ''));
    // The simulator walks on from the price set: near 3,000.
    expect(shown).toBeGreaterThan(2500);
    expect(shown).toBeLessThan(3500);

    await clickOnScreen(dialog.getByRole('button', { name: 'Use current price' }));
    const entry = dialog.getByLabel('Entry Price');
    await expect(entry).toHaveValue(/^[\d,]+\.\d\d$/);
    expect(Math.abs(Number((await entry.inputValue()).replace(/,/g, '')) - shown)).toBeLessThan(
      100,
    );
    await expect(dialog.getByText(/current price of/)).toHaveCount(0);

    // An ETH entry typed at BTC's price: a warning, in the warning colour, that does not block.
    await entry.fill('89,234');
    const warning = dialog.getByText(
      /^Entry is [\d,.]+ % above the current price of [\d,.]+ — check the pair$/,
    );
    await expect(warning).toBeVisible();
    const color = await warning.evaluate((element) => getComputedStyle(element).color);
    expect(color).toBe('rgb(180, 83, 9)'); // the theme's warning.main (#b45309), light mode
    await artifacts.screenshot(page, 'add-position-far-entry', dialog);

    await dialog.getByLabel('Amount').fill('1');
    await dialog.getByLabel('Take Profit').fill('90,000');
    await clickOnScreen(dialog.getByRole('button', { name: 'Add Position' }));
    await expect(dialog).toBeHidden();
    await expect(row(page, 1)).toContainText('ETHUSDT');
    await expect(row(page, 1).locator('[data-column="prices"]')).toContainText('89,234.00');
  });
});
