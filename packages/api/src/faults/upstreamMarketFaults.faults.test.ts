import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Alert } from '@pairwatch/domain';
import { type ExchangeSimHandle, startExchangeSim } from '@pairwatch/exchange-sim';
import { LocalPushService } from '@pairwatch/test-support';
import { CandleWatcher } from '../test-support/CandleWatcher';
import { createPriceAlert } from '../test-support/createPriceAlert';
import { expectEachCrossedAlertFiredOnce } from '../test-support/expectEachCrossedAlertFiredOnce';
import { FaultyRestProxy } from '../test-support/FaultyRestProxy';
import { registerPushSubscription } from '../test-support/registerPushSubscription';
import { type ApiNode, startApiNode } from '../test-support/startApiNode';
import { trustCertificate } from '../test-support/trustCertificate';
import { waitFor } from '@pairwatch/signalr-server/testing';

// Fault suite (c): the upstream market misbehaves while alerts are armed — the simulated exchange
// (a real loopback server) drops its WebSocket, goes silent, or its REST answers 429 and then 418
// with Retry-After (through a proxy, since the simulator bans only clients that ignore a 429).
// Prices cross an alert during each fault. After it: the crossing is judged (live, or replayed
// from the evaluation mark by REST) and fires once; hub clients update again within HUB_BOUND_MS.
// One api process on SQLite; the feed's timings are startApiNode's (stall noticed after 1.5 s).

/** Hub clients get a candle update within this long after the upstream is healthy again. */
const HUB_BOUND_MS = 5_000;
/** Crossed alerts' pushes arrive within this long (a failed replay is retried after 5 s). */
const DELIVERY_BOUND_MS = 20_000;
/** Requests sent before the api read a 429 arrive within this long of it (same process, loopback). */
const IN_FLIGHT_MS = 100;
/** How long the stream stays silent: beyond the feed's 1.5 s stall timeout. */
const STALL_MS = 3_000;

describe('fault: upstream market drops, stalls and rate-limits', () => {
  let push: LocalPushService;
  let untrust: () => void;
  let dataDir: string;
  let sim: ExchangeSimHandle;
  let rest: FaultyRestProxy;
  let api: ApiNode;
  let watcher: CandleWatcher;

  beforeAll(async () => {
    push = await LocalPushService.start();
    untrust = trustCertificate(push.certificatePem);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-faults-'));
    sim = await startExchangeSim({ tickMs: 100, pingIntervalMs: 500, port: 0 });
    rest = await FaultyRestProxy.start(sim.url);
    api = await startApiNode({
      sim,
      restUrl: rest.url,
      env: { DATA_DIR: dataDir, PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' },
    });
    watcher = await CandleWatcher.start(api.url, ['BTCUSDT'], ['OneMinute', 'OneHour']);
    await watcher.updatedSince(0, HUB_BOUND_MS, 'a first candle update');
  });

  afterAll(async () => {
    await watcher?.stop();
    await api?.close();
    await rest?.close();
    await sim?.close();
    untrust?.();
    await push?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Arms an alert 1 % above BTC and one far above, runs `fault`, then checks the outcome. */
  async function drill(fault: (cross: () => void) => Promise<number>): Promise<void> {
    const { subscriptionId, endpoint } = await registerPushSubscription(api.url, push);
    const price = Number(sim.controls.state().prices.BTCUSDT);
    const arm = (valueTarget: number): Promise<Alert> =>
      createPriceAlert(api.url, { symbol: 'BTCUSDT', valueTarget, subscriptionId });
    const crossed = await arm(price * 1.01);
    const never = await arm(price * 2);

    const healthySince = await fault(() => sim.controls.setPrice('BTCUSDT', price * 1.015));
    await watcher.updatedSince(healthySince, HUB_BOUND_MS, 'a candle update after the fault');
    await expectEachCrossedAlertFiredOnce(
      { push, endpoint, apiUrl: () => api.url, subscriptionId },
      [crossed],
      [never],
      DELIVERY_BOUND_MS,
    );
  }

  it('recovers from a dropped WebSocket', async () => {
    await drill(async (cross) => {
      expect(sim.controls.dropConnections()).toBe(1);
      cross();
      return Date.now();
    });
  }, 40_000);

  it('recovers from a silent (stalled) stream', async () => {
    await drill(async (cross) => {
      sim.controls.stallStream(STALL_MS);
      cross();
      await waitFor(() => !sim.controls.state().streamStalled, 'the stall to end', STALL_MS * 2);
      return Date.now();
    });
  }, 40_000);

  it('waits out 429 and 418 with Retry-After on REST, then replays', async () => {
    await drill(async (cross) => {
      rest.failNext({ status: 429, retryAfterSeconds: 1 }, { status: 418, retryAfterSeconds: 2 });
      // The new connection's backfill is the REST request that meets them.
      sim.controls.dropConnections();
      cross();
      await waitFor(() => rest.pending === 0, 'both rate-limit answers to be met', 10_000);
      return rest.lastFaultAt + 2_000;
    });
    expect(rest.answered.map(({ status }) => status)).toEqual([429, 418]);
    // Nothing new went upstream while a Retry-After lasted (only what was already on its way).
    const [limitedAt = 0, bannedAt = 0] = rest.answered.map(({ at }) => at);
    const sentDuring = (from: number, seconds: number) =>
      rest.arrivals.filter((at) => at > from + IN_FLIGHT_MS && at < from + seconds * 1000);
    expect([sentDuring(limitedAt, 1), sentDuring(bannedAt, 2)]).toEqual([[], []]);
  }, 40_000);
});
