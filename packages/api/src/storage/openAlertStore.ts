import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { type AlertStore } from './AlertStore';
import { BusyRetryingSqliteDialect } from './BusyRetryingSqliteDialect';
import { type DatabaseSchema } from './DatabaseSchema';
import { migrations } from './migrations';
import { SqliteCheckpointer } from './SqliteCheckpointer';
import { TimeoutGuardedPostgresDialect } from './TimeoutGuardedPostgresDialect';
import { WriteProbingAlertStore } from './WriteProbingAlertStore';

/** Name of the embedded database file inside `DATA_DIR`. */
export const SQLITE_FILE_NAME = 'pairwatch.sqlite';

const PG_INT8_OID = 20;

/** Defaults of {@link AlertStoreLocation.statementTimeoutMs} and `connectTimeoutMs`. */
export const DEFAULT_DATABASE_TIMEOUTS = { statementTimeoutMs: 5_000, connectTimeoutMs: 3_000 };
/**
 * better-sqlite3 waits for another connection's lock synchronously, blocking the event loop: at
 * most this long per attempt (the dialect retries on timers up to the statement timeout).
 */
const SQLITE_BUSY_TIMEOUT_MS = 10;
/** node-postgres' own statement timer fires this long after the server's should have. */
const CLIENT_TIMEOUT_MARGIN_MS = 1_000;
/** A session idle inside a transaction this long (a stuck process) is ended by the server. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;

/** Where the alert store lives: a PostgreSQL URL, else an SQLite file in `dataDir`. */
export interface AlertStoreLocation {
  /** `DATABASE_URL`; undefined for the embedded SQLite file. */
  readonly databaseUrl: string | undefined;
  /** `DATA_DIR`, created if missing (SQLite only). */
  readonly dataDir: string;
  /** An SQLite file path instead of `dataDir/pairwatch.sqlite` (`:memory:` in unit tests). */
  readonly sqliteFile?: string;
  /**
   * Told when PostgreSQL drops an idle pooled connection (a restart, a failover,
   * `pg_terminate_backend`, an idle kill). The pool forgets that connection and opens a new one
   * on the next query; without a listener the pool's 'error' event would end the process.
   */
  readonly onConnectionError?: (error: Error) => void;
  /**
   * `DATABASE_STATEMENT_TIMEOUT_MS`: longest a statement may take (PostgreSQL), or wait for another
   * connection's write lock (SQLite), before it fails as a 503.
   */
  readonly statementTimeoutMs?: number;
  /** `DATABASE_CONNECT_TIMEOUT_MS`: longest a connect or a wait for a pooled connection (PostgreSQL). */
  readonly connectTimeoutMs?: number;
  /**
   * Told when the SQLite file's background checkpoint fails (`SqliteCheckpointer`); the store
   * keeps working. Default: ignored.
   */
  readonly onCheckpointError?: (error: Error) => void;
}

/**
 * SQLite's page cache, in KiB (its default is 2,000). A firing updates its alert's row and index
 * entries on pages spread over the whole table: with a million alerts and the default cache,
 * most of those pages were read from the file again at each update (tick → push bench, issue
 * #27: 1.4–9.1 ms for an update of 32 alerts, 1.7–2.5 ms with this cache). The cache is the
 * connection's own memory, used as pages are read: a small database never fills it.
 */
const SQLITE_CACHE_KIB = 64 * 1024;

function createSqlite(location: AlertStoreLocation): Kysely<DatabaseSchema> {
  let file = location.sqliteFile;
  if (file === undefined) {
    fs.mkdirSync(location.dataDir, { recursive: true });
    file = path.join(location.dataDir, SQLITE_FILE_NAME);
    // Created readable by the api's user only (SQLite gives its -wal and -shm files the same
    // mode): it holds push subscription secrets.
    fs.closeSync(fs.openSync(file, 'a', 0o600));
  }
  const database = new SqliteDatabase(file);
  // WAL lets readers run beside the writer; NORMAL sync is durable across process crashes
  // (only an OS crash can lose the last transactions) and much faster than FULL.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  database.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const lockTimeoutMs = location.statementTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.statementTimeoutMs;
  // The write-ahead log is copied into the file on a worker thread, not inside a COMMIT on the
  // event loop (an in-memory database has no log).
  const checkpointer =
    file === ':memory:'
      ? undefined
      : new SqliteCheckpointer({
          database,
          file,
          onError: location.onCheckpointError ?? (() => undefined),
        });
  return new Kysely<DatabaseSchema>({
    dialect: new BusyRetryingSqliteDialect({
      database,
      lockTimeoutMs,
      ...(checkpointer ? { checkpointer } : {}),
    }),
  });
}

/**
 * A pool on `url`. `forMigrations`: one connection without statement timeouts, since a migration
 * (an index built on a large table, a wait for another process's migration lock) may rightly
 * take longer than any request should.
 */
function createPostgres(
  url: string,
  location: AlertStoreLocation,
  onConnectionError: (error: Error) => void,
  forMigrations = false,
): Kysely<DatabaseSchema> {
  const statementTimeoutMs =
    location.statementTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString: url,
    max: forMigrations ? 1 : 10,
    // A server that does not answer (frozen, partitioned) must not hang requests: a connect and a
    // wait for a pooled connection give up after this long (pg-pool uses it for both)…
    connectionTimeoutMillis:
      location.connectTimeoutMs ?? DEFAULT_DATABASE_TIMEOUTS.connectTimeoutMs,
    // …the server cancels a statement after this long, and if the server itself is stuck our own
    // timer gives up a little later (the dialect then discards that connection).
    ...(forMigrations
      ? {}
      : {
          statement_timeout: statementTimeoutMs,
          query_timeout: statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
          idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
        }),
    // A peer that vanished without a FIN is noticed on an idle connection.
    keepAlive: true,
    // Our bigints are millisecond timestamps (< 2^53): read them as numbers, on this pool only.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID && format !== 'binary'
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', onConnectionError);
  // A connection can also die while a query holds it (between Kysely's acquire and release): its
  // own 'error' event needs a listener too, or it would end the process.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  return new Kysely<DatabaseSchema>({ dialect: new TimeoutGuardedPostgresDialect(pool) });
}

/**
 * Opens the alert store and brings its schema to the latest version.
 *
 * @throws Error naming the failed migration when the schema cannot be migrated (the store is closed).
 */
export async function openAlertStore(location: AlertStoreLocation): Promise<AlertStore> {
  const kind = location.databaseUrl === undefined ? 'sqlite' : 'postgres';
  const onConnectionError = location.onConnectionError ?? (() => undefined);
  const db =
    location.databaseUrl === undefined
      ? createSqlite(location)
      : createPostgres(location.databaseUrl, location, onConnectionError);
  const migrationDb =
    location.databaseUrl === undefined
      ? db
      : createPostgres(location.databaseUrl, location, onConnectionError, true);
  const migrator = new Migrator({
    db: migrationDb,
    provider: { getMigrations: async () => ({ ...migrations }) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (migrationDb !== db) await migrationDb.destroy();
  if (error !== undefined) {
    await db.destroy();
    const failed = results?.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Could not migrate the ${kind} alert store${failed ? ` at ${failed.migrationName}` : ''}: ${reason}`,
      { cause: error },
    );
  }
  return new WriteProbingAlertStore(db, kind);
}
