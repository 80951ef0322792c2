// Starts the built api (dist/server.js) as a child process for the benches that measure it from
// outside: on a free loopback port, with only the environment given, ready once /status answers.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../src/serverNodeFlags';

/** The api package's folder (this file runs from dist/bench/bench/). */
const PACKAGE_DIR = path.resolve(__dirname, '..', '..', '..');

/** A free TCP port on loopback (closed again at once; the api binds it next). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The environment of an api fed by the exchange simulator, with its data in `dataDir` and quiet
 * logs; with `pushCertificateFile`, it also trusts the local push service on loopback (its
 * self-signed certificate) as a push endpoint.
 */
export function simulatorApiEnv(options: {
  readonly sim: { readonly url: string; readonly wsUrl: string };
  readonly dataDir: string;
  readonly pushCertificateFile?: string;
}): Record<string, string> {
  const { sim, dataDir, pushCertificateFile } = options;
  return {
    DATA_DIR: dataDir,
    MARKET_DATA: 'binance',
    BINANCE_REST_URL: sim.url,
    BINANCE_WS_URL: sim.wsUrl,
    LOG_LEVEL: 'warn',
    ...(pushCertificateFile === undefined
      ? {}
      : { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true', NODE_EXTRA_CA_CERTS: pushCertificateFile }),
  };
}

/**
 * Spawns the api with its node flags (`SERVER_NODE_FLAGS`) and `env` (PATH, HOST, PORT and MALLOC_ARENA_MAX added) and waits up to 30 s for `/status` to
 * answer 200. With `options.cpus` (a `taskset` CPU list such as `"0"`), the api runs pinned to
 * those cores: `taskset` execs node in place, so the child's pid is the api's. `options.nodeArgs`
 * go to node before the script (`--cpu-prof`, which NODE_OPTIONS refuses).
 *
 * @throws Error when the process exits first or the deadline passes.
 */
export async function spawnApiServer(
  env: Record<string, string>,
  options: { readonly cpus?: string; readonly nodeArgs?: readonly string[] } = {},
): Promise<{ readonly url: string; readonly child: ChildProcess }> {
  const port = await freePort();
  const { cpus, nodeArgs = [] } = options;
  const server = [
    process.execPath,
    ...SERVER_NODE_FLAGS,
    ...nodeArgs,
    path.join(PACKAGE_DIR, 'dist', 'server.js'),
  ];
  const [command, ...args] = cpus === undefined ? server : ['taskset', '-c', cpus, ...server];
  const child = spawn(command!, args, {
    // MALLOC_ARENA_MAX as `npm start` launches the api (scripts/stack/startApi.mjs).
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      MALLOC_ARENA_MAX: '2',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`${url}/status`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the api did not start within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child };
}
