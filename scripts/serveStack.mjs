// Starts Pairwatch from its production builds: the api (a child process) and the static servers
// of the shell and both remotes (in this process). Shared by `pnpm start` (scripts/start.mjs) and
// the e2e harness (e2e/harness/globalSetup.ts), so the tests run the product the way users do.
// By subject: which builds exist (stack/builds.mjs), the api process (stack/startApi.mjs), what
// the shell's page is sent with (stack/shellHeaders.mjs, stack/firstChartCode.mjs) and the
// app-config.json it reads (stack/appConfig.mjs).
import path from 'node:path';
import { createStaticServer } from './serveStatic.mjs';
import { appConfig } from './stack/appConfig.mjs';
import { inspectBuilds, PARTS, REPO_ROOT } from './stack/builds.mjs';
import { firstChartCode } from './stack/firstChartCode.mjs';
import { contentSecurityPolicy, documentLinks } from './stack/shellHeaders.mjs';
import { startApi } from './stack/startApi.mjs';

export { inspectBuilds, PARTS, REPO_ROOT };

/** Default ports (docs/architecture.md §2). */
export const DEFAULT_PORTS = Object.freeze({
  api: 5080,
  shell: 8080,
  alerts: 8081,
  positions: 8082,
});

/** @typedef {import('./stack/builds.mjs').StackPart} StackPart */
/** @typedef {import('./stack/builds.mjs').StaticPart} StaticPart */
/** @typedef {import('./stack/startApi.mjs').ApiProcess} ApiProcess */
/** @typedef {{ api: number, shell: number, alerts: number, positions: number }} StackPorts */

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
  const config = appConfig(urls);
  const dist = (part) => path.join(repoRoot, PARTS[part].pkg, 'dist');
  const origins = shellOrigins(ports.shell);
  const alertsCode = firstChartCode(path.join(dist('alerts'), 'mf-manifest.json'), urls.alerts);
  // Source maps stay private unless a developer asks for them (`SERVE_SOURCE_MAPS=true`).
  const sourceMaps = process.env.SERVE_SOURCE_MAPS === 'true';
  return {
    shell: createStaticServer({
      name: 'shell',
      root: dist('shell'),
      spaFallback: true,
      sourceMaps,
      contentSecurityPolicy: contentSecurityPolicy(urls),
      documentLinks: documentLinks(config.remotes, alertsCode, config.apiUrl),
      overrides: {
        '/app-config.json': {
          body: `${JSON.stringify(config, null, 2)}\n`,
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
