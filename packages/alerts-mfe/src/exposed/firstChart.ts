import { readReachableChannelHint } from '../channels/reachableChannelHint';
import {
  type Candle,
  type SymbolId,
  type SymbolInfo,
  defaultSymbolInfo,
  isInterval,
  isSymbolId,
  parseCandles,
  parseSymbolsInfo,
} from '@pairwatch/domain';
import { chartAppearance } from '../chart/chartAppearance';
import { ChartController } from '../chart/ChartController';
import { CANDLE_PAGE_SIZE } from '../chart/chartConstants';
import { HandoverFeed } from '../chart/HandoverFeed';
import { LastCandlesStore } from '../chart/LastCandlesStore';
import { RememberingFeed } from '../chart/RememberingFeed';
import { sharedOfflinePrices } from '../chart/sharedOfflinePrices';
import { showOfflineNotice } from '../chart/showOfflineNotice';
// Loaded for its one effect: it reads the browser tests' flag when it loads, which must be when
// the Alerts code first loads (now), not later with the screen's code. The hook itself is the
// screen's to install (CandleChart, after the adoption): a test that reads bars reads a live screen.
import '../chart/installChartTestHook';
import { markFirstCandles } from '../chart/markFirstCandles';
import { markLatestCandles } from '../chart/markLatestCandles';
import { FirstChart } from '../firstScreen/FirstChart';
import { offerFirstChart } from '../firstScreen/firstChartSlot';
import { renderFirstScreen } from '../firstScreen/renderFirstScreen';
import { browserPushPlatform } from '../push/browserPushPlatform';
import { initialPushState } from '../push/initialPushState';

/** What the shell gives `alerts_mfe/firstChart` (docs/architecture.md §7, "The first chart"). */
export interface FirstChartOptions {
  /** Where to draw: an empty element where the Alerts screen's content will be. */
  readonly slot: HTMLElement;
  /** The symbol and interval the Alerts screen will open with. */
  readonly symbol: string;
  readonly interval: string;
  /**
   * The JSON bodies of the shell's `GET /candles` (latest 500) and `GET /symbols/{symbol}`, read
   * by the shell while this module loads; rejected with an `Error` naming the HTTP status when
   * the api refused. Checked here (`parseCandles`, `parseSymbolsInfo`).
   */
  readonly candles: Promise<unknown>;
  readonly symbolInfo: Promise<unknown>;
  /**
   * Epoch milliseconds since which the frame has shown the market source it shows now (the one
   * the shell last saw, kept): candles kept since then may be drawn before the api's, which come
   * once the frame shows the current source. Absent (an older shell, or no source seen yet): the
   * chart waits for the api's.
   */
  readonly previewSince?: number;
  /** Told when the first screen is gone (the Alerts screen took the chart, or it was dropped). */
  readonly onRemoved: () => void;
}

/**
 * How long the chart waits for its data before it is created anyway (and shows its loading
 * watermark): a slow api must not leave the card empty.
 */
const DATA_WAIT_MS = 250;

function delay(ms: number): Promise<undefined> {
  return new Promise((resolve) => setTimeout(() => resolve(undefined), ms));
}

async function readSymbolInfo(
  body: Promise<unknown>,
  symbol: SymbolId,
): Promise<SymbolInfo | undefined> {
  try {
    return parseSymbolsInfo(await body, [symbol]).get(symbol);
  } catch {
    return undefined; // drawn with the catalogue's format; the screen asks again and reports it
  }
}

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // blocked: the screen starts without a stored subscription id too
  }
}

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

/**
 * Draws the Alerts chart before React and MUI are loaded, from the page load's own requests, and
 * leaves it for the Alerts screen to adopt (it moves the chart into its layout and hands the live
 * stream over). Loaded by the shell through Module Federation; imports no shared module, so it
 * runs as soon as its own chunk is there.
 *
 * @returns a promise settled on the first candles drawn (the `pairwatch:alerts:first-candles`
 * mark), or rejected when nothing can be drawn (the screen then reports it as usual).
 */
export default async function startFirstChart(options: FirstChartOptions): Promise<void> {
  const { symbol, interval } = options;
  if (!isSymbolId(symbol) || !isInterval(interval)) {
    throw new RangeError(`No first chart for ${symbol} ${interval}.`);
  }
  const storage = browserStorage();
  const push = initialPushState(browserPushPlatform(), storage);
  const screen = renderFirstScreen(options.slot, {
    symbol,
    interval,
    push,
    otherChannel: readReachableChannelHint(storage),
  });
  const candles: Promise<readonly Candle[]> = options.candles.then(parseCandles);
  const symbolInfo = readSymbolInfo(options.symbolInfo, symbol);
  // Without a network the shell's request fails: the feed draws the candles last shown instead.
  // On a repeat visit it draws them at once, and the api's replace them when they come.
  const handover = new HandoverFeed({ symbol, interval, limit: CANDLE_PAGE_SIZE, candles });
  const feed = new RememberingFeed(handover, {
    store: new LastCandlesStore(storage),
    offline: sharedOfflinePrices,
    ...(typeof options.previewSince === 'number' ? { previewSince: options.previewSince } : {}),
  });
  // The chart is created with its data when that is (nearly) there, as it usually is: created
  // before, it would draw itself empty first, a whole frame of work before the candles. Data
  // already read (the shell reads it while this module loads) continues in this same task: the
  // screen above and the chart are laid out and drawn in one frame. Kept candles of a pair whose
  // format the catalogue knows are there already: no wait.
  const data = Promise.all([candles, symbolInfo]);
  data.catch(() => undefined);
  const previewNow = feed.hasPreview(symbol, interval) && defaultSymbolInfo(symbol) !== undefined;
  const info = previewNow
    ? undefined
    : await Promise.race([
        data.then(
          ([, known]) => ({ known }),
          () => undefined,
        ),
        delay(DATA_WAIT_MS),
      ]);
  return new Promise<void>((resolve, reject) => {
    // Set right after the controller: its callbacks run later, never during its construction.
    const held: { first?: FirstChart } = {};
    const controller = new ChartController(screen.chart, {
      feed,
      appearance: chartAppearance(prefersDark() ? 'dark' : 'light'),
      onFirstCandlesDrawn: (view, bars, kept) => {
        markFirstCandles(view, bars, kept);
        resolve();
      },
      onLatestCandlesDrawn: markLatestCandles,
      onLoadError: (error) => {
        held.first?.reportLoadError(error);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onAddAlert: (request) => held.first?.requestAlert(request),
    });
    // For the page's life: the notice and the catch-up move to the screen with the chart.
    showOfflineNotice(screen.chart, sharedOfflinePrices);
    feed.startCatchUp(() => controller.reload());
    const first = new FirstChart(screen.chart, controller, handover, () => {
      screen.remove();
      options.onRemoved();
    });
    held.first = first;
    offerFirstChart(first);
    if (info) {
      controller.show({ symbol, interval, symbolInfo: info.known, symbolInfoLoading: false });
      return;
    }
    // A preview of a catalogue pair is drawn in the catalogue's format meanwhile: its info only
    // confirms it (or corrects it in place, no new session).
    controller.show({ symbol, interval, symbolInfo: undefined, symbolInfoLoading: !previewNow });
    void symbolInfo.then((known) => {
      // After the adoption the screen says what to show.
      if (first.isAdopted) return;
      controller.show({ symbol, interval, symbolInfo: known, symbolInfoLoading: false });
    });
  });
}
