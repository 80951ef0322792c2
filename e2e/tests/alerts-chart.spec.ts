import { type Page } from '@playwright/test';
import {
  CHART_HEIGHT,
  FIRST_CANDLES_MARK,
  RSI_PANE_HEIGHT,
  WATERMARK_HISTORY,
} from '@pairwatch/alerts-mfe/testing';
import { type ChartWindow } from '../harness/ChartWindow';
import { clickOnScreen, expect, test } from '../harness/fixtures';

// The Alerts chart in the shell, on the simulated market. Series data is read through the
// read-only hook the alerts remote installs when a test sets `window.__PAIRWATCH_E2E__` (it reads
// the chart's own series, not the app's model); pixels are read from the chart's canvases.

interface Bar {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

const UP = [0x26, 0xa6, 0x9a] as const;
const DOWN = [0xef, 0x53, 0x50] as const;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    (window as ChartWindow).__PAIRWATCH_E2E__ = true;
  });
});

function priceData(page: Page): Promise<Bar[]> {
  return page.evaluate(() => (window as ChartWindow).__pairwatchChart?.priceData() ?? []);
}

async function waitForBars(page: Page, atLeast: number): Promise<Bar[]> {
  await expect
    .poll(async () => (await priceData(page)).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(atLeast);
  return priceData(page);
}

/**
 * The first page: 500 bars, or 501 when a minute turned while the test read them (the live
 * update opened the next bar).
 */
function expectFirstPage(bars: readonly Bar[]): void {
  expect(bars.length).toBeGreaterThanOrEqual(500);
  expect(bars.length).toBeLessThanOrEqual(501);
}

/** Every bar one `step` after the previous one: nothing missing, nothing repeated. */
function expectContiguous(bars: readonly Bar[], step: number): void {
  const gaps = bars
    .slice(1)
    .flatMap((bar, i) => (bar.time - bars[i]!.time === step ? [] : [[bars[i]!.time, bar.time]]));
  expect(gaps, `bars not ${step} s apart`).toEqual([]);
}

/** Pixels of the candle colours in the chart's canvases, split by pane (the RSI pane is the one RSI_PANE_HEIGHT tall). */
async function candlePixels(
  page: Page,
): Promise<{ price: { up: number; down: number }; rsi: { up: number; down: number } }> {
  return page.evaluate(
    ({ up, down, rsiPaneHeight }) => {
      const near = (data: Uint8ClampedArray, i: number, rgb: readonly number[]) =>
        Math.abs(data[i]! - rgb[0]!) < 8 &&
        Math.abs(data[i + 1]! - rgb[1]!) < 8 &&
        Math.abs(data[i + 2]! - rgb[2]!) < 8;
      const result = { price: { up: 0, down: 0 }, rsi: { up: 0, down: 0 } };
      const canvases = [
        ...document.querySelectorAll<HTMLCanvasElement>('[data-testid="candle-chart"] canvas'),
      ];
      for (const canvas of canvases) {
        if (canvas.width < 200) continue; // price and time axes
        const context = canvas.getContext('2d');
        if (!context) continue;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        const pane =
          Math.abs(canvas.getBoundingClientRect().height - rsiPaneHeight) <= 2
            ? result.rsi
            : result.price;
        for (let i = 0; i < data.length; i += 4) {
          if (near(data, i, up)) pane.up += 1;
          else if (near(data, i, down)) pane.down += 1;
        }
      }
      return result;
    },
    { up: UP, down: DOWN, rsiPaneHeight: RSI_PANE_HEIGHT },
  );
}

test(`draws BTCUSDT 1m candles above a ${RSI_PANE_HEIGHT} px RSI pane, and reports how fast`, async ({
  page,
  artifacts,
}) => {
  const started = Date.now();
  await page.goto('/alerts');
  const bars = await waitForBars(page, 500);
  const wallMs = Date.now() - started;

  expectFirstPage(bars);
  expectContiguous(bars, 60);
  // The first 14 bars warm the RSI up and carry no value.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const chart = (window as ChartWindow).__pairwatchChart;
        return chart ? chart.priceData().length - chart.rsiLength() : -1;
      }),
    )
    .toBe(14);
  const rsiHeight = await page.evaluate(
    () => (window as ChartWindow).__pairwatchChart?.rsiPaneHeight() ?? 0,
  );
  expect(Math.abs(rsiHeight - RSI_PANE_HEIGHT)).toBeLessThanOrEqual(1);
  const chartBox = (await page.getByTestId('candle-chart').boundingBox())!;
  expect(Math.abs(chartBox.height - CHART_HEIGHT)).toBeLessThanOrEqual(1);
  await expect(page.getByText(WATERMARK_HISTORY)).toHaveCount(0);
  // Nothing on the screen is wider than the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  // Two frames after the data, both panes show up and down candles in the spec's colours.
  await expect
    .poll(async () => {
      const pixels = await candlePixels(page);
      return Math.min(pixels.price.up, pixels.price.down, pixels.rsi.up, pixels.rsi.down);
    })
    .toBeGreaterThan(50);

  const mark = await page.evaluate((name) => {
    const entry = performance.getEntriesByName(name)[0];
    return entry ? entry.startTime : undefined;
  }, FIRST_CANDLES_MARK);
  expect(mark).toBeDefined();
  console.log(
    `[alerts] navigation → first candles drawn: ${mark!.toFixed(0)} ms (performance mark); ` +
      `goto → 500 bars readable from the test: ${wallMs} ms`,
  );
  console.log(`[alerts] screenshot: ${await artifacts.screenshot(page, 'btcusdt-1m')}`);
});

/** A request for a first page of candles (no start or end time). */
function isFirstPage(url: string): boolean {
  const { pathname, searchParams } = new URL(url);
  return pathname === '/candles' && !searchParams.has('endTime') && !searchParams.has('startTime');
}

test('draws the candles when the symbol info cannot be loaded, and says so', async ({
  page,
  pageErrors,
}) => {
  // The browser logs the 503 this test answers on purpose.
  pageErrors.allow(/status of 503 \(Service Unavailable\)/);
  await page.route(/\/symbols\//, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ title: 'Service Unavailable', status: 503 }),
    }),
  );
  await page.goto('/alerts');
  await expect(page.getByText('An error occurred while fetching symbols info.')).toBeVisible();
  const bars = await waitForBars(page, 500);
  expectFirstPage(bars);
  expectContiguous(bars, 60);
});

test('keeps the chart when the tab becomes visible again with the same symbol info', async ({
  page,
}) => {
  await page.goto('/alerts');
  const before = await waitForBars(page, 500);
  const refetch = page.waitForResponse((r) => /\/symbols\/BTCUSDT/.test(r.url()));
  const reload = page
    .waitForRequest((r) => isFirstPage(r.url()), { timeout: 2_000 })
    .then(
      () => true,
      () => false,
    );
  // Headless Chromium keeps the page visible: the event alone is what a return to the tab sends.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  expect((await refetch).status()).toBe(200);
  expect(await reload, 'the chart asked for its first page again').toBe(false);
  expect((await priceData(page))[0]?.time).toBe(before[0]!.time);
});

test('reloads the chart when the symbol and then the interval change', async ({ page }) => {
  await page.goto('/alerts');
  const btc = await waitForBars(page, 500);

  const ethRequest = page.waitForRequest((r) =>
    /\/candles\?symbol=ETHUSDT&interval=OneMinute/.test(r.url()),
  );
  await clickOnScreen(page.getByRole('button', { name: 'Symbol' }));
  await clickOnScreen(page.getByRole('option', { name: /ETHUSDT/ }));
  await ethRequest;
  await expect(page.getByRole('button', { name: 'Symbol' })).toContainText('ETHUSDT');
  await expect.poll(async () => (await priceData(page)).at(-1)?.close).not.toBe(btc.at(-1)?.close);
  const eth = await waitForBars(page, 500);
  expectContiguous(eth, 60);

  const hourRequest = page.waitForRequest((r) =>
    /\/candles\?symbol=ETHUSDT&interval=OneHour/.test(r.url()),
  );
  await clickOnScreen(page.getByRole('button', { name: '1h', exact: true }));
  await hourRequest;
  await expect
    .poll(async () => (await priceData(page)).slice(-2).map((bar) => bar.time % 3600))
    .toEqual([0, 0]);
  const hours = await waitForBars(page, 500);
  expectContiguous(hours, 3600);
});

/** Drags the price pane to the right (towards older bars) until an older page is on its way. */
async function dragRightUntilLoading(page: Page): Promise<void> {
  const box = (await page.getByTestId('candle-chart').boundingBox())!;
  const y = box.y + (box.height - RSI_PANE_HEIGHT) / 2;
  for (let drag = 0; drag < 4; drag += 1) {
    await page.mouse.move(box.x + 100, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 120, y, { steps: 12 });
    await page.mouse.up();
    if (await page.evaluate(() => (window as ChartWindow).__pairwatchChart?.loadingHistory()))
      return;
  }
}

test('loads older candles when scrolled left, without a duplicate or missing bar and without a jump', async ({
  page,
}) => {
  await page.goto('/alerts');
  await waitForBars(page, 500);

  // Hold the older page until the view before it has been read.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/candles\?.*endTime=/, async (route) => {
    await held;
    await route.continue();
  });
  const olderRequest = page.waitForRequest(/\/candles\?.*endTime=/);

  await dragRightUntilLoading(page);
  const request = await olderRequest;
  const endTime = new URL(request.url()).searchParams.get('endTime');
  const before = await page.evaluate(() =>
    (window as ChartWindow).__pairwatchChart?.visibleTimeRange(),
  );
  const first = (await priceData(page))[0]!;
  expect(Date.parse(endTime!) / 1000).toBe(first.time - 60);

  release();
  const merged = await waitForBars(page, 501);
  const after = await page.evaluate(() =>
    (window as ChartWindow).__pairwatchChart?.visibleTimeRange(),
  );
  // One older page (at most 500 bars) joined on the left; a live bar may have opened meanwhile on
  // the right, so the total alone does not tell.
  const older = merged.filter((bar) => bar.time < first.time);
  expect(older.length).toBeGreaterThan(0);
  expect(older.length).toBeLessThanOrEqual(500);
  expectContiguous(merged, 60);
  // The view stays on the same bars while older ones are added on its left (a live bar opening
  // meanwhile may move it by at most one bar).
  expect(before).not.toBeNull();
  expect(Math.abs(after!.from - before!.from)).toBeLessThanOrEqual(60);
  expect(Math.abs(after!.to - before!.to)).toBeLessThanOrEqual(60);
});

test('asks again for an older page that failed, on the next scroll', async ({
  page,
  pageErrors,
}) => {
  // The browser logs the 503s this test answers on purpose.
  pageErrors.allow(/status of 503 \(Service Unavailable\)/);
  await page.goto('/alerts');
  const first = (await waitForBars(page, 500))[0]!;

  // Every older page fails until the error has been shown, then the api answers again.
  let failing = true;
  const endTimes: string[] = [];
  await page.route(/\/candles\?.*endTime=/, async (route) => {
    endTimes.push(new URL(route.request().url()).searchParams.get('endTime')!);
    if (!failing) return route.continue();
    return route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ title: 'Service Unavailable', status: 503 }),
    });
  });
  await dragRightUntilLoading(page);
  await expect(
    page.getByText('An error occurred while trying to fetch candles data.').first(),
  ).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as ChartWindow).__pairwatchChart?.loadingHistory()))
    .toBe(false);
  const failed = endTimes.length;
  expect(failed).toBeGreaterThan(0);
  expect((await priceData(page))[0]!.time).toBe(first.time);

  failing = false;
  // The view sits at the left edge now, where dragging further moves nothing; any scroll that
  // moves the view while fewer than 100 bars lie before it asks again.
  const box = (await page.getByTestId('candle-chart').boundingBox())!;
  const y = box.y + (box.height - RSI_PANE_HEIGHT) / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 60, y, { steps: 6 });
  await page.mouse.up();
  const merged = await waitForBars(page, 501);
  // The retry asked for the same page (one bar before the earliest), and it joined on the left.
  expect(new Set(endTimes.slice(0, failed + 1))).toEqual(new Set([endTimes[0]]));
  expect(Date.parse(endTimes[0]!) / 1000).toBe(first.time - 60);
  expect(merged[0]!.time).toBeLessThan(first.time);
  expectContiguous(merged, 60);
});

test('shows a simulated price move on the last candle within 5 s', async ({ page, stack }) => {
  await page.goto('/alerts');
  const bars = await waitForBars(page, 500);
  const target = Math.round(bars.at(-1)!.close * 1.2 * 100) / 100;

  // The 5 s run from the set itself: setPrice also waits for the api to report the new price.
  const movedAt = Date.now();
  await stack.setPrice('BTCUSDT', target);
  await expect
    .poll(async () => (await priceData(page)).at(-1)?.high ?? 0, {
      timeout: Math.max(1, 5_000 - (Date.now() - movedAt)),
      intervals: [50],
    })
    .toBeGreaterThanOrEqual(target * 0.995);
  const last = (await priceData(page)).at(-1)!;
  expect(Math.abs(last.close - target) / target).toBeLessThan(0.01);
  console.log(`[alerts] simulated move → last candle updated in ${Date.now() - movedAt} ms`);
});
