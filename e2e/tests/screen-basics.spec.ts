import { type Page } from '@playwright/test';
import { clickOnScreen, expect, test } from '../harness/fixtures';

// Basics a person meets with the mouse, on a desktop and on a phone: each test clicks where the
// control is drawn (clickOnScreen checks it is visible and on top first), so a control that only
// exists in the DOM fails here.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/**
 * The options a person sees right after the list opens, without scrolling anything: those whose
 * centre is on screen and on top (a list clipped by its container shows none).
 */
function optionsOnScreen(page: Page): Promise<string[]> {
  return page.getByRole('option').evaluateAll((options) =>
    options
      .filter((option) => {
        const box = option.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && option.contains(hit);
      })
      // The accessible name is the pair's symbol; the row writes its base asset (and the quote
      // asset where it is not USDT).
      .map((option) => option.getAttribute('aria-label') ?? option.textContent ?? ''),
  );
}

/** Opens the symbol picker by mouse, checks its list is drawn, and picks `symbol` by mouse. */
async function pickSymbol(page: Page, scope: ReturnType<Page['locator']> | Page, symbol: string) {
  await clickOnScreen(scope.getByRole('button', { name: 'Symbol' }));
  await expect(page.getByRole('listbox')).toBeVisible();
  // Several symbols at once, not a clipped sliver under the search box.
  await expect.poll(async () => (await optionsOnScreen(page)).length).toBeGreaterThanOrEqual(5);
  await clickOnScreen(page.getByRole('option', { name: symbol }));
}

for (const [device, options] of [
  ['desktop', {}],
  ['phone', PHONE],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use(options);

    test('the symbol picker shows its list and a click picks a symbol', async ({
      page,
      artifacts,
    }) => {
      await page.goto('/alerts');
      await clickOnScreen(page.getByRole('button', { name: 'Symbol' }));
      await expect.poll(() => optionsOnScreen(page)).toContain('BTCUSDT');
      await artifacts.screenshot(page, `picker-open-${device}`);
      await page.keyboard.type('zzz');
      const empty = page.getByText('No symbol found.');
      await expect(empty).toBeVisible();
      const emptyOnTop = await empty.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && element.contains(hit);
      });
      expect(emptyOnTop, '"No symbol found." is drawn on top').toBe(true);
      await page.keyboard.press('Escape');

      await pickSymbol(page, page, 'ETHUSDT');

      await expect(page.getByRole('button', { name: 'Symbol' })).toContainText('ETHUSDT');
      await expect(page.getByText('New Alert').locator('..')).toContainText('ETHUSDT');
    });

    test('the Add position dialog’s picker picks by mouse too', async ({ page }) => {
      await page.goto('/positions');
      await clickOnScreen(page.getByRole('button', { name: 'Add position' }));
      const dialog = page.getByRole('dialog', { name: 'Add position' });

      await pickSymbol(page, dialog, 'LINKUSDT');

      await expect(dialog.getByRole('button', { name: 'Symbol' })).toContainText('LINKUSDT');
    });
  });
}

test('refuses a take-profit on the losing side, inline, and adds nothing', async ({ page }) => {
  await page.goto('/positions');
  await clickOnScreen(page.getByRole('button', { name: 'Add position' }));
  const dialog = page.getByRole('dialog', { name: 'Add position' });
  await clickOnScreen(dialog.getByRole('button', { name: 'Buy', exact: true }));
  await dialog.getByLabel('Amount').fill('1');
  await dialog.getByLabel('Entry Price').fill('60000');
  await dialog.getByLabel('Take Profit').fill('54000');

  await clickOnScreen(dialog.getByRole('button', { name: 'Add Position' }));

  await expect(
    dialog.getByText('Take profit must be above the entry price for a Buy'),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('No open positions')).toBeVisible();
  await expect(page.getByText('No ended positions')).toBeVisible();
});

for (const [typed, path, screen] of [
  ['/positions/', '/positions', 'Positions'],
  ['/POSITIONS', '/positions', 'Positions'],
  ['/Alerts', '/alerts', 'Alerts'],
] as const) {
  test(`${typed} becomes ${path} and the Screen dropdown names it`, async ({ page, baseURL }) => {
    await page.goto(typed);

    await expect(page).toHaveURL(`${baseURL}${path}`);
    await expect(page.getByRole('combobox', { name: 'Screen' })).toHaveText(screen);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`keyboard focus is drawn as a 2 px ring on controls (${colorScheme})`, async ({
    page,
    artifacts,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/alerts');
    await expect(page.getByRole('button', { name: '1m', exact: true })).toBeVisible();
    const ringOf = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        const style = active ? getComputedStyle(active) : undefined;
        return {
          label: active?.textContent?.trim() ?? '',
          ring: style ? `${style.outlineStyle} ${style.outlineWidth}` : '',
        };
      });
    const seen: { label: string; ring: string }[] = [];
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await ringOf();
      seen.push(focused);
      if (focused.label === '1m') break;
    }

    expect(seen.at(-1)).toEqual({ label: '1m', ring: 'solid 2px' });
    await artifacts.screenshot(page, `focus-ring-${colorScheme}`);
  });
}

test('the target field shows its placeholder before it is focused', async ({ page }) => {
  await page.goto('/alerts');
  const target = page.getByLabel('Target value');
  await expect(target).toHaveAttribute('placeholder', 'Price in USDT');
  await expect(target).not.toBeFocused();

  // MUI hides a placeholder (opacity 0) while a floating label sits over the empty field.
  const opacity = await target.evaluate(
    (input) => getComputedStyle(input, '::placeholder').opacity,
  );

  expect(Number(opacity)).toBeGreaterThan(0.3);
});
