import { isSymbolId } from '@pairwatch/domain';
import { parseAppConfig } from '../config/AppConfig';
import { firstScreenUrls } from '../federation/firstScreenUrls';
import { screenForPath } from '../routing/screenForPath';
import { remoteAssetUrls, type RemoteManifest } from './remoteAssetUrls';
import { type ShellBuild } from './ShellBuild';

/** Every cache of the app starts with this: the worker deletes only its own. */
const CACHE_PREFIX = 'pairwatch-';
/** The shell build's files, one cache per build (`pairwatch-shell-<build id>`). */
const SHELL_CACHE_PREFIX = `${CACHE_PREFIX}shell-`;
/** One cache per remote build, named by a hash of its manifest (`pairwatch-remote-<hash>`). */
const REMOTE_CACHE_PREFIX = `${CACHE_PREFIX}remote-`;
/** app-config.json and which remote build is current: outlives shell builds. */
const STATE_CACHE = `${CACHE_PREFIX}state`;
const APP_CONFIG_PATH = '/app-config.json';
/** Where the current remote builds are recorded in {@link STATE_CACHE} (never asked of a server). */
const REMOTE_VERSIONS_KEY = '/__pairwatch/remote-versions.json';
/** The pages the shell serves: the server answers each with its own preload headers. */
const DOCUMENT_PATHS = { alerts: '/alerts', positions: '/positions' } as const;
/**
 * How long a remote's files wait for its manifest from the network before the cached build is
 * used: a slow network must not hold the screen back much longer than no network does.
 */
const MANIFEST_WAIT_MS = 1500;
/**
 * How long after a page load its revalidation (the remotes' manifests, `app-config.json`) waits
 * when a build of every remote is kept: the page's own first answers come from the same worker
 * thread and cache storage, and in `pnpm bench:web` a revalidation begun at the navigation held
 * them back (warm reload 206 → 164–166 ms in two A/B pairs).
 */
const REVALIDATE_AFTER_MS = 1500;
/** webpack's content-hashed names (`1013.43ba443d.js`): one name, one content, forever. */
const HASHED_FILE = /\.[0-9a-f]{8}\.[a-z0-9]+$/;
/** A remote's files as the page asks for them (everything else cross-origin is the api's). */
const REMOTE_FILE = /(\/mf-manifest\.json|\.js|\.css)$/;
const MATCH = { ignoreVary: true } as const;

/** Which cache holds each remote's build, by manifest URL: the one in use and the one before. */
type RemoteVersions = Record<string, { readonly current: string; readonly previous?: string }>;

/**
 * A rule of the Static Routing API: requests matching `condition` are answered from `source`, a
 * cache (a miss goes to the network) or the network, without the worker.
 */
export interface WorkerRoute {
  readonly condition: {
    readonly urlPattern: {
      readonly pathname?: string;
      readonly baseURL?: string;
      readonly protocol?: string;
      readonly hostname?: string;
      readonly port?: string;
    };
  };
  readonly source: { readonly cacheName: string } | 'network';
}

/** What an {@link OfflineCache} runs on: the worker's globals, injectable for tests. */
export interface OfflineCacheOptions {
  /** The shell's origin (the worker's). */
  readonly origin: string;
  readonly build: ShellBuild;
  readonly caches: CacheStorage;
  readonly fetch: typeof fetch;
  /** Overrides {@link REVALIDATE_AFTER_MS} (tests). */
  readonly revalidateAfterMs?: number;
}

/**
 * What the service worker keeps so the app starts without a network, and how it answers the
 * page (docs/architecture.md §7, "Offline and updates"):
 *
 * - the shell build's files and its two pages, in a cache named by the build: served first from
 *   there (no network before the first script runs); a new build comes with a new worker, which
 *   the page offers to switch to;
 * - each remote's build — manifest, entry and the chunks its manifest lists — in a cache named by
 *   a hash of that manifest, so an entry is never served with another build's manifest. The
 *   current build answers at once (stale-while-revalidate: no network before the remote's code
 *   runs), while every page load asks the network for the manifests, a moment after its own
 *   answers; a new build is stored then and used from the next visit on. Content-hashed chunks are cache-first: from the current
 *   build, else the one before (a page still running it);
 * - `app-config.json`, stale-while-revalidate: answered as kept, asked of the network at each page
 *   load, a changed one kept for the next.
 *
 * The api is never answered from a cache: the worker lets its requests pass (where the browser has
 * static routes, they do not reach the worker at all); it only announces, with the pages it
 * answers, the api requests they wait on first (`pagePreloads`).
 *
 * A page's first requests are all answered from here at once, so each answer costs as few trips to
 * the browser's cache storage as it can (pnpm bench:web, warm visits): caches are opened once,
 * the record of current remote builds is read once per page load, and nothing is written while
 * nothing changed (a write holds back the reads of the cache it goes to).
 */
export class OfflineCache {
  private readonly shellCacheName: string;
  private readonly appConfigUrl: string;
  /** The manifests' refresh started by the latest page load, if any. */
  private refreshing: Promise<void> | undefined;
  /** The latest change of the record of current remote builds (they are made one at a time). */
  private versionUpdates: Promise<unknown> = Promise.resolve();
  /** Precaching of remote builds still running, for the worker to wait on. */
  private readonly precaching = new Set<Promise<void>>();
  /** The caches opened so far, by name: each `caches.open` is a round trip to cache storage. */
  private readonly opened = new Map<string, Promise<Cache>>();
  /**
   * The record of current remote builds as read at the latest page load (or written since): the
   * remote files of that page are answered from it without reading it again each time.
   */
  private versions: Promise<RemoteVersions> | undefined;
  /** The kept config's api URL, once read (`keptApiUrl`). */
  private apiUrl: Promise<string | undefined> | undefined;

  constructor(private readonly options: OfflineCacheOptions) {
    this.shellCacheName = `${SHELL_CACHE_PREFIX}${options.build.id}`;
    this.appConfigUrl = this.at(APP_CONFIG_PATH);
  }

  /**
   * The routes the browser follows without running the worker (the Static Routing API,
   * `InstallEvent.addRoutes`, where the browser has it), asked once the install step is done:
   *
   * - the shell build's scripts, straight from its cache, and `app-config.json` from the kept one
   *   (revalidated at each page load, see `respond`): a page's first script and the config it
   *   reads first never queue behind the worker's other answers, nor wait for the worker to be
   *   scheduled on a busy machine (pnpm bench:web, warm visits);
   * - the api (as the kept `app-config.json` names it) straight to the network: the worker never
   *   answers it, and each of its requests would otherwise wait for the worker to say so.
   *
   * What a cache does not hold goes to the network.
   */
  async routes(): Promise<readonly WorkerRoute[]> {
    const routes: WorkerRoute[] = [
      {
        condition: { urlPattern: { pathname: '/*.js', baseURL: this.options.origin } },
        source: { cacheName: this.shellCacheName },
      },
      {
        condition: { urlPattern: { pathname: APP_CONFIG_PATH, baseURL: this.options.origin } },
        source: { cacheName: STATE_CACHE },
      },
    ];
    const apiUrl = await this.keptApiUrl();
    const api = apiUrl === undefined ? undefined : new URL(apiUrl);
    if (api && api.origin !== this.options.origin) {
      routes.push({
        condition: {
          urlPattern: {
            protocol: api.protocol.slice(0, -1),
            hostname: api.hostname,
            port: api.port,
          },
        },
        source: 'network',
      });
    }
    return routes;
  }

  /**
   * The api's URL as the kept `app-config.json` names it, if one is kept and readable: read once
   * for the worker's life (a navigation waits for it), and again whenever a new config is kept.
   */
  private keptApiUrl(): Promise<string | undefined> {
    this.apiUrl ??= this.open(STATE_CACHE)
      .then((cache) => cache.match(this.appConfigUrl, MATCH))
      .then(async (response) =>
        response ? parseAppConfig(await response.json()).apiUrl : undefined,
      )
      .catch(() => undefined);
    return this.apiUrl;
  }

  /** The cache named `name`, opened once for the worker's life (a failed open is tried again). */
  private open(name: string): Promise<Cache> {
    let cache = this.opened.get(name);
    if (!cache) {
      cache = this.options.caches.open(name);
      this.opened.set(name, cache);
      cache.catch(() => this.opened.delete(name));
    }
    return cache;
  }

  /** A path of the shell as an absolute URL (cache keys are URLs). */
  private at(path: string): string {
    return new URL(path, this.options.origin).href;
  }

  /**
   * The install step: the shell build's files and pages (all or the install fails, so a worker
   * never serves half a build), then, best effort, app-config.json and the remotes' builds.
   */
  async install(): Promise<void> {
    const cache = await this.open(this.shellCacheName);
    await cache.addAll(
      [...this.options.build.assets, DOCUMENT_PATHS.alerts, DOCUMENT_PATHS.positions].map((path) =>
        this.at(path),
      ),
    );
    try {
      const response = await this.options.fetch(this.appConfigUrl, { cache: 'no-cache' });
      if (response.ok) {
        await (await this.open(STATE_CACHE)).put(this.appConfigUrl, await withoutVary(response));
      }
      await this.refreshRemotes();
      await this.settled();
    } catch (error) {
      console.warn('[pairwatch] the remotes were not kept for offline use:', error);
    }
  }

  /** The activate step: other shell builds' caches and remote builds no longer in use go. */
  async activate(): Promise<void> {
    const versions = await this.readVersions();
    const keep = new Set<string>([this.shellCacheName, STATE_CACHE]);
    for (const version of Object.values(versions)) {
      keep.add(version.current);
      if (version.previous) keep.add(version.previous);
    }
    const names = await this.options.caches.keys();
    await Promise.all(
      names
        .filter((name) => name.startsWith(CACHE_PREFIX) && !keep.has(name))
        .map((name) => {
          this.opened.delete(name);
          return this.options.caches.delete(name);
        }),
    );
  }

  /** Resolves once the remote builds being stored are stored (for `waitUntil`). */
  async settled(): Promise<void> {
    while (this.precaching.size > 0) await Promise.allSettled([...this.precaching]);
  }

  /**
   * The answer to a request, or `undefined` to let it go to the network untouched (the api,
   * anything not a GET, anything not the app's).
   *
   * @param background - told about work that outlives the answer (the worker's `waitUntil`).
   */
  respond(
    request: Request,
    background: (work: Promise<unknown>) => void,
  ): Promise<Response> | undefined {
    if (request.method !== 'GET') return undefined;
    const url = new URL(request.url);
    if (url.origin === this.options.origin) {
      if (request.mode === 'navigate') {
        // A page of the app has no extension; /sw.js or a manifest opened in a tab is a file.
        if (/\.[a-z0-9]+$/i.test(url.pathname)) return undefined;
        // Read again at each page load: a new shell build installing beside this worker may have
        // recorded new remote builds since.
        this.versions = undefined;
        const revalidation = this.revalidate(this.currentVersions());
        // Set at once: the files of a remote with no build kept wait on it (`remoteFile`).
        this.refreshing = revalidation.catch(() => undefined);
        background(revalidation);
        return this.document(request, url);
      }
      if (url.pathname === APP_CONFIG_PATH) return this.appConfig(request);
      if (url.pathname === '/sw.js') return undefined;
      return this.shellFile(request, url);
    }
    if (!REMOTE_FILE.test(url.pathname)) return undefined;
    return this.remoteFile(request, url);
  }

  /**
   * A page load's revalidation: the remotes' manifests and `app-config.json`, asked of the
   * network once the page's first answers had their turn ({@link REVALIDATE_AFTER_MS}), or at
   * once while a remote has no build kept (its files wait for this, see `remoteFile`).
   */
  private async revalidate(versions: Promise<RemoteVersions>): Promise<void> {
    const [kept, remotes] = await Promise.all([
      versions.catch(() => undefined),
      this.readRemoteManifestUrls().catch(() => []),
    ]);
    if (kept && remotes.length > 0 && remotes.every((manifestUrl) => kept[manifestUrl])) {
      const delay = this.options.revalidateAfterMs ?? REVALIDATE_AFTER_MS;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    await Promise.all([this.refreshRemotes(), this.refreshAppConfig()]);
  }

  /**
   * The kept page of the screen `url` opens, with preloads of the api requests it waits on
   * before it draws (`pagePreloads`): the browser asks the api as the page arrives, not after the
   * page's first script ran. The first chart's data is among them when the URL names its pair (a
   * notification's link, a shared one); without one the page picks the pair from its own storage,
   * which the worker cannot read, and asks as soon as its first script runs.
   */
  private async document(request: Request, url: URL): Promise<Response> {
    const cache = await this.open(this.shellCacheName);
    const [cached, apiUrl] = await Promise.all([
      cache.match(this.at(DOCUMENT_PATHS[screenForPath(url.pathname)]), MATCH),
      this.keptApiUrl(),
    ]);
    if (!cached) return this.options.fetch(request);
    // The server may have announced some with the kept page already (its /status, say).
    const announced = cached.headers.get('Link') ?? '';
    const hints = (apiUrl === undefined ? [] : pagePreloads(apiUrl, url)).filter(
      (hint) => !announced.includes(hint.slice(0, hint.indexOf('>') + 1)),
    );
    if (hints.length === 0) return cached;
    const headers = new Headers(cached.headers);
    for (const hint of hints) headers.append('Link', hint);
    return new Response(cached.body, {
      status: cached.status,
      statusText: cached.statusText,
      headers,
    });
  }

  private async shellFile(request: Request, url: URL): Promise<Response> {
    const cache = await this.open(this.shellCacheName);
    const cached = await cache.match(url.href, MATCH);
    if (cached) return cached;
    const response = await this.options.fetch(request);
    // The symbol logos are many and few are shown: kept as they are seen.
    if (response.ok && url.pathname.startsWith('/icons/')) {
      await cache.put(url.href, response.clone());
    }
    return response;
  }

  /**
   * `app-config.json` as kept (where the browser has no static routes, or before they apply),
   * else from the network, then kept. Revalidated at each page load, not here: where the browser
   * routes the page's request to the cache, the worker never sees it.
   */
  private async appConfig(request: Request): Promise<Response> {
    const cache = await this.open(STATE_CACHE);
    const cached = await cache.match(this.appConfigUrl, MATCH);
    if (cached) return cached;
    const response = await this.options.fetch(request.url, { cache: 'no-cache' });
    if (response.ok) {
      await cache.put(this.appConfigUrl, await withoutVary(response.clone()));
      this.apiUrl = undefined;
    }
    return response;
  }

  /**
   * Asks the network for `app-config.json` and keeps it when it changed (stale-while-revalidate:
   * the page load that asked runs on the kept one, the next on this). Offline keeps the kept one.
   */
  private async refreshAppConfig(): Promise<void> {
    const cache = await this.open(STATE_CACHE);
    const [cached, response] = await Promise.all([
      cache.match(this.appConfigUrl, MATCH),
      this.options.fetch(this.appConfigUrl, { cache: 'no-cache' }).catch(() => undefined),
    ]);
    if (!response?.ok) return;
    const fresh = await response.clone().text();
    if (cached && (await cached.text()) === fresh) return;
    await cache.put(this.appConfigUrl, await withoutVary(response));
    this.apiUrl = undefined;
  }

  /** The record of current remote builds: the one this page load read, else read now. */
  private currentVersions(): Promise<RemoteVersions> {
    if (this.versions) return this.versions;
    const versions = this.readVersions();
    this.versions = versions;
    // A failed read is not kept: the next request reads again.
    versions.catch(() => {
      if (this.versions === versions) this.versions = undefined;
    });
    return versions;
  }

  /** The recorded builds of the remote serving `url`, if a build of it is kept. */
  private async buildsOf(url: URL): Promise<RemoteVersions[string] | undefined> {
    const versions = await this.currentVersions();
    const manifestUrl = Object.keys(versions).find((manifest) => isBeside(url, manifest));
    return manifestUrl === undefined ? undefined : versions[manifestUrl];
  }

  /**
   * A remote's file: from the current build its manifest names (a build found at an earlier page
   * load; on a first visit, the one this load finds, waiting for it a little), else the network,
   * kept in that build's cache. A content-hashed chunk is also taken from the build before: a
   * page still running that build asks for its own chunks.
   */
  private async remoteFile(request: Request, url: URL): Promise<Response> {
    const hashed = HASHED_FILE.test(url.pathname);
    let builds = await this.buildsOf(url);
    // Nothing cached for this remote yet (a first visit): its manifest is on its way. A chunk
    // does not wait: its name is its content, whichever build it belongs to.
    if (!builds && !hashed && this.refreshing) {
      await waitAtMost(this.refreshing, MANIFEST_WAIT_MS);
      builds = await this.buildsOf(url);
    }
    if (!builds) return this.options.fetch(request);
    const cache = await this.open(builds.current);
    const cached =
      (await cache.match(url.href, MATCH)) ??
      (hashed && builds.previous
        ? await (await this.open(builds.previous)).match(url.href, MATCH)
        : undefined);
    if (cached) return cached;
    // CORS, as the remotes allow the shell: a cached response can then answer the runtime's
    // fetch of a manifest and a script tag alike.
    const response = await this.options
      .fetch(url.href, { mode: 'cors', credentials: 'omit' })
      .catch(() => this.options.fetch(request));
    if (response.ok && response.type === 'cors') await cache.put(url.href, response.clone());
    return response;
  }

  /**
   * Reads each remote's manifest from the network; a manifest not seen before is a new build:
   * its cache is made, the manifest recorded as current (the build before it kept for pages
   * still running it) and its files stored in the background. A remote that does not answer
   * keeps its cached build.
   */
  private refreshRemotes(): Promise<void> {
    const refresh = this.readRemoteManifestUrls().then(async (manifestUrls) => {
      await Promise.all(manifestUrls.map((manifestUrl) => this.refreshRemote(manifestUrl)));
    });
    this.refreshing = refresh.catch(() => undefined);
    return this.refreshing;
  }

  private async refreshRemote(manifestUrl: string): Promise<void> {
    let response: Response;
    try {
      response = await this.options.fetch(manifestUrl, {
        mode: 'cors',
        credentials: 'omit',
        cache: 'no-cache',
      });
    } catch {
      return; // offline, or the remote is down: its cached build stays in use
    }
    if (!response.ok) return;
    const text = await response.clone().text();
    const cacheName = `${REMOTE_CACHE_PREFIX}${await sha256(`${manifestUrl}\n${text}`)}`;
    // The build in use, as on almost every page load: stored already, nothing to write.
    if ((await this.currentVersions())[manifestUrl]?.current === cacheName) return;
    const cache = await this.open(cacheName);
    await cache.put(manifestUrl, response);
    const changed = await this.updateVersions((versions) => {
      const known = versions[manifestUrl];
      if (known?.current === cacheName) return undefined;
      return {
        ...versions,
        [manifestUrl]: known
          ? { current: cacheName, previous: known.current }
          : { current: cacheName },
      };
    });
    if (changed) {
      // The shell's pages carry preload links to the remote's files of the day: asked for again,
      // so the next visit preloads this build's.
      this.track(this.storeRemoteBuild(manifestUrl, text, cache).then(() => this.renewDocuments()));
    }
  }

  /**
   * Changes the record of current remote builds, one change at a time (the remotes are
   * refreshed at once); `change` returns undefined to leave it as it is.
   *
   * @returns whether it changed.
   */
  private updateVersions(
    change: (versions: RemoteVersions) => RemoteVersions | undefined,
  ): Promise<boolean> {
    const update = this.versionUpdates.then(async () => {
      const next = change(await this.readVersions());
      if (next) {
        await this.writeVersions(next);
        this.versions = Promise.resolve(next);
      }
      return next !== undefined;
    });
    this.versionUpdates = update.catch(() => undefined);
    return update;
  }

  private async storeRemoteBuild(manifestUrl: string, text: string, cache: Cache): Promise<void> {
    const urls = remoteAssetUrls(
      manifestUrl,
      JSON.parse(text) as RemoteManifest,
      await this.hostShared(),
    );
    await Promise.all(
      urls.map(async (url) => {
        if (await cache.match(url, MATCH)) return;
        const response = await this.options.fetch(url, { mode: 'cors', credentials: 'omit' });
        if (response.ok) await cache.put(url, response);
      }),
    );
  }

  /** The shell's pages again, when only their headers changed (their body is the build's). */
  private async renewDocuments(): Promise<void> {
    const cache = await this.open(this.shellCacheName);
    await Promise.all(
      Object.values(DOCUMENT_PATHS).map(async (path) => {
        const url = this.at(path);
        const [cached, fresh] = await Promise.all([
          cache.match(url, MATCH),
          this.options.fetch(url, { cache: 'no-cache' }),
        ]);
        if (!cached || !fresh.ok) return;
        const [before, after] = await Promise.all([cached.text(), fresh.clone().text()]);
        if (before === after) await cache.put(url, fresh);
      }),
    );
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => {
      console.warn('[pairwatch] a remote build was not kept for offline use:', error);
    });
    this.precaching.add(tracked);
    void tracked.finally(() => this.precaching.delete(tracked));
  }

  /** The shared modules the shell provides, from its own manifest in its build's cache. */
  private async hostShared(): Promise<ReadonlySet<string>> {
    const cache = await this.open(this.shellCacheName);
    const response = await cache.match(this.at('/mf-manifest.json'), MATCH);
    if (!response) return new Set();
    const manifest = (await response.json()) as { shared?: readonly { name?: unknown }[] };
    return new Set(
      (manifest.shared ?? [])
        .map((shared) => shared.name)
        .filter((name): name is string => typeof name === 'string'),
    );
  }

  /** The remotes' manifest URLs from the kept app-config.json (none before one is kept). */
  private async readRemoteManifestUrls(): Promise<string[]> {
    const cache = await this.open(STATE_CACHE);
    const response = await cache.match(this.appConfigUrl, MATCH);
    if (!response) return [];
    const config = parseAppConfig(await response.json());
    return Object.values(config.remotes);
  }

  private async readVersions(): Promise<RemoteVersions> {
    const cache = await this.open(STATE_CACHE);
    const response = await cache.match(this.at(REMOTE_VERSIONS_KEY), MATCH);
    return response ? ((await response.json()) as RemoteVersions) : {};
  }

  private async writeVersions(versions: RemoteVersions): Promise<void> {
    const cache = await this.open(STATE_CACHE);
    await cache.put(
      this.at(REMOTE_VERSIONS_KEY),
      new Response(JSON.stringify(versions), { headers: { 'Content-Type': 'application/json' } }),
    );
  }
}

/**
 * `response` as kept for a static route: without its `Vary` header. The route's cache lookup
 * honours `Vary` (it has no `ignoreVary`), and the page's CORS request for the config differs
 * from the worker's in the headers the server varies on (`Origin`), so it would always miss.
 */
async function withoutVary(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.delete('Vary');
  return new Response(await response.arrayBuffer(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * `Link` preloads of the api requests a page at `url` waits on before it draws, spelled as the
 * page asks them (as CORS fetches without credentials): `GET /status`, for the frame's market
 * chip, which every screen shows before any price; and, when the URL names a pair, the first
 * chart's (`firstScreenUrls`).
 */
function pagePreloads(apiUrl: string, url: URL): string[] {
  const chart = isSymbolId(url.searchParams.get('symbol'))
    ? firstScreenUrls(apiUrl, { pathname: url.pathname, search: url.search, storedAlerts: null })
    : undefined;
  return [`${apiUrl}/status`, ...(chart ? [chart.candles, chart.symbolInfo] : [])].map(
    (href) => `<${href}>; rel=preload; as=fetch; crossorigin=anonymous`,
  );
}

/** Whether `url` is in the folder of `manifestUrl` (a remote's files are beside its manifest). */
function isBeside(url: URL, manifestUrl: string): boolean {
  const folder = new URL('.', manifestUrl);
  return url.origin === folder.origin && url.pathname.startsWith(folder.pathname);
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 8)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
}

/** Resolves when `work` settles or after `ms`, whichever is first (the timer does not outlive it). */
async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    work.catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
