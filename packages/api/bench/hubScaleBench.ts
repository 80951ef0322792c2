// 10,000 hub connections in one api process with updates flowing (architecture §10): the real
// server (`dist/server.js`) fed by an embedded exchange simulator, against a bare `ws` relay
// (bench/hubScale/bareRelayServer.ts) following the same simulator streams: the floor. The same
// 10,000 clients (a forked worker: bench/hubScale/scaleClientsWorker.ts), spread over every
// default pair × interval and over BENCH_ADDRESSES loopback source addresses, connect to one
// server, then to the other (BENCH_ROUNDS rounds, each starting with the server the last one
// ended with), and the lag of each update is measured from a tap on the simulator: the servers'
// share alone (see the worker). Prints p50/p99/max for both, pooled over the rounds, the p99
// ratio (target ≤ 1.5), the api's RSS (target ≤ 1 GiB, /proc) and the connections closed or
// refused (target 0), each met or MISSED. Settings: BENCH_CLIENTS (10000), BENCH_ADDRESSES
// (2000), MEASURE_SECONDS (14), SIM_TICK_MS (2000, as Binance), BENCH_ROUNDS (3);
// API_NODE_OPTIONS becomes the api's NODE_OPTIONS (a `--require`d profiler, a heap limit).
// Linux only (/proc, all of 127/8 on `lo`); a watchdog ends the run.
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startExchangeSim } from '@pairwatch/exchange-sim';
import {
  type RelayReport,
  type ScaleTarget,
  type ScaleWorkerCommand,
  type ScaleWorkerReport,
} from './hubScale/HubScaleMessage';
import { KLINE_STREAMS } from './hubScale/klineStreams';
import { nextMessage } from './hubScale/nextMessage';
import { type ProcessStats, processStats } from './hubScale/processStats';
import { summarizeLatencies } from './load/summarizeLatencies';
import { simulatorApiEnv, spawnApiServer } from './spawnApiServer';

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, got '${raw}'`);
  }
  return value;
}

const CLIENTS = setting('BENCH_CLIENTS', 10_000);
const ADDRESSES = Math.min(CLIENTS, setting('BENCH_ADDRESSES', 2_000));
const MEASURE_SECONDS = setting('MEASURE_SECONDS', 14);
const SIM_TICK_MS = setting('SIM_TICK_MS', 2_000);
const ROUNDS = setting('BENCH_ROUNDS', 3);
/** Ticks let through after connecting, before measuring (first candles, JIT, upstream joins). */
const WARM_UP_MS = 2 * SIM_TICK_MS + 500;
const P99_RATIO_TARGET = 1.5;
const RSS_TARGET_MIB = 1024;
/** The api's hub keeps 20 % of HUB_MAX_CONNECTIONS for addresses with fewer than 2 connections. */
const HUB_RESERVED_SHARE = 0.2;
const CONNECT_LIMIT_MS = 120_000;
const WATCHDOG_MS =
  60_000 + ROUNDS * 2 * (CONNECT_LIMIT_MS / 2 + WARM_UP_MS + MEASURE_SECONDS * 1000 + 20_000);

const LABELS: Record<ScaleTarget, string> = { relay: 'bare ws relay (floor)', api: 'api hub' };

/** One server's figures over one connect-measure-disconnect pass. */
interface Pass {
  readonly target: ScaleTarget;
  readonly connectSeconds: number;
  readonly connected: number;
  readonly result: Extract<ScaleWorkerReport, { kind: 'measured' }>;
  /** Share of one core the server used while measured. */
  readonly cpuPercent: number;
  /** The same of the clients' process: when it nears 100 %, the lags are the clients'. */
  readonly clientsCpuPercent: number;
  /** Highest RSS sampled (every 1 s) while its clients were connected. */
  readonly rssMaxMiB: number;
}

interface Servers {
  readonly worker: ChildProcess;
  readonly urls: Record<ScaleTarget, string>;
  readonly pids: Record<ScaleTarget, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pass(servers: Servers, target: ScaleTarget): Promise<Pass> {
  const { worker } = servers;
  const pid = servers.pids[target];
  const rss: number[] = [];
  const sampler = setInterval(() => {
    const stats = processStats(pid);
    if (stats !== undefined) rss.push(stats.rssMiB);
  }, 1_000);
  try {
    const started = performance.now();
    const connecting = nextMessage<ScaleWorkerReport, 'connected'>(
      worker,
      'connected',
      CONNECT_LIMIT_MS,
    );
    worker.send({
      kind: 'connect',
      target,
      url: servers.urls[target],
      clients: CLIENTS,
      addresses: ADDRESSES,
    } satisfies ScaleWorkerCommand);
    const connected = await connecting;
    const connectSeconds = (performance.now() - started) / 1000;
    await sleep(WARM_UP_MS);
    const before = processStats(pid);
    const clientsBefore = processStats(worker.pid!);
    const measureStart = performance.now();
    worker.send({ kind: 'measure' } satisfies ScaleWorkerCommand);
    await sleep(MEASURE_SECONDS * 1000);
    const after = processStats(pid);
    const clientsAfter = processStats(worker.pid!);
    const elapsedSeconds = (performance.now() - measureStart) / 1000;
    const measured = nextMessage<ScaleWorkerReport, 'measured'>(worker, 'measured', 30_000);
    const disconnected = nextMessage<ScaleWorkerReport, 'disconnected'>(
      worker,
      'disconnected',
      60_000,
    );
    worker.send({ kind: 'stop' } satisfies ScaleWorkerCommand);
    const result = await measured;
    await disconnected;
    const cpuPercent = (from?: ProcessStats, to?: ProcessStats) =>
      (100 * ((to?.cpuSeconds ?? Number.NaN) - (from?.cpuSeconds ?? Number.NaN))) / elapsedSeconds;
    return {
      target,
      connectSeconds,
      connected: connected.open,
      result,
      cpuPercent: cpuPercent(before, after),
      clientsCpuPercent: cpuPercent(clientsBefore, clientsAfter),
      rssMaxMiB: Math.max(...rss),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Pools the passes of one server: percentiles over every update of every pass, counts summed. */
function pooled(passes: readonly Pass[]) {
  const sum = (pick: (p: Pass) => number) => passes.reduce((n, p) => n + pick(p), 0);
  const problems: Record<string, number> = {};
  for (const p of passes) {
    for (const [kind, n] of Object.entries(p.result.problems)) {
      problems[kind] = (problems[kind] ?? 0) + n;
    }
  }
  return {
    lag: summarizeLatencies(passes.flatMap((p) => p.result.lags)),
    burstP99: median(passes.flatMap((p) => p.result.burstP99s)),
    updates: sum((p) => p.result.updates),
    unmatched: sum((p) => p.result.unmatched),
    connected: Math.min(...passes.map((p) => p.connected)),
    cpuPercent: sum((p) => p.cpuPercent) / passes.length,
    rssMaxMiB: Math.max(...passes.map((p) => p.rssMaxMiB)),
    problems,
    closed:
      Object.values(problems).reduce((n, count) => n + count, 0) +
      sum((p) => CLIENTS - p.result.open),
  };
}

/** The middle value (the upper one of an even count); NaN when there is none. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const ms = (value: number) => value.toFixed(1).padStart(7);
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

function forkChild(file: string, simWsUrl: string): ChildProcess {
  return fork(path.join(__dirname, 'hubScale', file), [simWsUrl], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  const benchStarted = performance.now();
  const perAddress = Math.ceil(CLIENTS / ADDRESSES);
  // Every client's address holds more than one connection, so all must fit below the reserve.
  const hubMaxConnections = Math.ceil(CLIENTS / (1 - HUB_RESERVED_SHARE)) + 100;
  console.log(
    `hub scale: ${CLIENTS} WebSocket clients over ${KLINE_STREAMS.length} streams, from ${ADDRESSES} loopback addresses ` +
      `(${perAddress} each); simulator tick ${SIM_TICK_MS} ms; per server: connect, ${WARM_UP_MS / 1000} s warm-up, ` +
      `${MEASURE_SECONDS} s measured; ${ROUNDS} round(s). Api with HUB_MAX_CONNECTIONS=${hubMaxConnections}, ` +
      `HUB_MAX_CONNECTIONS_PER_CLIENT=${Math.max(perAddress, 100)}. Machine: ${os.cpus().length} cores, Node ${process.version}.`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-hubscale-'));
  const sim = await startExchangeSim({ port: 0, tickMs: SIM_TICK_MS });
  const children: ChildProcess[] = [];
  const watchdog = setTimeout(() => {
    console.error(`hub scale bench: still running after ${WATCHDOG_MS / 1000} s, giving up`);
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  }, WATCHDOG_MS);
  try {
    const api = await spawnApiServer({
      ...simulatorApiEnv({ sim, dataDir }),
      HUB_MAX_CONNECTIONS: String(hubMaxConnections),
      HUB_MAX_CONNECTIONS_PER_CLIENT: String(Math.max(perAddress, 100)),
      ...(process.env.API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.API_NODE_OPTIONS } : {}),
    });
    children.push(api.child);
    const relay = forkChild('bareRelayServer.js', sim.wsUrl);
    children.push(relay);
    const { port } = await nextMessage<RelayReport, 'listening'>(relay, 'listening', 30_000);
    const worker = forkChild('scaleClientsWorker.js', sim.wsUrl);
    children.push(worker);
    await nextMessage<ScaleWorkerReport, 'ready'>(worker, 'ready', 30_000);
    const servers: Servers = {
      worker,
      urls: { relay: `http://127.0.0.1:${port}`, api: api.url },
      pids: { relay: relay.pid!, api: api.child.pid! },
    };
    const passes: Pass[] = [];
    let order: ScaleTarget[] = ['relay', 'api'];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of order) {
        const done = await pass(servers, target);
        passes.push(done);
        const lag = summarizeLatencies(done.result.lags);
        console.log(
          `  round ${round + 1}, ${LABELS[target]}: ${done.connected}/${CLIENTS} following in ${done.connectSeconds.toFixed(1)} s; ` +
            `lag p50 ${lag.p50.toFixed(1)} ms, p99 ${lag.p99.toFixed(1)} ms over ${lag.count} updates (median burst p99 ${median(done.result.burstP99s).toFixed(1)} ms); clients' process CPU ${done.clientsCpuPercent.toFixed(0)} %, load average ${os.loadavg()[0]!.toFixed(1)}`,
        );
      }
      // ABBA…: the server measured last goes first next round, so neither always follows the other.
      order = [...order].reverse();
    }
    const floor = pooled(passes.filter((p) => p.target === 'relay'));
    const hub = pooled(passes.filter((p) => p.target === 'api'));
    console.log('');
    console.log(
      '  server                  updates   unmatched   p50 ms   p99 ms   max ms   CPU %   RSS max MiB   closed/failed',
    );
    for (const [target, figures] of [
      ['relay', floor],
      ['api', hub],
    ] as const) {
      console.log(
        `  ${LABELS[target].padEnd(22)} ${String(figures.updates).padStart(8)} ${String(figures.unmatched).padStart(11)}` +
          `  ${ms(figures.lag.p50)}  ${ms(figures.lag.p99)}  ${ms(figures.lag.max)}  ${figures.cpuPercent.toFixed(0).padStart(6)}` +
          `  ${figures.rssMaxMiB.toFixed(0).padStart(12)}  ${String(figures.closed).padStart(14)}`,
      );
    }
    for (const [target, figures] of [
      ['relay', floor],
      ['api', hub],
    ] as const) {
      if (Object.keys(figures.problems).length > 0) {
        console.log(`  ${LABELS[target]} problems: ${JSON.stringify(figures.problems)}`);
      }
    }
    const apiStats = processStats(servers.pids.api);
    const ratio = hub.lag.p99 / floor.lag.p99;
    const rssMiB = Math.max(hub.rssMaxMiB, apiStats?.peakRssMiB ?? 0);
    console.log('');
    console.log(
      `  broadcast p99 api / floor = ${hub.lag.p99.toFixed(1)} / ${floor.lag.p99.toFixed(1)} ms = ${ratio.toFixed(2)} ` +
        `(target ≤ ${P99_RATIO_TARGET}): ${verdict(ratio <= P99_RATIO_TARGET)}`,
    );
    const typical = hub.burstP99 / floor.burstP99;
    console.log(
      `  median over bursts of the burst's p99 (one tick's ${CLIENTS} updates; a neighbour's CPU spike spoils one burst, not this figure): ` +
        `api / floor = ${hub.burstP99.toFixed(1)} / ${floor.burstP99.toFixed(1)} ms = ${typical.toFixed(2)}`,
    );
    console.log(
      `  api RSS peak ${rssMiB.toFixed(0)} MiB with ${hub.connected} connections (target ≤ ${RSS_TARGET_MIB} MiB): ${verdict(rssMiB <= RSS_TARGET_MIB)}`,
    );
    console.log(
      `  api connections closed or refused: ${hub.closed} (target 0): ${verdict(hub.closed === 0)}`,
    );
    console.log(`  bench wall time ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
  } finally {
    clearTimeout(watchdog);
    for (const child of [...children].reverse()) await stop(child);
    await sim.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
