import { type Page } from '@playwright/test';

/**
 * The open times of the bars of `symbol` the Alerts chart keeps in the browser (LastCandlesStore,
 * as [time, …, close] rows), oldest first; none when nothing is kept yet (the chart writes them a
 * little after it drew them).
 */
export function keptCandleTimes(page: Page, symbol: string = 'BTCUSDT'): Promise<number[]> {
  return page.evaluate((wanted) => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith(`pairwatch:alerts:last-candles:${wanted}:`)) {
        const rows = JSON.parse(localStorage.getItem(key) ?? '[]') as number[][];
        return rows.map((row) => row[0]!);
      }
    }
    return [];
  }, symbol);
}

/** How many bars of `symbol` the Alerts chart keeps in the browser (see {@link keptCandleTimes}). */
export async function keptCandleRows(page: Page, symbol: string = 'BTCUSDT'): Promise<number> {
  return (await keptCandleTimes(page, symbol)).length;
}
