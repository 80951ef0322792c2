import { readFile } from 'node:fs/promises';
import { type Locator, type Page } from '@playwright/test';
import { clickOnScreen, expect, test } from '../harness/fixtures';

// The Positions screen in the shell, on the simulated market. The simulator's walk carries on
// from a price set through its control API, so live PnL is checked within a band around the
// value the set price gives; take-profit fills and typed close prices are exact.

interface NewPosition {
  readonly symbol: 'BTCUSDT' | 'ETHUSDT';
  readonly side: 'Buy' | 'Sell';
  readonly amount: string;
  readonly price: string;
  readonly tp: string;
}

function openTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Open positions' });
}

function endedTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Ended positions' });
}

function row(table: Locator, id: number): Locator {
  return table.locator(`tr[data-position-id="${id}"]`);
}

function column(rowLocator: Locator, name: string): Locator {
  return rowLocator.locator(`[data-column="${name}"]`);
}

/** The PnL amount a cell shows (`+1,234.56 USDT (+2.10%)` → 1234.56); NaN for '-'. */
async function pnlAmount(cell: Locator): Promise<number> {
  const text = (await cell.textContent()) ?? '';
  const match = /^([+-]?[\d,]+\.\d+) USDT \([+-]?\d+\.\d{2}%\)$/.exec(text.trim());
  return match ? Number(match[1]!.replace(/,/g, '')) : Number.NaN;
}

async function openPositions(page: Page): Promise<void> {
  await page.goto('/positions');
  await expect(page.getByRole('button', { name: 'Add position' })).toBeVisible();
}

async function addPosition(page: Page, position: NewPosition): Promise<void> {
  await clickOnScreen(page.getByRole('button', { name: 'Add position' }));
  const dialog = page.getByRole('dialog', { name: 'Add position' });
  const picker = dialog.getByRole('button', { name: 'Symbol' });
  if (!((await picker.textContent()) ?? '').includes(position.symbol)) {
    await clickOnScreen(picker);
    await clickOnScreen(page.getByRole('option', { name: new RegExp(position.symbol) }));
  }
  await clickOnScreen(dialog.getByRole('button', { name: position.side, exact: true }));
  await dialog.getByLabel('Amount').fill(position.amount);
  await dialog.getByLabel('Entry Price').fill(position.price);
  await dialog.getByLabel('Take Profit').fill(position.tp);
  await clickOnScreen(dialog.getByRole('button', { name: 'Add Position' }));
  await expect(dialog).toBeHidden();
}

const btcBuy: NewPosition = {
  symbol: 'BTCUSDT',
  side: 'Buy',
  amount: '0.5',
  price: '60000',
  tp: '70000',
};
const ethSell: NewPosition = {
  symbol: 'ETHUSDT',
  side: 'Sell',
  amount: '2',
  price: '3000',
  tp: '2500',
};

test.describe('Positions', () => {
  test.beforeEach(async ({ stack }) => {
    await stack.setPrice('BTCUSDT', 60000);
    await stack.setPrice('ETHUSDT', 3000);
  });

  test('adds a Buy and a Sell position whose unrealized PnL follows the simulated price', async ({
    page,
    stack,
    artifacts,
  }) => {
    await openPositions(page);
    await expect(page.getByText('No open positions')).toBeVisible();
    await expect(page.getByText('No ended positions')).toBeVisible();

    await addPosition(page, btcBuy);
    await addPosition(page, ethSell);
    const buy = row(openTable(page), 1);
    const sell = row(openTable(page), 2);
    await expect(buy).toContainText('BTCUSDT');
    await expect(buy).toContainText('Buy');
    await expect(buy).toContainText('0.50000 BTC');
    await expect(column(buy, 'tp')).toHaveText('70,000.00 +5,000.00 USDT (+16.67%)');
    await expect(sell).toContainText('2.0000 ETH');
    await expect(column(sell, 'tp')).toHaveText('2,500.00 +1,000.00 USDT (+16.67%)');
    await expect(buy.getByRole('img', { name: 'BTC' })).toBeVisible();

    // A price arrives (REST, then the hub): no more '-'.
    await expect.poll(() => pnlAmount(column(buy, 'pnl'))).not.toBeNaN();

    await stack.setPrice('BTCUSDT', 61000);
    await stack.setPrice('ETHUSDT', 3100);
    // +1,000 × 0.5 = +500 for the Buy; the Sell loses 100 × 2 = 200.
    await expect.poll(() => pnlAmount(column(buy, 'pnl'))).toBeGreaterThan(450);
    expect(await pnlAmount(column(buy, 'pnl'))).toBeLessThan(550);
    await expect(column(buy, 'pnl')).toHaveText(/^\+[\d,.]+ USDT \(\+1\.\d\d%\)$/);
    await expect.poll(() => pnlAmount(column(sell, 'pnl'))).toBeLessThan(-150);
    expect(await pnlAmount(column(sell, 'pnl'))).toBeGreaterThan(-250);
    await expect(column(sell, 'pnl')).toHaveText(/^-[\d,.]+ USDT \(-3\.\d\d%\)$/);
    await artifacts.screenshot(page, 'open-positions-live-pnl');

    await stack.setPrice('BTCUSDT', 59000);
    await expect.poll(() => pnlAmount(column(buy, 'pnl'))).toBeLessThan(-450);
  });

  test('closes a position at a typed price and at the current price', async ({ page }) => {
    await openPositions(page);
    await addPosition(page, btcBuy);
    await addPosition(page, ethSell);

    await clickOnScreen(row(openTable(page), 1).getByRole('button', { name: 'Close position' }));
    let dialog = page.getByRole('dialog', { name: 'Close position' });
    await dialog.getByLabel('Close Price').fill('61500');
    await clickOnScreen(dialog.getByRole('button', { name: 'Close Position' }));
    const closed = row(endedTable(page), 1);
    await expect(closed).toContainText('Closed');
    await expect(column(closed, 'end-price')).toHaveText('70,000.00 / 61,500.00');
    await expect(column(closed, 'pnl')).toHaveText('+750.00 USDT (+2.50%)');
    await expect(row(openTable(page), 1)).toHaveCount(0);

    const sell = row(openTable(page), 2);
    await expect.poll(() => pnlAmount(column(sell, 'pnl'))).not.toBeNaN();
    await clickOnScreen(sell.getByRole('button', { name: 'Close position' }));
    dialog = page.getByRole('dialog', { name: 'Close position' });
    await expect(dialog.getByLabel('Close Price')).not.toHaveValue('');
    await clickOnScreen(dialog.getByRole('button', { name: 'Close Position' }));
    await expect(row(endedTable(page), 2)).toContainText('Closed');
    await expect(page.getByText('No open positions')).toBeVisible();
  });

  test('fills a position at its take profit after a simulated move', async ({
    page,
    stack,
    artifacts,
  }) => {
    await openPositions(page);
    await addPosition(page, { ...btcBuy, tp: '62000' });
    await addPosition(page, ethSell);
    const buy = row(openTable(page), 1);
    await expect.poll(() => pnlAmount(column(buy, 'pnl'))).not.toBeNaN();

    await stack.setPrice('BTCUSDT', 62500);
    const filled = row(endedTable(page), 1);
    await expect(filled).toContainText('Filled');
    await expect(column(filled, 'end-price')).toHaveText('62,000.00 / 62,000.00');
    await expect(column(filled, 'pnl')).toHaveText('+1,000.00 USDT (+3.33%)');
    await expect(
      page.getByText('Take profit reached: BTCUSDT Buy filled at 62,000.00.'),
    ).toBeVisible();
    await expect(row(openTable(page), 1)).toHaveCount(0);
    await expect(row(openTable(page), 2)).toBeVisible();
    await artifacts.screenshot(page, 'take-profit-filled');
  });

  test('finds every position as it was after a reload', async ({ page }) => {
    await openPositions(page);
    await addPosition(page, btcBuy);
    await addPosition(page, ethSell);
    await clickOnScreen(row(openTable(page), 1).getByRole('button', { name: 'Close position' }));
    const dialog = page.getByRole('dialog', { name: 'Close position' });
    await dialog.getByLabel('Close Price').fill('61000');
    await clickOnScreen(dialog.getByRole('button', { name: 'Close Position' }));
    await expect(row(endedTable(page), 1)).toBeVisible();

    await page.reload();
    await expect(row(openTable(page), 2)).toContainText('ETHUSDT');
    await expect(column(row(openTable(page), 2), 'tp')).toHaveText(
      '2,500.00 +1,000.00 USDT (+16.67%)',
    );
    await expect(row(endedTable(page), 1)).toContainText('Closed');
    await expect(column(row(endedTable(page), 1), 'pnl')).toHaveText('+500.00 USDT (+1.67%)');

    // The symbol chosen last is the next position's default.
    await clickOnScreen(page.getByRole('button', { name: 'Add position' }));
    await expect(
      page.getByRole('dialog', { name: 'Add position' }).getByRole('button', { name: 'Symbol' }),
    ).toContainText('ETHUSDT');
  });

  test('exports the positions to a file and imports it back', async ({ page }) => {
    await openPositions(page);
    await addPosition(page, btcBuy);
    await addPosition(page, ethSell);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      clickOnScreen(page.getByRole('button', { name: 'Export' })),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pairwatch-positions-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const exported = JSON.parse(await readFile(file, 'utf8')) as {
      format: string;
      version: number;
      positions: unknown[];
    };
    expect(exported).toMatchObject({
      format: 'pairwatch.positions',
      version: 1,
      positions: [
        { id: 1, symbol: 'BTCUSDT', side: 'Buy', amount: 0.5, price: 60000, tp: 70000 },
        { id: 2, symbol: 'ETHUSDT', side: 'Sell', amount: 2, price: 3000, tp: 2500 },
      ],
    });

    await clickOnScreen(row(openTable(page), 1).getByRole('button', { name: 'Delete position' }));
    await clickOnScreen(row(openTable(page), 2).getByRole('button', { name: 'Delete position' }));
    await expect(page.getByText('No open positions')).toBeVisible();

    // A bad file is refused with its reason and changes nothing.
    await page.getByTestId('positions-import-file').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...exported, version: 7 })),
    });
    await expect(
      page.getByText('Import failed: Unsupported export version 7 (this app reads version 1)'),
    ).toBeVisible();
    await expect(page.getByText('No open positions')).toBeVisible();

    // So is a file over 5 MB, by its size alone (this one is a valid export padded with spaces).
    await page.getByTestId('positions-import-file').setInputFiles({
      name: 'huge.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(exported).padEnd(5 * 1024 * 1024 + 1, ' ')),
    });
    await expect(
      page.getByText('Import failed: huge.json is too large (5,242,881 bytes; the limit is 5 MB)'),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Import positions' })).toBeHidden();
    await expect(page.getByText('No open positions')).toBeVisible();

    await page.getByTestId('positions-import-file').setInputFiles(file);
    const confirm = page.getByRole('dialog', { name: 'Import positions' });
    await expect(confirm).toContainText('holds 2 positions');
    await clickOnScreen(confirm.getByRole('button', { name: 'Replace' }));
    await expect(row(openTable(page), 1)).toContainText('BTCUSDT');
    await expect(row(openTable(page), 2)).toContainText('ETHUSDT');
  });

  test('keeps two tabs in step and fills a take profit once for both', async ({
    context,
    page,
    stack,
  }) => {
    await openPositions(page);
    const other = await context.newPage();
    await openPositions(other);

    await addPosition(page, { ...btcBuy, tp: '63000' });
    await expect(row(openTable(other), 1)).toContainText('BTCUSDT');
    await addPosition(other, ethSell);
    await expect(row(openTable(page), 2)).toContainText('ETHUSDT');

    for (const tab of [page, other]) {
      await expect.poll(() => pnlAmount(column(row(openTable(tab), 1), 'pnl'))).not.toBeNaN();
    }
    await stack.setPrice('BTCUSDT', 63500);
    for (const tab of [page, other]) {
      await expect(row(endedTable(tab), 1)).toContainText('Filled');
      await expect(endedTable(tab).locator('tr[data-position-id]')).toHaveCount(1);
    }
    // Only the tab whose transaction ended the position announces it.
    const toastCount = async () => {
      const counts = await Promise.all(
        [page, other].map((tab) =>
          tab.getByText('Take profit reached: BTCUSDT Buy filled at 63,000.00.').count(),
        ),
      );
      return counts[0]! + counts[1]!;
    };
    await expect.poll(toastCount).toBe(1);
  });
});
