import { type Page } from '@playwright/test';

/**
 * How many bars of `symbol` the Alerts chart keeps in the browser (LastCandlesStore, as
 * [time, …, close] rows), 0 when none: the chart writes them a little after it drew them.
 */
export function keptCandleRows(page: Page, symbol: string = 'BTCUSDT'): Promise<number> {
  return page.evaluate((wanted) => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith(`pairwatch:alerts:last-candles:${wanted}:`)) {
        return (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length;
      }
    }
    return 0;
  }, symbol);
}
