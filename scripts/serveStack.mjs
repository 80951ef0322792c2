// Starts Pairwatch from its production builds: the api (a child process) and the static servers
// of the shell and both remotes (in this process). Shared by `pnpm start` (scripts/start.mjs) and
// the e2e harness (e2e/harness/globalSetup.ts), so the tests run the product the way users do.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaticServer } from './serveStatic.mjs';

/** The repository root (this file is in `scripts/`). */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Default ports (docs/architecture.md §2). */
export const DEFAULT_PORTS = Object.freeze({
  api: 5080,
  shell: 8080,
  alerts: 8081,
  positions: 8082,
});

/** @typedef {'api' | 'shell' | 'alerts' | 'positions'} StackPart */
/** @typedef {'shell' | 'alerts' | 'positions'} StaticPart */
/** @typedef {{ api: number, shell: number, alerts: number, positions: number }} StackPorts */

/** What each part runs from, relative to the repository root; `marker` proves a build exists. */
export const PARTS = Object.freeze({
  api: { pkg: 'packages/api', marker: 'dist/server.js', sources: 'src', name: '@pairwatch/api' },
  shell: {
    pkg: 'packages/shell',
    marker: 'dist/index.html',
    sources: 'src',
    name: '@pairwatch/shell',
  },
  alerts: {
    pkg: 'packages/alerts-mfe',
    marker: 'dist/mf-manifest.json',
    sources: 'src',
    name: '@pairwatch/alerts-mfe',
  },
  positions: {
    pkg: 'packages/positions-mfe',
    marker: 'dist/mf-manifest.json',
    sources: 'src',
    name: '@pairwatch/positions-mfe',
  },
});

/** @type {readonly StaticPart[]} */
const STATIC_PARTS = ['shell', 'alerts', 'positions'];

/**
 * The URLs of a stack on `host` with `ports`.
 * @param {StackPorts} ports
 * @param {string} [host]
 */
export function stackUrls(ports, host = '127.0.0.1') {
  return {
    api: `http://${host}:${ports.api}`,
    shell: `http://${host}:${ports.shell}`,
    alerts: `http://${host}:${ports.alerts}`,
    positions: `http://${host}:${ports.positions}`,
  };
}

/**
 * The origins a browser may open the shell from: both loopback spellings, so the api's CORS and
 * the remotes' CORS accept `http://localhost:8080` as well as `http://127.0.0.1:8080`.
 * @param {number} shellPort
 */
export function shellOrigins(shellPort) {
  return [`http://127.0.0.1:${shellPort}`, `http://localhost:${shellPort}`];
}

/**
 * Which builds exist, and which are older than their sources.
 * @param {string} [repoRoot]
 * @returns {{ missing: StackPart[], stale: StackPart[] }}
 */
export function inspectBuilds(repoRoot = REPO_ROOT) {
  /** @type {StackPart[]} */ const missing = [];
  /** @type {StackPart[]} */ const stale = [];
  for (const part of /** @type {StackPart[]} */ (Object.keys(PARTS))) {
    const { pkg, marker, sources } = PARTS[part];
    const markerFile = path.join(repoRoot, pkg, marker);
    if (!existsSync(markerFile)) {
      missing.push(part);
      continue;
    }
    // The newest output file, not the marker: builds skip writing files whose content is unchanged.
    if (
      newestMtime(path.join(repoRoot, pkg, sources)) > newestMtime(path.join(repoRoot, pkg, 'dist'))
    )
      stale.push(part);
  }
  return { missing, stale };
}

/** @param {string} dir @returns {number} the newest modification time (ms) of a file under dir, test files excluded */
function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(file));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

/**
 * @typedef {object} ApiProcess
 * @property {string} url
 * @property {number | undefined} pid
 * @property {() => string | undefined} simulatorUrl - the embedded exchange simulator's origin
 *   (its control API is under `/__sim/`), read from the api's "market data source" log line;
 *   undefined when the api runs on Binance.
 * @property {Promise<number | null>} exited - resolves to the exit code when the process ends.
 * @property {(signal?: NodeJS.Signals) => Promise<void>} stop - SIGTERM (or `signal`), then SIGKILL after 10 s.
 */

/**
 * Starts the api's production build (`packages/api/dist/server.js`) and waits until `GET /status`
 * answers.
 *
 * @param {object} options
 * @param {string} [options.repoRoot]
 * @param {number} options.port
 * @param {string} [options.host]
 * @param {Record<string, string>} [options.env] - extra environment (MARKET_DATA, DATA_DIR, CORS_ORIGINS, …).
 * @param {(line: string) => void} [options.output] - receives each line the api prints.
 * @param {number} [options.readyTimeoutMs]
 * @returns {Promise<ApiProcess>}
 */
export async function startApi({
  repoRoot = REPO_ROOT,
  port,
  host = '127.0.0.1',
  env = {},
  output,
  readyTimeoutMs = 60_000,
}) {
  const cwd = path.join(repoRoot, PARTS.api.pkg);
  const url = `http://${host}:${port}`;
  const child = spawn(process.execPath, [path.join(cwd, PARTS.api.marker)], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: host, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @type {string[]} */ const recent = [];
  /** @type {string | undefined} */ let simulatorUrl;
  const onLine = (line) => {
    simulatorUrl ??= simulatorUrlFromLog(line);
    recent.push(line);
    if (recent.length > 40) recent.shift();
    output?.(line);
  };
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
    stream.on('end', () => buffered && onLine(buffered));
  }
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => {
    // 'close', not 'exit': the api's last lines (e.g. "api stopped") are read by then.
    child.once('close', (code, signal) => resolve(code ?? (signal ? 128 : null)));
    child.once('error', (error) => {
      onLine(`spawn failed: ${error.message}`);
      resolve(null);
    });
  });
  let running = true;
  void exited.then(() => {
    running = false;
  });

  async function stop(signal = 'SIGTERM') {
    if (!running) return;
    child.kill(signal);
    const timer = setTimeout(() => running && child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (!running) {
      throw new Error(
        `The api exited before it was ready (exit code ${await exited}). Its last output:\n${recent.join('\n')}`,
      );
    }
    try {
      const response = await fetch(`${url}/status`, { signal: AbortSignal.timeout(2000) });
      if (response.ok)
        return { url, pid: child.pid, exited, stop, simulatorUrl: () => simulatorUrl };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(
    `The api did not answer GET ${url}/status within ${readyTimeoutMs} ms. Its last output:\n${recent.join('\n')}`,
  );
}

/**
 * The embedded simulator's origin from one api log line (pino JSON), if the line announces it:
 * `{"source":"simulator","restUrl":"http://127.0.0.1:43127",…,"msg":"market data source"}`.
 * @param {string} line
 * @returns {string | undefined}
 */
function simulatorUrlFromLog(line) {
  if (!line.includes('"simulator"')) return undefined;
  try {
    const entry = JSON.parse(line);
    return entry.source === 'simulator' && typeof entry.restUrl === 'string'
      ? entry.restUrl
      : undefined;
  } catch {
    return undefined;
  }
}

/** The alerts remote's React-free first chart, as its manifest names the expose. */
const FIRST_CHART_EXPOSE = 'firstChart';

/**
 * The code the first chart runs, as the alerts remote's `mf-manifest.json` lists it: the remote's
 * entry and the expose's sync chunks, as absolute URLs. The manifest is read again when its file
 * changes (the remote was rebuilt); an unreadable or unexpected one gives no URLs, so the page
 * only loses its head start.
 *
 * @param {string} manifestFile - the remote's built `mf-manifest.json`.
 * @param {string} origin - where the remote is served, e.g. `http://127.0.0.1:8081`.
 * @returns {() => string[]}
 */
export function firstChartCode(manifestFile, origin) {
  let read = { version: '', urls: /** @type {string[]} */ ([]) };
  return () => {
    let version;
    try {
      const stats = statSync(manifestFile);
      version = `${stats.size}:${stats.mtimeMs}`;
    } catch {
      return [];
    }
    if (version === read.version) return read.urls;
    let urls = [];
    try {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      const entry = manifest.metaData?.remoteEntry;
      const expose = manifest.exposes?.find((e) => e.name === FIRST_CHART_EXPOSE);
      const chunks = expose?.assets?.js?.sync;
      if (typeof entry?.name === 'string' && Array.isArray(chunks)) {
        urls = [path.posix.join(entry.path ?? '', entry.name), ...chunks]
          .filter((file) => typeof file === 'string')
          .map((file) => new URL(file, `${origin}/`).href);
      }
    } catch {
      urls = [];
    }
    read = { version, urls };
    return urls;
  };
}

/**
 * Creates the static servers of the shell and the remotes (not started). The shell's
 * `/app-config.json` is generated from the actual URLs, so the stack works on any ports.
 *
 * @param {object} options
 * @param {string} [options.repoRoot]
 * @param {StackPorts} options.ports
 * @param {string} [options.host]
 * @returns {Record<StaticPart, import('./serveStatic.mjs').StaticServer>}
 */
export function createAppServers({ repoRoot = REPO_ROOT, ports, host = '127.0.0.1' }) {
  const urls = stackUrls(ports, host);
  const appConfig = {
    apiUrl: urls.api,
    remotes: {
      alerts: `${urls.alerts}/mf-manifest.json`,
      positions: `${urls.positions}/mf-manifest.json`,
    },
  };
  const dist = (part) => path.join(repoRoot, PARTS[part].pkg, 'dist');
  const origins = shellOrigins(ports.shell);
  // The shell's page may run scripts only from itself and the two remotes, talk only to them and
  // the api (its WebSocket too), and never be framed. Styles are inline (emotion), hence
  // 'unsafe-inline' for styles only.
  const remotes = `${urls.alerts} ${urls.positions}`;
  const contentSecurityPolicy = [
    "default-src 'self'",
    `script-src 'self' ${remotes}`,
    `connect-src 'self' ${urls.api} ${urls.api.replace(/^http/, 'ws')} ${remotes}`,
    `img-src 'self' data: ${remotes}`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  // What a page waits on first beyond its own origin, announced with the page as a CDN would: the
  // manifest of its screen's remote (app-config.json names it, so the page itself learns it only
  // after its script ran) and, for the Alerts screen, the first chart's entry and chunks that
  // manifest lists (the runtime would ask for them only after reading it; docs/architecture.md
  // §7, "The first chart"). Scripts are preloaded as the runtime loads them: no-cors, so the
  // preload is the request it uses. The shell routes every path but /positions to Alerts.
  const alertsCode = firstChartCode(path.join(dist('alerts'), 'mf-manifest.json'), urls.alerts);
  const documentLinks = (pathname) =>
    pathname.toLowerCase().startsWith('/positions')
      ? [`<${appConfig.remotes.positions}>; rel=preload; as=fetch; crossorigin=anonymous`]
      : [
          `<${appConfig.remotes.alerts}>; rel=preload; as=fetch; crossorigin=anonymous`,
          ...alertsCode().map((url) => `<${url}>; rel=preload; as=script`),
        ];
  // Source maps stay private unless a developer asks for them (`SERVE_SOURCE_MAPS=true`).
  const sourceMaps = process.env.SERVE_SOURCE_MAPS === 'true';
  return {
    shell: createStaticServer({
      name: 'shell',
      root: dist('shell'),
      spaFallback: true,
      sourceMaps,
      contentSecurityPolicy,
      documentLinks,
      overrides: {
        '/app-config.json': {
          body: `${JSON.stringify(appConfig, null, 2)}\n`,
          contentType: 'application/json; charset=utf-8',
        },
      },
    }),
    alerts: createStaticServer({
      name: 'alerts',
      root: dist('alerts'),
      spaFallback: true,
      sourceMaps,
      corsOrigins: origins,
    }),
    positions: createStaticServer({
      name: 'positions',
      root: dist('positions'),
      spaFallback: true,
      sourceMaps,
      corsOrigins: origins,
    }),
  };
}

/**
 * @typedef {object} Stack
 * @property {ReturnType<typeof stackUrls>} urls
 * @property {StackPart[]} started - the parts running (some may be skipped when `onlyAvailable`).
 * @property {StackPart[]} skipped - the parts not started because their build is missing.
 * @property {ApiProcess | undefined} api
 * @property {Record<StaticPart, import('./serveStatic.mjs').StaticServer>} servers
 * @property {(part: StaticPart) => Promise<void>} startServer - (re)starts one static server on its port.
 * @property {(part: StaticPart) => Promise<void>} stopServer - stops one static server (to simulate a remote that is down).
 * @property {() => Promise<void>} stop - stops everything (idempotent).
 */

/**
 * Starts the api and the three static servers from their production builds.
 *
 * @param {object} [options]
 * @param {string} [options.repoRoot]
 * @param {StackPorts} [options.ports]
 * @param {string} [options.host]
 * @param {Record<string, string>} [options.apiEnv] - extra api environment (MARKET_DATA, DATA_DIR, …).
 * @param {(line: string) => void} [options.apiOutput]
 * @param {boolean} [options.onlyAvailable] - start what is built and skip the rest (pnpm start)
 *   instead of failing (e2e).
 * @returns {Promise<Stack>}
 */
export async function startStack(options = {}) {
  const {
    repoRoot = REPO_ROOT,
    ports = DEFAULT_PORTS,
    host = '127.0.0.1',
    apiEnv = {},
    apiOutput,
  } = options;
  const { missing } = inspectBuilds(repoRoot);
  if (missing.length > 0 && !options.onlyAvailable) {
    throw new Error(
      `Missing production builds: ${missing.map((part) => `${PARTS[part].name} (${PARTS[part].pkg}/${PARTS[part].marker})`).join(', ')}. ` +
        'Build them first: `pnpm -r build` at the repository root.',
    );
  }
  const urls = stackUrls(ports, host);
  const servers = createAppServers({ repoRoot, ports, host });
  /** @type {StackPart[]} */ const started = [];
  /** @type {ApiProcess | undefined} */ let api;
  let stopped = false;

  async function stop() {
    if (stopped) return;
    stopped = true;
    await Promise.all([...Object.values(servers).map((server) => server.close()), api?.stop()]);
  }

  try {
    if (!missing.includes('api')) {
      api = await startApi({
        repoRoot,
        port: ports.api,
        host,
        env: { CORS_ORIGINS: shellOrigins(ports.shell).join(','), ...apiEnv },
        output: apiOutput,
      });
      started.push('api');
    }
    for (const part of STATIC_PARTS) {
      if (missing.includes(part)) continue;
      await servers[part].listen(ports[part], host);
      started.push(part);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    urls,
    started,
    skipped: missing,
    api,
    servers,
    async startServer(part) {
      if (!servers[part].listening()) await servers[part].listen(ports[part], host);
    },
    async stopServer(part) {
      await servers[part].close();
    },
    stop,
  };
}
