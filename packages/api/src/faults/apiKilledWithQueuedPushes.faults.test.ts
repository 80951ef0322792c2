import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { type Alert } from '@pairwatch/domain';
import { type ExchangeSimHandle, startExchangeSim } from '@pairwatch/exchange-sim';
import { LocalPushService } from '@pairwatch/test-support';
import Database from 'better-sqlite3';
import { SQLITE_FILE_NAME } from '../storage/openAlertStore';
import { ApiChildProcess } from '../test-support/ApiChildProcess';
import { CandleWatcher } from '../test-support/CandleWatcher';
import { createPriceAlert } from '../test-support/createPriceAlert';
import { describeWithPostgres } from '../test-support/describeWithPostgres';
import { expectEachCrossedAlertFiredOnce } from '../test-support/expectEachCrossedAlertFiredOnce';
import { freePort } from '../test-support/freePort';
import { registerPushSubscription } from '../test-support/registerPushSubscription';

// Fault suite (d): the api process is SIGKILLed while pushes sit in its durable outbox. A real
// `node dist/server.js` on a temporary DATA_DIR (SQLite) or on PostgreSQL, fed by the simulated
// exchange; the local push service answers 503 with Retry-After, so every triggered alert's push
// waits in the outbox. Once each has been tried and put back (none in flight: a message in flight
// when the process dies is leased, and would only be retried once its 60 s lease ran out), the
// process is killed with SIGKILL, the push service recovers, and a new process starts on the same
// data and port. Every queued push must then arrive exactly once, and a hub client (reconnecting
// on its own, as browsers do) must get candle updates from the new process within HUB_BOUND_MS.

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
let certificateFile: string;
let sim: ExchangeSimHandle;

beforeAll(async () => {
  push = await LocalPushService.start();
  certificateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-ca-')), 'ca.pem');
  fs.writeFileSync(certificateFile, push.certificatePem);
  sim = await startExchangeSim({ tickMs: 100, pingIntervalMs: 1_000, port: 0 });
});

afterAll(async () => {
  await sim.close();
  await push.close();
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
  let api = await ApiChildProcess.start(port, processEnv);
  let watcher: CandleWatcher | undefined;
  try {
    watcher = await CandleWatcher.start(api.url, ['ETHUSDT'], ['OneMinute'], { reconnect: true });
    const { subscriptionId, endpoint } = await registerPushSubscription(api.url, push);
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
      if (rows.length === QUEUED && parked.length === QUEUED) break;
      if (now > deadline) throw new Error(`Outbox never settled: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await api.kill('SIGKILL');
    expect(push.receivedFor(endpoint)).toEqual([]);

    push.clearFailures();
    api = await ApiChildProcess.start(port, processEnv);
    const restarted = Date.now();
    await watcher.updatedSince(restarted, HUB_BOUND_MS, 'an update from the new process');
    await expectEachCrossedAlertFiredOnce(
      { push, endpoint, apiUrl: () => api.url, subscriptionId },
      crossed,
      [never],
      DELIVERY_BOUND_MS,
    );
    expect(await readOutbox()).toEqual([]);
  } finally {
    await watcher?.stop();
    await api.kill('SIGTERM');
  }
}

describe('fault: api SIGKILLed with pushes in its outbox (SQLite)', () => {
  let dataDir: string;
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('delivers every queued push exactly once after a restart', async () => {
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

  it('delivers every queued push exactly once after a restart', async () => {
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
