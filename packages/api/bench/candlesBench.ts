// GET /candles (500 candles, recent data, served from the cache) against a Fastify route that
// returns the same 500 candles from memory, measured in the same run on the same server.
// Prints throughput, latency, and the ratio (target ≥ 0.7×).
import autocannon, { type Result } from 'autocannon';
import { fork } from 'node:child_process';
import path from 'node:path';
import { type BenchServerMessage } from './candlesBenchServer';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = 2;
const TARGET = 0.7;

interface Figures {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly bytesPerResponse: number;
}

async function measure(url: string, seconds: number): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result;
}

function summarize(results: readonly Result[]): Figures {
  const mean = (pick: (result: Result) => number): number =>
    results.reduce((sum, result) => sum + pick(result), 0) / results.length;
  return {
    requestsPerSecond: mean((r) => r.requests.average),
    p50: mean((r) => r.latency.p50),
    p99: mean((r) => r.latency.p99),
    bytesPerResponse: mean((r) => r.throughput.total / Math.max(1, r.requests.total)),
  };
}

function row(name: string, figures: Figures): string {
  return `${name.padEnd(34)} ${figures.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${figures.p50
    .toFixed(1)
    .padStart(
      6,
    )} ms   p99 ${figures.p99.toFixed(1).padStart(6)} ms   ${(figures.bytesPerResponse / 1024).toFixed(1)} KiB`;
}

async function main(): Promise<void> {
  const server = fork(path.join(__dirname, 'candlesBenchServer.js'), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (): Promise<BenchServerMessage> =>
    new Promise((resolve, reject) => {
      server.once('message', (message) => resolve(message as BenchServerMessage));
      server.once('exit', (code) => reject(new Error(`bench server exited (${String(code)})`)));
    });
  try {
    const ready = await next();
    if (ready.kind !== 'ready') throw new Error('unexpected message from the bench server');
    const base = `http://127.0.0.1:${ready.port}`;
    const candles = `${base}/candles?symbol=BTCUSDT&interval=OneMinute&limit=500`;
    const memory = `${base}/bench/memory`;
    process.stdout.write(
      `warming up (${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each)…\n`,
    );
    await measure(memory, 1);
    await measure(candles, 1);
    const memoryResults: Result[] = [];
    const candlesResults: Result[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternate the order so neither side always runs on a warmer (or busier) machine.
      if (round % 2 === 0) {
        memoryResults.push(await measure(memory, SECONDS));
        candlesResults.push(await measure(candles, SECONDS));
      } else {
        candlesResults.push(await measure(candles, SECONDS));
        memoryResults.push(await measure(memory, SECONDS));
      }
    }
    server.send('stats');
    const stats = await next();
    const baseline = summarize(memoryResults);
    const measured = summarize(candlesResults);
    const ratio = measured.requestsPerSecond / baseline.requestsPerSecond;
    process.stdout.write(`${row('baseline: 500 candles from memory', baseline)}\n`);
    process.stdout.write(`${row('GET /candles limit=500 (cache)', measured)}\n`);
    process.stdout.write(
      `ratio ${ratio.toFixed(2)}× (target ≥ ${TARGET}×: ${ratio >= TARGET ? 'met' : 'NOT met'}); ` +
        `upstream requests during the run: ${stats.upstreamRequests - ready.upstreamRequests}\n`,
    );
  } finally {
    server.send('stop');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `candlesBench failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
