import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ExchangeSimHandle, startExchangeSim } from '@pairwatch/exchange-sim';
import { LocalPushService } from '@pairwatch/test-support';
import { type PostgresCoordinatorTiming } from '../cluster/PostgresCoordinator';
import { type ApiNode, startApiNode } from './startApiNode';
import { trustCertificate } from './trustCertificate';

/** One api of a fault suite, with what it talks to (see {@link startFaultApi}). */
export interface FaultApi {
  readonly push: LocalPushService;
  readonly sim: ExchangeSimHandle;
  readonly api: ApiNode;
  /** Its DATA_DIR (the SQLite file lives here when no DATABASE_URL is given). */
  readonly dataDir: string;
  /** The `POST /alerts` request of a price alert of `subscriptionId` at `valueTarget`. */
  alertRequest(subscriptionId: string, valueTarget: number): RequestInit;
  /** Closes the api, the simulator and the push service, and removes DATA_DIR. */
  close(): Promise<void>;
}

/**
 * The stack a fault suite breaks a piece of: a local push service this process trusts, a fast
 * simulator, a temporary DATA_DIR and one api in this process on loopback (`env` adds to
 * DATA_DIR and PUSH_ALLOW_PRIVATE_ENDPOINTS, e.g. DATABASE_URL).
 */
export async function startFaultApi(
  options: {
    readonly env?: Record<string, string>;
    readonly cluster?: PostgresCoordinatorTiming;
  } = {},
): Promise<FaultApi> {
  const push = await LocalPushService.start();
  const untrust = trustCertificate(push.certificatePem);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-faults-'));
  const sim = await startExchangeSim({ tickMs: 100, pingIntervalMs: 500, port: 0 });
  const api = await startApiNode({
    sim,
    env: { DATA_DIR: dataDir, PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true', ...options.env },
    ...(options.cluster === undefined ? {} : { cluster: options.cluster }),
  });
  return {
    push,
    sim,
    api,
    dataDir,
    alertRequest: (subscriptionId, valueTarget) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'BTCUSDT', type: 'Price', valueTarget, subscriptionId }),
    }),
    async close() {
      await api.close();
      await sim.close();
      untrust();
      await push.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
