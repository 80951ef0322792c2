import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import { DatabaseUnavailableError } from './DatabaseUnavailableError';

/**
 * What says the database did not answer in time: node-postgres' own client-side timeouts (a
 * connect or a pool acquire past `connectionTimeoutMillis`, a statement past `query_timeout`) and
 * PostgreSQL's (`statement_timeout`, `lock_timeout`, `idle_in_transaction_session_timeout`).
 */
const TIMEOUT_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated due to connection timeout|Query read timeout)/;
const TIMEOUT_CODES = new Set(['57014', '55P03', '25P03']);

function isTimeout(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && TIMEOUT_CODES.has(code)) ||
    (typeof message === 'string' && TIMEOUT_MESSAGES.test(message))
  );
}

/**
 * A client whose statement timed out on our side, or whose connection failed, is not reusable: the
 * server may still be running (or never answer) that statement, and the next one would queue
 * behind it. Only PostgreSQL's own timeouts (a query canceled server side) leave it usable.
 */
function breaksConnection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const sqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
  // Connection exceptions (08), the server ending the session (57P0x, 25P03), or node-postgres'
  // and the socket's own errors (no SQLSTATE).
  return !sqlState || code.startsWith('08') || code.startsWith('57P') || code === '25P03';
}

/** A pooled client, which is thrown away on release once {@link breaksConnection} said so. */
class GuardedPostgresConnection implements DatabaseConnection {
  broken = false;

  constructor(readonly client: pg.PoolClient) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    let result: pg.QueryResult;
    try {
      result = await this.client.query(compiledQuery.sql, [...compiledQuery.parameters]);
    } catch (error: unknown) {
      if (breaksConnection(error)) this.broken = true;
      if (isTimeout(error)) throw new DatabaseUnavailableError('timeout', { cause: error });
      throw error;
    }
    const { command, rowCount, rows } = result;
    if (command === 'ROLLBACK' || command === 'COMMIT') return { rows: [{ command }] as R[] };
    return {
      numAffectedRows:
        command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
          ? BigInt(rowCount ?? 0)
          : undefined,
      rows: (rows ?? []) as R[],
    };
  }

  // eslint-disable-next-line require-yield -- the interface wants a generator; none is used.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by the alert store.');
  }
}

/** Kysely's PostgreSQL driver semantics, on clients that are discarded once broken. */
class TimeoutGuardedPostgresDriver implements Driver {
  constructor(private readonly pool: pg.Pool) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    try {
      return new GuardedPostgresConnection(await this.pool.connect());
    } catch (error: unknown) {
      if (isTimeout(error)) throw new DatabaseUnavailableError('timeout', { cause: error });
      throw error;
    }
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      statement = 'start transaction';
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) statement += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(statement));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const { rows } = await connection.executeQuery<{ command?: string }>(
      CompiledQuery.raw('commit'),
    );
    // PostgreSQL completes COMMIT with a ROLLBACK tag if an earlier statement error left the
    // transaction aborted.
    if (rows[0]?.command === 'ROLLBACK') throw new Error('The transaction was rolled back.');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const guarded = connection as GuardedPostgresConnection;
    // A broken connection is closed on release, which ends its transaction on the server; a
    // ROLLBACK sent on it would only wait for another timeout.
    if (guarded.broken) return;
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } catch (error: unknown) {
      guarded.broken = true;
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const guarded = connection as GuardedPostgresConnection;
    // `release(true)` closes the client instead of returning it to the pool.
    guarded.client.release(guarded.broken);
  }

  async destroy(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * Kysely's PostgreSQL dialect on a pool whose timeouts (connect and acquire, statement, idle in
 * transaction; openAlertStore sets them) end in {@link DatabaseUnavailableError} — a 503 with
 * Retry-After — and whose clients are discarded rather than reused once a statement timed out on
 * our side, so that a frozen server does not hang every later request on the same connection
 * (issue #27 item 5).
 */
export class TimeoutGuardedPostgresDialect extends PostgresDialect {
  constructor(private readonly guardedPool: pg.Pool) {
    super({ pool: guardedPool });
  }

  override createDriver(): Driver {
    return new TimeoutGuardedPostgresDriver(this.guardedPool);
  }
}
