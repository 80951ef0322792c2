import { type CDPSession, type Locator, type Page } from '@playwright/test';
import { RSI_PANE_HEIGHT } from '@pairwatch/alerts-mfe/testing';
import { askForChartHook, chartPriceData, waitForChartBars } from '../harness/chartBars';
import { type ChartWindow } from '../harness/ChartWindow';
import { clickOnScreen, expect, test } from '../harness/fixtures';

// The chart in a person's hands (issue #28, items 1 and 2): a price axis scaled by hand comes back
// to automatic on a symbol or interval switch, and meanwhile offers an "auto" button; on a touch
// screen a vertical swipe over the chart scrolls the page while a horizontal one still pans it.
// Gestures go where the chart is on screen: the mouse on the price axis, CDP touch events on a
// phone. What the scale is comes from the remote's read-only hook; whether candles show, from the
// canvases' pixels.

const AUTO_BUTTON = 'Auto-scale price axis';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
/** The candle colours (TRADING_COLORS of the ui-kit). */
const UP = [0x26, 0xa6, 0x9a] as const;
const DOWN = [0xef, 0x53, 0x50] as const;
/**
 * Candle-coloured pixels the price pane holds at least when it shows its candles (a few thousand
 * at 1 px per CSS pixel); a pane without candles holds at most the dashed last-price line.
 */
const CANDLES_SHOWN = 1500;

test.beforeEach(({ page }) => askForChartHook(page));

const priceData = chartPriceData;
const waitForBars = waitForChartBars;

function priceScaleAuto(page: Page): Promise<boolean | undefined> {
  return page.evaluate(() => (window as ChartWindow).__pairwatchChart?.priceScaleAuto());
}

/** Where the latest close is drawn, and the price pane's height (CSS pixels). */
function latestCloseY(page: Page): Promise<{ y: number | null; paneHeight: number }> {
  return page.evaluate(() => {
    const chart = (window as ChartWindow).__pairwatchChart;
    const last = chart?.priceData().at(-1);
    return {
      y: chart && last ? chart.priceY(last.close) : null,
      paneHeight: chart?.pricePaneHeight() ?? 0,
    };
  });
}

/** Candle-coloured pixels in the price pane's canvases (not the axes', not the RSI pane's). */
function priceCandlePixels(page: Page): Promise<number> {
  return page.evaluate(
    ({ up, down, rsiPaneHeight }) => {
      const near = (data: Uint8ClampedArray, i: number, rgb: readonly number[]) =>
        Math.abs(data[i]! - rgb[0]!) < 8 &&
        Math.abs(data[i + 1]! - rgb[1]!) < 8 &&
        Math.abs(data[i + 2]! - rgb[2]!) < 8;
      let count = 0;
      const canvases = document.querySelectorAll<HTMLCanvasElement>(
        '[data-testid="candle-chart"] canvas',
      );
      for (const canvas of canvases) {
        if (canvas.width < 200) continue; // the price axes
        const box = canvas.getBoundingClientRect();
        if (box.height < 60 || Math.abs(box.height - rsiPaneHeight) <= 2) continue; // time axis, RSI
        const context = canvas.getContext('2d');
        if (!context) continue;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length; i += 4) {
          if (near(data, i, up) || near(data, i, down)) count += 1;
        }
      }
      return count;
    },
    { up: UP, down: DOWN, rsiPaneHeight: RSI_PANE_HEIGHT },
  );
}

/** The element is shown and is what a pointer at its centre would hit. */
async function expectOnTop(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  const centre = [box!.x + box!.width / 2, box!.y + box!.height / 2];
  const onTop = await target.evaluate((element, [x, y]) => {
    const hit = document.elementFromPoint(x!, y!);
    return hit !== null && (hit === element || element.contains(hit));
  }, centre);
  expect(onTop, 'the element is on top at its centre').toBe(true);
}

/**
 * Drags the price axis of the price pane with the mouse, upwards from its middle: the axis
 * stretches (a narrower price range) and the scale is no longer automatic.
 */
async function dragPriceAxis(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const chart = page.getByTestId('candle-chart');
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart is not on screen');
  const { paneHeight } = await latestCloseY(page);
  const x = box.x + box.width - 12; // inside the price axis, the chart's right-most column
  const y = box.y + paneHeight * 0.6;
  const onAxis = await chart.evaluate(
    (element, [px, py]) => {
      const hit = document.elementFromPoint(px!, py!);
      return hit instanceof HTMLCanvasElement && element.contains(hit);
    },
    [x, y],
  );
  expect(onAxis, 'the price axis is on top where it is dragged').toBe(true);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y - paneHeight * 0.4, { steps: 12 });
  await page.mouse.up();
}

async function pickSymbol(page: Page, symbol: string): Promise<void> {
  await clickOnScreen(page.getByRole('button', { name: 'Symbol' }));
  await clickOnScreen(page.getByRole('option', { name: symbol }));
  await expect(page.getByTestId('chart-legend')).toContainText(`${symbol} · `);
  await waitForBars(page);
}

/** The latest close is drawn inside the price pane and the pane is full of candles. */
async function expectCandlesInView(page: Page): Promise<void> {
  await expect.poll(() => priceCandlePixels(page)).toBeGreaterThan(CANDLES_SHOWN);
  const { y, paneHeight } = await latestCloseY(page);
  expect(y, 'the latest close is on the scale').not.toBeNull();
  expect(y!).toBeGreaterThanOrEqual(0);
  expect(y!).toBeLessThanOrEqual(paneHeight);
}

test.describe('a price axis scaled by hand', () => {
  test("comes back to automatic on a symbol or interval switch, with the new symbol's candles in view", async ({
    page,
    artifacts,
  }) => {
    await page.goto('/alerts');
    await waitForBars(page);
    await expectCandlesInView(page);
    expect(await priceScaleAuto(page)).toBe(true);
    await expect(page.getByRole('button', { name: AUTO_BUTTON })).toHaveCount(0);

    const before = await latestCloseY(page);
    await dragPriceAxis(page);
    await expect.poll(() => priceScaleAuto(page)).toBe(false);
    expect((await latestCloseY(page)).y, 'the axis was rescaled').not.toBe(before.y);
    const auto = page.getByRole('button', { name: AUTO_BUTTON });
    await expectOnTop(auto);
    await artifacts.screenshot(page, 'hand-scaled-desktop-light', page.getByTestId('candle-chart'));

    // BTC's hand-set range holds no DOGE price: the pane stayed blank until the switch reset it.
    await pickSymbol(page, 'DOGEUSDT');
    await expectCandlesInView(page);
    expect(await priceScaleAuto(page)).toBe(true);
    await expect(auto).toBeHidden();
    await artifacts.screenshot(
      page,
      'after-switch-desktop-light',
      page.getByTestId('candle-chart'),
    );

    await dragPriceAxis(page);
    await expect.poll(() => priceScaleAuto(page)).toBe(false);
    await clickOnScreen(page.getByRole('button', { name: '4h', exact: true }));
    await expect.poll(async () => ((await priceData(page)).at(-1)?.time ?? 1) % 14_400).toBe(0);
    await waitForBars(page);
    await expectCandlesInView(page);
    expect(await priceScaleAuto(page)).toBe(true);
    await expect(auto).toBeHidden();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`in ${colorScheme} mode, its "auto" button brings the scale back to automatic`, async ({
      page,
      artifacts,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/alerts');
      await waitForBars(page);
      await dragPriceAxis(page);
      // Stretched once more the latest candles leave the pane.
      await dragPriceAxis(page);
      await expect.poll(() => priceScaleAuto(page)).toBe(false);
      const auto = page.getByRole('button', { name: AUTO_BUTTON });
      await expectOnTop(auto);
      await artifacts.screenshot(
        page,
        `auto-button-desktop-${colorScheme}`,
        page.getByTestId('candle-chart'),
      );

      await clickOnScreen(auto);
      await expect.poll(() => priceScaleAuto(page)).toBe(true);
      await expect(auto).toBeHidden();
      await expectCandlesInView(page);
    });
  }
});

/** One finger from `from` to `to` in `steps` moves, as CDP touch events (CSS pixels in the viewport). */
async function swipe(
  cdp: CDPSession,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps = 12,
): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= steps; i += 1) {
    const x = from.x + ((to.x - from.x) * i) / steps;
    const y = from.y + ((to.y - from.y) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** The page's scroll position once it stopped moving (two readings 300 ms apart agree). */
async function scrollSettled(page: Page): Promise<number> {
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const previous = last;
        last = await page.evaluate(() => window.scrollY);
        return last === previous;
      },
      { intervals: [300] },
    )
    .toBe(true);
  return last;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`on a phone in ${colorScheme} mode`, () => {
    test.use({ ...PHONE, colorScheme });

    test('a vertical swipe over the chart scrolls the page; a horizontal one pans the chart', async ({
      page,
      artifacts,
    }) => {
      await page.goto('/alerts');
      await waitForBars(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const chart = page.getByTestId('candle-chart');
      const box = (await chart.boundingBox())!;
      const { paneHeight } = await latestCloseY(page);
      // The cards below the chart arrive after it: wait until the page has them.
      await expect(page.getByText('Your alerts')).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollHeight - innerHeight), {
          message: 'the page is taller than the phone',
        })
        .toBeGreaterThan(200);
      const cdp = await page.context().newCDPSession(page);

      // Up the price pane, from low in it to its top: the page follows the finger.
      const x = box.x + box.width / 2;
      await swipe(cdp, { x, y: box.y + paneHeight * 0.9 }, { x, y: box.y + paneHeight * 0.2 });
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
      expect(await priceScaleAuto(page)).toBe(true);

      // Sideways, from left to right at the pane's middle: back in time. Once the page's fling
      // is over: a touch during a fling cannot be held by the chart (Chromium makes it
      // uncancelable), so it would scroll the page.
      await scrollSettled(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await scrollSettled(page)).toBe(0);
      const range = await page.evaluate(() =>
        (window as ChartWindow).__pairwatchChart?.visibleTimeRange(),
      );
      const y = box.y + paneHeight / 2;
      await swipe(cdp, { x: box.x + 40, y }, { x: box.x + box.width - 120, y });
      await expect
        .poll(async () => {
          const now = await page.evaluate(() =>
            (window as ChartWindow).__pairwatchChart?.visibleTimeRange(),
          );
          return now && range ? range.to - now.to : 0;
        })
        .toBeGreaterThan(0);
      expect(await page.evaluate(() => window.scrollY), 'the page stayed where it was').toBe(0);
      expect(await priceScaleAuto(page)).toBe(true);

      // The "auto" button on a phone (a mouse can still scale the axis there).
      await dragPriceAxis(page);
      await expect.poll(() => priceScaleAuto(page)).toBe(false);
      await expectOnTop(page.getByRole('button', { name: AUTO_BUTTON }));
      await artifacts.screenshot(page, `auto-button-phone-${colorScheme}`);
      await clickOnScreen(page.getByRole('button', { name: AUTO_BUTTON }));
      await expect.poll(() => priceScaleAuto(page)).toBe(true);
    });
  });
}
