import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { type Alert } from '@pairwatch/domain';
import { type ExchangeSimHandle, startExchangeSim } from '@pairwatch/exchange-sim';
import { LocalPushService, WebhookReceiver } from '@pairwatch/test-support';
import Database from 'better-sqlite3';
import { SQLITE_FILE_NAME } from '../storage/openAlertStore';
import { ApiChildProcess } from '../test-support/ApiChildProcess';
import { CandleWatcher } from '../test-support/CandleWatcher';
import { createPriceAlert } from '../test-support/createPriceAlert';
import { describeWithPostgres } from '../test-support/describeWithPostgres';
import { expectEachCrossedAlertFiredOnce } from '../test-support/expectEachCrossedAlertFiredOnce';
import { freePort } from '../test-support/freePort';
import { registerPushSubscription } from '../test-support/registerPushSubscription';

// Fault suite (d): the api process is SIGKILLed while deliveries sit in its durable outbox. A real
// `node dist/server.js` on a temporary DATA_DIR (SQLite) or on PostgreSQL, fed by the simulated
// exchange; the owner's alerts go to its browser (the local push service) and to a webhook (a
// receiver on loopback), and both answer 503 with Retry-After, so every triggered alert's two
// deliveries wait in the outbox. Once each has been tried and put back (none in flight: a delivery
// in flight when the process dies is leased, and would only be retried once its 60 s lease ran
// out), the process is killed with SIGKILL, both recover, and a new process starts on the same
// data and port. Every queued push must then arrive exactly once; the webhook receiver must get
// each delivery id (the same one it was refused with) answered 200 exactly once, and nothing
// after; and a hub client (reconnecting on its own, as browsers do) must get candle updates from
// the new process within HUB_BOUND_MS.

/** Alerts crossed (and so queued) before the kill. */
const QUEUED = 5;
/** The push service's 503 asks for this wait, so the messages sit in the outbox a while. */
const RETRY_AFTER_SECONDS = 2;
/** Queued pushes arrive within this long of the new process answering. */
const DELIVERY_BOUND_MS = 15_000;
/** The reconnecting hub client gets an update within this long of the new process answering. */
const HUB_BOUND_MS = 5_000;

/** One row of the outbox, as both databases store it. */
interface OutboxRow {
  readonly attempts: number;
  readonly lease_until: number;
  readonly next_attempt_at: number;
}

let push: LocalPushService;
let receiver: WebhookReceiver;
let certificateFile: string;
let sim: ExchangeSimHandle;

beforeAll(async () => {
  push = await LocalPushService.start();
  receiver = await WebhookReceiver.start();
  certificateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-ca-')), 'ca.pem');
  fs.writeFileSync(certificateFile, push.certificatePem);
  sim = await startExchangeSim({ tickMs: 100, pingIntervalMs: 1_000, port: 0 });
});

afterAll(async () => {
  await sim.close();
  await push.close();
  await receiver.close();
  fs.rmSync(path.dirname(certificateFile), { recursive: true, force: true });
});

/**
 * The drill on one database: `env` selects it (DATA_DIR always, DATABASE_URL for PostgreSQL),
 * `readOutbox` reads its outbox from outside the api.
 */
async function killWithQueuedPushes(
  env: Readonly<Record<string, string>>,
  readOutbox: () => Promise<OutboxRow[]>,
): Promise<void> {
  const port = await freePort();
  const processEnv = {
    ...env,
    MARKET_DATA: 'binance',
    BINANCE_REST_URL: sim.url,
    BINANCE_WS_URL: sim.wsUrl,
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    NODE_EXTRA_CA_CERTS: certificateFile,
    LOG_LEVEL: 'warn',
  };
  push.clearFailures();
  push.failNext(undefined, { status: 503, retryAfterSeconds: RETRY_AFTER_SECONDS }, 1_000);
  let receiverUp = false;
  receiver.respondWith(() =>
    receiverUp
      ? { status: 200 }
      : { status: 503, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
  );
  const firstRequest = receiver.received.length;
  let api = await ApiChildProcess.start(port, processEnv);
  let watcher: CandleWatcher | undefined;
  try {
    watcher = await CandleWatcher.start(api.url, ['ETHUSDT'], ['OneMinute'], { reconnect: true });
    const { subscriptionId, endpoint } = await registerPushSubscription(api.url, push);
    // The browser is its own owner: its subscription id is the owner id a webhook is added to.
    const hook = await fetch(`${api.url}/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ownerId: subscriptionId, kind: 'webhook', url: receiver.url() }),
    });
    expect(hook.status).toBe(201);
    const price = Number(sim.controls.state().prices.ETHUSDT);
    const crossed: Alert[] = [];
    for (let i = 1; i <= QUEUED; i += 1) {
      crossed.push(
        await createPriceAlert(api.url, {
          symbol: 'ETHUSDT',
          valueTarget: price * (1 + i / 1000),
          subscriptionId,
        }),
      );
    }
    const never = await createPriceAlert(api.url, {
      symbol: 'ETHUSDT',
      valueTarget: price * 2,
      subscriptionId,
    });
    sim.controls.setPrice('ETHUSDT', price * 1.01);

    // Every message tried once and put back for later: none leased, none due for a while.
    const deadline = Date.now() + DELIVERY_BOUND_MS;
    for (;;) {
      const rows = await readOutbox();
      const now = Date.now();
      const parked = rows.filter(
        (row) =>
          Number(row.attempts) >= 1 &&
          Number(row.lease_until) === 0 &&
          Number(row.next_attempt_at) > now + 500,
      );
      if (rows.length === 2 * QUEUED && parked.length === 2 * QUEUED) break;
      if (now > deadline) throw new Error(`Outbox never settled: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await api.kill('SIGKILL');
    expect(push.receivedFor(endpoint)).toEqual([]);
    const refused = receiver.received.slice(firstRequest);
    const deliveryIds = [...new Set(refused.map((request) => request.deliveryId))];
    expect(deliveryIds).toHaveLength(QUEUED);
    expect(refused.every((request) => request.status === 503)).toBe(true);

    push.clearFailures();
    receiverUp = true;
    api = await ApiChildProcess.start(port, processEnv);
    const restarted = Date.now();
    await watcher.updatedSince(restarted, HUB_BOUND_MS, 'an update from the new process');
    await expectEachCrossedAlertFiredOnce(
      { push, endpoint, apiUrl: () => api.url, subscriptionId },
      crossed,
      [never],
      DELIVERY_BOUND_MS,
    );
    const answeredOk = (all: readonly { status: number | string }[]) =>
      all.slice(firstRequest).filter((request) => request.status === 200);
    await receiver.waitFor((all) => answeredOk(all).length >= QUEUED, DELIVERY_BOUND_MS);
    expect(await readOutbox()).toEqual([]);
    const delivered = receiver.received.slice(firstRequest).filter((r) => r.status === 200);
    // Each delivery id the receiver refused comes back once, and is answered 200 once.
    expect(delivered.map((request) => request.deliveryId).sort()).toEqual([...deliveryIds].sort());
    expect(
      delivered
        .map((request) => (JSON.parse(request.body) as { alert_id: string }).alert_id)
        .sort(),
    ).toEqual(crossed.map((alert) => alert.id).sort());
    // Nothing after a 200: a short wait, then the same requests.
    await new Promise((resolve) => setTimeout(resolve, 2 * RETRY_AFTER_SECONDS * 1000));
    expect(answeredOk(receiver.received)).toHaveLength(QUEUED);
  } finally {
    await watcher?.stop();
    await api.kill('SIGTERM');
  }
}

describe('fault: api SIGKILLed with pushes in its outbox (SQLite)', () => {
  let dataDir: string;
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('delivers every queued push and webhook exactly once after a restart', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-faults-'));
    const file = path.join(dataDir, SQLITE_FILE_NAME);
    await killWithQueuedPushes({ DATA_DIR: dataDir }, async () => {
      if (!fs.existsSync(file)) return [];
      // Read-only beside the api's own connection, as WAL allows.
      const database = new Database(file, { readonly: true, fileMustExist: true });
      try {
        return database
          .prepare(
            "SELECT attempts, lease_until, next_attempt_at FROM deliveries WHERE status = 'Pending'",
          )
          .all() as OutboxRow[];
      } finally {
        database.close();
      }
    });
  }, 60_000);
});

describeWithPostgres('fault: api SIGKILLed with pushes in its outbox', (database) => {
  let dataDir: string;
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('delivers every queued push and webhook exactly once after a restart', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-faults-'));
    await killWithQueuedPushes({ DATA_DIR: dataDir, DATABASE_URL: database.url }, async () => {
      const tables = await database.query<{ name: string | null }>(
        `SELECT to_regclass('deliveries')::text AS name`,
      );
      if (tables[0]?.name === null) return [];
      return database.query<OutboxRow>(
        "SELECT attempts, lease_until, next_attempt_at FROM deliveries WHERE status = 'Pending'",
      );
    });
  }, 60_000);
});
