import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryResult,
  SqliteAdapter,
  SqliteDialect,
} from 'kysely';
import { DatabaseUnavailableError } from './DatabaseUnavailableError';

/** Options of {@link BusyRetryingSqliteDialect}. */
export interface BusyRetryingSqliteDialectOptions {
  /**
   * The open database. Its `busy_timeout` must be short (openAlertStore sets 10 ms): better-sqlite3
   * waits for a lock synchronously, on the event loop, for that long at each attempt.
   */
  readonly database: SqliteDatabase.Database;
  /** How long a statement (or a transaction's BEGIN) keeps retrying a taken write lock. */
  readonly lockTimeoutMs: number;
  /** Stopped before the database closes (a file database's `SqliteCheckpointer`). */
  readonly checkpointer?: { close(): Promise<void> };
}

/** The first pause between attempts on a taken lock, doubled up to {@link MAX_RETRY_DELAY_MS}. */
const FIRST_RETRY_DELAY_MS = 5;
const MAX_RETRY_DELAY_MS = 100;
/**
 * Prepared statements kept per SQL text. Kysely compiles the same few shapes again and again, and
 * preparing one costs as much as running it (`pnpm bench:load` profile): a few hundred cover them.
 */
const MAX_CACHED_STATEMENTS = 256;

/** better-sqlite3's codes for a lock another connection holds (SQLITE_BUSY_*, SQLITE_LOCKED_*). */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

/** A first-come, first-served async lock: one transaction at a time on the one connection. */
class TransactionLock {
  private tail: Promise<void> = Promise.resolve();
  private releaseHolder: (() => void) | undefined;

  async acquire(): Promise<void> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.releaseHolder = release;
  }

  release(): void {
    const release = this.releaseHolder;
    this.releaseHolder = undefined;
    release?.();
  }
}

/**
 * One better-sqlite3 connection shared by every Kysely "connection". A transaction holds the
 * {@link TransactionLock} from its BEGIN IMMEDIATE to its COMMIT or ROLLBACK, so a lone statement
 * never runs inside another caller's transaction; lone statements only wait for a transaction to
 * end, never for each other (each runs synchronously).
 */
class BusyRetryingSqliteDriver implements Driver {
  private readonly lock = new TransactionLock();
  /** Least recently used first (a Map keeps insertion order; a hit is re-inserted). */
  private readonly statements = new Map<string, SqliteDatabase.Statement>();

  constructor(private readonly options: BusyRetryingSqliteDialectOptions) {}

  /** The statement for `sql`, prepared once and reused (SQLite re-prepares it after a schema change). */
  private prepare(sql: string): SqliteDatabase.Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.options.database.prepare(sql);
      if (this.statements.size >= MAX_CACHED_STATEMENTS) {
        this.statements.delete(this.statements.keys().next().value!);
      }
    } else {
      this.statements.delete(sql);
    }
    this.statements.set(sql, statement);
    return statement;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new BusyRetryingSqliteConnection(this);
  }

  /**
   * BEGIN IMMEDIATE takes the write lock up front, so it is the only statement of a transaction
   * that can meet a taken lock, and it is retried as a whole. (A deferred BEGIN would meet the
   * lock at the transaction's first write, after reads: SQLite answers SQLITE_BUSY at once there,
   * without waiting, and the statement cannot be retried on a snapshot that may be stale.)
   */
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.retryWhileBusy(async () => {
      await this.lock.acquire();
      try {
        this.prepare('BEGIN IMMEDIATE').run();
      } catch (error: unknown) {
        // Released while waiting, so that lone reads run in between attempts.
        this.lock.release();
        throw error;
      }
    });
    (connection as BusyRetryingSqliteConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.run({ sql: 'COMMIT', parameters: [] }, true);
    this.endTransaction(connection as BusyRetryingSqliteConnection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      if (this.options.database.inTransaction) this.prepare('ROLLBACK').run();
    } finally {
      this.endTransaction(connection as BusyRetryingSqliteConnection);
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction Kysely did not end (it always does): never leave the lock taken.
    if ((connection as BusyRetryingSqliteConnection).inTransaction) {
      await this.rollbackTransaction(connection);
    }
  }

  async destroy(): Promise<void> {
    await this.options.checkpointer?.close();
    this.options.database.close();
  }

  /**
   * Runs a statement: inside its transaction directly, else when no transaction is open. A lone
   * read does not wait for the write lock (WAL lets it read beside another connection's write).
   */
  async execute(
    connection: BusyRetryingSqliteConnection,
    query: Pick<CompiledQuery, 'sql' | 'parameters'>,
  ): Promise<QueryResult<unknown>> {
    if (connection.inTransaction) return this.run(query, true);
    const lone = async () => {
      await this.lock.acquire();
      try {
        return this.run(query, false);
      } finally {
        this.lock.release();
      }
    };
    if (this.prepare(query.sql).reader) return lone();
    return this.retryWhileBusy(lone);
  }

  private endTransaction(connection: BusyRetryingSqliteConnection): void {
    connection.inTransaction = false;
    this.lock.release();
  }

  /**
   * One synchronous attempt. Inside a transaction a taken lock (not expected once BEGIN
   * IMMEDIATE holds it) is not retried: it fails the transaction as unavailable.
   */
  private run(
    query: Pick<CompiledQuery, 'sql' | 'parameters'>,
    inTransaction: boolean,
  ): QueryResult<unknown> {
    try {
      const statement = this.prepare(query.sql);
      if (statement.reader) return { rows: statement.all(query.parameters) };
      const { changes, lastInsertRowid } = statement.run(query.parameters);
      return {
        insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
        numAffectedRows: changes != null ? BigInt(changes) : undefined,
        rows: [],
      };
    } catch (error: unknown) {
      if (inTransaction && isBusy(error))
        throw new DatabaseUnavailableError('busy', { cause: error });
      throw error;
    }
  }

  /**
   * Runs `attempt`, a write; while another connection holds the write lock, waits (on timers, off
   * the event loop) for {@link writeLockFreed} and tries again, until the lock timeout; then gives
   * up as {@link DatabaseUnavailableError}. Writers do not each poll the lock: while it is known
   * taken only the one probe does, so the loop is blocked for one short busy timeout per probe
   * however many writes are waiting.
   */
  private async retryWhileBusy<T>(attempt: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.options.lockTimeoutMs;
    let lastBusy: unknown;
    for (;;) {
      if (this.freed === undefined) {
        try {
          return await attempt();
        } catch (error: unknown) {
          if (!isBusy(error)) throw error;
          lastBusy = error;
        }
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0 || !(await this.writeLockFreed(remaining))) {
        throw new DatabaseUnavailableError('busy', { cause: lastBusy });
      }
    }
  }

  /** While the write lock is known taken: the probe's promise, settled once it is free again. */
  private freed: Promise<void> | undefined;

  /**
   * Resolves true once the write lock is free (one shared probe: BEGIN IMMEDIATE then ROLLBACK,
   * with a doubling pause between attempts), or false after `timeoutMs`.
   */
  private async writeLockFreed(timeoutMs: number): Promise<boolean> {
    this.freed ??= this.probeUntilFree().finally(() => (this.freed = undefined));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([this.freed.then(() => true), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async probeUntilFree(): Promise<void> {
    for (let delay = FIRST_RETRY_DELAY_MS; ; delay = Math.min(delay * 2, MAX_RETRY_DELAY_MS)) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      await this.lock.acquire();
      try {
        this.prepare('BEGIN IMMEDIATE').run();
        this.prepare('ROLLBACK').run();
        return;
      } catch (error: unknown) {
        // Anything but a taken lock: the writers try again and meet that error themselves.
        if (!isBusy(error)) return;
      } finally {
        this.lock.release();
      }
    }
  }
}

/** What Kysely holds between acquire and release: a view of the shared connection. */
class BusyRetryingSqliteConnection implements DatabaseConnection {
  /** Between this connection's BEGIN IMMEDIATE and its COMMIT or ROLLBACK. */
  inTransaction = false;

  constructor(private readonly driver: BusyRetryingSqliteDriver) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, compiledQuery) as Promise<QueryResult<R>>;
  }

  // eslint-disable-next-line require-yield -- the interface wants a generator; none is used.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by the alert store.');
  }
}

/** SQLite's adapter, told that Kysely may hand out several connections at once (ours interleave). */
class InterleavingSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/**
 * Kysely's SQLite dialect on better-sqlite3 where the event loop never waits on a lock another
 * connection holds (issue #27 item 4): better-sqlite3 waits synchronously, so the busy timeout is
 * kept to milliseconds and a statement that meets a taken write lock is retried on timers up to
 * `lockTimeoutMs`, then fails as {@link DatabaseUnavailableError} (a 503 with Retry-After).
 * Transactions begin IMMEDIATE, so only their BEGIN can meet the lock and is what is retried;
 * while a writer waits, reads keep running (WAL lets them beside the other connection's write).
 */
export class BusyRetryingSqliteDialect extends SqliteDialect {
  constructor(private readonly options: BusyRetryingSqliteDialectOptions) {
    super({ database: options.database });
  }

  override createDriver(): Driver {
    return new BusyRetryingSqliteDriver(this.options);
  }

  override createAdapter(): DialectAdapter {
    return new InterleavingSqliteAdapter();
  }
}
