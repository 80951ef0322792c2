import { type Candle, type Interval, type SymbolId } from '@pairwatch/domain';
import { type ChartFeed } from './ChartController';

/** The page the first chart draws from: asked for by the shell while the page loaded. */
export interface FirstPage {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  readonly limit: number;
  readonly candles: Promise<readonly Candle[]>;
}

/** Bars asked for again at the hand-over: the latest one and the one before it. */
const GAP_BARS = 2;

/**
 * The feed of the first chart, which is drawn before the app's market-data client exists (docs/
 * architecture.md §7, "The first chart"): the first page comes from the page load's own request;
 * every other call (an older page, the live stream) waits until {@link handOver} supplies the
 * app's feed, when the Alerts screen adopts the chart.
 *
 * @remarks Live candles start only at the hand-over, so a bar that closed in between would keep
 * the close of the first page. The hand-over therefore subscribes, asks for the latest
 * {@link GAP_BARS} bars, and delivers them before the live candles that came meanwhile (the same
 * order the chart uses for its own first page: the page, then what arrived early).
 */
export class HandoverFeed implements ChartFeed {
  private target: ChartFeed | undefined;
  private firstPage: FirstPage | undefined;
  private readonly waiting: Array<(target: ChartFeed) => void> = [];

  constructor(firstPage: FirstPage) {
    this.firstPage = firstPage;
  }

  loadCandles(request: Parameters<ChartFeed['loadCandles']>[0]): Promise<readonly Candle[]> {
    const first = this.firstPage;
    if (
      first &&
      request.endTime === undefined &&
      request.symbol === first.symbol &&
      request.interval === first.interval &&
      request.limit === first.limit
    ) {
      // Once: a later "latest page" (a new session of the same view) must be fresh.
      this.firstPage = undefined;
      return first.candles;
    }
    const target = this.target;
    if (target) return target.loadCandles(request);
    return new Promise((resolve, reject) => {
      this.waiting.push((feed) => {
        feed.loadCandles(request).then(resolve, reject);
      });
    });
  }

  watchCandles(
    symbol: SymbolId,
    interval: Interval,
    onCandle: (candle: Candle) => void,
  ): () => void {
    if (this.target) return this.target.watchCandles(symbol, interval, onCandle);
    let stopped = false;
    let unwatch: (() => void) | undefined;
    this.waiting.push((feed) => {
      if (stopped) return;
      unwatch = watchWithGapFill(feed, symbol, interval, onCandle, () => stopped);
    });
    return () => {
      stopped = true;
      unwatch?.();
    };
  }

  /** Whether {@link handOver} has happened. */
  get handedOver(): boolean {
    return this.target !== undefined;
  }

  /** Sends every waiting and later call to `target` (once; later calls are ignored). */
  handOver(target: ChartFeed): void {
    if (this.target) return;
    this.target = target;
    this.firstPage = undefined;
    for (const start of this.waiting.splice(0)) start(target);
  }
}

/** Subscribes, then fills the gap since the first page: the latest bars, then what came live. */
function watchWithGapFill(
  feed: ChartFeed,
  symbol: SymbolId,
  interval: Interval,
  onCandle: (candle: Candle) => void,
  stopped: () => boolean,
): () => void {
  let early: Candle[] | undefined = [];
  const unwatch = feed.watchCandles(symbol, interval, (candle) => {
    if (early) early.push(candle);
    else onCandle(candle);
  });
  const flush = (latest: readonly Candle[]) => {
    const buffered = early ?? [];
    early = undefined;
    if (stopped()) return;
    for (const candle of latest) onCandle(candle);
    for (const candle of buffered) onCandle(candle);
  };
  // A failed gap fill only loses what it would have corrected; the stream goes on.
  feed.loadCandles({ symbol, interval, limit: GAP_BARS }).then(flush, () => flush([]));
  return unwatch;
}
