import { describe, expect, it } from '@jest/globals';
import { MarketDataClient } from '@pairwatch/market-data';
import { type Interval, type SymbolId } from '@pairwatch/domain';
import { firstScreenUrls } from './firstScreenUrls';

const API = 'http://127.0.0.1:5080';
const stored = (symbol: string) => JSON.stringify({ state: { symbol }, version: 0 });

/** The URLs market-data itself requests for a chart's first page and the symbol's info. */
async function marketDataUrls(
  symbol: SymbolId,
  interval: Interval,
): Promise<{ candles: string; symbolInfo: string }> {
  const requested: string[] = [];
  const client = new MarketDataClient({
    apiUrl: API,
    fetch: (url) => {
      requested.push(url);
      const body = url.includes('/candles?') ? [] : {};
      return Promise.resolve({ ok: true, status: 200, json: async () => body } as Response);
    },
    connect: () => {
      throw new Error('no hub in this test');
    },
  });
  await client.getCandles(symbol, interval);
  await client.getSymbolsInfo([symbol]);
  expect(requested).toHaveLength(2);
  return { candles: requested[0]!, symbolInfo: requested[1]! };
}

describe('firstScreenUrls', () => {
  it("are exactly market-data's requests for the default symbol and interval", async () => {
    expect(firstScreenUrls(API, { pathname: '/alerts', search: '', storedAlerts: null })).toEqual(
      await marketDataUrls('BTCUSDT', 'OneMinute'),
    );
  });

  it('follow a notification link, before the stored symbol', async () => {
    expect(
      firstScreenUrls(API, {
        pathname: '/alerts',
        search: '?symbol=ETHUSDT&interval=OneHour',
        storedAlerts: stored('BNBUSDT'),
      }),
    ).toEqual(await marketDataUrls('ETHUSDT', 'OneHour'));
  });

  it('use the stored symbol, and the defaults for values the screen would ignore', async () => {
    expect(
      firstScreenUrls(API, {
        pathname: '/',
        search: '?symbol=no-pair&interval=TenYears',
        storedAlerts: stored('BNBUSDT'),
      }),
    ).toEqual(await marketDataUrls('BNBUSDT', 'OneMinute'));
  });

  it('start nothing for Positions', () => {
    expect(
      firstScreenUrls(API, { pathname: '/positions', search: '', storedAlerts: null }),
    ).toBeUndefined();
  });
});
