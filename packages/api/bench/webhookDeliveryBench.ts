// Webhook delivery (issue #24), with the receivers in a child process as real ones would be
// elsewhere, each on its own port (its own origin, so the sender's per-destination limit applies
// per receiver as in production):
// 1. Throughput: the real sender (outbox in a SQLite file, template rendered at the firing, HMAC
//    signature per attempt, 5 s deadline) delivering queued firings. Baseline in the same run: the
//    same path one delivery at a time.
// 2. Tick → webhook received: the real alert engine with 10,000 armed alerts on one stream, all
//    crossed by one candle update; from the update to each receiver's request, p50 / p99. Baseline
//    in the same run: one alert alone.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type UnixMillis, type UnixSeconds } from '@pairwatch/domain';
import { WebhookReceiver } from '@pairwatch/test-support';
import { AlertEngine } from '../src/alerts/AlertEngine';
import { DeliverySender } from '../src/delivery/DeliverySender';
import { WebhookChannel } from '../src/delivery/webhook/WebhookChannel';
import { type AlertStore } from '../src/storage/AlertStore';
import { openAlertStore } from '../src/storage/openAlertStore';
import { alertRecord } from '../src/test-support/alertRecord';
import { renderMessage } from '../src/test-support/renderMessage';
import { candle, ScriptedMarketData } from '../src/test-support/ScriptedMarketData';

const DELIVERIES = Number(process.env.BENCH_WEBHOOKS ?? 3000);
const BASELINE_DELIVERIES = Math.max(100, Math.round(DELIVERIES / 10));
const ARMED = Number(process.env.BENCH_WEBHOOK_ALERTS ?? 10_000);
const RECEIVERS = 20;
/** Owners of the armed alerts: each has one webhook, at receiver `owner % RECEIVERS`. */
const OWNERS = 500;
const T = 1_700_000_040;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Wall-clock time in ms with sub-millisecond precision, comparable across processes. */
const wallClock = (): number => performance.timeOrigin + performance.now();

interface Receivers {
  readonly urls: readonly string[];
  /** Requests answered so far, and their arrival times. */
  stats(): Promise<{ count: number; arrivals: number[] }>;
  reset(): Promise<void>;
  close(): void;
}

async function startReceivers(): Promise<Receivers> {
  const child = fork(__filename, ['--receivers'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, (value: unknown) => void>();
  let nextId = 0;
  const ask = (kind: string): Promise<unknown> =>
    new Promise((resolve) => {
      nextId += 1;
      pending.set(nextId, resolve);
      child.send({ kind, id: nextId });
    });
  child.on('message', (message: { id: number; result: unknown }) => {
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const urls = (await ask('hello')) as string[];
  return {
    urls,
    stats: async () => (await ask('stats')) as { count: number; arrivals: number[] },
    reset: async () => {
      await ask('reset');
    },
    close: () => child.disconnect(),
  };
}

async function serveInChild(): Promise<void> {
  const receivers = await Promise.all(
    Array.from({ length: RECEIVERS }, () => WebhookReceiver.start()),
  );
  let arrivals: number[] = [];
  for (const receiver of receivers) {
    receiver.respondWith(() => {
      arrivals.push(wallClock());
      return { status: 200 };
    });
  }
  process.on('message', (message: { id: number; kind: string }) => {
    let result: unknown;
    if (message.kind === 'hello') result = receivers.map((receiver) => receiver.url());
    else if (message.kind === 'stats') result = { count: arrivals.length, arrivals };
    else if (message.kind === 'reset') arrivals = [];
    process.send?.({ id: message.id, result });
  });
  process.on('disconnect', () => {
    void Promise.all(receivers.map((receiver) => receiver.close())).then(() => process.exit(0));
  });
}

/** Owners, each with one webhook channel on a receiver; returns the owner ids. */
async function makeOwners(
  store: AlertStore,
  urls: readonly string[],
  count: number,
): Promise<string[]> {
  const owners: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const ownerId = `owner-${i}`;
    await store.createOwner(ownerId, 0 as UnixMillis);
    await store.createChannel(
      {
        kind: 'webhook',
        id: `hook-${i}`,
        ownerId,
        createdAt: 0 as UnixMillis,
        url: urls[i % urls.length]!,
        template: undefined,
        secret: 'whsec_bench',
        disabledAt: undefined,
      },
      10,
    );
    owners.push(ownerId);
  }
  return owners;
}

async function waitForCount(receivers: Receivers, count: number): Promise<number[]> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const stats = await receivers.stats();
    if (stats.count >= count) return stats.arrivals;
    if (Date.now() > deadline) throw new Error(`only ${stats.count} of ${count} webhooks arrived`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function throughput(
  label: string,
  count: number,
  concurrency: number,
  receivers: Receivers,
  dir: string,
): Promise<number> {
  const store = await openAlertStore({ databaseUrl: undefined, dataDir: path.join(dir, label) });
  const owners = await makeOwners(store, receivers.urls, Math.min(OWNERS, count));
  for (let i = 0; i < count; i += 1) {
    const alertId = `alert-${i}`;
    await store.createAlert(
      alertRecord(alertId, owners[i % owners.length]!),
      Number.MAX_SAFE_INTEGER,
    );
    await store.triggerAlert(
      {
        alertId,
        expectedCount: 0,
        firedAt: Date.now() as UnixMillis,
        value: 65_000,
        period: undefined,
        ends: true,
      },
      renderMessage(
        `d-${label}-${i}`,
        JSON.stringify({ ticker: 'BTCUSDT', close: 65_000, alert_id: alertId }),
      ),
    );
  }
  await receivers.reset();
  const sender = new DeliverySender({
    store,
    channels: { webhook: new WebhookChannel({ allowPrivate: true }) },
    logger: silent,
    onAlertsRemoved: () => undefined,
    concurrency,
    perDestination: Math.min(4, concurrency),
  });
  const start = process.hrtime.bigint();
  sender.start();
  await waitForCount(receivers, count);
  await sender.idle();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  await sender.close();
  const pending = await store.countPendingDeliveries();
  await store.close();
  if (pending !== 0 || sender.delivered !== count) {
    throw new Error(
      `${label}: delivered ${sender.delivered} of ${count}, ${pending} still pending`,
    );
  }
  const rate = count / seconds;
  console.log(
    `  ${label.padEnd(30)} ${String(count).padStart(6)} webhooks in ${seconds.toFixed(2)} s → ${Math.round(rate).toLocaleString('en-US')} deliveries/s`,
  );
  return rate;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** `armed` alerts on BTCUSDT 1m, all crossed by one update; returns p50 and p99 of tick → received (ms). */
async function tickToWebhook(
  label: string,
  armed: number,
  receivers: Receivers,
  dir: string,
): Promise<{ p50: number; p99: number }> {
  const store = await openAlertStore({ databaseUrl: undefined, dataDir: path.join(dir, label) });
  const owners = await makeOwners(store, receivers.urls, Math.min(OWNERS, armed));
  for (let i = 0; i < armed; i += 1) {
    await store.createAlert(
      alertRecord(`armed-${i}`, owners[i % owners.length]!, {
        valueTarget: 61_000 + (i % 100),
        createdAt: (T * 1000) as UnixMillis,
        creationCandleTime: T as UnixSeconds,
      }),
      Number.MAX_SAFE_INTEGER,
    );
  }
  const market = new ScriptedMarketData();
  market.setHistory('BTCUSDT', 'OneMinute', [candle(T, 60_000, 60_000, 60_000, 60_000)]);
  const webhook = new WebhookChannel({ allowPrivate: true });
  const sender = new DeliverySender({
    store,
    channels: { webhook },
    logger: silent,
    onAlertsRemoved: () => undefined,
  });
  const engine = new AlertEngine({
    store,
    marketData: market,
    logger: silent,
    channels: { webhook },
    onTriggered: () => sender.wake(),
    now: () => (T + 30) * 1000,
  });
  await engine.start();
  await engine.whenIdle();
  sender.start();
  await receivers.reset();
  const tick = wallClock();
  market.emit('BTCUSDT', 'OneMinute', candle(T, 60_000, 61_200, 60_000, 61_150));
  const arrivals = await waitForCount(receivers, armed);
  const latencies = arrivals.map((at) => at - tick).sort((a, b) => a - b);
  await engine.close();
  await sender.close();
  await store.close();
  const result = { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  console.log(
    `  ${label.padEnd(30)} ${String(armed).padStart(6)} alerts crossed at once → tick → webhook received p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms`,
  );
  return result;
}

async function main(): Promise<void> {
  console.log(
    `webhook delivery bench: ${RECEIVERS} receivers on loopback (a child process), outbox in a SQLite file`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-webhook-bench-'));
  const receivers = await startReceivers();
  try {
    const baseline = await throughput(
      'one at a time (baseline)',
      BASELINE_DELIVERIES,
      1,
      receivers,
      dir,
    );
    const rate = await throughput('sender, concurrency 64', DELIVERIES, 64, receivers, dir);
    console.log(`  → ${(rate / baseline).toFixed(1)}× the sequential rate`);
    const alone = await tickToWebhook('one alert (baseline)', 1, receivers, dir);
    const crowd = await tickToWebhook(
      `${ARMED.toLocaleString('en-US')} alerts`,
      ARMED,
      receivers,
      dir,
    );
    console.log(
      `  → p99 ${(crowd.p99 / alone.p99).toFixed(0)}× one alert's (${crowd.p99.toFixed(0)} ms for the last of ${ARMED.toLocaleString('en-US')})`,
    );
  } finally {
    receivers.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--receivers')) {
  void serveInChild();
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
