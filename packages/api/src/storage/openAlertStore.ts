import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { type AlertStore } from './AlertStore';
import { type DatabaseSchema } from './DatabaseSchema';
import { KyselyAlertStore } from './KyselyAlertStore';
import { migrations } from './migrations';

/** Name of the embedded database file inside `DATA_DIR`. */
export const SQLITE_FILE_NAME = 'pairwatch.sqlite';

const PG_INT8_OID = 20;

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
}

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
  database.pragma('busy_timeout = 5000');
  return new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database }) });
}

function createPostgres(
  url: string,
  onConnectionError: (error: Error) => void,
): Kysely<DatabaseSchema> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
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
  return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Opens the alert store and brings its schema to the latest version.
 *
 * @throws Error naming the failed migration when the schema cannot be migrated (the store is closed).
 */
export async function openAlertStore(location: AlertStoreLocation): Promise<AlertStore> {
  const kind = location.databaseUrl === undefined ? 'sqlite' : 'postgres';
  const db =
    location.databaseUrl === undefined
      ? createSqlite(location)
      : createPostgres(location.databaseUrl, location.onConnectionError ?? (() => undefined));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...migrations }) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    await db.destroy();
    const failed = results?.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Could not migrate the ${kind} alert store${failed ? ` at ${failed.migrationName}` : ''}: ${reason}`,
      { cause: error },
    );
  }
  return new KyselyAlertStore(db, kind);
}
