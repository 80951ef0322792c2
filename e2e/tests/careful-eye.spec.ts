import { type Locator, type Page } from '@playwright/test';
import { askForChartHook, chartPriceData, waitForChartBars } from '../harness/chartBars';
import { type ChartWindow } from '../harness/ChartWindow';
import { clickOnScreen, expect, test } from '../harness/fixtures';

// Small things a careful eye sees (issue #28, item 7): the symbol search's whole placeholder, price
// labels whole at the price pane's edges and written as the legend writes prices, and the chart
// library's attribution logo kept but off the candles and the RSI values. Read as a person sees
// them: the input's box against its text, the price axis' pixels, the logo's box against the
// panes' boxes; the chart's own readings come from the remote's read-only hook.

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const SCREENS = [
  { name: 'desktop', use: DESKTOP },
  { name: 'phone', use: PHONE },
] as const;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

test.beforeEach(({ page }) => askForChartHook(page));

const priceData = chartPriceData;
const waitForBars = waitForChartBars;

/** Two animation frames: lightweight-charts paints in the next one. */
function painted(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The chart's cells, from lightweight-charts' table (one row per pane with its left axis, plot and
 * right axis, a separator row between panes, the time axis last): the plots and right axes of the
 * price pane and the RSI pane, in page coordinates.
 */
function chartCells(page: Page): Promise<{
  pricePlot: Box;
  priceAxis: Box;
  rsiPlot: Box;
  rsiAxis: Box;
  chart: Box;
}> {
  return page.getByTestId('candle-chart').evaluate((host) => {
    const box = (element: Element): Box => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    };
    const rows = [...host.querySelectorAll('.tv-lightweight-charts tr')].filter(
      (row) => row.children.length === 3,
    );
    // Pane rows, then the time axis row.
    const [price, rsi] = rows;
    if (!price || !rsi) throw new Error('the chart has no two panes');
    return {
      pricePlot: box(price.children[1]!),
      priceAxis: box(price.children[2]!),
      rsiPlot: box(rsi.children[1]!),
      rsiAxis: box(rsi.children[2]!),
      chart: box(host.querySelector('.tv-lightweight-charts')!),
    };
  });
}

/**
 * Label ink in the price pane's axis at its top and bottom rows (the axis' own canvas, where tick,
 * last-price and alert labels are drawn; the crosshair's label is on the canvas above it). A label
 * the pane's edge cuts has its glyphs running into the edge row; a whole one leaves it blank. The
 * axis' border column on its left is left out.
 */
function axisEdgeInk(page: Page): Promise<{ top: number; bottom: number; height: number }> {
  return page.getByTestId('candle-chart').evaluate((host) => {
    const row = [...host.querySelectorAll('.tv-lightweight-charts tr')][0];
    const canvas = row?.children[2]?.querySelector('canvas');
    const context = canvas?.getContext('2d');
    if (!canvas || !context) throw new Error('the price axis has no canvas');
    const { width, height } = canvas;
    const skip = Math.ceil(2 * devicePixelRatio);
    const inkIn = (y: number) => {
      const { data } = context.getImageData(0, y, width, 1);
      let count = 0;
      for (let x = skip; x < width; x += 1) if (data[x * 4 + 3]! > 64) count += 1;
      return count;
    };
    return { top: inkIn(0), bottom: inkIn(height - 1), height: height / devicePixelRatio };
  });
}

/**
 * Whether a label other than the tick labels (the last price's, an alert level's) is drawn within
 * `margin` CSS pixels of the price pane's top or bottom edge: such a state says nothing about the
 * tick labels, and is skipped.
 */
function otherLabelNearEdge(page: Page, margin: number): Promise<boolean> {
  return page.evaluate((margin) => {
    const chart = (window as ChartWindow).__pairwatchChart!;
    const height = chart.pricePaneHeight();
    const prices = [
      chart.priceData().at(-1)?.close,
      ...chart
        .alertLines()
        .filter((line) => line.pane === 'price')
        .map((line) => line.price),
    ];
    return prices.some((price) => {
      const y = price === undefined ? null : chart.priceY(price);
      return (
        y !== null && y > -margin && y < height + margin && (y < margin || y > height - margin)
      );
    });
  }, margin);
}

/** Presses on the price pane and moves the pointer vertically by `dy` in steps of `step` pixels. */
async function panPriceVertically(
  page: Page,
  dy: number,
  step: number,
  onStep: (index: number) => Promise<void>,
): Promise<void> {
  const { pricePlot } = await chartCells(page);
  const x = pricePlot.x + pricePlot.width * 0.5;
  let y = pricePlot.y + pricePlot.height * 0.5 - dy / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let index = 0; Math.abs(index * step) < Math.abs(dy); index += 1) {
    y += Math.sign(dy) * step;
    await page.mouse.move(x, y);
    await onStep(index);
  }
  await page.mouse.up();
}

/** Drags the price axis upwards with the mouse: the scale is then set by hand. */
async function stretchPriceAxis(page: Page): Promise<void> {
  const { priceAxis } = await chartCells(page);
  const x = priceAxis.x + priceAxis.width / 2;
  const y = priceAxis.y + priceAxis.height * 0.6;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y - priceAxis.height * 0.15, { steps: 6 });
  await page.mouse.up();
  await expect
    .poll(() => page.evaluate(() => (window as ChartWindow).__pairwatchChart?.priceScaleAuto()))
    .toBe(false);
}

async function legendClose(page: Page): Promise<string> {
  return (
    (await page.getByTestId('chart-legend').locator('[data-field="close"]').textContent()) ?? ''
  );
}

async function expectPlaceholderWhole(search: Locator): Promise<void> {
  const reading = await search.evaluate(async (element) => {
    const input = element as HTMLInputElement;
    await document.fonts.ready;
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    context.letterSpacing = style.letterSpacing;
    const text = context.measureText(input.placeholder).width;
    const left = parseFloat(style.paddingLeft);
    const content = input.clientWidth - left - parseFloat(style.paddingRight);
    // The text's last pixels are the input's own, not covered by a button over it.
    const { x, y, height } = input.getBoundingClientRect();
    const end = document.elementFromPoint(x + left + text - 1, y + height / 2);
    return {
      placeholder: input.placeholder,
      text,
      content,
      scrollWidth: input.scrollWidth,
      clientWidth: input.clientWidth,
      endOnTop: end === input,
    };
  });
  expect(reading.placeholder).toBe('Search symbol...');
  expect(reading.text, 'the placeholder fits the input’s content box').toBeLessThanOrEqual(
    reading.content,
  );
  expect(reading.scrollWidth).toBeLessThanOrEqual(reading.clientWidth);
  expect(reading.endOnTop, 'nothing covers the placeholder’s end').toBe(true);
}

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('the symbol search shows its whole placeholder "Search symbol..."', async ({
      page,
      artifacts,
    }) => {
      await page.goto('/alerts');
      await waitForBars(page);
      await clickOnScreen(page.getByRole('button', { name: 'Symbol' }));
      const search = page.getByRole('combobox', { name: 'Search symbol' });
      await expect(search).toBeVisible();
      await expectPlaceholderWhole(search);
      await artifacts.screenshot(page, `symbol-search-${screen.name}`);
    });

    test('the chart library’s attribution logo is kept, clear of the candles and the RSI values', async ({
      page,
    }) => {
      await page.goto('/alerts');
      await waitForBars(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const logo = page.getByTestId('candle-chart').locator('a#tv-attr-logo');
      await expect(logo).toHaveAttribute('href', /^https:\/\/www\.tradingview\.com\//);
      await expect(logo).toBeVisible();
      // On a phone the chart's bottom, where the logo is, is below the first screen.
      await logo.scrollIntoViewIfNeeded();
      await painted(page);
      const box = (await logo.boundingBox())!;
      const cells = await chartCells(page);
      expect(overlap(box, cells.rsiPlot), 'the logo is off the RSI pane').toBe(false);
      expect(overlap(box, cells.pricePlot), 'the logo is off the price pane').toBe(false);
      expect(overlap(box, cells.priceAxis), 'the logo is off the price labels').toBe(false);
      expect(overlap(box, cells.rsiAxis), 'the logo is off the RSI labels').toBe(false);
      // Whole, inside the chart, and what a pointer at its centre reaches: a working link.
      expect(box.x).toBeGreaterThanOrEqual(cells.chart.x);
      expect(box.y).toBeGreaterThanOrEqual(cells.chart.y);
      expect(box.x + box.width).toBeLessThanOrEqual(cells.chart.x + cells.chart.width);
      expect(box.y + box.height).toBeLessThanOrEqual(cells.chart.y + cells.chart.height);
      const onTop = await logo.evaluate(
        (element, [x, y]) => {
          const hit = document.elementFromPoint(x!, y!);
          return hit !== null && element.contains(hit);
        },
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(onTop, 'the logo is on top at its centre').toBe(true);
    });

    test('the price axis writes prices as the legend does, as wide as they need, aligned with the RSI axis', async ({
      page,
    }) => {
      await page.goto('/alerts');
      const bars = await waitForBars(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await painted(page);
      // The legend shows the latest bar while the pointer is off the chart. A simulated tick can
      // land between two reads, so the axis label and the legend are compared until both read
      // the same last close.
      await expect.poll(() => legendClose(page)).toMatch(/^\d{1,3}(,\d{3})+\.\d{2}$/);
      await expect
        .poll(async () => {
          const last = (await priceData(page)).at(-1)!;
          const label = await page.evaluate(
            (close) => (window as ChartWindow).__pairwatchChart!.priceLabel(close),
            last.close,
          );
          const legend = await legendClose(page);
          return label === legend ? 'the same' : `axis ${label}, legend ${legend}`;
        })
        .toBe('the same');
      const highest = Math.max(...bars.map((bar) => bar.high));
      const widest = await page.evaluate(
        (high) => (window as ChartWindow).__pairwatchChart!.priceLabel(high),
        highest,
      );
      expect(widest).toMatch(/^\d{1,3}(,\d{3})+\.\d{2}$/);
      const cells = await chartCells(page);
      // The axis is wider than its widest label in the library's 12 px font.
      const textWidth = await page.evaluate((text) => {
        const context = document.createElement('canvas').getContext('2d')!;
        context.font =
          "12px -apple-system, BlinkMacSystemFont, 'Trebuchet MS', Roboto, Ubuntu, sans-serif";
        return context.measureText(text).width;
      }, widest);
      expect(cells.priceAxis.width).toBeGreaterThan(textWidth + 8);
      // The RSI pane's axis lines up with the price pane's: same left edge, same width.
      expect(Math.abs(cells.rsiAxis.x - cells.priceAxis.x)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(cells.rsiAxis.width - cells.priceAxis.width)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(cells.rsiPlot.width - cells.pricePlot.width)).toBeLessThanOrEqual(0.5);
    });

    test('no price label is cut by the price pane’s top or bottom edge, however the scale is moved', async ({
      page,
    }) => {
      await page.goto('/alerts');
      await waitForBars(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      const cut: string[] = [];
      let checked = 0;
      const check = async (state: string) => {
        await painted(page);
        if (await otherLabelNearEdge(page, 16)) return;
        const ink = await axisEdgeInk(page);
        checked += 1;
        if (ink.top > 0) cut.push(`${state}: a label cut at the top`);
        if (ink.bottom > 0) cut.push(`${state}: a label cut at the bottom`);
      };
      await check('automatic scale');
      expect(cut).toEqual([]);
      // The mouse drags below are a desktop's; a phone's swipes are chart-handling.spec.ts's.
      if (screen.name === 'phone') return;
      // Scaled by hand, then moved up and down 2 px at a time over more than the space between two
      // ticks (at most 2.5 × 30 px): every tick passes every distance from the edges.
      await stretchPriceAxis(page);
      await check('stretched');
      await panPriceVertically(page, 96, 2, (index) => check(`moved down ${2 * (index + 1)} px`));
      await panPriceVertically(page, -96, 2, (index) => check(`moved up ${2 * (index + 1)} px`));
      expect(checked, 'enough scales were checked').toBeGreaterThan(48);
      expect(cut).toEqual([]);
    });
  });
}

for (const screen of SCREENS) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`the chart on a ${screen.name} in ${colorScheme} mode`, () => {
      test.use({ ...screen.use, colorScheme });

      test('is kept as a screenshot to look at', async ({ page, artifacts }) => {
        await page.goto('/alerts');
        await waitForBars(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        await painted(page);
        await expect(page.getByTestId('candle-chart').locator('a#tv-attr-logo')).toBeVisible();
        await artifacts.screenshot(
          page,
          `chart-${screen.name}-${colorScheme}`,
          page.getByTestId('candle-chart'),
        );
      });
    });
  }
}
