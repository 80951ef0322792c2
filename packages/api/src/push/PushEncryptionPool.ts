import { Worker } from 'node:worker_threads';
import { type ServiceLogger } from '../util/ServiceLogger';
import { encryptOnThisThread, type PushEncryptor } from './PushEncryptor';

interface Job {
  readonly p256dh: string;
  readonly auth: string;
  readonly payload: string;
  readonly resolve: (body: Buffer) => void;
  readonly reject: (error: Error) => void;
}

interface PooledWorker {
  readonly worker: Worker;
  readonly jobs: Map<number, Job>;
}

type WorkerReply =
  | { readonly id: number; readonly body: Uint8Array }
  | { readonly id: number; readonly error: string };

/**
 * The worker's program. Plain JavaScript in a string, run with `eval`: a worker runs a JavaScript
 * file, and this way the same program runs from the build and from the sources under jest. It is
 * web-push's `encrypt` (the module the calling thread resolved) behind a message port, each
 * answer sent as soon as it is ready.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const webpush = require(workerData.webPushPath);
parentPort.on('message', ({ id, p256dh, auth, payload }) => {
  try {
    const body = webpush.encrypt(p256dh, auth, payload, 'aes128gcm').cipherText;
    parentPort.postMessage({ id, body });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

/** Options of {@link PushEncryptionPool}. */
export interface PushEncryptionPoolOptions {
  /** Worker threads (`PUSH_ENCRYPTION_WORKERS`), at least 1. */
  readonly workers: number;
  readonly logger: ServiceLogger;
}

/**
 * Web Push encryption off the event loop (issue #27): one ECDH agreement per message costs about
 * 0.1 ms of P-256 arithmetic, and the whole encryption about 0.25 ms, which an update firing
 * thousands of alerts would otherwise spend on the thread that records the firings, reads the
 * push services' answers and serves every request. Jobs go to the worker with the fewest waiting,
 * each answer as soon as it is ready, so the first requests leave while the rest are encrypted.
 *
 * A worker that fails or exits is replaced on the next message; its unanswered jobs are
 * encrypted on the calling thread instead, so no message is lost to a worker. Workers do not keep
 * the process alive.
 */
export class PushEncryptionPool implements PushEncryptor {
  private readonly pool: PooledWorker[] = [];
  private nextId = 0;
  private closed = false;
  private readonly webPushPath = require.resolve('web-push');

  constructor(private readonly options: PushEncryptionPoolOptions) {
    if (!Number.isInteger(options.workers) || options.workers < 1)
      throw new RangeError(
        `a push encryption pool needs at least one worker, got ${options.workers}`,
      );
  }

  /** Workers running now (started on the first message). */
  get size(): number {
    return this.pool.length;
  }

  encrypt(p256dh: string, auth: string, payload: string): Promise<Buffer> {
    if (this.closed)
      return new Promise((resolve) => resolve(encryptOnThisThread(p256dh, auth, payload)));
    const target = this.leastBusy();
    this.nextId += 1;
    const id = this.nextId;
    return new Promise<Buffer>((resolve, reject) => {
      target.jobs.set(id, { p256dh, auth, payload, resolve, reject });
      target.worker.postMessage({ id, p256dh, auth, payload });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.pool.splice(0);
    await Promise.all(
      workers.map(async (pooled) => {
        pooled.worker.removeAllListeners('exit');
        await pooled.worker.terminate();
        this.rescue(pooled);
      }),
    );
  }

  private leastBusy(): PooledWorker {
    if (this.pool.length < this.options.workers) return this.start();
    let best = this.pool[0]!;
    for (const pooled of this.pool) if (pooled.jobs.size < best.jobs.size) best = pooled;
    return best;
  }

  private start(): PooledWorker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { webPushPath: this.webPushPath },
    });
    const pooled: PooledWorker = { worker, jobs: new Map() };
    worker.on('message', (reply: WorkerReply) => {
      const job = pooled.jobs.get(reply.id);
      if (!job) return;
      pooled.jobs.delete(reply.id);
      if ('error' in reply) job.reject(new Error(reply.error));
      else job.resolve(Buffer.from(reply.body.buffer, reply.body.byteOffset, reply.body.length));
    });
    const retire = (why: string, error?: unknown) => {
      const index = this.pool.indexOf(pooled);
      if (index === -1) return;
      this.pool.splice(index, 1);
      this.options.logger.error(
        { err: error, unanswered: pooled.jobs.size },
        `a push encryption worker ${why}; its messages are encrypted here, and a new one starts`,
      );
      this.rescue(pooled);
    };
    worker.on('error', (error) => retire('failed', error));
    worker.on('exit', (code) => retire(`exited with code ${code}`));
    // After the listeners: adding a 'message' listener refs a worker again, and an unclosed pool
    // then kept the process alive.
    worker.unref();
    this.pool.push(pooled);
    return pooled;
  }

  /** Encrypts a retired worker's unanswered jobs on this thread. */
  private rescue(pooled: PooledWorker): void {
    const jobs = [...pooled.jobs.values()];
    pooled.jobs.clear();
    for (const job of jobs) {
      try {
        job.resolve(encryptOnThisThread(job.p256dh, job.auth, job.payload));
      } catch (error: unknown) {
        job.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}
