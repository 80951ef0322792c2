import { DEFAULT_SYMBOLS, INTERVALS, type Interval, type SymbolId } from '@pairwatch/domain';
import { type FastifyInstance } from 'fastify';
import { type Logger } from 'pino';
import { type BinanceMarketData } from './BinanceMarketData';

/** The page a chart asks for when it opens (`candlesRoutes.ts`'s default limit). */
const CHART_PAGE = 500;
/** Pages warmed at once: the upstream is asked politely, not 80 requests in one burst. */
const CONCURRENCY = 8;
/** The warm-up never holds the process's start longer than this; the pages left are skipped. */
const DEADLINE_MS = 5_000;

/** One chart's first page. */
export interface ChartPage {
  readonly symbol: SymbolId;
  readonly interval: Interval;
}

/** Every default pair in every interval: 10 × 8 pages, what charts open on. */
export const DEFAULT_CHART_PAGES: readonly ChartPage[] = DEFAULT_SYMBOLS.flatMap((symbol) =>
  INTERVALS.map((interval) => ({ symbol, interval })),
);

/** Options of {@link warmUpCharts}. */
export interface WarmUpChartsOptions {
  readonly app: FastifyInstance;
  readonly marketData: Pick<BinanceMarketData, 'holdLatestPage'>;
  readonly logger: Logger;
  /** Default {@link DEFAULT_CHART_PAGES}. */
  readonly pages?: readonly ChartPage[];
  /** Default 5 s. */
  readonly deadlineMs?: number;
}

/** What a warm-up did. */
export interface WarmUpResult {
  readonly warmed: number;
  readonly failed: number;
  /** Pages not begun when the deadline came. */
  readonly skipped: number;
  readonly ms: number;
}

/**
 * Readies each chart's first page before the process opens its port (`WARM_UP_CHARTS`,
 * docs/architecture.md §10): its stream held live for readers (`holdLatestPage`: the page in the
 * cache and kept current for the reader linger, one upstream request from the weight's reserve,
 * 2 a page, no client's share), then `GET /candles` asked of the app in-process with brotli
 * accepted, so the route's text, its compression and the code behind them have run once. A
 * process that starts under full load otherwise met every chart's first request with a cache
 * miss at once, then a second fetch as the stream was held, on the core its requests share, and
 * queued everything else behind them. A page that fails is logged and skipped; the start never
 * waits past the deadline.
 */
export async function warmUpCharts(options: WarmUpChartsOptions): Promise<WarmUpResult> {
  const { app, marketData, logger } = options;
  const pages = options.pages ?? DEFAULT_CHART_PAGES;
  const started = performance.now();
  const deadline = started + (options.deadlineMs ?? DEADLINE_MS);
  let next = 0;
  let warmed = 0;
  let failed = 0;
  const warmOne = async (page: ChartPage): Promise<void> => {
    try {
      await marketData.holdLatestPage(page.symbol, page.interval, CHART_PAGE);
      // Straight after: the page is in the cache, so the request draws on no client's budget.
      const response = await app.inject({
        method: 'GET',
        url: `/candles?symbol=${page.symbol}&interval=${page.interval}&limit=${CHART_PAGE}`,
        headers: { 'accept-encoding': 'br' },
      });
      if (response.statusCode !== 200)
        throw new Error(`GET /candles answered ${response.statusCode}`);
      warmed += 1;
    } catch (error: unknown) {
      failed += 1;
      logger.warn(
        { ...page, reason: error instanceof Error ? error.message : String(error) },
        'warm-up: a chart page could not be loaded; its first request will load it',
      );
    }
  };
  const worker = async (): Promise<void> => {
    while (next < pages.length && performance.now() < deadline) {
      const page = pages[next]!;
      next += 1;
      await warmOne(page);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadline - performance.now()));
  });
  await Promise.race([
    Promise.all(Array.from({ length: Math.min(CONCURRENCY, pages.length) }, worker)),
    timedOut,
  ]);
  clearTimeout(timer);
  const result = {
    warmed,
    failed,
    skipped: pages.length - next,
    ms: Math.round(performance.now() - started),
  };
  logger.info(result, 'warm-up: chart pages answered once before the port opens');
  return result;
}
