import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import pino from 'pino';
import { DEFAULT_CHART_PAGES, type ChartPage, warmUpCharts } from './warmUpCharts';

const silent = pino({ level: 'silent' });

/** An app whose `/candles` records each request, and a market that records each question. */
function fixture(options: { failing?: string; refused?: string; hangingMarket?: boolean } = {}) {
  const asked: { symbol: string; interval: string; limit: number }[] = [];
  const requests: { url: string; encoding: string | undefined }[] = [];
  const app = Fastify();
  app.get('/candles', async (request, reply) => {
    requests.push({
      url: request.url,
      encoding: request.headers['accept-encoding'] as string | undefined,
    });
    const { symbol } = request.query as { symbol: string };
    if (symbol === options.failing) return reply.code(503).send({ code: 'UPSTREAM_UNAVAILABLE' });
    return [];
  });
  const marketData = {
    holdLatestPage: async (symbol: string, interval: string, limit: number) => {
      asked.push({ symbol, interval, limit });
      if (options.hangingMarket) await new Promise(() => undefined);
      if (symbol === options.refused) throw new Error('upstream refused');
    },
  };
  return { app, marketData, asked, requests };
}

const pages: ChartPage[] = [
  { symbol: 'BTCUSDT', interval: 'OneMinute' },
  { symbol: 'ETHUSDT', interval: 'OneHour' },
  { symbol: 'SOLUSDT', interval: 'OneDay' },
] as ChartPage[];

describe('warmUpCharts', () => {
  it('holds each page in the market, then asks the app for it once with brotli accepted', async () => {
    const { app, marketData, asked, requests } = fixture();

    const result = await warmUpCharts({ app, marketData, logger: silent, pages });

    expect(asked).toEqual(pages.map((page) => ({ ...page, limit: 500 })));
    expect(requests).toEqual(
      pages.map((page) => ({
        url: `/candles?symbol=${page.symbol}&interval=${page.interval}&limit=500`,
        encoding: 'br',
      })),
    );
    expect(result).toMatchObject({ warmed: 3, failed: 0, late: 0 });
  });

  it('skips a page whose answer fails and goes on with the others', async () => {
    const { app, marketData, requests } = fixture({ failing: 'ETHUSDT' });

    const result = await warmUpCharts({ app, marketData, logger: silent, pages });

    expect(requests).toHaveLength(3);
    expect(result).toMatchObject({ warmed: 2, failed: 1, late: 0 });
  });

  it('does not ask the app for a page whose stream could not be held', async () => {
    const { app, marketData, requests } = fixture({ refused: 'SOLUSDT' });

    const result = await warmUpCharts({ app, marketData, logger: silent, pages });

    expect(requests.map((request) => request.url)).not.toContainEqual(
      expect.stringContaining('SOLUSDT'),
    );
    expect(result).toMatchObject({ warmed: 2, failed: 1, late: 0 });
  });

  it('never holds the start past its deadline when the upstream does not answer', async () => {
    const { app, marketData, asked } = fixture({ hangingMarket: true });
    const started = performance.now();

    const result = await warmUpCharts({
      app,
      marketData,
      logger: silent,
      pages: DEFAULT_CHART_PAGES,
      deadlineMs: 200,
    });

    expect(performance.now() - started).toBeLessThan(2_000);
    // Every stream asked for at once, none ready.
    expect(asked).toHaveLength(DEFAULT_CHART_PAGES.length);
    expect(result).toMatchObject({ warmed: 0, failed: 0, late: DEFAULT_CHART_PAGES.length });
  });

  it('warms every default pair in every interval by default', () => {
    expect(DEFAULT_CHART_PAGES).toHaveLength(80);
    expect(new Set(DEFAULT_CHART_PAGES.map((page) => `${page.symbol}|${page.interval}`)).size).toBe(
      80,
    );
  });
});
