import { type Page } from '@playwright/test';
import { clickOnScreen, expect, test } from '../harness/fixtures';
import { openAlertsWithPush } from '../harness/enablePush';

// One alert of each condition made through the New Alert card, as a person makes it (the
// Condition list, the fields it asks for, Create Alert), then seen in "Your alerts" in words and on
// the chart: a level as one line, a channel as two lines with the band between them shaded, a
// percent move as no line (its level moves with the market). Levels are put where the simulated
// market will not reach them during the test, so every alert stays Active and drawn.

interface ChartWindow {
  __pairwatchChart?: {
    priceData(): { time: number; close: number }[];
    alertLines(): { pane: string; price: number; title: string }[];
    alertBands(): { pane: string; lower: number; upper: number }[];
  };
}

/** One alert to make: its condition's words in the list, and what to type in which field. */
interface Case {
  readonly condition: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly frequency?: string;
  readonly message?: string;
  /** What "Your alerts" says it watches: the target, and the condition's words under it. */
  readonly listed: readonly [target: string, condition: string];
  readonly lines: number;
  readonly band?: { lower: number; upper: number };
}

async function pick(page: Page, field: string, option: string): Promise<void> {
  await clickOnScreen(page.getByRole('combobox', { name: field }));
  await clickOnScreen(page.getByRole('option', { name: option, exact: true }));
  await expect(page.getByRole('combobox', { name: field })).toContainText(option);
}

test('makes one alert of each condition through the form and sees each listed in words and drawn', async ({
  page,
  context,
  stack,
  artifacts,
}) => {
  test.setTimeout(150_000);
  await openAlertsWithPush(page, context, stack);
  await expect
    .poll(() =>
      page.evaluate(() => (window as ChartWindow).__pairwatchChart?.priceData().length ?? 0),
    )
    .toBeGreaterThan(0);
  const close = await page.evaluate(
    () => (window as ChartWindow).__pairwatchChart!.priceData().at(-1)!.close,
  );
  // BTCUSDT has two decimals; levels 6–20 % away from the price.
  const at = (factor: number) => Math.round(close * factor * 100) / 100;
  const text = (value: number) => value.toFixed(2);
  const words = (value: number) =>
    value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  const cases: Case[] = [
    {
      condition: 'Crossing',
      fields: { 'Target value': text(at(1.2)) },
      listed: [`${words(at(1.2))} USDT`, 'Crossing'],
      lines: 1,
    },
    {
      condition: 'Crossing up',
      fields: { 'Target value': text(at(1.15)) },
      frequency: 'Once per bar',
      listed: [`${words(at(1.15))} USDT`, 'Crossing up'],
      lines: 1,
    },
    {
      condition: 'Crossing down',
      fields: { 'Target value': text(at(0.85)) },
      frequency: 'Once per minute',
      listed: [`${words(at(0.85))} USDT`, 'Crossing down'],
      lines: 1,
    },
    {
      condition: 'Greater than',
      fields: { 'Target value': text(at(1.1)) },
      frequency: 'Once per bar close',
      listed: [`${words(at(1.1))} USDT`, 'Greater than'],
      lines: 1,
    },
    {
      condition: 'Less than',
      fields: { 'Target value': text(at(0.9)) },
      message: 'Buy the dip',
      listed: [`${words(at(0.9))} USDT`, 'Less than'],
      lines: 1,
    },
    {
      condition: 'Entering channel',
      fields: { 'Lower bound': text(at(1.06)), 'Upper bound': text(at(1.08)) },
      listed: [`${words(at(1.06))}–${words(at(1.08))} USDT`, 'Entering channel'],
      lines: 2,
      band: { lower: at(1.06), upper: at(1.08) },
    },
    {
      condition: 'Exiting channel',
      fields: { 'Lower bound': text(at(0.8)), 'Upper bound': text(at(1.25)) },
      frequency: 'Once per bar',
      listed: [`${words(at(0.8))}–${words(at(1.25))} USDT`, 'Exiting channel'],
      lines: 2,
      band: { lower: at(0.8), upper: at(1.25) },
    },
    {
      condition: 'Inside channel',
      fields: { 'Lower bound': text(at(0.92)), 'Upper bound': text(at(0.94)) },
      listed: [`${words(at(0.92))}–${words(at(0.94))} USDT`, 'Inside channel'],
      lines: 2,
      band: { lower: at(0.92), upper: at(0.94) },
    },
    {
      condition: 'Outside channel',
      fields: { 'Lower bound': text(at(0.82)), 'Upper bound': text(at(1.22)) },
      listed: [`${words(at(0.82))}–${words(at(1.22))} USDT`, 'Outside channel'],
      lines: 2,
      band: { lower: at(0.82), upper: at(1.22) },
    },
    {
      condition: 'Moving up %',
      fields: { Percent: '50', Bars: '12' },
      listed: ['50 %', 'Moving up 50 % in 12 bars'],
      lines: 0,
    },
    {
      condition: 'Moving down %',
      fields: { Percent: '40', Bars: '1' },
      frequency: 'Once per bar',
      listed: ['40 %', 'Moving down 40 % in 1 bar'],
      lines: 0,
    },
  ];

  const made: { id: string; condition: string }[] = [];
  for (const each of cases) {
    await pick(page, 'Condition', each.condition);
    for (const [label, value] of Object.entries(each.fields)) {
      await page.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    if (each.frequency) await pick(page, 'Frequency', each.frequency);
    if (each.message) await page.getByRole('textbox', { name: 'Message' }).fill(each.message);
    const creation = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/alerts' && r.request().method() === 'POST',
    );
    await clickOnScreen(page.getByRole('button', { name: 'Create Alert' }));
    const created = await creation;
    expect(created.status(), `${each.condition}: ${await created.text()}`).toBe(201);
    const body = (await created.json()) as { id: string; condition: string; status: string };
    expect(body.status).toBe('Active');
    made.push({ id: body.id, condition: body.condition });
  }
  expect(made.map((m) => m.condition)).toEqual([
    'Crossing',
    'CrossingUp',
    'CrossingDown',
    'GreaterThan',
    'LessThan',
    'EnteringChannel',
    'ExitingChannel',
    'InsideChannel',
    'OutsideChannel',
    'MovingUpPercent',
    'MovingDownPercent',
  ]);

  // Listed, each in words, with its frequency where it repeats and the trader's message.
  const table = page.getByRole('table', { name: 'Your alerts' });
  const rows = table.getByRole('row');
  for (const { listed } of cases) {
    const row = rows.filter({ hasText: listed[0] });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(listed[1], { exact: true })).toBeVisible();
  }
  await expect(table.getByText('Once per bar close')).toBeVisible();
  await expect(table.getByText('Buy the dip')).toBeVisible();

  // Drawn: a line per level, two per channel with its band, none for a percent move.
  const expectedLines = cases.reduce((sum, each) => sum + each.lines, 0);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window as ChartWindow).__pairwatchChart!.alertLines().filter((l) => l.pane === 'price')
            .length,
      ),
    )
    .toBe(expectedLines);
  const bands = await page.evaluate(() => (window as ChartWindow).__pairwatchChart!.alertBands());
  expect(
    bands.map(({ lower, upper }) => ({ lower, upper })).sort((a, b) => a.lower - b.lower),
  ).toEqual(
    cases.flatMap((each) => (each.band ? [each.band] : [])).sort((a, b) => a.lower - b.lower),
  );
  await artifacts.screenshot(page, 'conditions-listed');

  // The card on a phone in dark mode, with a channel's two bounds and an expiry date.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await pick(page, 'Condition', 'Entering channel');
  await pick(page, 'Expiry', 'On a date');
  await expect(page.getByLabel('Expires at')).toBeVisible();
  await page.getByRole('textbox', { name: 'Lower bound', exact: true }).fill(text(at(1.3)));
  await page.getByRole('textbox', { name: 'Upper bound', exact: true }).fill(text(at(1.2)));
  await expect(page.getByText('Upper bound must be greater than the lower bound')).toBeVisible();
  await artifacts.screenshot(
    page,
    'conditions-card-phone-dark',
    page.getByRole('region', { name: 'New Alert' }),
  );
  // The list on a phone: each alert stacked, its condition in words under its target.
  const phoneRow = page.getByTestId(`alert-row-${made[5]!.id}`);
  await phoneRow.scrollIntoViewIfNeeded();
  await expect(phoneRow.getByText('Entering channel', { exact: true })).toBeVisible();
  await artifacts.screenshot(
    page,
    'conditions-list-phone-dark',
    page.getByRole('table', { name: 'Your alerts' }),
  );
});
