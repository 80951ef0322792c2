/**
 * Errors of a database connection that is gone or not there (PostgreSQL's admin shutdown, crash
 * and cannot-connect classes, node-postgres' own, the socket's), and the store's own
 * `DatabaseUnavailableError`: the same statement may well succeed once the pool has
 * reconnected or the lock is free. Requests answer them with 503; the alert engine records a
 * firing they refused again later.
 */
const CONNECTION_ERROR_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  // The store's own: a lock or a timeout the database did not get past (DatabaseUnavailableError).
  'DATABASE_UNAVAILABLE',
]);

/** Whether `error` says the database is unreachable or stalled for now, rather than that the statement is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
  return (
    typeof message === 'string' &&
    /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/.test(
      message,
    )
  );
}
