// The api's production build as a child process of `pnpm start` and of the e2e harness.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PARTS, REPO_ROOT } from './builds.mjs';

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
  // The api's node flags, from its build (packages/api/src/serverNodeFlags.ts).
  const { SERVER_NODE_FLAGS } = createRequire(import.meta.url)(
    path.join(cwd, 'dist', 'serverNodeFlags.js'),
  );
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(cwd, PARTS.api.marker)], {
    cwd,
    // MALLOC_ARENA_MAX=2 unless set: glibc gives every thread that allocates (libuv's pool: zlib,
    // fs, crypto) an arena of its own, and under load the memory outside the JavaScript heap kept
    // growing with them (docs/architecture.md §10, memory).
    env: { MALLOC_ARENA_MAX: '2', ...process.env, PORT: String(port), HOST: host, ...env },
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
