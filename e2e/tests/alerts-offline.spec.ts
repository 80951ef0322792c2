import { askForChartHook, chartPriceData, waitForChartBars } from '../harness/chartBars';
import { expect, test } from '../harness/fixtures';
import { keptCandleRows } from '../harness/keptCandleRows';
import { OFFLINE_REQUEST_FAILED, controlledByWorker } from '../harness/serviceWorkerControl';

// Offline Alerts (issue #26): /alerts, reloaded with no network at all (browser offline, the
// shell's and the remotes' servers stopped, as in shell-offline.spec.ts), draws the candles it
// last showed, kept in the browser, says since when, and Create Alert says it needs the
// connection; when the network returns the chart loads again and goes live.

const NOTICE = /^Offline — showing the last prices seen at \d{2}:\d{2}$/;
const NEEDS_CONNECTION = 'Creating an alert needs the connection. You are offline.';
const STATIC_PARTS = ['shell', 'alerts', 'positions'] as const;
/** The bars LastCandlesStore keeps per pair (LAST_CANDLES_BOUNDS.maxBars); the chart loads 500. */
const KEPT_BARS = 500;

test.beforeEach(async ({ page, stack }) => {
  await askForChartHook(page);
  await stack.setPrice('BTCUSDT', 60000);
});

test('/alerts reloads offline with the last candles it showed, says so, refuses new alerts, and catches up online', async ({
  page,
  stack,
  pageErrors,
  artifacts,
}) => {
  await page.goto('/alerts?symbol=BTCUSDT&interval=OneMinute');
  await controlledByWorker(page);
  const online = await waitForChartBars(page);
  await expect.poll(() => keptCandleRows(page), { timeout: 15_000 }).toBe(KEPT_BARS);
  expect(online.length).toBeGreaterThanOrEqual(KEPT_BARS);
  const notice = page.getByRole('status').filter({ hasText: 'Offline' });
  await expect(notice).toHaveCount(0);

  pageErrors.allow(OFFLINE_REQUEST_FAILED);
  await page.context().setOffline(true);
  for (const part of STATIC_PARTS) await stack.stopServer(part);
  try {
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The kept candles, drawn: the same bars as online. The live one may have moved since, and a
    // minute may have opened a bar after `online` was read; the chart then held 501 bars, and the
    // store keeps the latest 500 (the oldest left). A minute may also have opened before `online`
    // was read (501 bars online): either way the store's 500 are the chart's latest.
    const offline = await waitForChartBars(page);
    const opened = (offline.at(-1)!.time - online.at(-1)!.time) / 60;
    expect([0, 1]).toContain(opened);
    expect(offline.length).toBe(KEPT_BARS);
    expect(offline[0]!.time).toBe(online[online.length + opened - KEPT_BARS]!.time);
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(NOTICE);
    const create = page.getByRole('button', { name: 'Create Alert' });
    await expect(create).toBeDisabled();
    await expect(page.getByTestId('create-alert-reason')).toHaveText(NEEDS_CONNECTION);
    await artifacts.screenshot(page, 'offline-desktop');
    // The same page at a phone's width, dark: for the eye (the notice over the chart, the reason).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await artifacts.screenshot(page, 'offline-phone-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
  } finally {
    await page.context().setOffline(false);
    for (const part of STATIC_PARTS) await stack.startServer(part);
  }

  // Back online: the chart loads again (the notice goes) and the live prices come in.
  await expect(notice).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('create-alert-reason')).not.toHaveText(NEEDS_CONNECTION);
  await stack.setPrice('BTCUSDT', 80000);
  await expect
    .poll(async () => (await chartPriceData(page)).at(-1)?.close, { timeout: 60_000 })
    .toBeGreaterThan(70000);
  const unexpected = pageErrors.seen.filter((text) => !OFFLINE_REQUEST_FAILED.test(text));
  expect(unexpected).toEqual([]);
});
