// Broadcast bench: N WebSocket clients in one group, a fixed-rate broadcast stream, and the same
// run against bare `ws` (the floor) and Socket.IO. Prints delivered messages/s, end-to-end
// latency p50/p99, server CPU, and the ratios. Settings: --clients=N --rate=R --seconds=S
// --rounds=K --servers=ws,signalr,socketio (or BENCH_CLIENTS, BENCH_RATE, BENCH_SECONDS,
// BENCH_ROUNDS). With several rounds the servers take turns, each round starting with the next
// one, so a busy neighbour on the shared machine hurts them alike; the figures pool all rounds.
// The whole run is bounded by a watchdog.
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { type BenchIpcMessage, SERVER_KINDS, type ServerKind } from './ServerKind';
import { connectBenchClients } from './connectBenchClients';

const LABELS: Record<ServerKind, string> = {
  ws: 'bare ws (floor)',
  signalr: '@pairwatch/signalr-server',
  socketio: 'socket.io 4',
};

function setting(name: string, env: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const raw = arg?.slice(name.length + 3) ?? process.env[env];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`Bench setting --${name} / ${env} must be a positive number, got '${raw}'.`);
  }
  return value;
}

const clients = Math.round(setting('clients', 'BENCH_CLIENTS', 2_000));
const rate = setting('rate', 'BENCH_RATE', 10);
const seconds = setting('seconds', 'BENCH_SECONDS', 10);
const rounds = Math.round(setting('rounds', 'BENCH_ROUNDS', 1));
const kindsArg = process.argv.find((a) => a.startsWith('--servers='))?.slice('--servers='.length);
/** Which servers, in which order (default all three); the ratios need all three. */
const kinds = (kindsArg?.split(',') ?? SERVER_KINDS) as ServerKind[];
for (const kind of kinds) {
  if (!SERVER_KINDS.includes(kind)) throw new Error(`--servers lists unknown server '${kind}'.`);
}
const expectedPerClient = Math.round(rate * seconds);
const WATCHDOG_MS = rounds * (60_000 + seconds * 3 * 1_000 + clients * 3 * 30);

/** One server's run. */
interface Run {
  latenciesUs: Float64Array;
  delivered: number;
  expected: number;
  elapsedS: number;
  cpuMs: number;
  wallMs: number;
}

interface Result {
  kind: ServerKind;
  delivered: number;
  expected: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  cpuMs: number;
  cpuPercent: number;
}

/** Pools the runs of one server: latency percentiles over every delivery, CPU summed. */
function summarize(kind: ServerKind, runs: Run[]): Result {
  const all = new Float64Array(runs.reduce((n, r) => n + r.latenciesUs.length, 0));
  let offset = 0;
  for (const run of runs) {
    all.set(run.latenciesUs, offset);
    offset += run.latenciesUs.length;
  }
  all.sort();
  const sum = (pick: (run: Run) => number): number => runs.reduce((n, r) => n + pick(r), 0);
  return {
    kind,
    delivered: sum((r) => r.delivered),
    expected: sum((r) => r.expected),
    perSecond: sum((r) => r.delivered) / sum((r) => r.elapsedS),
    p50Ms: percentile(all, 50) / 1000,
    p99Ms: percentile(all, 99) / 1000,
    maxMs: (all[all.length - 1] ?? Number.NaN) / 1000,
    cpuMs: sum((r) => r.cpuMs) / runs.length,
    cpuPercent: (sum((r) => r.cpuMs) / sum((r) => r.wallMs)) * 100,
  };
}

function waitForMessage<T extends BenchIpcMessage['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<BenchIpcMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: BenchIpcMessage): void => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message as Extract<BenchIpcMessage, { type: T }>);
    };
    child.on('message', onMessage);
    child.once('exit', (code) =>
      reject(new Error(`Bench server exited with code ${code} while waiting for '${type}'.`)),
    );
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function runOne(kind: ServerKind): Promise<Run> {
  const child = fork(join(__dirname, 'benchServer.js'), [kind], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const { port } = await waitForMessage(child, 'listening');
    const latenciesUs = new Float64Array(clients * expectedPerClient);
    let delivered = 0;
    let lastDeliveryAt = 0;
    const sockets = await connectBenchClients(kind, port, clients, (_seq, sentAtUs) => {
      const nowUs = Number(process.hrtime.bigint() / 1000n);
      if (delivered < latenciesUs.length) latenciesUs[delivered] = nowUs - sentAtUs;
      delivered += 1;
      lastDeliveryAt = performance.now();
    });
    // Every client must be in the group before the stream starts.
    for (let attempt = 0; ; attempt += 1) {
      child.send({ type: 'countClients' } satisfies BenchIpcMessage);
      const { count } = await waitForMessage(child, 'clients');
      if (count === clients) break;
      if (attempt > 100)
        throw new Error(`Only ${count} of ${clients} ${kind} clients joined the group.`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const startedAt = performance.now();
    child.send({ type: 'start', rate, seconds } satisfies BenchIpcMessage);
    const done = await waitForMessage(child, 'done');
    // Stragglers: wait until deliveries stop (bounded).
    const expected = done.sent * clients;
    const drainDeadline = performance.now() + 5_000;
    while (
      delivered < expected &&
      performance.now() < drainDeadline &&
      performance.now() - lastDeliveryAt < 1_000
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const elapsedS = (lastDeliveryAt - startedAt) / 1000;
    for (const socket of sockets) socket.terminate();
    return {
      latenciesUs: latenciesUs.subarray(0, Math.min(delivered, latenciesUs.length)),
      delivered,
      expected,
      elapsedS,
      cpuMs: done.cpuMs,
      wallMs: done.wallMs,
    };
  } finally {
    child.disconnect();
    const killer = setTimeout(() => child.kill('SIGKILL'), 2_000);
    await new Promise((resolve) => child.once('exit', resolve));
    clearTimeout(killer);
  }
}

function fixed(value: number, digits: number): string {
  return value.toFixed(digits);
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    console.error(`Bench watchdog: still running after ${WATCHDOG_MS} ms, giving up.`);
    process.exit(1);
  }, WATCHDOG_MS);
  console.log(
    `Broadcast bench: ${clients} WebSocket clients in one group, ${rate} msg/s for ${seconds} s ` +
      `(${clients * expectedPerClient} deliveries expected per server and round), ${rounds} round(s); ` +
      `each server in its own process, clients in this one.`,
  );
  const runs = new Map<ServerKind, Run[]>(kinds.map((kind) => [kind, []]));
  for (let round = 0; round < rounds; round += 1) {
    // Each round starts with the next server, so none always runs first (or last).
    const order = kinds.map((_, i) => kinds[(i + round) % kinds.length]!);
    for (const kind of order) runs.get(kind)!.push(await runOne(kind));
  }
  const results = new Map<ServerKind, Result>(
    kinds.map((kind) => [kind, summarize(kind, runs.get(kind)!)]),
  );
  console.log('');
  console.log(
    'server                      delivered   msgs/s    p50 ms   p99 ms   max ms   CPU ms/run  CPU %',
  );
  for (const r of results.values()) {
    console.log(
      `${LABELS[r.kind].padEnd(26)}  ${`${fixed((100 * r.delivered) / r.expected, 1)}%`.padStart(9)}` +
        `  ${fixed(r.perSecond, 0).padStart(7)}  ${fixed(r.p50Ms, 2).padStart(7)}  ${fixed(r.p99Ms, 2).padStart(7)}` +
        `  ${fixed(r.maxMs, 2).padStart(7)}  ${fixed(r.cpuMs, 0).padStart(10)}  ${fixed(r.cpuPercent, 1).padStart(5)}`,
    );
  }
  const ours = results.get('signalr');
  const floor = results.get('ws');
  const socketIo = results.get('socketio');
  clearTimeout(watchdog);
  if (!ours || !floor || !socketIo) return;
  console.log('');
  console.log(
    `p99 latency  ours/ws = ${fixed(ours.p99Ms / floor.p99Ms, 2)} (target ≤ 1.5)   ours/socket.io = ${fixed(ours.p99Ms / socketIo.p99Ms, 2)} (target < 1)`,
  );
  console.log(
    `p50 latency  ours/ws = ${fixed(ours.p50Ms / floor.p50Ms, 2)}   ours/socket.io = ${fixed(ours.p50Ms / socketIo.p50Ms, 2)}`,
  );
  console.log(
    `server CPU   ours/ws = ${fixed(ours.cpuMs / floor.cpuMs, 2)}   ours/socket.io = ${fixed(ours.cpuMs / socketIo.cpuMs, 2)}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
