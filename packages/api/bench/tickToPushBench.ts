// Tick → push sent with 1,000,000 armed alerts (issue #27, Scale): one price update that crosses
// 10,000 of them, through the real product path in this process — the alerts in an SQLite file,
// AlertsRuntime (InProcessCoordinator, as an api on SQLite runs it) loading them into its
// AlertEngine, firings recorded with their deliveries in the outbox, DeliverySender with
// WebPushTransport (aes128gcm + VAPID through web-push, HTTPS keep-alive) — to the local push
// service in a child process, which verifies and decrypts every message on its own core.
//
// - 1,000,000 active `Crossing` price alerts (OnlyOnce, as created by default) on the ten default
//   pairs' 1-minute streams, owned by 10,000 browsers (100 each, MAX_ACTIVE_ALERTS' default), each
//   registered in the store as a push subscription of the push service. Alerts not meant to fire
//   wait 2–50 % away from the price; the crossed ones go to browsers drawn at random.
// - A tick is one candle update handed to the engine as the market feed does (MarketData's
//   listener); it moves the price up 500 and crosses exactly k alerts of its pair.
// - "Sent" is when the api's request had been written whole to its socket (the request's 'finish',
//   on the api's event loop: an upper bound of the write itself); it is the target's figure.
//   "Arrived" is when the push service had read a request whole, before it checked the VAPID
//   token and decrypted the message (its clock, sub-millisecond): it waits behind the service's
//   work on the requests before it (about 0.3 ms a message on its one core, on a machine of two
//   cores). "Accepted" is when the service had checked and decrypted it; "answered" is when the
//   api read the service's 201, later still. All four are printed.
// - "The first pushes" are the first 100 sent (1 % of the 10,000): their p99 of tick → sent is
//   the target (< 100 ms). Three such moves (of three pairs, one after the other; the second and
//   third find 10,000 fewer alerts armed) give the figure: the median of their p99s. The drain
//   rate is pushes accepted per second from the tick to the last one. The bench fails unless
//   every crossed alert's push arrives, once.
// - Baseline in the same run, on the same 1,000,000 alerts: a move of another pair crossing 100
//   (after an unreported warm-up move of a third pair crossing 100, which also opens the HTTPS
//   connections a running server would hold).
// - Before the moves every stream has seen a quiet tick (the first update after the engine's start
//   sorts each stream's index once) and, before each move, the heap is collected in full: loading
//   a million alerts leaves the collector work that a running server has long finished, and which
//   would otherwise land in whichever move comes first; then the tick waits until the process is
//   quiet (`settle`: V8's helper threads sweep what the collection freed for a second or more at a
//   million alerts). Collections the move itself causes count.
// - Stage times (from the tick): the engine's decision (the synchronous update), outbox
//   transactions committed, the sender woken, claims, sends started (encryption), answered.
import fs from 'node:fs';
import https from 'node:https';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import SqliteDatabase from 'better-sqlite3';
import {
  alertDirection,
  DEFAULT_SYMBOLS,
  type SymbolId,
  type UnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import { Hub } from '@pairwatch/signalr-server';
import webpush from 'web-push';
import { AlertsRuntime } from '../src/alerts/AlertsRuntime';
import { InProcessCoordinator } from '../src/cluster/InProcessCoordinator';
import { DeliverySender } from '../src/delivery/DeliverySender';
import { createPushChannel } from '../src/push/PushChannel';
import { type PushTransport } from '../src/push/PushTransport';
import { PushEncryptionPool } from '../src/push/PushEncryptionPool';
import { PreparedPushKeys } from '../src/push/PreparedPushKeys';
import { prepareForSubscriptions } from '../src/push/prepareForSubscriptions';
import { PUSH_IDLE_CONNECTION_MS, WebPushTransport } from '../src/push/WebPushTransport';
import { missingNodeFlags } from '../src/serverNodeFlags';
import { type AlertRecord, type AlertStore } from '../src/storage/AlertStore';
import { toAlertRow } from '../src/storage/KyselyAlertStore';
import { openAlertStore, SQLITE_FILE_NAME } from '../src/storage/openAlertStore';
import { alertRecord } from '../src/test-support/alertRecord';
import { candle, ScriptedMarketData } from '../src/test-support/ScriptedMarketData';
import { startPushServiceProcess } from './pushServiceProcess';
import { seededRandom } from './seededRandom';

const ALERTS = Number(process.env.BENCH_TICK_ALERTS ?? 1_000_000);
const CROSSED = Number(process.env.BENCH_TICK_CROSSED ?? 10_000);
const BASELINE_CROSSED = 100;
/** Alerts the unreported warm-up move crosses (`BENCH_TICK_WARM_UP_CROSSED`). */
const WARM_UP_CROSSED = Number(process.env.BENCH_TICK_WARM_UP_CROSSED ?? BASELINE_CROSSED);
const SUBSCRIPTIONS = Number(process.env.BENCH_TICK_SUBSCRIPTIONS ?? 10_000);
/** The api's `PUSH_ENCRYPTION_WORKERS` (its default, 0, unless `BENCH_TICK_ENCRYPTION_WORKERS`). */
const ENCRYPTION_WORKERS = Number(process.env.BENCH_TICK_ENCRYPTION_WORKERS ?? 0);
/** The api's `PUSH_PREPARED_KEYS` (its default, 100,000, unless `BENCH_TICK_PREPARED_KEYS`; 0: none, as before). */
const PREPARED_KEYS = Number(process.env.BENCH_TICK_PREPARED_KEYS ?? 100_000);
/**
 * Each reported move comes after this long without a push (`BENCH_TICK_QUIET_MS`), as bursts of
 * alerts do in a live server: what the push connections do while idle counts.
 */
const QUIET_MS = Number(process.env.BENCH_TICK_QUIET_MS ?? 10_000);
/**
 * The transport's idle-connection time (`BENCH_TICK_IDLE_CONNECTION_MS`; its default unless set;
 * 5000 is Node's global agent's, which the transport used before).
 */
const IDLE_CONNECTION_MS =
  process.env.BENCH_TICK_IDLE_CONNECTION_MS === undefined
    ? undefined
    : Number(process.env.BENCH_TICK_IDLE_CONNECTION_MS);
/** "The first pushes": this many sent first. */
const FIRST_PUSHES = 100;
const TARGET_P99_MS = 100;
const PRICE = 60_000;
/** The tick's move up: the crossed alerts wait strictly inside it. */
const MOVE = 500;
const ALERTS_PER_TRANSACTION = 100_000;
const MAIN: SymbolId = 'BTCUSDT';
/**
 * The moves crossing {@link CROSSED}, one pair each (`BENCH_TICK_MAIN_MOVES`, 1–3, default 3): one
 * move's p99 spreads over tens of milliseconds from run to run (95–190 ms in nine runs), so the
 * figure is their median, with each move's beside it.
 */
const MAIN_PAIRS: readonly SymbolId[] = [MAIN, 'ADAUSDT', 'DOGEUSDT'].slice(
  0,
  Math.min(3, Math.max(1, Number(process.env.BENCH_TICK_MAIN_MOVES ?? 3))),
);
const BASELINE: SymbolId = 'ETHUSDT';
const WARM_UP: SymbolId = 'BNBUSDT';
/** `BENCH_TICK_PROFILE=<file>`: a CPU profile of the first main move only (tick to the last push). */
const PROFILE_FILE = process.env.BENCH_TICK_PROFILE;
/** The profile's sampling interval in µs (`BENCH_TICK_PROFILE_INTERVAL_US`). */
const PROFILE_INTERVAL_US = Number(process.env.BENCH_TICK_PROFILE_INTERVAL_US ?? 100);
/** `BENCH_TICK_TIMELINE=1`: prints each move's commits, claims, sends and collections in order, to its 100th push. */
const TIMELINE = process.env.BENCH_TICK_TIMELINE === '1';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A full garbage collection (the flag is set for this call only). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** A window of {@link settle}, and the CPU time in it below which the process counts as quiet. */
const QUIET_WINDOW_MS = 100;
const QUIET_CPU_MS = 5;
/** {@link settle} gives up waiting after this long (and says so). */
const SETTLE_MAX_MS = 10_000;

/**
 * Waits until this process is quiet: less than {@link QUIET_CPU_MS} of CPU time, all its threads
 * together, in a {@link QUIET_WINDOW_MS} window. A full collection of a heap of a million alerts
 * leaves V8's helper threads sweeping it for a second or more; a tick then shares the two cores
 * with them (measured: p99 of a move crossing 100 of 1,000,000 was 217 ms right after the
 * collection, 87 ms two seconds later). A server that has been running has long finished that.
 *
 * @returns how long it waited, in ms
 */
async function settle(): Promise<number> {
  const started = wallClock();
  while (wallClock() - started < SETTLE_MAX_MS) {
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    const used = process.cpuUsage(before);
    if ((used.user + used.system) / 1000 < QUIET_CPU_MS) return wallClock() - started;
  }
  console.log(`  (the process was still busy ${SETTLE_MAX_MS / 1000} s after a collection)`);
  return wallClock() - started;
}

/**
 * `BENCH_TICK_STATEMENTS=1`: SQLite's time per statement (BEGIN and COMMIT included) in each
 * reported move until its 100th push is written, through better-sqlite3's Statement methods.
 */
const STATEMENTS = process.env.BENCH_TICK_STATEMENTS === '1';

/** Calls and time per statement text, while `counting()` says so (see {@link STATEMENTS}). */
function timeStatements(counting: () => boolean): Map<string, { calls: number; ms: number }> {
  const times = new Map<string, { calls: number; ms: number }>();
  const probe = new SqliteDatabase(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<
    'run' | 'all' | 'get',
    (this: SqliteDatabase.Statement, ...args: unknown[]) => unknown
  >;
  probe.close();
  for (const method of ['run', 'all', 'get'] as const) {
    const original = prototype[method];
    prototype[method] = function (this: SqliteDatabase.Statement, ...args: unknown[]) {
      if (!counting()) return original.apply(this, args);
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        // One entry per shape: IN lists and multi-row VALUES of any length alike.
        const key = this.source
          .replace(/\?(, \?)+/g, '?…')
          .replace(/(\(\?…\), )+\(\?…\)/g, '(?…)…')
          .slice(0, 110);
        const entry = times.get(key) ?? { calls: 0, ms: 0 };
        entry.calls += 1;
        entry.ms += performance.now() - started;
        times.set(key, entry);
      }
    };
  }
  return times;
}

/** Wall-clock time in ms with sub-millisecond precision, comparable across processes. */
const wallClock = (): number => performance.timeOrigin + performance.now();

/** What happened after one tick, each with its wall-clock time. */
class StageLog {
  /** Each outbox write and claim: when it was called and when it resolved. */
  commits: { started: number; at: number; count: number }[] = [];
  claims: { started: number; at: number; count: number }[] = [];
  /** Deliveries each outbox write handed straight to the sender (`DeliverySender.claimFor`). */
  handOvers: { at: number; count: number }[] = [];
  sends: { started: number; answered: number; delivered: boolean }[] = [];
  /** Connections the sends opened (each a TCP and TLS handshake). */
  connections = 0;
  /** When each request had been written whole to its socket. */
  written: number[] = [];
  /** The collections of this process: when each ended, and how long it paused JavaScript. */
  gcs: { at: number; ms: number }[] = [];

  reset(): void {
    this.written = [];
    this.gcs = [];
    this.commits = [];
    this.claims = [];
    this.handOvers = [];
    this.sends = [];
    this.connections = 0;
  }
}

/** Notes in `log` each garbage collection of this process (its pause and when it ended). */
function observeCollections(log: StageLog): void {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      log.gcs.push({
        at: performance.timeOrigin + entry.startTime + entry.duration,
        ms: entry.duration,
      });
    }
  }).observe({ entryTypes: ['gc'] });
}

/** Counts in `log` every TLS connection this process opens (each a handshake). */
function countConnections(log: StageLog): void {
  const connect = tls.connect.bind(tls) as (...args: unknown[]) => tls.TLSSocket;
  tls.connect = ((...args: unknown[]) => {
    log.connections += 1;
    return connect(...args);
  }) as typeof tls.connect;
}

/**
 * Stamps in `log` when each HTTPS request of this process has been written whole to its socket
 * (its 'finish'): the push transport's requests, as sent.
 */
function stampWrites(log: StageLog): void {
  const request = https.request.bind(https) as (
    ...args: unknown[]
  ) => ReturnType<typeof https.request>;
  https.request = ((...args: unknown[]) => {
    const outgoing = request(...args);
    outgoing.once('finish', () => log.written.push(wallClock()));
    return outgoing;
  }) as typeof https.request;
}

/** The store as the product uses it, timing the outbox writes and the sender's claims. */
function timedStore(store: AlertStore, log: StageLog): AlertStore {
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === 'triggerAlerts' || property === 'claimDueDeliveries') {
        const into = property === 'triggerAlerts' ? log.commits : log.claims;
        return async (...args: unknown[]) => {
          const started = wallClock();
          const result = (await method.apply(target, args)) as unknown[];
          into.push({ started, at: wallClock(), count: result.length });
          return result;
        };
      }
      return method.bind(target);
    },
  });
}

/** The real transport, timing each send from its start (encryption) to the service's answer. */
function timedTransport(transport: PushTransport, log: StageLog): PushTransport {
  return {
    async send(request) {
      const started = wallClock();
      const outcome = await transport.send(request);
      log.sends.push({ started, answered: wallClock(), delivered: outcome.kind === 'delivered' });
      return outcome;
    },
  };
}

/**
 * The armed alerts, in slices of {@link ALERTS_PER_TRANSACTION}: alert i on DEFAULT_SYMBOLS[i %
 * 10]; of each move's pair the first `k` wait inside the move (spread evenly), every other alert
 * 2–50 % away on either side.
 */
function* makeAlerts(owners: readonly string[], createdAt: number): Generator<AlertRecord[]> {
  const crossing = new Map<SymbolId, number>([
    ...MAIN_PAIRS.map((pair): [SymbolId, number] => [pair, CROSSED]),
    [BASELINE, BASELINE_CROSSED],
    [WARM_UP, WARM_UP_CROSSED],
  ]);
  const seen = new Map<SymbolId, number>();
  const next = seededRandom(27);
  let alerts: AlertRecord[] = [];
  for (let i = 0; i < ALERTS; i += 1) {
    const symbol = DEFAULT_SYMBOLS[i % DEFAULT_SYMBOLS.length]!;
    const ordinal = seen.get(symbol) ?? 0;
    seen.set(symbol, ordinal + 1);
    const crossed = crossing.get(symbol) ?? 0;
    let target: number;
    let owner: string;
    if (ordinal < crossed) {
      target = PRICE + 1 + ((MOVE - 2) * (ordinal + 0.5)) / crossed;
      owner = owners[Math.floor(next() * owners.length)]!;
    } else {
      const away = 0.02 + next() * 0.48;
      target = PRICE * (next() < 0.5 ? 1 + away : 1 - away);
      owner = owners[i % owners.length]!;
    }
    alerts.push(
      alertRecord(`a${i}`, owner, {
        symbol,
        valueTarget: target,
        valueOnCreation: PRICE,
        direction: alertDirection(PRICE, target),
        createdAt: (createdAt * 1000) as UnixMillis,
        creationCandleTime: createdAt as UnixSeconds,
        creationHigh: PRICE,
        creationLow: PRICE,
      }),
    );
    if (alerts.length === ALERTS_PER_TRANSACTION) {
      yield alerts;
      alerts = [];
    }
  }
  if (alerts.length > 0) yield alerts;
}

/** Inserts the alerts through a second connection, a big transaction per slice (setup only). */
function insertAlerts(file: string, slices: Iterable<AlertRecord[]>): void {
  const database = new SqliteDatabase(file);
  try {
    let insert: SqliteDatabase.Statement | undefined;
    for (const slice of slices) {
      const columns = Object.keys(toAlertRow(slice[0]!));
      insert ??= database.prepare(
        `INSERT INTO alerts (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
      );
      const statement = insert;
      database.transaction(() => {
        for (const alert of slice) statement.run(toAlertRow(alert));
      })();
    }
  } finally {
    database.close();
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

const fmt = (ms: number): string => `${ms.toFixed(1)} ms`;

interface MoveResult {
  /** Tick → sent (written whole to the socket), of the first pushes sent: the target's figure. */
  readonly firstSentP50: number;
  readonly firstSentP99: number;
  /**
   * Tick → arrived at the push service (the request read whole, before the service checked and
   * decrypted it), of the first pushes to arrive: later than "sent" by loopback and the queue of
   * the service's one thread.
   */
  readonly firstP50: number;
  readonly firstP99: number;
  /** Tick → accepted (checked and decrypted) by the push service, of the first accepted. */
  readonly firstReceivedP99: number;
  readonly lastReceived: number;
  readonly rate: number;
}

async function main(): Promise<void> {
  const wallStart = wallClock();
  const missingFlags = missingNodeFlags(process.execArgv);
  console.log(
    `tick → push bench: ${ALERTS.toLocaleString('en-US')} armed price alerts, ${SUBSCRIPTIONS.toLocaleString('en-US')} push subscriptions, one tick crossing ${CROSSED.toLocaleString('en-US')} (SQLite file; push service in a child process; encryption ${ENCRYPTION_WORKERS > 0 ? `in ${ENCRYPTION_WORKERS} worker thread(s)` : 'on the event loop'}; ${PREPARED_KEYS > 0 ? `up to ${PREPARED_KEYS.toLocaleString('en-US')} keys prepared ahead` : 'no keys prepared ahead'}; idle push connections closed after ${((IDLE_CONNECTION_MS ?? PUSH_IDLE_CONNECTION_MS) / 1000).toFixed(0)} s; ${missingFlags.length === 0 ? "the api's node flags" : `WITHOUT the api's node flags (${missingFlags.join(' ')}): run it through pnpm bench`})`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-tick-bench-'));
  const service = await startPushServiceProcess();
  // Trust the push service's certificate as NODE_EXTRA_CA_CERTS does for the api (see
  // pushThroughputBench: only that certificate, or the agent pays for the whole root list).
  https.globalAgent.options.ca = service.certificatePem;
  const log = new StageLog();
  countConnections(log);
  stampWrites(log);
  observeCollections(log);
  let countingStatements = false;
  const statementTimes = STATEMENTS
    ? timeStatements(() => countingStatements && log.written.length < FIRST_PUSHES)
    : undefined;
  let store: AlertStore | undefined;
  let runtime: AlertsRuntime | undefined;
  let sender: DeliverySender | undefined;
  let transport: WebPushTransport | undefined;
  try {
    let start = wallClock();
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@pairwatch.invalid' };
    const subscriptions = await service.subscribe(SUBSCRIPTIONS, vapid.publicKey);
    const plainStore = await openAlertStore({ databaseUrl: undefined, dataDir: dir });
    const owners: string[] = [];
    for (const [i, subscription] of subscriptions.entries()) {
      const saved = await plainStore.saveSubscription(
        { endpoint: subscription.endpoint, ...subscription.keys },
        `browser-${i}`,
        Date.now() as UnixMillis,
      );
      if (typeof saved === 'string') throw new Error('A fresh push subscription was refused.');
      owners.push(saved.ownerId);
    }
    console.log(
      `  setup: ${owners.length} subscriptions registered in ${fmt(wallClock() - start)}`,
    );

    start = wallClock();
    const createdAt = Math.floor(Date.now() / 60_000) * 60;
    insertAlerts(path.join(dir, SQLITE_FILE_NAME), makeAlerts(owners, createdAt));
    console.log(
      `  setup: ${ALERTS.toLocaleString('en-US')} alerts inserted in ${fmt(wallClock() - start)}`,
    );

    store = timedStore(plainStore, log);
    const market = new ScriptedMarketData();
    market.source = 'binance';
    for (const symbol of DEFAULT_SYMBOLS)
      market.setHistory(symbol, 'OneMinute', [candle(createdAt, PRICE, PRICE, PRICE, PRICE)]);
    const preparedKeys = new PreparedPushKeys({ capacity: PREPARED_KEYS });
    transport = new WebPushTransport(vapid, {
      allowPrivateEndpoints: true,
      preparedKeys,
      ...(IDLE_CONNECTION_MS === undefined ? {} : { idleConnectionMs: IDLE_CONNECTION_MS }),
      ...(ENCRYPTION_WORKERS > 0
        ? { encryptor: new PushEncryptionPool({ workers: ENCRYPTION_WORKERS, logger: silent }) }
        : {}),
    });
    const channels = { push: createPushChannel(timedTransport(transport, log)) };
    const delivery = new DeliverySender({
      store,
      channels,
      logger: silent,
      onAlertsRemoved: () => undefined,
    });
    sender = delivery;
    runtime = new AlertsRuntime({
      store,
      marketData: market,
      coordinator: new InProcessCoordinator(silent),
      hub: new Hub({ createState: () => ({}) }),
      logger: silent,
      channels,
      reconcileIntervalMs: 0,
      // Not called: with claimDeliveries, each batch's claim wakes the sender (as in the api).
      onMessageQueued: () => delivery.wake(),
      // As the api does: each batch's transaction hands its deliveries to the sender's free slots.
      claimDeliveries: () => {
        const claim = delivery.claimFor();
        return {
          ...claim,
          claimed: (deliveries) => {
            log.handOvers.push({ at: wallClock(), count: deliveries.length });
            claim.claimed(deliveries);
          },
        };
      },
    });
    start = wallClock();
    await runtime.start();
    // What the api's readiness waits for (its port opens then); the engine loads on after it.
    const runtimeStarted = wallClock() - start;
    const engine = runtime.engine;
    if (!engine) throw new Error('The alert engine did not start.');
    await engine.whenIdle();
    if (engine.activeCount !== ALERTS)
      throw new Error(`The engine watches ${engine.activeCount} alerts, not ${ALERTS}.`);
    delivery.start();
    const heapMiB = Math.round(process.memoryUsage().heapUsed / 2 ** 20);
    console.log(
      `  setup: AlertsRuntime loaded ${engine.activeCount.toLocaleString('en-US')} alerts on ${engine.streamKeys.length} streams and replayed in ${fmt(wallClock() - start)} (heap ${heapMiB} MiB); the runtime had started, as the api's readiness waits for, in ${fmt(runtimeStarted)}`,
    );
    // As the api does once ready: a key prepared for each stored subscription.
    const preparing = wallClock();
    const heapBefore = process.memoryUsage().heapUsed;
    await prepareForSubscriptions(plainStore, transport);
    while (preparedKeys.pending > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    if (PREPARED_KEYS > 0) {
      console.log(
        `  setup: ${preparedKeys.size.toLocaleString('en-US')} push keys prepared in ${fmt(wallClock() - preparing)} (heap ${Math.round((process.memoryUsage().heapUsed - heapBefore) / 1024)} KiB more)`,
      );
    }

    // Quiet ticks (nothing crossed): the first on each stream sorts its index; the second is what
    // every other update costs the engine.
    const quiet = candle(createdAt, PRICE, PRICE + 0.5, PRICE, PRICE + 0.5);
    for (const symbol of DEFAULT_SYMBOLS) market.emit(symbol, 'OneMinute', quiet);
    collectGarbage();
    start = wallClock();
    market.emit(MAIN, 'OneMinute', { ...quiet, close: PRICE + 0.25 });
    console.log(`  quiet tick (nothing crossed): engine decision ${fmt(wallClock() - start)}`);

    const move = async (symbol: SymbolId, crossed: number, report: boolean, profile = false) => {
      const profiler = profile && PROFILE_FILE !== undefined ? new Session() : undefined;
      if (profiler) {
        profiler.connect();
        await profiler.post('Profiler.enable');
        // 100 µs, not the default 1 ms: the decision is tens of milliseconds (the sampling itself
        // then slows the move down several times over; `BENCH_TICK_PROFILE_INTERVAL_US=1000` for
        // the whole burst's proportions).
        await profiler.post('Profiler.setSamplingInterval', { interval: PROFILE_INTERVAL_US });
        await profiler.post('Profiler.start');
      }
      if (report) await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      log.reset();
      const before = await service.received();
      const deliveredBefore = delivery.delivered;
      collectGarbage();
      const settled = await settle();
      statementTimes?.clear();
      countingStatements = report;
      const armed = engine.activeCount;
      const tick = wallClock();
      // The profile's clock (µs, monotonic): where the tick falls in it.
      if (profiler) console.log(`  (profile: tick at ${process.hrtime.bigint() / 1000n} µs)`);
      market.emit(symbol, 'OneMinute', candle(createdAt, PRICE, PRICE + MOVE, PRICE, PRICE + MOVE));
      const decided = wallClock();
      const deadline = Date.now() + 300_000;
      while ((await service.received()) < before + crossed) {
        if (Date.now() > deadline)
          throw new Error(
            `only ${(await service.received()) - before} of ${crossed} pushes arrived`,
          );
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await engine.whenIdle();
      await delivery.idle();
      if (profiler && PROFILE_FILE !== undefined) {
        const { profile: cpuProfile } = await profiler.post('Profiler.stop');
        fs.writeFileSync(PROFILE_FILE, JSON.stringify(cpuProfile));
        profiler.disconnect();
      }
      const stamps = await service.arrivals(before);
      const arrivals = stamps.map(({ receivedAt }) => receivedAt - tick).sort((a, b) => a - b);
      const arrived = stamps.map(({ arrivedAt }) => arrivedAt - tick).sort((a, b) => a - b);
      if (arrivals.length !== crossed || delivery.delivered - deliveredBefore !== crossed)
        throw new Error(
          `${symbol}: ${arrivals.length} pushes arrived and ${delivery.delivered - deliveredBefore} were delivered for ${crossed} crossed alerts`,
        );
      const answered = log.sends
        .filter((send) => send.delivered)
        .map((send) => send.answered - tick)
        .sort((a, b) => a - b);
      const first = answered.slice(0, FIRST_PUSHES);
      const firstReceived = arrivals.slice(0, FIRST_PUSHES);
      const firstArrived = arrived.slice(0, FIRST_PUSHES);
      const firstSent = log.written
        .map((at) => at - tick)
        .sort((a, b) => a - b)
        .slice(0, FIRST_PUSHES);
      const result: MoveResult = {
        firstSentP50: percentile(firstSent, 50),
        firstSentP99: percentile(firstSent, 99),
        firstP50: percentile(firstArrived, 50),
        firstP99: percentile(firstArrived, 99),
        firstReceivedP99: percentile(firstReceived, 99),
        lastReceived: arrivals.at(-1)!,
        rate: crossed / (arrivals.at(-1)! / 1000),
      };
      if (!report) return result;
      const since = (at: number | undefined): string => (at === undefined ? '—' : fmt(at - tick));
      const committed = log.commits.reduce((n, commit) => n + commit.count, 0);
      console.log(
        `  ${symbol} tick crossing ${crossed.toLocaleString('en-US')} (of ${armed.toLocaleString('en-US')} armed; ${(QUIET_MS / 1000).toFixed(0)} s after the last push, ticked once the process was quiet, ${fmt(settled)} after a full collection):`,
      );
      console.log(
        `    stages from the tick: engine decision ${fmt(decided - tick)}; outbox ${log.commits.length} transactions (${committed} firings), first committed ${since(log.commits[0]?.at)}, last ${since(log.commits.at(-1)?.at)}; first handed over ${since(log.handOvers.find((handOver) => handOver.count > 0)?.at)}; first claim ${since(log.claims.find((claim) => claim.count > 0)?.at)}; first send started ${since(Math.min(...log.sends.map((send) => send.started)))}; ${log.connections} connections opened to the push service`,
      );
      countingStatements = false;
      if (statementTimes) {
        const rows = [...statementTimes].sort((a, b) => b[1].ms - a[1].ms);
        const total = rows.reduce((sum, [, { ms }]) => sum + ms, 0);
        console.log(
          `    SQLite to the ${FIRST_PUSHES}th push written: ${fmt(total)} in ${rows.reduce((n, [, { calls }]) => n + calls, 0)} statements; the most costly:\n` +
            rows
              .slice(0, 12)
              .map(
                ([sql, { calls, ms }]) =>
                  `      ${fmt(ms).padStart(9)} ${String(calls).padStart(4)}× ${(ms / calls).toFixed(2)} ms  ${sql}`,
              )
              .join('\n'),
        );
      }
      if (TIMELINE) {
        const until = firstSent.at(-1)! + tick;
        const events = [
          ...log.commits.map(({ started, at, count }) => ({
            at,
            what: `committed ${count} firings (called at ${fmt(started - tick)})`,
          })),
          ...log.claims.map(({ started, at, count }) => ({
            at,
            what: `claimed ${count} (called at ${fmt(started - tick)})`,
          })),
          ...log.handOvers.map(({ at, count }) => ({ at, what: `handed over ${count}` })),
          ...log.sends.map(({ started }) => ({ at: started, what: 'send started' })),
          ...log.written.map((at, index) => ({ at, what: `sent #${index + 1}` })),
          ...log.gcs.map(({ at, ms }) => ({ at, what: `collection of ${fmt(ms)}` })),
        ]
          .filter(({ at }) => at <= until)
          .sort((a, b) => a.at - b.at);
        console.log(
          `    timeline to the ${FIRST_PUSHES}th push sent: ${events.map(({ at, what }) => `${fmt(at - tick)} ${what}`).join('; ')}`,
        );
      }
      console.log(
        `    time to first push: arrived ${fmt(arrived[0]!)}, accepted ${fmt(arrivals[0]!)}, answered ${fmt(answered[0]!)}`,
      );
      console.log(
        `    first ${firstSent.length} pushes, tick → sent (written to the socket): p50 ${fmt(result.firstSentP50)}, p99 ${fmt(result.firstSentP99)}; → arrived (request read, before the service's checks): p50 ${fmt(result.firstP50)}, p99 ${fmt(result.firstP99)}; → accepted (checked, decrypted): p50 ${fmt(percentile(firstReceived, 50))}, p99 ${fmt(result.firstReceivedP99)}; → answered: p50 ${fmt(percentile(first, 50))}, p99 ${fmt(percentile(first, 99))}`,
      );
      console.log(
        `    all ${crossed.toLocaleString('en-US')}, tick → accepted: p50 ${fmt(percentile(arrivals, 50))}, p99 ${fmt(percentile(arrivals, 99))}, last ${fmt(result.lastReceived)} → drain ${Math.round(result.rate).toLocaleString('en-US')} pushes/s; all ${crossed.toLocaleString('en-US')} arrived`,
      );
      return result;
    };

    await move(WARM_UP, WARM_UP_CROSSED, false);
    const baseline = await move(BASELINE, BASELINE_CROSSED, true);
    const crowds: Awaited<ReturnType<typeof move>>[] = [];
    // The profile, when asked for, is of the first.
    for (const [index, pair] of MAIN_PAIRS.entries()) {
      crowds.push(await move(pair, CROSSED, true, index === 0));
    }
    // Of an even count (BENCH_TICK_MAIN_MOVES=2), the mean of the middle two.
    const median = (values: readonly number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1
        ? sorted[middle]!
        : (sorted[middle - 1]! + sorted[middle]!) / 2;
    };
    const p99s = crowds.map((crowd) => crowd.firstSentP99);
    const medianP99 = median(p99s);
    const met = p99s.filter((p99) => p99 < TARGET_P99_MS).length;
    console.log(
      `  → first ${FIRST_PUSHES} pushes of ${CROSSED.toLocaleString('en-US')} crossed, ${crowds.length} moves: p99 tick → sent median ${fmt(medianP99)} (${p99s.map((p99) => fmt(p99)).join(', ')}; target < ${TARGET_P99_MS} ms: ${medianP99 < TARGET_P99_MS ? 'met' : 'MISSED'}, met by ${met} of ${crowds.length}); arrived at the push service median ${fmt(median(crowds.map((crowd) => crowd.firstP99)))}, accepted ${fmt(median(crowds.map((crowd) => crowd.firstReceivedP99)))}; ${(medianP99 / baseline.firstSentP99).toFixed(1)}× the p99 of a move crossing ${BASELINE_CROSSED} (${fmt(baseline.firstSentP99)}); all ${CROSSED.toLocaleString('en-US')} received in ${crowds.map((crowd) => `${(crowd.lastReceived / 1000).toFixed(2)} s`).join(', ')} (median ${Math.round(median(crowds.map((crowd) => crowd.rate))).toLocaleString('en-US')} pushes/s)`,
    );
    console.log(`  bench wall time ${((wallClock() - wallStart) / 1000).toFixed(0)} s`);
  } finally {
    await runtime?.close();
    await sender?.close();
    await transport?.close();
    await store?.close();
    service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
