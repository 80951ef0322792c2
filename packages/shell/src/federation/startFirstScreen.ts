import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { ALERTS_STORE_KEY, type Interval, type SymbolId } from '@pairwatch/domain';
import { type AppConfig } from '../config/AppConfig';
import { screenForPath } from '../routing/screenForPath';
import { fetchMarketSource, type MarketSource } from '../status/fetchMarketSource';
import { firstChartUrls, firstChartView, type FirstScreenPlace } from './firstScreenUrls';
import { registerAppRemotes } from './registerAppRemotes';
import { REMOTE_SCREENS, type RemoteScreen } from './remoteScreens';

/** What {@link startFirstScreen} calls: the federation runtime and `fetch` (fakes in unit tests). */
export interface FirstScreenRuntime {
  readonly registerRemotes: (remotes: { name: string; entry: string }[]) => void;
  readonly preloadRemote: (
    options: { nameOrAlias: string; exposes: string[]; resourceCategory: 'sync' }[],
  ) => Promise<unknown>;
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
}

const BROWSER: FirstScreenRuntime = {
  registerRemotes,
  preloadRemote,
  fetch: (url, init) => globalThis.fetch(url, init),
};

/**
 * The Alerts chart of the first screen: its view and the JSON bodies of its two answers (read
 * from copies; rejected with an `Error` naming the HTTP status when the api refused).
 */
export interface FirstChartStart {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  readonly candles: Promise<unknown>;
  readonly symbolInfo: Promise<unknown>;
}

/** What {@link startFirstScreen} started. */
export interface FirstScreenStart {
  /** The first screen's api requests by URL, for market-data's `prefetched` option. */
  readonly requests: ReadonlyMap<string, Promise<Response>>;
  /** The first chart's data, when the first screen is Alerts (drawn by `drawFirstChart`). */
  readonly chart: FirstChartStart | undefined;
  /** The market source from `GET /status`; `undefined` when it could not be read. */
  readonly marketSource: Promise<MarketSource | undefined>;
  /**
   * Downloads (does not run) the first screen's code, once: with a first chart, `main.ts` calls
   * it when that chart has settled (drawn or failed); without one it was called at the start.
   */
  readonly preloadScreen: () => void;
}

let started: FirstScreenStart | undefined;

/**
 * Starts, once per page, what the first screen waits for, in parallel with the shell's own shared
 * modules: the remote's entry and the chunks its exposed screen needs at once (the manifest lists
 * them; 'sync' only: the manifest's async list also names the remote's copies of shared modules
 * the shell provides, e.g. a 190 KiB react-router, which would be downloaded for nothing), and
 * the api requests it makes before it can draw ({@link firstScreenUrls}). Without it each step
 * waited for the one before: shell loaded, run and rendered → remote manifest → entry → chunks →
 * screen rendered → candles (measured with `pnpm bench:web`; e2e/README.md).
 *
 * With a first chart nothing is preloaded here: the page's `Link` headers have the chart's code
 * under way from its first byte, and `drawFirstChart` loads the module in the same turn. The
 * screen that adopts the chart is preloaded once the chart has settled
 * ({@link FirstScreenStart.preloadScreen}): each preload has the runtime check every shared module
 * of the remote's manifest against the shell's (about 60 semver comparisons), and both preloads
 * ran on the main thread before the first candles (`pnpm bench:web`; `announcedCodePlugin` leaves
 * out the one `loadRemote` makes of the chart's code for the same reason).
 *
 * Only a head start: a failure here reaches nobody (the remote's own load and market-data's
 * requests report it), so no rejection is left unhandled.
 *
 * Also asks `GET /status` for the frame's "Simulated market" chip, which must be on screen
 * before any simulated price is (the first chart draws before the React frame).
 *
 * @returns what it started, the same each call.
 */
export function startFirstScreen(
  config: AppConfig,
  place: FirstScreenPlace = currentPlace(),
  runtime: FirstScreenRuntime = BROWSER,
): FirstScreenStart {
  if (started) return started;
  registerAppRemotes(config.remotes, runtime.registerRemotes);
  const view = firstChartView(place);
  const screen = REMOTE_SCREENS[screenForPath(place.pathname)];
  let screenPreloaded = false;
  const preloadScreen = () => {
    if (screenPreloaded) return;
    screenPreloaded = true;
    // A failure reaches nobody here (the screen's own load reports it).
    runtime
      .preloadRemote([
        {
          nameOrAlias: screen.containerName,
          exposes: [screenExpose(screen)],
          resourceCategory: 'sync',
        },
      ])
      .catch(() => undefined);
  };
  // Without a first chart the screen is what is drawn first: its code is asked for before the
  // api requests, as it arrives after the data (pnpm bench:web).
  if (!view) preloadScreen();
  const requests = new Map<string, Promise<Response>>();
  const ask = (url: string) => {
    // The same headers as market-data's own request, so the answer is the one it would get.
    const response = runtime.fetch(url, { headers: { accept: 'application/json' } });
    response.catch(() => undefined);
    requests.set(url, response);
    return response;
  };
  let chart: FirstChartStart | undefined;
  if (view) {
    const urls = firstChartUrls(config.apiUrl, view);
    chart = {
      ...view,
      candles: readCopy(ask(urls.candles), 'candles'),
      symbolInfo: readCopy(ask(urls.symbolInfo), 'symbol info'),
    };
  }
  const marketSource = fetchMarketSource(config.apiUrl, (input, init) =>
    runtime.fetch(String(input), init ?? {}),
  ).catch(() => undefined);
  started = { requests, chart, marketSource, preloadScreen };
  return started;
}

/** The exposed module of a remote screen, as the manifest names it (`./AlertsRoute`). */
function screenExpose(screen: RemoteScreen): string {
  return `./${screen.moduleId.slice(screen.containerName.length + 1)}`;
}

/**
 * The JSON body of a copy of an answer (the original stays unread for market-data), read as soon
 * as it arrives: while the remote's code is still loading, so the first chart finds its data
 * ready and lays out and draws its screen in one task. Read by the chart itself, the body took a
 * trip through the event loop, and the browser rendered a frame in between (pnpm bench:web).
 */
function readCopy(response: Promise<Response>, what: string): Promise<unknown> {
  const body = response.then((answer) => {
    if (!answer.ok) throw new Error(`GET ${what} answered HTTP ${answer.status}.`);
    return answer.clone().json();
  });
  body.catch(() => undefined);
  return body;
}

function currentPlace(): FirstScreenPlace {
  let storedAlerts: string | null = null;
  try {
    storedAlerts = window.localStorage.getItem(ALERTS_STORE_KEY);
  } catch {
    // Storage blocked (private mode): the screen falls back to the default symbol too.
  }
  return { pathname: window.location.pathname, search: window.location.search, storedAlerts };
}
