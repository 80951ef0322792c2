import { type Candle, type Interval, type SymbolId } from '@pairwatch/domain';
import { type ChartFeed } from './ChartController';
import { CANDLE_PAGE_SIZE } from './chartConstants';
import { isOfflineFailure } from './isOfflineFailure';
import { type KeptCandles, type LastCandlesStore } from './LastCandlesStore';
import { type OfflinePrices } from './OfflinePrices';

/** Options of a {@link RememberingFeed}. */
export interface RememberingFeedOptions {
  readonly store: LastCandlesStore;
  readonly offline: OfflinePrices;
  readonly now?: () => number;
  readonly onLine?: () => boolean;
  /**
   * How long new data waits before it is written: writes come after the first paint and at most
   * this often while candles stream in (a `pagehide` writes at once).
   */
  readonly writeDelayMs?: number;
  /** While kept candles are shown, how often the latest page is asked again. */
  readonly retryMs?: number;
  /**
   * Epoch milliseconds since which the page has labelled its market source as it still is (the
   * shell keeps the source it last saw, and since when): kept candles seen since then may be
   * drawn while the page's first latest page loads ({@link previewCandles}); kept candles seen
   * before, perhaps under another source, may not. Undefined: no preview.
   */
  readonly previewSince?: number;
  /** How old kept candles may be and still be drawn as a preview. */
  readonly previewMaxAgeMs?: number;
}

interface Shown {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  candles: Candle[];
  seenAt: number;
  /** Kept candles drawn for want of a network (not the api's). */
  stale: boolean;
}

const WRITE_DELAY_MS = 2_000;
const RETRY_MS = 30_000;
/**
 * Kept candles older than this are not drawn while the latest page loads: a chart a day behind
 * would jump, not update, when the page comes (offline they are drawn however old they are).
 */
export const PREVIEW_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function browserOnLine(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * The chart's feed, remembering what the chart shows (issue #26): the latest page and the live
 * candles after it go to a {@link LastCandlesStore}; when the latest page fails for want of a
 * network, the kept candles are drawn instead and {@link OfflinePrices} says since when.
 *
 * @remarks Catching up (see {@link startCatchUp}): live candles cannot continue kept ones (there is
 * a gap), so while kept candles are shown a live candle, a successful page, the browser's `online`
 * event or a periodic retry asks the chart to load again, as a fresh start would. Imports no
 * shared module: the first chart uses it.
 */
export class RememberingFeed implements ChartFeed {
  private shown: Shown | undefined;
  private writeTimer: ReturnType<typeof setTimeout> | undefined;
  private reload: (() => void) | undefined;
  private reloading = false;
  /** The pair whose kept candles are drawn while its first latest page loads, if any. */
  private previewing: { readonly symbol: SymbolId; readonly interval: Interval } | undefined;
  /** The pair of the latest page asked for last: the chart's view (an older one's page is late). */
  private asked: { readonly symbol: SymbolId; readonly interval: Interval } | undefined;
  /** Whether the page's first view has been asked for (the only one that gets a preview). */
  private started = false;
  /** The kept candles read for the page's first view, until it has started. */
  private firstRead:
    | {
        readonly symbol: SymbolId;
        readonly interval: Interval;
        readonly kept: KeptCandles | undefined;
      }
    | undefined;
  private readonly now: () => number;
  private readonly onLine: () => boolean;

  constructor(
    private readonly inner: ChartFeed,
    private readonly options: RememberingFeedOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.onLine = options.onLine ?? browserOnLine;
  }

  loadCandles(request: Parameters<ChartFeed['loadCandles']>[0]): Promise<readonly Candle[]> {
    const loaded = this.inner.loadCandles(request);
    if (request.endTime !== undefined) return loaded; // history pages are not kept
    if (request.limit >= CANDLE_PAGE_SIZE) this.ask(request);
    return loaded.then(
      (candles) => {
        if (this.isCurrent(request)) this.onLatest(request, candles);
        return candles;
      },
      (error: unknown) => {
        if (request.limit < CANDLE_PAGE_SIZE) throw error; // a gap fill: the stream goes on
        if (!this.isCurrent(request)) throw error; // the chart has moved on: nothing to draw
        const previewed = this.endPreview(request);
        const offline = isOfflineFailure(error, this.onLine());
        const kept =
          offline || previewed
            ? this.options.store.read(request.symbol, request.interval)
            : undefined;
        this.reloading = false;
        if (!kept) throw error;
        this.shown = { ...request, candles: [...kept.candles], seenAt: kept.seenAt, stale: true };
        // The api answered, but not with candles: the preview stays drawn, labelled, and the
        // chart reports the error; the feed asks again as it does offline (`catchUp`).
        if (!offline) {
          this.options.offline.setUpdating(kept.seenAt);
          throw error;
        }
        this.options.offline.set(kept.seenAt);
        return kept.candles;
      },
    );
  }

  /**
   * The kept candles of the page's first view, to draw while its latest page loads (a repeat
   * visit then shows the chart without a round trip), when they were seen since
   * {@link RememberingFeedOptions.previewSince} and within {@link PREVIEW_MAX_AGE_MS}; until the
   * page comes, {@link OfflinePrices} says they are updating. Once per page: a later view (another
   * pair, a catch-up) loads as it always did.
   */
  previewCandles(request: { symbol: SymbolId; interval: Interval }): readonly Candle[] | undefined {
    const kept = this.keptForPreview(request.symbol, request.interval);
    this.started = true;
    this.firstRead = undefined;
    if (!kept) return undefined;
    this.previewing = { symbol: request.symbol, interval: request.interval };
    this.options.offline.setUpdating(kept.seenAt);
    return kept.candles;
  }

  /** Whether {@link previewCandles} would offer kept candles of `symbol` `interval` now. */
  hasPreview(symbol: SymbolId, interval: Interval): boolean {
    return this.keptForPreview(symbol, interval) !== undefined;
  }

  private keptForPreview(symbol: SymbolId, interval: Interval): KeptCandles | undefined {
    const since = this.options.previewSince;
    if (this.started || since === undefined) return undefined;
    // Read once for the page's first view: the first chart asks (`hasPreview`), then its
    // controller takes them (`previewCandles`), in the same task; each read parses 500 rows.
    const read = this.firstRead;
    const kept =
      read?.symbol === symbol && read.interval === interval
        ? read.kept
        : this.options.store.read(symbol, interval);
    this.firstRead = { symbol, interval, kept };
    const maxAge = this.options.previewMaxAgeMs ?? PREVIEW_MAX_AGE_MS;
    if (!kept || kept.seenAt < since || this.now() - kept.seenAt > maxAge) return undefined;
    return kept;
  }

  /**
   * The chart asks for the latest page of a view: a preview of another pair is no longer drawn
   * (the chart went on before its page came), so its label goes at once, not when that page comes.
   */
  private ask(request: { symbol: SymbolId; interval: Interval }): void {
    this.asked = { symbol: request.symbol, interval: request.interval };
    const previewing = this.previewing;
    if (!previewing || this.isCurrent(previewing)) return;
    this.previewing = undefined;
    this.options.offline.endUpdating();
  }

  /** Whether `pair` is the view the chart asked for last (a late page of an older one is not). */
  private isCurrent(pair: { symbol: SymbolId; interval: Interval }): boolean {
    const asked = this.asked;
    return (
      asked === undefined || (asked.symbol === pair.symbol && asked.interval === pair.interval)
    );
  }

  /** Whether `request`'s pair was previewed; its page has come (or failed) either way. */
  private endPreview(request: { symbol: SymbolId; interval: Interval }): boolean {
    const previewing = this.previewing;
    if (previewing?.symbol !== request.symbol || previewing.interval !== request.interval) {
      return false;
    }
    this.previewing = undefined;
    return true;
  }

  watchCandles(
    symbol: SymbolId,
    interval: Interval,
    onCandle: (candle: Candle) => void,
  ): () => void {
    return this.inner.watchCandles(symbol, interval, (candle) => {
      const shown = this.shown;
      if (shown?.stale && shown.symbol === symbol && shown.interval === interval) {
        // The network is back, but this bar cannot follow the kept ones: load again.
        this.catchUp();
        return;
      }
      if (shown && shown.symbol === symbol && shown.interval === interval) {
        merge(shown, [candle], this.now());
        this.scheduleWrite();
      }
      onCandle(candle);
    });
  }

  /**
   * Lets the feed ask `reload` (the chart's `reload`) to load again once the network is back;
   * returns the teardown. Also writes what is shown when the page goes away.
   */
  startCatchUp(reload: () => void): () => void {
    this.reload = reload;
    const onOnline = () => this.catchUp();
    const onPageHide = () => this.write();
    const retry = setInterval(() => {
      if (this.shown?.stale) this.catchUp();
    }, this.options.retryMs ?? RETRY_MS);
    if (typeof window !== 'undefined') {
      window.addEventListener('online', onOnline);
      window.addEventListener('pagehide', onPageHide);
    }
    return () => {
      this.reload = undefined;
      clearInterval(retry);
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('pagehide', onPageHide);
      }
    };
  }

  private onLatest(
    request: { symbol: SymbolId; interval: Interval; limit: number },
    candles: readonly Candle[],
  ): void {
    const shown = this.shown;
    const samePair = shown?.symbol === request.symbol && shown.interval === request.interval;
    if (shown && samePair && !shown.stale) {
      merge(shown, candles, this.now()); // a gap fill
    } else if (request.limit >= CANDLE_PAGE_SIZE) {
      this.endPreview(request);
      this.shown = { ...request, candles: [...candles], seenAt: this.now(), stale: false };
      this.reloading = false;
      this.options.offline.set(undefined);
    } else {
      if (shown?.stale && samePair) this.catchUp(); // the network answers again
      return;
    }
    this.scheduleWrite();
  }

  private catchUp(): void {
    if (!this.shown?.stale || this.reloading || !this.reload) return;
    this.reloading = true;
    this.reload();
  }

  private scheduleWrite(): void {
    if (this.writeTimer !== undefined) return;
    this.writeTimer = setTimeout(() => this.write(), this.options.writeDelayMs ?? WRITE_DELAY_MS);
  }

  private write(): void {
    clearTimeout(this.writeTimer);
    this.writeTimer = undefined;
    const shown = this.shown;
    if (!shown || shown.stale) return;
    this.options.store.keep(shown.symbol, shown.interval, shown.candles, shown.seenAt);
  }
}

/** Applies newer candles to what is shown (same time: replaced, newer: appended), bounded. */
function merge(shown: Shown, candles: readonly Candle[], seenAt: number): void {
  for (const candle of candles) {
    const last = shown.candles[shown.candles.length - 1];
    if (last && candle.time < last.time) continue;
    if (last && candle.time === last.time) shown.candles[shown.candles.length - 1] = candle;
    else shown.candles.push(candle);
  }
  if (shown.candles.length > CANDLE_PAGE_SIZE)
    shown.candles.splice(0, shown.candles.length - CANDLE_PAGE_SIZE);
  shown.seenAt = seenAt;
}
