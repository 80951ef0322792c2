import { type Page } from '@playwright/test';
import { FIRST_CANDLES_MARK } from '@pairwatch/alerts-mfe/testing';
import { expect, test } from '../harness/fixtures';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../harness/chromium';

// New Alert and Your alerts below the first chart (issue #28, docs/architecture.md §7, "The first
// chart"): their space is kept from the first paint, so nothing moves when they come. The page
// scrolls from the first paint, so its scrollbar is there before them: shown here (Playwright
// hides scrollbars in headless Chromium), as a desktop browser shows it, where a scrollbar that
// appeared late would narrow the chart.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
});

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** What the page showed at its first candles. */
interface AtFirstCandles {
  readonly chart: Box;
  /** The first screen's placeholders, by the card they keep the space of. */
  readonly placeholders: Readonly<Record<string, Box>>;
  readonly pageHeight: number;
  /** The document's width beside the scrollbar, and the window's height. */
  readonly viewportWidth: number;
  readonly viewportHeight: number;
}

const CARDS = {
  'new-alert': 'section[aria-labelledby="new-alert-title"]',
  'your-alerts': 'section[aria-labelledby="your-alerts-title"]',
} as const;

/** Records the chart's and the placeholders' boxes at the first-candles mark, in the page. */
async function recordFirstCandles(page: Page): Promise<void> {
  await page.addInitScript((mark) => {
    const boxOf = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    };
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName(mark).length) return;
      observer.disconnect();
      const placeholders: Record<string, Box> = {};
      for (const placeholder of document.querySelectorAll<HTMLElement>(
        '#first-screen [data-placeholder]',
      )) {
        placeholders[placeholder.dataset['placeholder']!] = boxOf(placeholder);
      }
      (window as unknown as { __firstCandles: AtFirstCandles }).__firstCandles = {
        chart: boxOf(document.querySelector('[role="figure"] canvas')!),
        placeholders,
        pageHeight: document.documentElement.scrollHeight,
        viewportWidth: document.documentElement.clientWidth,
        viewportHeight: window.innerHeight,
      };
    }).observe({ type: 'mark', buffered: true });
  }, FIRST_CANDLES_MARK);
}

function expectSameBox(before: Box | undefined, after: Box, what: string, within = 1) {
  expect(before, `${what}: kept at the first candles`).toBeDefined();
  for (const side of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs(after[side] - before![side]), `${what}: ${side}`).toBeLessThanOrEqual(within);
  }
}

for (const scenario of [
  { name: 'desktop, light', viewport: { width: 1280, height: 900 }, colorScheme: 'light' },
  // A phone's scrollbar overlays the page.
  {
    name: 'phone, dark',
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
    isMobile: true,
    hasTouch: true,
  },
] as const) {
  test.describe(scenario.name, () => {
    const { name: _name, ...use } = scenario;
    test.use(use);

    test('New Alert and Your alerts come where their space was kept, and the chart stays put', async ({
      page,
      artifacts,
    }) => {
      await recordFirstCandles(page);
      await page.goto('/alerts?symbol=BTCUSDT&interval=OneMinute');
      await page.waitForFunction(() => '__firstCandles' in window);
      const first = await page.evaluate(
        () => (window as unknown as { __firstCandles: AtFirstCandles }).__firstCandles,
      );
      for (const selector of Object.values(CARDS)) {
        await expect(page.locator(selector)).toBeVisible();
      }
      await expect(page.locator('#first-screen')).toHaveCount(0);
      // Placeholders are not content: gone once the cards are there.
      await expect(page.locator('[data-placeholder]')).toHaveCount(0);

      const chart = await page.getByTestId('candle-chart').evaluate((figure) => {
        const rect = figure.querySelector('canvas')!.getBoundingClientRect();
        return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      });
      expectSameBox(first.chart, chart, `${scenario.name}, the chart`);
      for (const [name, selector] of Object.entries(CARDS)) {
        const card = (await page.locator(selector).boundingBox())!;
        expectSameBox(first.placeholders[name], card, `${scenario.name}, ${name}`);
      }
      // The page already scrolls at the first candles, so its scrollbar is there from the start:
      // what comes later below the cards (the Where alerts go panel) lengthens the page without
      // narrowing anything.
      expect(first.pageHeight, 'the page height at the first candles').toBeGreaterThan(
        first.viewportHeight,
      );
      expect(
        await page.evaluate(() => document.documentElement.clientWidth),
        'the width beside the scrollbar',
      ).toBe(first.viewportWidth);
      await artifacts.screenshot(page, `cards-${scenario.name.replace(/[ ,]+/g, '-')}`);
    });
  });
}
