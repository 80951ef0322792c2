import { FIRST_CANDLES_MARK, LATEST_CANDLES_MARK } from '@pairwatch/alerts-mfe/testing';
import { askForChartHook, chartPriceData, waitForChartBars } from '../harness/chartBars';
import { expect, test } from '../harness/fixtures';
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

test('a new tab draws the candles it kept before the api answers, labelled, then the api’s over them', async ({
  page,
  context,
  artifacts,
}) => {
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

  // The kept candles, drawn before the api answered: the chart holds the rows kept, bar for bar.
  const notice = next.getByRole('status').filter({ hasText: 'Updating' });
  await expect(notice).toBeVisible({ timeout: API_LATENCY_MS - 1000 });
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
