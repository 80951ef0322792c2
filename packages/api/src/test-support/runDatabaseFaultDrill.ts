import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@jest/globals';
import { type Alert, type SymbolId } from '@pairwatch/domain';
import { startExchangeSim } from '@pairwatch/exchange-sim';
import { LocalPushService } from '@pairwatch/test-support';
import { CandleWatcher } from './CandleWatcher';
import { createPriceAlert } from './createPriceAlert';
import { expectEachCrossedAlertFiredOnce } from './expectEachCrossedAlertFiredOnce';
import { registerPushSubscription } from './registerPushSubscription';
import { type ApiNode, startApiNode } from './startApiNode';
import { trustCertificate } from './trustCertificate';

/** After the database is back, one process leads the engine again within this long. */
export const LEADER_BOUND_MS = 10_000;
/**
 * Hub clients get a candle update within this long of the fault's end (the simulator ticks every
 * 100 ms; the hub does not depend on the database, so this holds through the fault as well).
 */
export const HUB_BOUND_MS = 3_000;
/**
 * Every crossed alert's push arrives within this long of the last crossing: a takeover, a failed
 * trigger judged again through a replay (retried every 5 s), then a push (outbox polled every 1 s).
 */
export const DELIVERY_BOUND_MS = 20_000;

/** What a drill's fault is given, to move prices while the database is away. */
export interface FaultContext {
  /** Moves prices across the "during" alerts' targets (call once, while the fault lasts). */
  crossDuringFault(): void;
  /** Resolves once every hub client got an update after `since` (the market keeps going). */
  hubUpdatedSince(since: number): Promise<void>;
}

/** Options of {@link runDatabaseFaultDrill}. */
export interface DatabaseFaultDrillOptions {
  /** The database both api processes share. */
  readonly databaseUrl: string;
  /** Runs an administrator's statement on that database (for the outbox check). */
  query(statement: string): Promise<Record<string, unknown>[]>;
  /** Breaks the database, crosses the "during" alerts meanwhile, and mends it; resolves mended. */
  fault(context: FaultContext): Promise<void>;
}

const pricesOf = (sim: { controls: { state(): { prices: Record<string, string> } } }) =>
  sim.controls.state().prices;

/**
 * Two api processes (each its own market, hub, store pool and cluster session) on one PostgreSQL
 * database and one simulated exchange; a push subscription with four alerts armed: two crossed
 * while the database is away, one crossed after it is back, one never. After the fault: one
 * leader again within {@link LEADER_BOUND_MS}; hub clients on both processes updated within
 * {@link HUB_BOUND_MS}; every crossed alert Triggered with exactly one push, the other Active; the
 * outbox empty.
 */
export async function runDatabaseFaultDrill(options: DatabaseFaultDrillOptions): Promise<void> {
  const push = await LocalPushService.start();
  const untrust = trustCertificate(push.certificatePem);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-faults-'));
  const sim = await startExchangeSim({ tickMs: 100, pingIntervalMs: 1_000, port: 0 });
  const nodes: ApiNode[] = [];
  const watchers: CandleWatcher[] = [];
  try {
    for (let i = 0; i < 2; i += 1) {
      // One after the other: each migrates the schema at start.
      nodes.push(
        await startApiNode({
          sim,
          env: {
            DATA_DIR: dataDir,
            DATABASE_URL: options.databaseUrl,
            PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
          },
          cluster: { retryMs: 200, reconnectMinMs: 20, reconnectMaxMs: 200 },
        }),
      );
    }
    for (const node of nodes) {
      watchers.push(await CandleWatcher.start(node.url, ['BTCUSDT', 'ETHUSDT'], ['OneMinute']));
    }
    await waitForOneLeader(nodes);

    const [first, second] = nodes as [ApiNode, ApiNode];
    const { subscriptionId, endpoint } = await registerPushSubscription(second.url, push);
    const start = pricesOf(sim);
    const btc = Number(start.BTCUSDT);
    const eth = Number(start.ETHUSDT);
    const arm = (through: ApiNode, symbol: SymbolId, valueTarget: number): Promise<Alert> =>
      createPriceAlert(through.url, { symbol, valueTarget, subscriptionId });
    const duringUp = await arm(first, 'BTCUSDT', btc * 1.01);
    const duringDown = await arm(second, 'ETHUSDT', eth * 0.99);
    const after = await arm(first, 'BTCUSDT', btc * 1.03);
    const never = await arm(second, 'BTCUSDT', btc * 1.5);

    await options.fault({
      crossDuringFault: () => {
        sim.controls.setPrice('BTCUSDT', btc * 1.015);
        sim.controls.setPrice('ETHUSDT', eth * 0.985);
      },
      hubUpdatedSince: async (since) => {
        for (const watcher of watchers) {
          await watcher.updatedSince(since, HUB_BOUND_MS, 'a candle update during the fault');
        }
      },
    });
    const mended = Date.now();
    await waitForOneLeader(nodes);
    sim.controls.setPrice('BTCUSDT', btc * 1.035);
    for (const watcher of watchers) {
      await watcher.updatedSince(mended, HUB_BOUND_MS, 'a candle update after the fault');
    }

    await expectEachCrossedAlertFiredOnce(
      { push, endpoint, apiUrl: () => first.url, subscriptionId },
      [duringUp, duringDown, after],
      [never],
      DELIVERY_BOUND_MS,
    );
    expect(await options.query("SELECT id FROM deliveries WHERE status = 'Pending'")).toEqual([]);
  } finally {
    for (const watcher of watchers) await watcher.stop();
    for (const node of nodes) await node.close();
    await sim.close();
    untrust();
    await push.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits until exactly one process reports itself the engine's leader in `GET /status`. */
async function waitForOneLeader(nodes: readonly ApiNode[]): Promise<void> {
  let roles: string[] = [];
  const deadline = Date.now() + LEADER_BOUND_MS;
  for (;;) {
    roles = await Promise.all(
      nodes.map(async (node) => {
        const response = await fetch(`${node.url}/status`);
        const body = (await response.json()) as { checks: { alertEngine?: { role?: string } } };
        return body.checks.alertEngine?.role ?? 'unknown';
      }),
    );
    if (roles.filter((role) => role === 'leader').length === 1) return;
    if (Date.now() > deadline) {
      throw new Error(`No single engine leader within ${LEADER_BOUND_MS} ms: ${roles.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
