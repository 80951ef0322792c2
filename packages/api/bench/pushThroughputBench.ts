// Web Push delivery throughput: the real sender (outbox in SQLite, aes128gcm + VAPID through the
// web-push library, HTTPS keep-alive) against the local push service, which verifies and decrypts
// every message. The push service runs in a child process, as a real one would be elsewhere.
// Baseline in the same run: the same path one message at a time (concurrency 1).
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { type UnixMillis } from '@pairwatch/domain';
import { type LocalPushSubscription } from '@pairwatch/test-support';
import webpush from 'web-push';
import { DeliverySender } from '../src/delivery/DeliverySender';
import { createPushChannel } from '../src/push/PushChannel';
import { renderMessage } from '../src/test-support/renderMessage';
import { WebPushTransport } from '../src/push/WebPushTransport';
import { type AlertStore } from '../src/storage/AlertStore';
import { openAlertStore } from '../src/storage/openAlertStore';
import { alertRecord } from '../src/test-support/alertRecord';
import { type PushServiceProcess, startPushServiceProcess } from './pushServiceProcess';

const MESSAGES = Number(process.env.BENCH_PUSHES ?? 5000);
const BASELINE_MESSAGES = Math.max(100, Math.round(MESSAGES / 10));
const SUBSCRIPTIONS = 200;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function fillOutbox(
  store: AlertStore,
  subscriptions: readonly LocalPushSubscription[],
  count: number,
  tag: string,
) {
  const ids: string[] = [];
  for (const [i, subscription] of subscriptions.entries()) {
    const saved = await store.saveSubscription(
      { endpoint: subscription.endpoint, ...subscription.keys },
      `${tag}-sub-${i}`,
      0 as UnixMillis,
    );
    if (typeof saved === 'string') throw new Error('A fresh push subscription was refused.');
    ids.push(saved.subscriptionId);
  }
  for (let i = 0; i < count; i += 1) {
    const alertId = `${tag}-alert-${i}`;
    await store.createAlert(
      alertRecord(alertId, ids[i % ids.length]!, { valueTarget: 65_000 }),
      Number.MAX_SAFE_INTEGER,
    );
    const payload = JSON.stringify({
      title: 'BTCUSDT price alert',
      body: 'BTCUSDT price rose to 65,000.00',
      icon: '/icons/btc.png',
      url: '/alerts?symbol=BTCUSDT&interval=OneMinute',
      tag: alertId,
    });
    await store.triggerAlert(
      {
        alertId,
        expectedCount: 0,
        firedAt: 0 as UnixMillis,
        value: 65_000,
        period: undefined,
        ends: true,
      },
      renderMessage(`${tag}-m-${i}`, payload),
    );
  }
}

async function measure(
  label: string,
  count: number,
  concurrency: number,
  service: PushServiceProcess,
  vapid: { publicKey: string; privateKey: string; subject: string },
  dir: string,
): Promise<number> {
  const store = await openAlertStore({ databaseUrl: undefined, dataDir: path.join(dir, label) });
  const subscriptions = await service.subscribe(Math.min(SUBSCRIPTIONS, count), vapid.publicKey);
  await fillOutbox(store, subscriptions, count, label);
  // The transport's own kept-alive connections, as the api's: one per message in flight, so at
  // most the sender's `concurrency`.
  const transport = new WebPushTransport(vapid);
  const before = await service.received();
  const sender = new DeliverySender({
    store,
    channels: { push: createPushChannel(transport) },
    logger: silent,
    onAlertsRemoved: () => undefined,
    concurrency,
  });
  const start = process.hrtime.bigint();
  sender.start();
  while ((await store.countPendingDeliveries()) > 0)
    await new Promise((resolve) => setTimeout(resolve, 20));
  await sender.idle();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  await sender.close();
  await transport.close();
  await store.close();
  const received = (await service.received()) - before;
  if (received !== count || sender.delivered !== count) {
    throw new Error(
      `${label}: sent ${sender.delivered}, the push service accepted ${received}, expected ${count}`,
    );
  }
  const rate = count / seconds;
  console.log(
    `  ${label.padEnd(28)} ${String(count).padStart(6)} pushes in ${seconds.toFixed(2)} s → ${Math.round(rate).toLocaleString('en-US')} notifications/s`,
  );
  return rate;
}

async function main(): Promise<void> {
  console.log(
    `push throughput bench: ${MESSAGES} messages to ${SUBSCRIPTIONS} subscriptions (local push service verifies VAPID and decrypts each)`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-push-bench-'));
  const service = await startPushServiceProcess();
  // Trust the push service's certificate as NODE_EXTRA_CA_CERTS does for the api process. Only
  // that certificate: a `ca` option holding all root certificates makes the agent serialize them
  // into its socket-pool key on every request and parse them for every new TLS context — a cost
  // the api (which sets no `ca`) does not pay, and which dominated this bench's CPU profile.
  https.globalAgent.options.ca = service.certificatePem;
  try {
    const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@pairwatch.invalid' };
    const baseline = await measure(
      'one at a time (baseline)',
      BASELINE_MESSAGES,
      1,
      service,
      vapid,
      dir,
    );
    const rate = await measure('sender, concurrency 64', MESSAGES, 64, service, vapid, dir);
    console.log(
      `  → ${(rate / baseline).toFixed(1)}× the sequential rate (target ≥ 1,000 notifications/s)`,
    );
  } finally {
    service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
