// The api's cost of following many pairs (issue #25): CPU and RSS of the real server
// (`dist/server.js`) with armed price alerts on N distinct pairs — N upstream kline streams —
// against the same process with 10, both fed by an embedded exchange simulator ticking every
// SIM_TICK_MS (default 2000 ms, as Binance pushes). Per run: start the simulator and
// the api, create the alerts over HTTP (targets 50 % away, so none fires), let the streams settle,
// then measure for MEASURE_SECONDS (default 20): CPU seconds per minute from /proc/<pid>/stat and
// RSS (start, max, end) from /proc/<pid>/status. Prints both runs and their ratio. The pairs come
// from the simulator's `GET /api/v3/exchangeInfo`: with fewer than N listed, the run uses all of
// them and says so. Linux only (/proc).
import { type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startExchangeSim } from '@pairwatch/exchange-sim';
import { LocalPushService } from '@pairwatch/test-support';
import { processStats } from './hubScale/processStats';
import { simulatorApiEnv, spawnApiServer } from './spawnApiServer';

const PAIRS = [10, Number(process.env.BENCH_PAIRS ?? 1_000)];
const MEASURE_SECONDS = Number(process.env.MEASURE_SECONDS ?? 20);
const SETTLE_SECONDS = Number(process.env.SETTLE_SECONDS ?? 8);
const SIM_TICK_MS = Number(process.env.SIM_TICK_MS ?? 2_000);
/** An owner may hold 100 active alerts (MAX_ACTIVE_ALERTS): one owner, one address per 100. */
const ALERTS_PER_OWNER = 100;
const CONCURRENT_WRITES = 4;

interface Pair {
  readonly symbol: string;
  readonly price: number;
  readonly decimals: number;
}

interface RunResult {
  readonly pairs: number;
  readonly cpuSecondsPerMinute: number;
  readonly rssStartMiB: number;
  readonly rssMaxMiB: number;
  readonly rssEndMiB: number;
  readonly simConnections: number;
}

/** User + system CPU seconds of a live process so far. */
const cpuSeconds = (pid: number): number => processStats(pid)?.cpuSeconds ?? Number.NaN;
const rssMiB = (pid: number): number => processStats(pid)?.rssMiB ?? Number.NaN;

/** Listed pairs of the simulator with their prices and price decimals, in its order. */
async function listedPairs(simUrl: string): Promise<Pair[]> {
  const info = (await (await fetch(`${simUrl}/api/v3/exchangeInfo`)).json()) as {
    symbols: {
      symbol: string;
      status: string;
      filters: { filterType: string; tickSize?: string }[];
    }[];
  };
  const prices = (await (await fetch(`${simUrl}/api/v3/ticker/price`)).json()) as {
    symbol: string;
    price: string;
  }[];
  const priceOf = new Map(prices.map((entry) => [entry.symbol, Number(entry.price)]));
  return info.symbols
    .filter((entry) => entry.status === 'TRADING' && (priceOf.get(entry.symbol) ?? 0) > 0)
    .map((entry) => {
      const tick = entry.filters.find((filter) => filter.filterType === 'PRICE_FILTER')?.tickSize;
      // "0.01000000" → 2 decimals.
      const decimals =
        tick === undefined ? 2 : (tick.replace(/0+$/, '').split('.')[1] ?? '').length;
      return { symbol: entry.symbol, price: priceOf.get(entry.symbol)!, decimals };
    });
}

/** Runs `task` over `items`, `limit` at a time. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

async function createAlerts(
  apiUrl: string,
  push: LocalPushService,
  pairs: readonly Pair[],
): Promise<void> {
  const owners: { id: string; address: string }[] = [];
  for (let i = 0; i * ALERTS_PER_OWNER < pairs.length; i += 1) {
    const address = `10.2.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const response = await fetch(`${apiUrl}/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(push.createSubscription()),
    });
    if (response.status !== 201) throw new Error(`push subscription: HTTP ${response.status}`);
    const { subscriptionId } = (await response.json()) as { subscriptionId: string };
    owners.push({ id: subscriptionId, address });
  }
  await eachLimited([...pairs.entries()], CONCURRENT_WRITES, async ([index, pair]) => {
    const owner = owners[Math.floor(index / ALERTS_PER_OWNER)]!;
    const create = () =>
      fetch(`${apiUrl}/alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': owner.address },
        body: JSON.stringify({
          symbol: pair.symbol,
          type: 'Price',
          // Far from the price: armed for the whole run, never fired.
          valueTarget: Number((pair.price * 1.5).toFixed(pair.decimals)),
          subscriptionId: owner.id,
        }),
      });
    let response = await create();
    // Each new pair costs klines requests (backfill, replay); past the api's REST weight budget
    // it answers 503 with Retry-After, and the bench waits as a client would.
    for (let retry = 0; response.status === 503 && retry < 30; retry += 1) {
      const seconds = Number(response.headers.get('retry-after') ?? 2);
      await response.text();
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
      response = await create();
    }
    if (response.status !== 201) {
      throw new Error(`alert on ${pair.symbol}: HTTP ${response.status} ${await response.text()}`);
    }
  });
}

async function run(wanted: number): Promise<RunResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-upstream-'));
  // Backfilling 1,000 new streams at once costs ~2,000 klines requests: more than Binance's 6,000
  // weight per minute allows. The bench measures the steady state, not that start, so it lifts it.
  const sim = await startExchangeSim({
    port: 0,
    tickMs: SIM_TICK_MS,
    weightLimitPerMinute: 1_000_000,
  });
  const push = await LocalPushService.start();
  const certificateFile = path.join(dataDir, 'push-ca.pem');
  fs.writeFileSync(certificateFile, push.certificatePem);
  let child: ChildProcess | undefined;
  try {
    const listed = await listedPairs(sim.url);
    const pairs = listed.slice(0, wanted);
    if (pairs.length < wanted) {
      console.log(
        `  the simulator lists ${listed.length} pairs: alerts on ${pairs.length} instead of ${wanted}`,
      );
    }
    const api = await spawnApiServer({
      ...simulatorApiEnv({ sim, dataDir, pushCertificateFile: certificateFile }),
      TRUST_PROXY: 'true',
      // The simulator's weight limit is lifted (above); the api's own budget goes with it.
      BINANCE_WEIGHT_PER_MINUTE: '1000000',
    });
    child = api.child;
    const pid = child.pid!;
    const created = Date.now();
    await createAlerts(api.url, push, pairs);
    console.log(
      `  ${pairs.length} armed alerts on ${pairs.length} pairs created in ${((Date.now() - created) / 1000).toFixed(1)} s; settling ${SETTLE_SECONDS} s`,
    );
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const rss: number[] = [rssMiB(pid)];
    const cpuBefore = cpuSeconds(pid);
    const started = performance.now();
    const sampler = setInterval(() => rss.push(rssMiB(pid)), 1_000);
    await new Promise((resolve) => setTimeout(resolve, MEASURE_SECONDS * 1000));
    clearInterval(sampler);
    const elapsedMinutes = (performance.now() - started) / 60_000;
    const cpuSecondsPerMinute = (cpuSeconds(pid) - cpuBefore) / elapsedMinutes;
    rss.push(rssMiB(pid));
    return {
      pairs: pairs.length,
      cpuSecondsPerMinute,
      rssStartMiB: rss[0]!,
      rssMaxMiB: Math.max(...rss),
      rssEndMiB: rss.at(-1)!,
      simConnections: sim.controls.state().connections,
    };
  } finally {
    if (child !== undefined && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    await push.close();
    await sim.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function summary(result: RunResult): string {
  return (
    `  ${String(result.pairs).padStart(5)} pairs: CPU ${result.cpuSecondsPerMinute.toFixed(2).padStart(6)} s/min` +
    `   RSS start ${result.rssStartMiB.toFixed(0)} MiB, max ${result.rssMaxMiB.toFixed(0)} MiB, end ${result.rssEndMiB.toFixed(0)} MiB` +
    `   upstream connections ${result.simConnections}`
  );
}

async function main(): Promise<void> {
  console.log(
    `upstream scale: the api with armed alerts on ${PAIRS.join(' vs ')} pairs; simulator tick ${SIM_TICK_MS} ms, ` +
      `measured over ${MEASURE_SECONDS} s after ${SETTLE_SECONDS} s of settling (machine: ${os.cpus().length} cores, Node ${process.version})`,
  );
  const results: RunResult[] = [];
  for (const pairs of PAIRS) {
    results.push(await run(pairs));
    console.log(summary(results.at(-1)!));
  }
  const [small, large] = results as [RunResult, RunResult];
  console.log(
    `  ratio ${large.pairs} / ${small.pairs} pairs: CPU × ${(large.cpuSecondsPerMinute / small.cpuSecondsPerMinute).toFixed(1)}, ` +
      `RSS (end) × ${(large.rssEndMiB / small.rssEndMiB).toFixed(2)} (+${(large.rssEndMiB - small.rssEndMiB).toFixed(0)} MiB)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
