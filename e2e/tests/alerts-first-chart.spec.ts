import { type Page } from '@playwright/test';
import { CHART_HEIGHT, FIRST_CANDLES_MARK } from '@pairwatch/alerts-mfe/testing';
import { expect, test } from '../harness/fixtures';
import { stubPush } from '../harness/stubPush';

// The first chart (docs/architecture.md §7): drawn before React into the page's static frame,
// then adopted by the Alerts screen. What a person sees: the candles early, labelled as simulated
// from the start, and nothing that moves when React takes over.

/** Where the chart was, and what was on screen, when its first candles were drawn. */
interface AtFirstCandles {
  readonly chart: { x: number; y: number; width: number; height: number };
  /** The interval buttons' row. */
  readonly intervals: { x: number; y: number; width: number; height: number };
  /** Whether that chart was still the first screen's (React had not taken it yet). */
  readonly beforeReact: boolean;
  /** The "Simulated market" chip: shown, and the element on top at its centre. */
  readonly chipOnTop: boolean;
  readonly chipText: string;
}

/**
 * Records, in the page, the chart's box and the chip at the moment of the first-candles mark:
 * the first screen is gone soon after, so the test cannot look at it afterwards.
 */
async function recordFirstCandles(page: Page): Promise<void> {
  await page.addInitScript((mark) => {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName(mark).length) return;
      observer.disconnect();
      // The chart's first canvas: the element that moves, canvases and all, at the adoption.
      const chart = document.querySelector('[role="figure"] canvas')!;
      const box = chart.getBoundingClientRect();
      const row = document.querySelector('#first-screen .pwa-toggle')!.getBoundingClientRect();
      const chip = document.getElementById('first-screen-chip');
      const chipBox = chip?.getBoundingClientRect();
      const onTop =
        chip !== null &&
        chipBox !== undefined &&
        !chip.hidden &&
        chip.contains(
          document.elementFromPoint(chipBox.x + chipBox.width / 2, chipBox.y + chipBox.height / 2),
        );
      (window as unknown as { __firstCandles: AtFirstCandles }).__firstCandles = {
        chart: { x: box.x, y: box.y, width: box.width, height: box.height },
        intervals: { x: row.x, y: row.y, width: row.width, height: row.height },
        beforeReact: document.getElementById('first-screen')?.contains(chart) ?? false,
        chipOnTop: onTop,
        chipText: chip?.textContent ?? '',
      };
    }).observe({ type: 'mark', buffered: true });
  }, FIRST_CANDLES_MARK);
}

/** The same chart element's box, and the interval buttons', once the Alerts screen has adopted it. */
async function boxesAfterReact(page: Page) {
  await expect(page.getByText('Your alerts')).toBeVisible();
  await expect(page.locator('#first-screen')).toHaveCount(0);
  const chart = await page.getByTestId('candle-chart').evaluate((figure) => {
    const rect = figure.querySelector('canvas')!.getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  });
  const intervals = (await page.getByRole('group', { name: 'Interval' }).boundingBox())!;
  return { chart, intervals };
}

function expectSameBox(
  before: AtFirstCandles['chart'],
  after: AtFirstCandles['chart'],
  where: string,
) {
  for (const side of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs(after[side] - before[side]), `${where}: ${side}`).toBeLessThanOrEqual(1);
  }
}

const CASES = [
  {
    name: 'desktop, light, push not enabled',
    viewport: { width: 1280, height: 900 },
    colorScheme: 'light',
    push: false,
  },
  {
    name: 'phone, dark, push not enabled',
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
    push: false,
  },
  {
    name: 'desktop, dark, push enabled',
    viewport: { width: 1280, height: 900 },
    colorScheme: 'dark',
    push: true,
  },
] as const;

for (const scenario of CASES) {
  test.describe(scenario.name, () => {
    test.use({ viewport: scenario.viewport, colorScheme: scenario.colorScheme });

    test('draws the candles before React, labelled as simulated, and they stay put when React takes them', async ({
      page,
      context,
      stack,
      artifacts,
    }) => {
      if (scenario.push) {
        // Push active at load: permission granted and an id stored, so no banner above the card
        // (the page's background refresh of the registration goes to the local push service).
        const subscription = await stack.push.createSubscription();
        await context.grantPermissions(['notifications'], { origin: stack.urls.shell });
        await stubPush(page, subscription);
        await page.addInitScript(() => {
          Object.defineProperty(Notification, 'permission', {
            configurable: true,
            get: () => 'granted',
          });
          localStorage.setItem('pairwatch-push-subscription-id', 'sub-first-chart');
        });
      }
      await recordFirstCandles(page);
      await page.goto('/alerts?symbol=BTCUSDT&interval=OneMinute');
      await page.waitForFunction(() => '__firstCandles' in window);
      const first = await page.evaluate(
        () => (window as unknown as { __firstCandles: AtFirstCandles }).__firstCandles,
      );
      expect(first.beforeReact, 'drawn by the first screen, before React').toBe(true);
      expect([first.chipOnTop, first.chipText]).toEqual([true, 'Simulated market']);
      const after = await boxesAfterReact(page);
      expectSameBox(first.chart, after.chart, `${scenario.name}, the chart`);
      expectSameBox(first.intervals, after.intervals, `${scenario.name}, the interval buttons`);
      // The price pane's canvas: most of the chart (the RSI pane and the time axis have the rest).
      expect(after.chart.height).toBeGreaterThan(CHART_HEIGHT / 2);
      await artifacts.screenshot(page, `after-react-${scenario.name.replace(/[ ,]+/g, '-')}`);
    });
  });
}

for (const held of [
  { name: 'desktop-light', viewport: { width: 1280, height: 900 }, colorScheme: 'light' },
  { name: 'phone-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
] as const) {
  test.describe(`held on screen (${held.name})`, () => {
    test.use({ viewport: held.viewport, colorScheme: held.colorScheme });

    test('the first screen shows the candles in the card and the chip in the bar', async ({
      page,
      artifacts,
    }) => {
      // React's code held back for a moment: what a person sees before it comes.
      await page.route(/\/vendor\.[0-9a-f]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.goto('/alerts?symbol=BTCUSDT&interval=OneMinute');
      const firstScreen = page.locator('#first-screen');
      await expect(
        firstScreen.getByRole('figure', { name: 'BTCUSDT candlestick chart with RSI' }),
      ).toBeVisible();
      await page.waitForFunction(
        (mark) => performance.getEntriesByName(mark).length > 0,
        FIRST_CANDLES_MARK,
      );
      await expect(firstScreen.getByText('Simulated market')).toBeVisible();
      await expect(firstScreen.getByText('enable push notifications')).toBeVisible();
      await artifacts.screenshot(page, `first-screen-before-react-${held.name}`);
      // Then React takes over and the static frame goes.
      await expect(page.getByText('Your alerts')).toBeVisible();
      await expect(firstScreen).toHaveCount(0);
    });
  });
}
