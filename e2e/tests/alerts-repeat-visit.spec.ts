import { FIRST_CANDLES_MARK, LATEST_CANDLES_MARK } from '@pairwatch/alerts-mfe/testing';
import { askForChartHook, chartPriceData, waitForChartBars } from '../harness/chartBars';
import { type BrowserContext, type Page } from '@playwright/test';
import { clickOnScreen, expect, test } from '../harness/fixtures';
import { keptCandleRows, keptCandleTimes } from '../harness/keptCandleRows';
import { controlledByWorker } from '../harness/serviceWorkerControl';

// A repeat visit (issue #26, "Repeat visits at once"): a new tab of /alerts draws the candles the
// chart kept on the visit before, at once, under the market source the page kept (the "Simulated
// market" chip), while the api has not answered yet; if the api keeps it waiting, a notice says
// what is shown; then the api's candles replace them and the notice goes. The api is made slow
// with Chromium's network emulation of the new tab: the app's own files come from the service
// worker's caches, which the emulated latency does not delay.

const URL = '/alerts?symbol=BTCUSDT&interval=OneMinute';
const UPDATING = /^Updating — showing the last prices seen at \d{2}:\d{2}$/;
/** Long enough for the preview to be looked at (its notice shows after 600 ms) on a busy machine. */
const API_LATENCY_MS = 6000;

/**
 * A first visit that keeps the chart's candles, then a new tab of it with the api
 * {@link API_LATENCY_MS} away, once the kept candles are drawn and their Updating notice is up.
 */
async function slowRepeatVisit(page: Page, context: BrowserContext) {
  await askForChartHook(page);
  await page.goto(URL);
  await controlledByWorker(page);
  await waitForChartBars(page);
  await expect.poll(() => keptCandleRows(page), { timeout: 15_000 }).toBe(500);

  const next = await context.newPage();
  await askForChartHook(next);
  const cdp = await context.newCDPSession(next);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: API_LATENCY_MS,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const started = Date.now();
  await next.goto(URL, { waitUntil: 'commit' });
  const notice = next.getByRole('status').filter({ hasText: 'Updating' });
  await expect(notice).toBeVisible({ timeout: API_LATENCY_MS - 1000 });
  return { next, notice, started };
}

test('a new tab draws the candles it kept before the api answers, labelled, then the api’s over them', async ({
  page,
  context,
  artifacts,
}) => {
  // The kept candles, drawn before the api answered: the chart holds the rows kept, bar for bar.
  const { next, notice, started } = await slowRepeatVisit(page, context);
  await expect(notice).toHaveText(UPDATING);
  await expect(next.getByText('Simulated market')).toBeVisible();
  const marks = await next.evaluate(
    ({ first, latest }) => ({
      first: performance.getEntriesByName(first).map((entry) => (entry as PerformanceMark).detail),
      latest: performance.getEntriesByName(latest).length,
    }),
    { first: FIRST_CANDLES_MARK, latest: LATEST_CANDLES_MARK },
  );
  expect(marks.first).toEqual([expect.objectContaining({ kept: true, bars: 500 })]);
  expect(marks.latest).toBe(0);
  const kept = await keptCandleTimes(next);
  const preview = await waitForChartBars(next);
  expect(preview.map((bar) => bar.time)).toEqual(kept);
  expect(Date.now() - started).toBeLessThan(API_LATENCY_MS); // the api has not answered yet
  await artifacts.screenshot(next, 'preview-desktop');
  // The notice at a phone's width, dark: over the chart, inside it.
  await next.setViewportSize({ width: 390, height: 844 });
  await next.emulateMedia({ colorScheme: 'dark' });
  const chartBox = (await next.getByTestId('candle-chart').boundingBox())!;
  const noticeBox = (await notice.boundingBox())!;
  expect(noticeBox.x).toBeGreaterThanOrEqual(chartBox.x);
  expect(noticeBox.x + noticeBox.width).toBeLessThanOrEqual(chartBox.x + chartBox.width);
  await artifacts.screenshot(next, 'preview-phone-dark');
  await next.emulateMedia({ colorScheme: 'light' });
  await next.setViewportSize({ width: 1280, height: 800 });

  // The api answers: its page replaces the kept candles, and the notice goes.
  await expect
    .poll(
      () =>
        next.evaluate((latest) => performance.getEntriesByName(latest).length, LATEST_CANDLES_MARK),
      {
        timeout: API_LATENCY_MS * 4,
      },
    )
    .toBe(1);
  await expect(notice).toBeHidden();
  const latest = await chartPriceData(next);
  expect(latest.length).toBeGreaterThanOrEqual(500);
  expect(latest.at(-1)!.time).toBeGreaterThanOrEqual(preview.at(-1)!.time);
});

test('a pair picked while the kept candles wait for their page takes the Updating notice down', async ({
  page,
  context,
  pageErrors,
}) => {
  // This test waits for a page through the emulated 6 s: the hub's negotiated connection id (5 s
  // to connect, HubOptions.negotiateTimeoutMs) runs out on the way, and the client logs it and
  // negotiates again. Nothing this test looks at.
  pageErrors.allow(/candles-hub\?id=.*404|Failed to start the transport/);
  const { next, notice } = await slowRepeatVisit(page, context);
  // The notice spoke of BTCUSDT's kept candles; the chart now loads ETHUSDT, which it kept none of.
  await clickOnScreen(next.getByRole('button', { name: 'Symbol' }));
  await clickOnScreen(next.getByRole('option', { name: /ETHUSDT/ }));
  await expect(next.getByRole('button', { name: 'Symbol' })).toContainText('ETHUSDT');
  await expect(notice).toBeHidden({ timeout: 1000 });
  // BTCUSDT's page comes late and changes nothing: no notice, ETHUSDT's page drawn.
  await waitForChartBars(next);
  await expect(next.getByTestId('chart-legend')).toContainText('ETHUSDT');
  await expect(next.getByRole('status').filter({ hasText: /showing the last prices/ })).toHaveCount(
    0,
  );
});
