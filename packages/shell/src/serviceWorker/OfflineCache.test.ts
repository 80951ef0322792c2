/**
 * @jest-environment node
 */
// Node's environment, not the package's jsdom: the worker runs without a DOM, and Node has what it
// does use (fetch's Request and Response, crypto.subtle), which jsdom lacks.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { firstScreenUrls } from '../federation/firstScreenUrls';
import { OfflineCache } from './OfflineCache';
import { type ShellBuild } from './ShellBuild';

const SHELL = 'http://shell.test';
const ALERTS = 'http://alerts.test';
const POSITIONS = 'http://positions.test';
const API = 'http://api.test';
const ALERTS_MANIFEST = `${ALERTS}/mf-manifest.json`;
const POSITIONS_MANIFEST = `${POSITIONS}/mf-manifest.json`;
const APP_CONFIG = JSON.stringify({
  apiUrl: API,
  remotes: { alerts: ALERTS_MANIFEST, positions: POSITIONS_MANIFEST },
});
const BUILD: ShellBuild = {
  id: 'b1',
  assets: ['/main.js', '/vendor.1111aaaa.js', '/mf-manifest.json'],
};

/** A remote's `mf-manifest.json`: its entry, an exposed module's chunk and two shared modules. */
function remoteManifest(chunk: string, version: string): string {
  return JSON.stringify({
    version,
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ assets: { js: { sync: [chunk], async: [] } } }],
    shared: [
      // The shell provides react: never loaded from the remote, so not kept.
      { name: 'react', assets: { js: { sync: ['react.bbbb2222.js'] } } },
      { name: 'lightweight-charts', assets: { js: { sync: ['lwc.cccc3333.js'] } } },
    ],
  });
}

/** The servers: files by URL, which the test changes (a deployment) or takes offline. */
class FakeNetwork {
  online = true;
  readonly files = new Map<string, string>();
  /** Headers some answers carry, by URL. */
  readonly headers = new Map<string, Record<string, string>>();
  /** The URLs asked for, in order. */
  readonly requests: string[] = [];
  /** URLs whose answer waits until the test releases it. */
  private readonly held = new Map<string, Promise<void>>();

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    this.requests.push(url);
    await this.held.get(url);
    if (!this.online) throw new TypeError('Failed to fetch');
    const body = this.files.get(url);
    const response = new Response(body ?? 'Not Found', {
      status: body === undefined ? 404 : 200,
      headers: this.headers.get(url) ?? {},
    });
    // A cross-origin request in CORS mode, as the remotes allow the shell: a 'cors' answer.
    const mode =
      init?.mode ?? (typeof input === 'object' && 'mode' in input ? input.mode : undefined);
    if (mode === 'cors' && !url.startsWith(SHELL)) {
      Object.defineProperty(response, 'type', { value: 'cors' });
    }
    return response;
  };

  /** Holds the answers to `url` until the returned function is called. */
  hold(url: string): () => void {
    let release!: () => void;
    this.held.set(
      url,
      new Promise((resolve) => {
        release = resolve;
      }),
    );
    return () => {
      this.held.delete(url);
      release();
    };
  }

  /** How many times `url` was asked for. */
  count(url: string): number {
    return this.requests.filter((request) => request === url).length;
  }
}

/** The Cache API's `Cache`, over a map, as far as the worker uses it. */
class FakeCache {
  readonly entries = new Map<string, Response>();

  constructor(private readonly storage: FakeCacheStorage) {}

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    this.storage.reads += 1;
    return this.entries.get(keyOf(request))?.clone();
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    this.storage.writes += 1;
    // As the real one: the body is read (a used one is refused) and kept.
    const body = await response.arrayBuffer();
    this.entries.set(
      keyOf(request),
      new Response(body, { status: response.status, headers: response.headers }),
    );
  }

  /** All or nothing, as the real one: one failed answer and nothing is kept. */
  async addAll(requests: readonly string[]): Promise<void> {
    const responses = await Promise.all(requests.map((url) => this.storage.network.fetch(url)));
    if (responses.some((response) => !response.ok)) throw new TypeError('addAll: a request failed');
    await Promise.all(requests.map((url, index) => this.put(url, responses[index]!)));
  }

  /** The kept body of `url`, read without counting. */
  async text(url: string): Promise<string | undefined> {
    return this.entries.get(url)?.clone().text();
  }
}

/** The Cache API's `CacheStorage` (`self.caches`), counting what the worker asks of it. */
class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();
  opens = 0;
  reads = 0;
  writes = 0;

  constructor(readonly network: FakeNetwork) {}

  async open(name: string): Promise<FakeCache> {
    this.opens += 1;
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache(this);
      this.caches.set(name, cache);
    }
    return cache;
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async match(): Promise<Response | undefined> {
    throw new Error('Not used by the worker: it looks in the cache of the build it serves.');
  }

  /** The remote build caches holding `url` (the caches named by a manifest's hash). */
  remoteCachesWith(url: string): string[] {
    return [...this.caches]
      .filter(([name, cache]) => name.startsWith('pairwatch-remote-') && cache.entries.has(url))
      .map(([name]) => name);
  }
}

function keyOf(request: RequestInfo | URL): string {
  return typeof request === 'string'
    ? request
    : request instanceof URL
      ? request.href
      : request.url;
}

/** A request as the page's fetch event carries it (Node refuses to construct a navigation). */
function request(url: string, mode: RequestMode = 'cors', method = 'GET'): Request {
  return { url, mode, method } as Request;
}

/** Lets every promise that can settle now settle (the fakes answer in microtasks). */
async function flush(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

let network: FakeNetwork;
let storage: FakeCacheStorage;

function deployRemote(origin: string, chunk: string, version: string): void {
  network.files.set(`${origin}/mf-manifest.json`, remoteManifest(chunk, version));
  network.files.set(`${origin}/remoteEntry.js`, `entry ${version}`);
  network.files.set(`${origin}/${chunk}`, `chunk ${version}`);
  network.files.set(`${origin}/lwc.cccc3333.js`, 'lightweight-charts');
  network.files.set(`${origin}/react.bbbb2222.js`, 'react of the remote');
}

/** A worker; a page load's revalidation waits `revalidateAfterMs` (none unless a test says). */
function worker(build: ShellBuild = BUILD, revalidateAfterMs = 0): OfflineCache {
  return new OfflineCache({
    origin: SHELL,
    build,
    caches: storage as unknown as CacheStorage,
    fetch: network.fetch as typeof fetch,
    revalidateAfterMs,
  });
}

/** Installs and activates a worker, as the browser does before it controls a page. */
async function installed(build: ShellBuild = BUILD, revalidateAfterMs = 0): Promise<OfflineCache> {
  const offline = worker(build, revalidateAfterMs);
  await offline.install();
  await offline.activate();
  return offline;
}

/**
 * Asks the worker for `url` as a page would; `body` is the answer's text (`undefined` when the
 * worker leaves the request to the network), `background` the work it left running.
 */
async function ask(
  offline: OfflineCache,
  url: string,
  mode: RequestMode = 'cors',
): Promise<{ body: string | undefined; background: Promise<unknown> }> {
  const work: Promise<unknown>[] = [];
  const response = offline.respond(request(url, mode), (promise) => work.push(promise));
  const body = response ? await (await response).text() : undefined;
  return { body, background: Promise.all(work) };
}

/**
 * A page load: the navigation then `files`, the answers' bodies once everything they started
 * (the manifests' refresh, revalidations, builds being stored) is over.
 */
async function pageLoad(
  offline: OfflineCache,
  ...files: string[]
): Promise<(string | undefined)[]> {
  const page = await ask(offline, `${SHELL}/alerts?symbol=BTCUSDT`, 'navigate');
  const answers = await Promise.all(files.map((url) => ask(offline, url)));
  await Promise.all([page, ...answers].map((answer) => answer.background));
  await offline.settled();
  return answers.map((answer) => answer.body);
}

beforeEach(() => {
  network = new FakeNetwork();
  storage = new FakeCacheStorage(network);
  network.files.set(`${SHELL}/main.js`, 'shell main');
  network.files.set(`${SHELL}/vendor.1111aaaa.js`, 'shell vendor');
  network.files.set(`${SHELL}/mf-manifest.json`, JSON.stringify({ shared: [{ name: 'react' }] }));
  network.files.set(`${SHELL}/alerts`, '<html>alerts page</html>');
  network.files.set(`${SHELL}/positions`, '<html>positions page</html>');
  network.files.set(`${SHELL}/app-config.json`, APP_CONFIG);
  deployRemote(ALERTS, 'firstChart.aaaa1111.js', 'v1');
  deployRemote(POSITIONS, 'positions.eeee5555.js', 'p1');
});

describe('OfflineCache install', () => {
  it("keeps the shell build's files and pages, app-config.json, and each remote's build as its manifest lists it", async () => {
    await installed();
    const shell = storage.caches.get('pairwatch-shell-b1')!;
    expect(await shell.text(`${SHELL}/main.js`)).toBe('shell main');
    expect(await shell.text(`${SHELL}/alerts`)).toBe('<html>alerts page</html>');
    expect(await shell.text(`${SHELL}/positions`)).toBe('<html>positions page</html>');
    expect(await storage.caches.get('pairwatch-state')!.text(`${SHELL}/app-config.json`)).toBe(
      APP_CONFIG,
    );
    for (const file of [
      'mf-manifest.json',
      'remoteEntry.js',
      'firstChart.aaaa1111.js',
      'lwc.cccc3333.js',
    ]) {
      expect(storage.remoteCachesWith(`${ALERTS}/${file}`)).toHaveLength(1);
    }
    // The shell provides react: the remote's copy is never loaded, so it is not downloaded.
    expect(storage.remoteCachesWith(`${ALERTS}/react.bbbb2222.js`)).toEqual([]);
    expect(network.count(`${ALERTS}/react.bbbb2222.js`)).toBe(0);
    expect(storage.remoteCachesWith(`${POSITIONS}/positions.eeee5555.js`)).toHaveLength(1);
  });

  it('fails when a file of the shell build cannot be kept: a worker never serves half a build', async () => {
    network.files.delete(`${SHELL}/vendor.1111aaaa.js`);
    await expect(worker().install()).rejects.toThrow(TypeError);
    expect(storage.caches.get('pairwatch-shell-b1')?.entries.size ?? 0).toBe(0);
  });

  it('still installs when the remotes cannot be reached (they are kept at a later page load)', async () => {
    network.files.delete(ALERTS_MANIFEST);
    network.files.delete(POSITIONS_MANIFEST);
    await expect(worker().install()).resolves.toBeUndefined();
    expect(
      [...storage.caches.keys()].filter((name) => name.startsWith('pairwatch-remote-')),
    ).toEqual([]);
  });
});

describe('OfflineCache answers', () => {
  it("routes the shell build's scripts and the kept app-config.json to their caches, and the api to the network, for the browser to follow without the worker", async () => {
    const offline = await installed();
    const [scripts, config, api, ...others] = await offline.routes();
    expect(others).toEqual([]);
    expect(scripts!.condition.urlPattern).toEqual({ pathname: '/*.js', baseURL: SHELL });
    const shellCache = storage.caches.get((scripts!.source as { cacheName: string }).cacheName);
    for (const script of BUILD.assets.filter((path) => path.endsWith('.js'))) {
      expect(await shellCache?.text(`${SHELL}${script}`)).toBe(
        network.files.get(`${SHELL}${script}`),
      );
    }
    expect(config!.condition.urlPattern).toEqual({ pathname: '/app-config.json', baseURL: SHELL });
    const stateCache = storage.caches.get((config!.source as { cacheName: string }).cacheName);
    expect(await stateCache?.text(`${SHELL}/app-config.json`)).toBe(APP_CONFIG);
    expect(api).toEqual({
      condition: { urlPattern: { protocol: 'http', hostname: 'api.test', port: '' } },
      source: 'network',
    });
  });

  it('routes nothing to the api while no app-config.json is kept', async () => {
    network.files.delete(`${SHELL}/app-config.json`);
    const offline = await installed();
    const routes = await offline.routes();
    expect(routes.map((route) => route.source)).toEqual([
      { cacheName: expect.stringMatching(/^pairwatch-shell-/) },
      { cacheName: 'pairwatch-state' },
    ]);
  });

  it('keeps app-config.json without the Vary header, which a static route would not match', async () => {
    network.headers.set(`${SHELL}/app-config.json`, {
      Vary: 'Origin',
      'Content-Type': 'application/json',
    });
    const offline = await installed();
    const kept = await storage.caches.get('pairwatch-state')!.match(`${SHELL}/app-config.json`);
    expect(kept?.headers.get('Vary')).toBeNull();
    expect(kept?.headers.get('Content-Type')).toBe('application/json');
    expect(await kept?.text()).toBe(APP_CONFIG);
    // And so is the one a page load finds changed.
    const changed = JSON.stringify({
      apiUrl: 'http://api2.test',
      remotes: { alerts: ALERTS_MANIFEST, positions: POSITIONS_MANIFEST },
    });
    network.files.set(`${SHELL}/app-config.json`, changed);
    await (
      await ask(offline, `${SHELL}/alerts`, 'navigate')
    ).background;
    const renewed = await storage.caches.get('pairwatch-state')!.match(`${SHELL}/app-config.json`);
    expect(renewed?.headers.get('Vary')).toBeNull();
    expect(await renewed?.text()).toBe(changed);
  });

  it("adds preloads of GET /status and the first chart's api requests to a page whose URL names the pair, spelled as the page asks", async () => {
    const offline = await installed();
    const page = offline.respond(
      request(`${SHELL}/alerts?symbol=ETHUSDT&interval=OneHour`, 'navigate'),
      () => {},
    );
    const answer = await page!;
    expect(await answer.text()).toBe('<html>alerts page</html>');
    const urls = firstScreenUrls(API, {
      pathname: '/alerts',
      search: '?symbol=ETHUSDT&interval=OneHour',
      storedAlerts: null,
    })!;
    expect(answer.headers.get('Link')).toBe(
      [`${API}/status`, urls.candles, urls.symbolInfo]
        .map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`)
        .join(', '),
    );
    expect(urls.candles).toBe(`${API}/candles?symbol=ETHUSDT&interval=OneHour&limit=500`);
  });

  it('adds only the preload of GET /status where the page picks the pair from its own storage, or opens Positions', async () => {
    const offline = await installed();
    for (const url of [
      `${SHELL}/alerts`,
      `${SHELL}/alerts?interval=OneHour`,
      `${SHELL}/alerts?symbol=not-a-pair`,
      `${SHELL}/positions?symbol=ETHUSDT`,
    ]) {
      const answer = await offline.respond(request(url, 'navigate'), () => {})!;
      expect(answer.headers.get('Link')).toBe(
        `<${API}/status>; rel=preload; as=fetch; crossorigin=anonymous`,
      );
    }
  });

  it('adds no preloads while no app-config.json is kept (the api is not known)', async () => {
    network.files.delete(`${SHELL}/app-config.json`);
    const offline = await installed();
    const answer = await offline.respond(
      request(`${SHELL}/alerts?symbol=ETHUSDT`, 'navigate'),
      () => {},
    )!;
    expect(answer.headers.get('Link')).toBeNull();
  });

  it('does not announce again what the kept page announces already', async () => {
    network.headers.set(`${SHELL}/alerts`, {
      Link: `<${API}/status>; rel=preload; as=fetch; crossorigin=anonymous`,
    });
    const offline = await installed();
    const plain = await offline.respond(request(`${SHELL}/alerts`, 'navigate'), () => {})!;
    expect(plain.headers.get('Link')).toBe(
      `<${API}/status>; rel=preload; as=fetch; crossorigin=anonymous`,
    );
    const linked = await offline.respond(
      request(`${SHELL}/alerts?symbol=ETHUSDT`, 'navigate'),
      () => {},
    )!;
    const links = linked.headers.get('Link')!.split(', ');
    expect(links.filter((link) => link.startsWith(`<${API}/status>`))).toHaveLength(1);
    expect(links).toHaveLength(3);
  });

  it("keeps the page's own headers beside the preloads", async () => {
    network.headers.set(`${SHELL}/alerts`, {
      Link: '<http://alerts.test/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous',
      'Content-Security-Policy': "default-src 'self'",
    });
    const offline = await installed();
    const answer = await offline.respond(
      request(`${SHELL}/alerts?symbol=BTCUSDT`, 'navigate'),
      () => {},
    )!;
    expect(answer.headers.get('Content-Security-Policy')).toBe("default-src 'self'");
    const links = answer.headers.get('Link')!.split(', ');
    expect(links).toHaveLength(4);
    expect(links[0]).toBe(
      '<http://alerts.test/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous',
    );
    expect(links[1]).toContain(`<${API}/status>`);
    expect(links[2]).toContain(`<${API}/candles?symbol=BTCUSDT&interval=OneMinute&limit=500>`);
  });

  it('answers a page of the app with the kept page of its screen, without the network', async () => {
    const offline = await installed();
    const before = network.requests.length;
    const work: Promise<unknown>[] = [];
    const background = (promise: Promise<unknown>) => work.push(promise);
    const alerts = offline.respond(
      request(`${SHELL}/alerts?symbol=ETHUSDT`, 'navigate'),
      background,
    );
    const positions = offline.respond(request(`${SHELL}/positions/`, 'navigate'), background);
    const unknown = offline.respond(request(`${SHELL}/portfolio`, 'navigate'), background);
    expect(await (await alerts!).text()).toBe('<html>alerts page</html>');
    expect(await (await positions!).text()).toBe('<html>positions page</html>');
    // Every other path lands on Alerts, as the shell's routes do.
    expect(await (await unknown!).text()).toBe('<html>alerts page</html>');
    await Promise.all(work);
    // Only the revalidation of app-config.json, in the background, asked the shell's server.
    expect(network.requests.slice(before).filter((url) => url.startsWith(SHELL))).toEqual(
      Array.from({ length: 3 }, () => `${SHELL}/app-config.json`),
    );
  });

  it("asks the network for a page load's revalidation only after the page's first answers", async () => {
    const offline = await installed(BUILD, 50);
    const before = network.requests.length;
    const page = await ask(offline, `${SHELL}/alerts?symbol=BTCUSDT`, 'navigate');
    const files = await Promise.all(
      [ALERTS_MANIFEST, `${ALERTS}/remoteEntry.js`, `${SHELL}/app-config.json`].map((url) =>
        ask(offline, url),
      ),
    );
    expect(page.body).toBe('<html>alerts page</html>');
    expect(files.map((file) => file.body)).toEqual([
      remoteManifest('firstChart.aaaa1111.js', 'v1'),
      'entry v1',
      APP_CONFIG,
    ]);
    await flush();
    expect(network.requests.slice(before)).toEqual([]);
    await page.background;
    expect([...network.requests.slice(before)].sort()).toEqual(
      [ALERTS_MANIFEST, POSITIONS_MANIFEST, `${SHELL}/app-config.json`].sort(),
    );
  });

  it('leaves the api, other methods, /sw.js and files opened in a tab to the network', async () => {
    const offline = await installed();
    const none = () => {};
    expect(offline.respond(request(`${API}/candles?symbol=BTCUSDT`), none)).toBeUndefined();
    expect(offline.respond(request(`${API}/status`), none)).toBeUndefined();
    expect(offline.respond(request(`${SHELL}/main.js`, 'cors', 'POST'), none)).toBeUndefined();
    expect(offline.respond(request(`${SHELL}/sw.js`), none)).toBeUndefined();
    expect(offline.respond(request(`${SHELL}/mf-manifest.json`, 'navigate'), none)).toBeUndefined();
  });

  it('answers content-hashed chunks from the cache first, without the network', async () => {
    const offline = await installed();
    network.online = false;
    const before = network.requests.length;
    expect((await ask(offline, `${ALERTS}/firstChart.aaaa1111.js`)).body).toBe('chunk v1');
    expect((await ask(offline, `${SHELL}/vendor.1111aaaa.js`)).body).toBe('shell vendor');
    expect(network.requests.length).toBe(before);
  });

  it('keeps a symbol logo the first time it is shown, and answers it from the cache after', async () => {
    network.files.set(`${SHELL}/icons/btc.png`, 'btc logo');
    const offline = await installed();
    expect((await ask(offline, `${SHELL}/icons/btc.png`)).body).toBe('btc logo');
    network.online = false;
    expect((await ask(offline, `${SHELL}/icons/btc.png`)).body).toBe('btc logo');
  });
});

describe('OfflineCache stale-while-revalidate of the remote entries', () => {
  it("answers a remote's entry from its current build at once, while the page load asks for its manifest", async () => {
    const offline = await installed();
    deployRemote(ALERTS, 'firstChart.dddd4444.js', 'v2');
    const release = network.hold(ALERTS_MANIFEST);
    const page = await ask(offline, `${SHELL}/alerts`, 'navigate');
    await flush();
    // The manifest's request is still waiting for the network: the answers do not.
    expect((await ask(offline, ALERTS_MANIFEST)).body).toBe(
      remoteManifest('firstChart.aaaa1111.js', 'v1'),
    );
    expect((await ask(offline, `${ALERTS}/remoteEntry.js`)).body).toBe('entry v1');
    expect(network.count(ALERTS_MANIFEST)).toBe(2); // once at install, once for this page load
    release();
    await page.background;
    await offline.settled();
    // The new build is stored, and the next page load runs it: its manifest with its entry.
    expect(storage.remoteCachesWith(`${ALERTS}/firstChart.dddd4444.js`)).toHaveLength(1);
    expect(await pageLoad(offline, ALERTS_MANIFEST, `${ALERTS}/remoteEntry.js`)).toEqual([
      remoteManifest('firstChart.dddd4444.js', 'v2'),
      'entry v2',
    ]);
  });

  it("answers a page still running the build before with that build's chunks", async () => {
    const offline = await installed();
    deployRemote(ALERTS, 'firstChart.dddd4444.js', 'v2');
    network.files.delete(`${ALERTS}/firstChart.aaaa1111.js`); // gone from the server
    await pageLoad(offline);
    network.online = false;
    expect((await ask(offline, `${ALERTS}/firstChart.aaaa1111.js`)).body).toBe('chunk v1');
    expect((await ask(offline, `${ALERTS}/firstChart.dddd4444.js`)).body).toBe('chunk v2');
  });

  it('on a first visit, waits for the manifest this page load asks for and keeps the build it names', async () => {
    network.files.delete(ALERTS_MANIFEST); // not reachable while the worker installed
    const offline = await installed();
    deployRemote(ALERTS, 'firstChart.aaaa1111.js', 'v1');
    const release = network.hold(ALERTS_MANIFEST);
    const page = await ask(offline, `${SHELL}/alerts`, 'navigate');
    let answered = false;
    const entry = ask(offline, `${ALERTS}/remoteEntry.js`).then((answer) => {
      answered = true;
      return answer;
    });
    await flush();
    expect(answered).toBe(false);
    release();
    expect((await entry).body).toBe('entry v1');
    await page.background;
    await offline.settled();
    expect(storage.remoteCachesWith(`${ALERTS}/remoteEntry.js`)).toHaveLength(1);
    expect(storage.remoteCachesWith(`${ALERTS}/firstChart.aaaa1111.js`)).toHaveLength(1);
  });

  it('writes nothing on a page load when no build changed', async () => {
    const offline = await installed();
    const writes = storage.writes;
    await pageLoad(
      offline,
      `${SHELL}/app-config.json`,
      ALERTS_MANIFEST,
      `${ALERTS}/remoteEntry.js`,
    );
    // The page load did ask the network (the revalidation), and found nothing new to keep.
    expect(network.count(ALERTS_MANIFEST)).toBe(2);
    expect(network.count(`${SHELL}/app-config.json`)).toBe(2);
    expect(storage.writes).toBe(writes);
  });

  it("reads the record of builds once for a page load's remote files, and opens each cache once", async () => {
    const offline = await installed();
    await pageLoad(offline);
    const [opens, reads] = [storage.opens, storage.reads];
    const files = [
      'mf-manifest.json',
      'remoteEntry.js',
      'firstChart.aaaa1111.js',
      'lwc.cccc3333.js',
    ];
    for (const file of files) expect((await ask(offline, `${ALERTS}/${file}`)).body).toBeDefined();
    expect(storage.opens).toBe(opens);
    expect(storage.reads - reads).toBe(files.length);
  });
});

describe('OfflineCache versions', () => {
  const remoteCaches = () =>
    [...storage.caches.keys()].filter((name) => name.startsWith('pairwatch-remote-'));

  it("keeps each remote's current build and the one before, and drops older ones", async () => {
    const offline = await installed();
    const first = storage.remoteCachesWith(`${ALERTS}/remoteEntry.js`);
    deployRemote(ALERTS, 'firstChart.dddd4444.js', 'v2');
    await pageLoad(offline);
    const second = storage.remoteCachesWith(`${ALERTS}/firstChart.dddd4444.js`);
    deployRemote(ALERTS, 'firstChart.ffff6666.js', 'v3');
    await pageLoad(offline);
    const third = storage.remoteCachesWith(`${ALERTS}/firstChart.ffff6666.js`);
    expect(new Set([...first, ...second, ...third]).size).toBe(3);
    await offline.activate();
    const kept = remoteCaches();
    expect(kept).toEqual(expect.arrayContaining([...second, ...third]));
    expect(kept).not.toContain(first[0]);
    // The positions remote's only build stays.
    expect(storage.remoteCachesWith(`${POSITIONS}/remoteEntry.js`)).toHaveLength(1);
  });

  it("names a remote's cache by its manifest: the same manifest is the same cache", async () => {
    const offline = await installed();
    const before = remoteCaches();
    deployRemote(ALERTS, 'firstChart.aaaa1111.js', 'v1');
    await pageLoad(offline);
    expect(remoteCaches()).toEqual(before);
  });

  it("drops another shell build's cache once a new one activates, keeping the remotes and the state", async () => {
    await installed();
    const remotes = remoteCaches();
    const next = worker({ id: 'b2', assets: BUILD.assets });
    await next.install();
    expect(storage.caches.has('pairwatch-shell-b1')).toBe(true); // the old one still in control
    await next.activate();
    expect(storage.caches.has('pairwatch-shell-b1')).toBe(false);
    expect(storage.caches.has('pairwatch-shell-b2')).toBe(true);
    expect(storage.caches.has('pairwatch-state')).toBe(true);
    expect(remoteCaches()).toEqual(remotes);
  });

  it('uses remote builds that a new worker recorded, from the next page load on', async () => {
    const offline = await installed();
    expect(await pageLoad(offline, `${ALERTS}/remoteEntry.js`)).toEqual(['entry v1']);
    // A new shell build installs beside this worker and, doing so, finds a new alerts build.
    deployRemote(ALERTS, 'firstChart.dddd4444.js', 'v2');
    await worker({ id: 'b2', assets: BUILD.assets }).install();
    network.online = false;
    expect(await pageLoad(offline, `${ALERTS}/remoteEntry.js`)).toEqual(['entry v2']);
  });

  it('leaves caches that are not the app’s alone', async () => {
    await storage.open('someone-else');
    const offline = await installed();
    await offline.activate();
    expect(storage.caches.has('someone-else')).toBe(true);
  });
});

describe('OfflineCache offline', () => {
  it('starts the app from the cache alone: page, shell scripts, app-config.json and remote builds', async () => {
    const offline = await installed();
    network.online = false;
    const answers = await pageLoad(
      offline,
      `${SHELL}/main.js`,
      `${SHELL}/app-config.json`,
      ALERTS_MANIFEST,
      `${ALERTS}/remoteEntry.js`,
      `${ALERTS}/firstChart.aaaa1111.js`,
      POSITIONS_MANIFEST,
    );
    expect(answers).toEqual([
      'shell main',
      APP_CONFIG,
      remoteManifest('firstChart.aaaa1111.js', 'v1'),
      'entry v1',
      'chunk v1',
      remoteManifest('positions.eeee5555.js', 'p1'),
    ]);
  });

  it('keeps the builds in use when the manifests cannot be read', async () => {
    const offline = await installed();
    const caches = [...storage.caches.keys()].sort();
    network.online = false;
    await expect(pageLoad(offline)).resolves.toEqual([]);
    network.online = true;
    expect(await pageLoad(offline, `${ALERTS}/remoteEntry.js`)).toEqual(['entry v1']);
    expect([...storage.caches.keys()].sort()).toEqual(caches);
  });

  it('fails a file it never kept, as the network does', async () => {
    const offline = await installed();
    network.online = false;
    await expect(ask(offline, `${SHELL}/icons/eth.png`)).rejects.toThrow('Failed to fetch');
  });
});

describe('OfflineCache app-config.json', () => {
  it('answers the kept one at once and keeps a changed one, asked at the page load, for the next', async () => {
    const offline = await installed();
    const changed = JSON.stringify({
      apiUrl: 'http://api2.test',
      remotes: { alerts: ALERTS_MANIFEST, positions: POSITIONS_MANIFEST },
    });
    network.files.set(`${SHELL}/app-config.json`, changed);
    const release = network.hold(`${SHELL}/app-config.json`);
    const page = await ask(offline, `${SHELL}/alerts`, 'navigate');
    const first = await ask(offline, `${SHELL}/app-config.json`);
    expect(first.body).toBe(APP_CONFIG);
    expect(await storage.caches.get('pairwatch-state')!.text(`${SHELL}/app-config.json`)).toBe(
      APP_CONFIG,
    );
    release();
    await page.background;
    // What the static route answers the next page load with, and the worker alike.
    expect(await storage.caches.get('pairwatch-state')!.text(`${SHELL}/app-config.json`)).toBe(
      changed,
    );
    expect((await ask(offline, `${SHELL}/app-config.json`)).body).toBe(changed);
  });

  it('keeps the kept one when the page load finds no network', async () => {
    const offline = await installed();
    network.online = false;
    const page = await ask(offline, `${SHELL}/alerts`, 'navigate');
    await page.background;
    expect((await ask(offline, `${SHELL}/app-config.json`)).body).toBe(APP_CONFIG);
  });

  it('asks the network when none is kept yet, and keeps it', async () => {
    network.files.delete(`${SHELL}/app-config.json`); // not there while the worker installed
    const offline = await installed();
    network.files.set(`${SHELL}/app-config.json`, APP_CONFIG);
    const first = await ask(offline, `${SHELL}/app-config.json`);
    expect(first.body).toBe(APP_CONFIG);
    network.online = false;
    expect((await ask(offline, `${SHELL}/app-config.json`)).body).toBe(APP_CONFIG);
  });
});
