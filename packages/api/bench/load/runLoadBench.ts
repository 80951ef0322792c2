// `pnpm bench:load`: the api under load, first one process on SQLite, then two on PostgreSQL.
// 5,000 hub connections (SignalR JSON protocol over WebSocket, spread over every symbol and
// interval), 50 alert creations/s (each browser keeps its latest 50: the older are deleted) and
// 500 GET /candles/s (from 1,000 client addresses) for LOAD_SECONDS (default 60), against the real
// server (`dist/server.js`) fed by the simulated exchange. Prints errors per kind, p50/p99 latency
// per kind and each minute's p99 (a drift shows there), the hub's update lag (simulator event →
// hub client, see hubClientsWorker.ts) and the api processes' memory after warm-up: the RSS's
// trend of every sample and of each 30 s's lowest (the verdict), the JavaScript heap's and the
// rest's (from memorySampler.ts, preloaded into the api), and the heap just after each full
// collection (what the api keeps). Targets (docs/architecture.md §10): no errors; alert creation
// p99 < 50 ms on one process (SQLite) and < 150 ms on two (PostgreSQL); lag p99 < 250 ms; each
// also judged after the first seconds (a cold start: LOAD_WARM_UP_SECONDS); RSS flat after warm-up
// (`LOAD_SECONDS=600` for the 10-minute run). `LOAD_PHASES=sqlite` or `postgres` runs one phase.
// With two or more cores the api processes run pinned to core 0 and this process with its workers
// (load generators, simulator, push service) to the others (`taskset`; LOAD_PIN=0 turns it off),
// so the load generators do not take the api's core. PostgreSQL is not pinned.
// Everything listens on 127.0.0.1; the run stops by itself. It lives in bench/load/ so that
// `pnpm bench` (which runs bench/*Bench.js) does not pick it up.
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SYMBOLS } from '@pairwatch/domain';
import { type ExchangeSimHandle, startExchangeSim } from '@pairwatch/exchange-sim';
import { LocalPushService } from '@pairwatch/test-support';
import { processStats } from '../hubScale/processStats';
import { simulatorApiEnv, spawnApiServer } from '../spawnApiServer';
import pg from 'pg';
import {
  type LatencySummary,
  type LoadWorkerCommand,
  type LoadWorkerReport,
} from './LoadWorkerMessage';
import { type MemorySample } from './memorySampler';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 5_000);
const ALERTS_PER_SECOND = Number(process.env.LOAD_ALERTS_PER_SECOND ?? 50);
const CANDLES_PER_SECOND = Number(process.env.LOAD_CANDLES_PER_SECOND ?? 500);
/** Candles per GET: what a chart asks for when it opens. */
const CANDLES_LIMIT = Number(process.env.LOAD_CANDLES_LIMIT ?? 500);
/** Push subscriptions (browsers) the alerts are spread over: 100 alerts each at most. */
const SUBSCRIPTIONS = 100;
const LAG_TARGET_MS = 250;
/**
 * Requests sent in the first seconds of the load are also summarized apart: the load starts at
 * full rate on processes that just took 5,000 hub connections, with cold caches and unoptimized
 * code, and its first seconds queue up (a cold start, not the steady state the targets are about).
 */
const REQUEST_WARM_UP_S = Number(process.env.LOAD_WARM_UP_SECONDS ?? 10);
/** Alert creation p99 targets: one process on SQLite, two on PostgreSQL. */
const CREATE_TARGET_MS = { sqlite: 50, postgres: 150 } as const;
/** RSS samples before this are warm-up (caches filling, JIT), left out of the trend. */
const WARM_UP_MS = Math.max(60_000, SECONDS * 200);
/**
 * The trend needs this many seconds after warm-up: over a shorter window the caches still filling
 * and the collector's sawtooth look like growth (a 60 s run says "not measured").
 */
const TREND_WINDOW_S = 120;
/** "Flat": the fitted rise over the measured window stays under this share of the mean RSS. */
const FLAT_SHARE = 0.05;
/** Seconds per window whose lowest sample is a floor (see `floors`). */
const FLOOR_WINDOW_S = 30;

/** The api's cores and the load generators' cores when pinning (see the header). */
const PINNING = choosePinning();

function choosePinning(): { readonly api: string; readonly load: string } | undefined {
  const cores = os.cpus().length;
  if (process.env.LOAD_PIN === '0' || cores < 2) return undefined;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return { api: '0', load: cores === 2 ? '1' : `1-${cores - 1}` };
}
/** CPU seconds a child has used so far (NaN once it is gone): what the load costs the api. */
function cpuSecondsOf(child: ChildProcess): number {
  return child.pid === undefined ? Number.NaN : (processStats(child.pid)?.cpuSeconds ?? Number.NaN);
}

/** A whole phase (connect, load, drain) must end within this; then the bench fails. */
const PHASE_LIMIT_MS = (SECONDS + 120) * 1000;

interface Api {
  readonly url: string;
  readonly child: ChildProcess;
  readonly rss: number[];
  /** Where its memory sampler writes (see memorySampler.ts). */
  readonly memoryFile: string;
}

async function startApi(env: Record<string, string>, memoryFile: string): Promise<Api> {
  // LOAD_API_NODE_ARGS reach the api processes' node only, e.g. `--cpu-prof` to profile them.
  const extra = process.env.LOAD_API_NODE_ARGS?.split(' ').filter((arg) => arg !== '') ?? [];
  const nodeArgs = ['--require', path.join(__dirname, 'memorySampler.js'), ...extra];
  const spawned = await spawnApiServer(
    { ...env, PAIRWATCH_BENCH_MEMORY_FILE: memoryFile },
    { cpus: PINNING?.api, nodeArgs },
  );
  return { ...spawned, rss: [], memoryFile };
}

/** The samples the api's memory sampler wrote (one a second). */
function readMemorySamples(file: string): MemorySample[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as MemorySample);
}

/**
 * The lowest value of each {@link FLOOR_WINDOW_S}-second window: the level the collector comes
 * back to. The heap grows between collections and V8 resizes what it holds with them, so single
 * samples saw up and down by tens of MiB; a leak raises the floor, the sawtooth does not.
 */
function floors(samples: readonly number[]): number[] {
  const result: number[] = [];
  for (let start = 0; start < samples.length; start += FLOOR_WINDOW_S)
    result.push(Math.min(...samples.slice(start, start + FLOOR_WINDOW_S)));
  return result;
}

/**
 * The least-squares slope of `samples` (one every `stepSeconds`, from the start of the load) after
 * warm-up, in MiB per minute, and the rise it predicts over the measured window; undefined when
 * too few samples are left.
 */
function rssTrend(samples: readonly number[], stepSeconds = 1): Trend | undefined {
  return trendOf(samples.map((value, i) => ({ seconds: i * stepSeconds, value })));
}

interface Trend {
  readonly perMinute: number;
  readonly rise: number;
  readonly mean: number;
}

/** "Flat": the fitted rise over the measured window stays under {@link FLAT_SHARE} of the mean. */
function isFlat(trend: Trend): boolean {
  return trend.rise < trend.mean * FLAT_SHARE;
}

/**
 * The least-squares slope of `points` (`seconds` from the start of the load) after warm-up, in MiB
 * per minute, and the rise it predicts over the measured window; undefined when the points after
 * warm-up span less than {@link TREND_WINDOW_S} or are fewer than 3.
 */
function trendOf(points: readonly { seconds: number; value: number }[]): Trend | undefined {
  const kept = points.filter((point) => point.seconds >= WARM_UP_MS / 1000);
  if (kept.length < 3 || kept.at(-1)!.seconds - kept[0]!.seconds < TREND_WINDOW_S - FLOOR_WINDOW_S)
    return undefined;
  const n = kept.length;
  const meanX = kept.reduce((sum, point) => sum + point.seconds, 0) / n;
  const mean = kept.reduce((sum, point) => sum + point.value, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const { seconds, value } of kept) {
    covariance += (seconds - meanX) * (value - mean);
    variance += (seconds - meanX) ** 2;
  }
  const perSecond = covariance / variance;
  return {
    perMinute: perSecond * 60,
    rise: perSecond * (kept.at(-1)!.seconds - kept[0]!.seconds),
    mean,
  };
}

function worker(file: string): ChildProcess {
  return fork(path.join(__dirname, file), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

function nextReport<K extends LoadWorkerReport['kind']>(
  child: ChildProcess,
  kind: K,
): Promise<Extract<LoadWorkerReport, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: LoadWorkerReport) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      resolve(message as Extract<LoadWorkerReport, { kind: K }>);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`a load worker exited early (${code})`)));
  });
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
const line = (name: string, summary: LatencySummary) =>
  `  ${name.padEnd(28)} n=${String(summary.count).padStart(7)}   p50 ${ms(summary.p50)}   p99 ${ms(
    summary.p99,
  )}   max ${ms(summary.max)}`;

async function registerSubscriptions(
  apiUrl: string,
  push: LocalPushService,
): Promise<{ id: string; address: string }[]> {
  const subscriptions: { id: string; address: string }[] = [];
  for (let i = 0; i < SUBSCRIPTIONS; i += 1) {
    // One browser, one address: the api's write limit is per client address (TRUST_PROXY).
    const address = `10.1.0.${i + 1}`;
    const response = await fetch(`${apiUrl}/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(push.createSubscription()),
    });
    if (response.status !== 201) throw new Error(`subscription: HTTP ${response.status}`);
    const { subscriptionId } = (await response.json()) as { subscriptionId: string };
    subscriptions.push({ id: subscriptionId, address });
  }
  return subscriptions;
}

/** One phase: `processes` api processes on `databaseUrl` (SQLite when undefined). */
async function phase(title: string, processes: number, databaseUrl: string | undefined) {
  console.log(`\n── ${title} ──`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-load-'));
  const sim: ExchangeSimHandle = await startExchangeSim({ port: 0 });
  const push = await LocalPushService.start();
  const certificateFile = path.join(dataDir, 'push-ca.pem');
  fs.writeFileSync(certificateFile, push.certificatePem);
  const apis: Api[] = [];
  const workers: ChildProcess[] = [];
  const limit = setTimeout(() => {
    console.error(`the phase did not end within ${PHASE_LIMIT_MS / 1000} s; stopping`);
    for (const child of [...workers, ...apis.map((api) => api.child)]) child.kill('SIGKILL');
    process.exit(1);
  }, PHASE_LIMIT_MS);
  try {
    for (let i = 0; i < processes; i += 1) {
      apis.push(
        await startApi(
          {
            ...simulatorApiEnv({ sim, dataDir, pushCertificateFile: certificateFile }),
            ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
            // Clients are told apart by X-Forwarded-For, as behind the load balancer of a deployment.
            TRUST_PROXY: 'true',
          },
          path.join(dataDir, `memory-${i + 1}.jsonl`),
        ),
      );
    }
    const apiUrls = apis.map((api) => api.url);
    const subscriptions = await registerSubscriptions(apiUrls[0]!, push);
    const prices = Object.fromEntries(
      Object.entries(sim.controls.state().prices).map(([symbol, price]) => [symbol, Number(price)]),
    );

    const hubs = worker('hubClientsWorker.js');
    workers.push(hubs);
    const connectStarted = Date.now();
    const connecting = nextReport(hubs, 'connected');
    hubs.send({
      kind: 'hubClients',
      apiUrls,
      connections: CONNECTIONS,
      simWsUrl: sim.wsUrl,
    } satisfies LoadWorkerCommand);
    const connected = await connecting;
    console.log(
      `  hub connections: ${connected.connected}/${CONNECTIONS} open and subscribed in ${(
        (Date.now() - connectStarted) /
        1000
      ).toFixed(
        1,
      )} s over ${DEFAULT_SYMBOLS.length * 8} streams; connect errors ${JSON.stringify(connected.errors)}`,
    );

    const http = worker('httpLoadWorker.js');
    workers.push(http);
    const finished = nextReport(http, 'httpResult');
    hubs.send({
      kind: 'startMeasuring',
      warmUpSeconds: REQUEST_WARM_UP_S,
    } satisfies LoadWorkerCommand);
    http.send({
      kind: 'httpLoad',
      apiUrls,
      seconds: SECONDS,
      alertsPerSecond: ALERTS_PER_SECOND,
      candlesPerSecond: CANDLES_PER_SECOND,
      candlesLimit: CANDLES_LIMIT,
      subscriptions,
      prices,
      warmUpSeconds: REQUEST_WARM_UP_S,
    } satisfies LoadWorkerCommand);
    // The memory sampler's lines from here on are the load's (the api wrote some while starting).
    const loadStarted = Date.now();
    const cpuAtStart = apis.map((api) => cpuSecondsOf(api.child));
    const sampler = setInterval(() => {
      for (const api of apis) {
        const rss = api.child.pid === undefined ? undefined : processStats(api.child.pid)?.rssMiB;
        if (rss !== undefined) api.rss.push(rss);
      }
    }, 1_000);
    const httpResult = await finished;
    clearInterval(sampler);
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    const cpuUsed = apis.map((api, i) => cpuSecondsOf(api.child) - cpuAtStart[i]!);
    const hubResultComing = nextReport(hubs, 'hubResult');
    hubs.send({ kind: 'stop' } satisfies LoadWorkerCommand);
    const hubResult = await hubResultComing;

    console.log(
      `  sent: ${httpResult.sent.alertCreate} alert creations, ${httpResult.sent.alertDelete} deletions (each browser keeps its latest 50), ${httpResult.sent.candles} GET /candles (limit ${CANDLES_LIMIT}) in ${SECONDS} s`,
    );
    console.log(line('alert create', httpResult.latency.alertCreate!));
    console.log(line('alert delete', httpResult.latency.alertDelete!));
    console.log(line('GET /candles', httpResult.latency.candles!));
    const warmUp = `after ${REQUEST_WARM_UP_S} s`;
    console.log(line(`alert create, ${warmUp}`, httpResult.steadyLatency.alertCreate!));
    console.log(line(`GET /candles, ${warmUp}`, httpResult.steadyLatency.candles!));
    console.log(line('update lag (from E)', hubResult.lag));
    console.log(line('update lag (api share)', hubResult.apiLag));
    console.log(line(`update lag, ${warmUp}`, hubResult.steadyLag));
    const perMinute = (p99s: readonly number[]) => p99s.map((p99) => p99.toFixed(0)).join(' ');
    console.log(
      `  p99 per minute (ms): alert create ${perMinute(httpResult.alertCreateP99ByMinute)}; update lag ${perMinute(hubResult.lagP99ByMinute)}`,
    );
    console.log(
      `  hub: ${hubResult.updates} updates received (${hubResult.unmatched} without a simulator event to match: first candles; ${hubResult.repeated} not timed: a quiet stream's kline sent again unchanged), ${hubResult.open}/${CONNECTIONS} connections open at the end`,
    );
    console.log(
      `  api CPU during the load (user + system, every thread): ${cpuUsed
        .map(
          (seconds, i) =>
            `process ${i + 1} ${seconds.toFixed(1)} s in ${loadSeconds.toFixed(0)} s (${((100 * seconds) / loadSeconds).toFixed(0)}%)`,
        )
        .join(', ')}`,
    );
    const errors = { ...httpResult.errors, ...prefixed('hub', hubResult.errors) };
    console.log(`  errors: ${Object.keys(errors).length === 0 ? 'none' : JSON.stringify(errors)}`);
    let flat: boolean | undefined;
    const describeTrend = (trend: Trend | undefined): string =>
      trend === undefined
        ? 'not measured, run too short'
        : `${trend.perMinute >= 0 ? '+' : ''}${trend.perMinute.toFixed(2)} MiB/min (${
            trend.rise >= 0 ? '+' : ''
          }${trend.rise.toFixed(1)} MiB over the window, mean ${trend.mean.toFixed(0)}): ${
            isFlat(trend) ? 'flat' : 'GROWING'
          }`;
    for (const [i, api] of apis.entries()) {
      const samples = api.rss;
      const load = readMemorySamples(api.memoryFile).filter((sample) => sample.at >= loadStarted);
      const memory = load.filter((sample) => sample.kind === 'second');
      const afterFullGc = load.filter((sample) => sample.kind === 'fullGc');
      const rssFloors = floors(samples);
      const floorTrend = rssTrend(rssFloors, FLOOR_WINDOW_S);
      // The verdict is the floor's: the sawtooth of collections is not growth (see `floors`).
      if (floorTrend !== undefined) flat = (flat ?? true) && isFlat(floorTrend);
      console.log(
        `  api process ${i + 1} RSS (MiB, sampled every 1 s): start ${samples[0]?.toFixed(0)}, max ${Math.max(
          ...samples,
        ).toFixed(
          0,
        )}, end ${samples.at(-1)?.toFixed(0)}; after ${WARM_UP_MS / 1000} s warm-up, trend of every sample ${describeTrend(
          rssTrend(samples),
        )}; trend of the ${FLOOR_WINDOW_S}-s floors ${describeTrend(floorTrend)}; the floors: ${rssFloors
          .map((floor) => floor.toFixed(0))
          .join(' ')}`,
      );
      console.log(
        `    of which: JavaScript heap in use, ${FLOOR_WINDOW_S}-s floors ${describeTrend(
          rssTrend(floors(memory.map((sample) => sample.heapUsed)), FLOOR_WINDOW_S),
        )}; outside the JavaScript heap (RSS − heap held) ${describeTrend(
          rssTrend(memory.map((sample) => sample.rss - sample.heapTotal)),
        )}, of which buffers and other memory bound to JavaScript objects ${describeTrend(
          rssTrend(memory.map((sample) => sample.external)),
        )}`,
      );
      const keptTrend = trendOf(
        afterFullGc.map((sample) => ({
          seconds: (sample.at - loadStarted) / 1000,
          value: sample.heapUsed,
        })),
      );
      console.log(
        `    JavaScript heap in use just after each full collection (${afterFullGc.length}, the heap the api keeps): ${afterFullGc
          .map((sample) => sample.heapUsed.toFixed(0))
          .join(' ')}; trend ${describeTrend(keptTrend)}`,
      );
      if (
        floorTrend !== undefined &&
        keptTrend !== undefined &&
        !isFlat(floorTrend) &&
        isFlat(keptTrend)
      ) {
        console.log(
          '    the RSS grows while the heap the api keeps does not: V8 sizes the heap it lets fill ' +
            'before a full collection by what survived the last one, up to 4× that with a heap ' +
            'limit of 2 GiB or more (the default with 8 GiB of memory or more), so the RSS climbs ' +
            'for minutes to that ceiling; --max-old-space-size under 2048 lowers it to about 2× ' +
            '(docs/architecture.md §10, memory)',
        );
      }
    }
    console.log(`  pushes delivered to the local push service: ${push.received.length}`);
    console.log(
      `  simulator REST weight used in the current minute: ${sim.controls.state().usedWeight}`,
    );
    const createTarget = CREATE_TARGET_MS[databaseUrl === undefined ? 'sqlite' : 'postgres'];
    const verdict = (p99: number) => (p99 < createTarget ? 'met' : 'MISSED');
    console.log(
      `  alert create target (p99 < ${createTarget} ms): whole run ${verdict(
        httpResult.latency.alertCreate!.p99,
      )}; ${warmUp} (the steady state) ${verdict(httpResult.steadyLatency.alertCreate!.p99)}`,
    );
    const lagVerdict = (p99: number) => (p99 < LAG_TARGET_MS ? 'met' : 'MISSED');
    console.log(
      `  lag target (p99 < ${LAG_TARGET_MS} ms): whole run ${lagVerdict(hubResult.lag.p99)}; ` +
        `${warmUp} (the steady state) ${lagVerdict(hubResult.steadyLag.p99)}`,
    );
    console.log(
      `  memory target (RSS flat after warm-up): ${
        flat === undefined
          ? `not measured (needs LOAD_SECONDS ≥ ${WARM_UP_MS / 1000 + TREND_WINDOW_S}; 600 is the 10-minute run)`
          : flat
            ? 'met'
            : 'MISSED'
      }`,
    );
    return Object.keys(errors).length === 0;
  } finally {
    clearTimeout(limit);
    for (const child of workers) if (child.exitCode === null) child.kill('SIGKILL');
    for (const api of apis) {
      if (api.child.exitCode === null) {
        const exited = once(api.child, 'exit');
        api.child.kill('SIGTERM');
        await exited;
      }
    }
    await push.close();
    await sim.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function prefixed(prefix: string, counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).map(([key, n]) => [`${prefix} ${key}`, n]));
}

/** A fresh database on the configured server for the PostgreSQL phase; dropped after. */
async function withDatabase(serverUrl: string, run: (url: string) => Promise<boolean>) {
  const name = `pairwatch_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await run(url.href);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:load: ${CONNECTIONS} hub connections, ${ALERTS_PER_SECOND} alert creations/s, ` +
      `${CANDLES_PER_SECOND} GET /candles/s for ${SECONDS} s (LOAD_SECONDS)`,
  );
  if (PINNING === undefined) {
    console.log(
      `machine: ${os.cpus().length} cores, Node ${process.version}, not pinned. The load generator ` +
        '(this process: simulator and push service; one worker for hub clients, one for REST) ' +
        'and the api share these cores, so the figures are a floor for the api alone.',
    );
  } else {
    // -a: every thread of this process (libuv's pool, V8's), and the workers forked later inherit.
    execFileSync('taskset', ['-a', '-p', '-c', PINNING.load, String(process.pid)], {
      stdio: 'ignore',
    });
    console.log(
      `machine: ${os.cpus().length} cores, Node ${process.version}. Pinned with taskset: the api ` +
        `processes to core ${PINNING.api}; the load generator (this process: simulator and push ` +
        `service; one worker for hub clients, one for REST) to core(s) ${PINNING.load}. ` +
        'PostgreSQL is not pinned.',
    );
  }
  const phases = (process.env.LOAD_PHASES ?? 'sqlite,postgres').split(',');
  let ok = phases.includes('sqlite') ? await phase('one api process, SQLite', 1, undefined) : true;
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (phases.includes('postgres') && serverUrl) {
    ok =
      (await withDatabase(serverUrl, (url) => phase('two api processes, PostgreSQL', 2, url))) &&
      ok;
  } else if (phases.includes('postgres')) {
    console.log(
      '\n── two api processes, PostgreSQL: SKIPPED (set TEST_DATABASE_URL or DATABASE_URL) ──',
    );
  }
  process.exitCode = ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
