import { DEFAULT_SYMBOLS, INTERVALS, type Interval, type SymbolId } from '@pairwatch/domain';
import { type FastifyInstance } from 'fastify';
import { type Logger } from 'pino';
import { type BinanceMarketData } from './BinanceMarketData';

/** The page a chart asks for when it opens (`candlesRoutes.ts`'s default limit). */
const CHART_PAGE = 500;
/** The warm-up never holds the process's start longer than this: a page not ready by then is left to its first request. */
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
  /** Pages held live and answered once. */
  readonly warmed: number;
  /** Pages whose stream or answer failed: their first request loads them. */
  readonly failed: number;
  /** Pages still waiting for their stream when the deadline came. */
  readonly late: number;
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
 * queued everything else behind them. The streams are all asked for at once: the feed puts them
 * in a few SUBSCRIBE frames (paced under Binance's limit), where asking eight at a time waited for
 * a frame per eight (4.2 s for 80 on the simulator). A page that fails is logged and left to its
 * first request; the start never waits past the deadline.
 */
export async function warmUpCharts(options: WarmUpChartsOptions): Promise<WarmUpResult> {
  const { app, marketData, logger } = options;
  const pages = options.pages ?? DEFAULT_CHART_PAGES;
  const started = performance.now();
  let failed = 0;
  const fail = (page: ChartPage, error: unknown) => {
    failed += 1;
    logger.warn(
      { ...page, reason: error instanceof Error ? error.message : String(error) },
      'warm-up: a chart page could not be readied; its first request will load it',
    );
  };
  const held: ChartPage[] = [];
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, options.deadlineMs ?? DEADLINE_MS);
  });
  await Promise.race([
    Promise.all(
      pages.map((page) =>
        marketData.holdLatestPage(page.symbol, page.interval, CHART_PAGE).then(
          () => void held.push(page),
          (error: unknown) => fail(page, error),
        ),
      ),
    ),
    deadline,
  ]);
  clearTimeout(timer);
  const late = pages.length - held.length - failed;
  let warmed = 0;
  // One at a time, in-process: each is a cache hit now, so none draws on a client's budget.
  for (const page of [...held]) {
    try {
      const response = await app.inject({
        method: 'GET',
        url: `/candles?symbol=${page.symbol}&interval=${page.interval}&limit=${CHART_PAGE}`,
        headers: { 'accept-encoding': 'br' },
      });
      if (response.statusCode !== 200) {
        throw new Error(`GET /candles answered ${response.statusCode}`);
      }
      warmed += 1;
    } catch (error: unknown) {
      fail(page, error);
    }
  }
  const result = { warmed, failed, late, ms: Math.round(performance.now() - started) };
  logger.info(result, 'warm-up: chart pages readied before the port opens');
  return result;
}
