// The local push service (LocalPushService of @pairwatch/test-support) in a child process, for
// benches that send real Web Push messages: it verifies VAPID and decrypts every message on its
// own core, as a real push service would elsewhere, so its work never shares the measuring thread.
// The bench talks to it over IPC. This file is both the handle (imported) and the child (forked).
import { fork } from 'node:child_process';
import { LocalPushService, type LocalPushSubscription } from '@pairwatch/test-support';

/** The push service running in a child process. */
export interface PushServiceProcess {
  /** `https://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Its self-signed certificate, for the sender to trust. */
  readonly certificatePem: string;
  /** New subscriptions (as browsers make them) whose messages must be signed with that VAPID key. */
  subscribe(count: number, applicationServerKey: string): Promise<LocalPushSubscription[]>;
  /** Messages accepted (201) so far. */
  received(): Promise<number>;
  /**
   * For each message from the `from`-th accepted one on (Unix ms, the service's clock): when its
   * request had been read (`arrivedAt`) and when it was accepted, checked and decrypted
   * (`receivedAt`).
   */
  arrivals(from: number): Promise<{ arrivedAt: number; receivedAt: number }[]>;
  close(): void;
}

type Request =
  | { readonly kind: 'hello' }
  | { readonly kind: 'subscribe'; readonly count: number; readonly key: string }
  | { readonly kind: 'received' }
  | { readonly kind: 'arrivals'; readonly from: number };

const CHILD_FLAG = '--push-service-process';

/** Forks the push service and waits until it listens. */
export async function startPushServiceProcess(): Promise<PushServiceProcess> {
  const child = fork(__filename, [CHILD_FLAG], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, (value: unknown) => void>();
  let nextId = 0;
  const ask = (request: Request): Promise<unknown> =>
    new Promise((resolve) => {
      nextId += 1;
      pending.set(nextId, resolve);
      child.send({ ...request, id: nextId });
    });
  child.on('message', (message: { id: number; result: unknown }) => {
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const hello = (await ask({ kind: 'hello' })) as { origin: string; certificatePem: string };
  return {
    ...hello,
    subscribe: async (count, key) =>
      (await ask({ kind: 'subscribe', count, key })) as LocalPushSubscription[],
    received: async () => (await ask({ kind: 'received' })) as number,
    arrivals: async (from) =>
      (await ask({ kind: 'arrivals', from })) as { arrivedAt: number; receivedAt: number }[],
    close: () => child.disconnect(),
  };
}

async function serveInChild(): Promise<void> {
  const service = await LocalPushService.start();
  process.on('message', (message: Request & { id: number }) => {
    let result: unknown;
    switch (message.kind) {
      case 'hello':
        result = { origin: service.origin, certificatePem: service.certificatePem };
        break;
      case 'subscribe':
        result = Array.from({ length: message.count }, () =>
          service.createSubscription({ applicationServerKey: message.key }),
        );
        break;
      case 'received':
        result = service.receivedCount;
        break;
      case 'arrivals':
        result = service
          .receivedSince(message.from)
          .map(({ arrivedAt, receivedAt }) => ({ arrivedAt, receivedAt }));
        break;
    }
    process.send?.({ id: message.id, result });
  });
  process.on('disconnect', () => {
    void service.close().then(() => process.exit(0));
  });
}

if (process.argv.includes(CHILD_FLAG)) void serveInChild();
