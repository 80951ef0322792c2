import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/** SQLite's own default `wal_autocheckpoint` (pages), put back when the worker is gone. */
const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
/** How often the worker copies the write-ahead log into the database file. */
const DEFAULT_INTERVAL_MS = 1_000;
/** The log's length, in pages (16 MiB of 4 KiB pages), past which the worker truncates it. */
const DEFAULT_RESTART_AFTER_PAGES = 4_096;
/** How long the worker's truncating checkpoint waits for the writer and readers (its thread, not the loop). */
const RESTART_WAIT_MS = 100;

/** What the worker reports: checkpoints began to fail (the next one is tried all the same). */
interface WorkerReport {
  readonly error: string;
}

/**
 * The worker's program. Plain JavaScript in a string, run with `eval` (as PushEncryptionPool's):
 * the same program runs from the build and from the sources under jest. Its own connection to the
 * file runs a PASSIVE checkpoint at each interval, which never waits for the writer nor holds it
 * up; a busy database (another process's checkpoint, a lock) is simply tried at the next one.
 *
 * A passive checkpoint copies the log but never starts it over: SQLite writes from the log's
 * beginning again only when a write finds every frame copied, and while writes never stop, one
 * always comes in during the copy. The log then grew with everything written (14 MiB a minute
 * under `pnpm bench:load`, 160 MiB in 2 s of a test's writes). So once the log is past
 * `restartAfterPages`, the worker truncates it (TRUNCATE: waits for the writer between two
 * transactions, copies the few frames the passive one left, and empties the file). Writes that
 * come meanwhile wait the connection's short busy timeout, then retry off the event loop.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.betterSqlitePath);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
db.pragma('synchronous = NORMAL');
// A failure is reported when it starts, not once a second while it lasts.
let failing = false;
const checkpoint = () => {
  try {
    const [passive] = db.pragma('wal_checkpoint(PASSIVE)');
    if (passive && passive.log >= workerData.restartAfterPages) {
      db.pragma('busy_timeout = ' + workerData.restartWaitMs);
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        db.pragma('busy_timeout = 0');
      }
    }
    failing = false;
  } catch (error) {
    if (/^SQLITE_(BUSY|LOCKED)/.test(String(error && error.code)) || failing) return;
    failing = true;
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** Options of {@link SqliteCheckpointer}. */
export interface SqliteCheckpointerOptions {
  /** The api's connection; its automatic checkpoints are turned off while the worker runs. */
  readonly database: SqliteDatabase.Database;
  /** The database file (not `:memory:`). */
  readonly file: string;
  /** How often to checkpoint. Default 1 000 ms. */
  readonly intervalMs?: number;
  /** The log's length in pages past which it is truncated (see the worker's program). Default 4,096. */
  readonly restartAfterPages?: number;
  /** Told when a checkpoint fails, or the worker does (then the connection checkpoints itself again). */
  readonly onError: (error: Error) => void;
}

/**
 * Copies SQLite's write-ahead log into the database file on a worker thread, off the event loop.
 *
 * By default SQLite does that inside the COMMIT that takes the log past 1,000 pages, and
 * better-sqlite3 runs the COMMIT on the event loop: at a million armed alerts, a COMMIT of 64
 * firings that checkpointed took 25 ms (with its fsync), while the others took 2–5 ms, and the
 * pushes of those firings, every request and every hub update waited behind it (issue #27,
 * `tickToPushBench`). The api's connection runs with `wal_autocheckpoint = 0` instead, and this
 * worker's own connection checkpoints every second. Should the worker fail, the connection
 * checkpoints itself again, as SQLite does by default, so the log never grows without bound.
 */
export class SqliteCheckpointer {
  private readonly worker: Worker;
  private stopped = false;

  constructor(private readonly options: SqliteCheckpointerOptions) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        betterSqlitePath: require.resolve('better-sqlite3'),
        file: options.file,
        intervalMs: options.intervalMs ?? DEFAULT_INTERVAL_MS,
        restartAfterPages: options.restartAfterPages ?? DEFAULT_RESTART_AFTER_PAGES,
        restartWaitMs: RESTART_WAIT_MS,
      },
    });
    // Off only once the worker exists (a Worker that cannot be made leaves the default).
    options.database.pragma('wal_autocheckpoint = 0');
    // It never keeps the process alive: the connection's close checkpoints whatever is left.
    this.worker.unref();
    this.worker.on('message', (report: WorkerReport) =>
      options.onError(new Error(`SQLite checkpoint failed: ${report.error}`)),
    );
    this.worker.on('error', (error) => this.fallBack(error));
    this.worker.on('exit', (code) => {
      if (!this.stopped) this.fallBack(new Error(`the checkpoint worker exited with code ${code}`));
    });
  }

  /**
   * Stops the worker and closes its connection, before the api's connection closes: closed last,
   * that one checkpoints the rest of the log and removes it.
   */
  async close(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    // Held until it has closed its connection, or a process with nothing else to do would end here.
    this.worker.ref();
    this.worker.postMessage('close');
    await exited;
  }

  private fallBack(error: Error): void {
    if (this.stopped) return;
    this.stopped = true;
    try {
      this.options.database.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES}`);
    } catch {
      // The connection is closed already: nothing is written through it any more.
    }
    this.options.onError(
      new Error(`${error.message}; the api's connection checkpoints the log itself again`, {
        cause: error,
      }),
    );
  }
}
