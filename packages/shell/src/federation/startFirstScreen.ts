import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { ALERTS_STORE_KEY } from '@pairwatch/domain';
import { type AppConfig } from '../config/AppConfig';
import { screenForPath } from '../routing/screenForPath';
import { firstScreenUrls, type FirstScreenPlace } from './firstScreenUrls';
import { registerAppRemotes } from './registerAppRemotes';
import { REMOTE_SCREENS } from './remoteScreens';

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

let started: ReadonlyMap<string, Promise<Response>> | undefined;

/**
 * Starts, once per page, what the first screen waits for, in parallel with the shell's own shared
 * modules: the remote's entry and the chunks its exposed screen needs at once (the manifest lists
 * them; 'sync' only: the manifest's async list also names the remote's copies of shared modules
 * the shell provides, e.g. a 190 KiB react-router, which would be downloaded for nothing), and
 * the api requests it makes before it can draw ({@link firstScreenUrls}). Without it each step
 * waited for the one before: shell loaded, run and rendered → remote manifest → entry → chunks →
 * screen rendered → candles (measured with `pnpm bench:web`; e2e/README.md).
 *
 * Only a head start: a failure here reaches nobody (the remote's own load and market-data's
 * requests report it), so no rejection is left unhandled.
 *
 * @returns the started requests by URL, for market-data's `prefetched` option.
 */
export function startFirstScreen(
  config: AppConfig,
  place: FirstScreenPlace = currentPlace(),
  runtime: FirstScreenRuntime = BROWSER,
): ReadonlyMap<string, Promise<Response>> {
  if (started) return started;
  registerAppRemotes(config.remotes, runtime.registerRemotes);
  const screen = REMOTE_SCREENS[screenForPath(place.pathname)];
  const expose = `./${screen.moduleId.slice(screen.containerName.length + 1)}`;
  runtime
    .preloadRemote([
      { nameOrAlias: screen.containerName, exposes: [expose], resourceCategory: 'sync' },
    ])
    .catch(() => undefined);
  const requests = new Map<string, Promise<Response>>();
  for (const url of firstScreenUrls(config.apiUrl, place)) {
    // The same headers as market-data's own request, so the answer is the one it would get.
    const response = runtime.fetch(url, { headers: { accept: 'application/json' } });
    response.catch(() => undefined);
    requests.set(url, response);
  }
  started = requests;
  return requests;
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
