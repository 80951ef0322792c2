/** Why the database did not answer: its write lock stayed taken, or it did not answer in time. */
export type DatabaseUnavailableReason = 'busy' | 'timeout';

/**
 * The database could not serve a statement in time: another connection held SQLite's write lock
 * past the statement timeout, or PostgreSQL did not answer a connect, a pool acquire or a
 * statement within its timeout. The request may well succeed a moment later, so the problem
 * handler answers it with 503 `DATABASE_UNAVAILABLE` and Retry-After (its `code` is that of the
 * catalogue), never a 500. The message is generic; the driver's own error is the `cause`.
 */
export class DatabaseUnavailableError extends Error {
  /** Matched by the problem handler, like the drivers' connection error codes. */
  readonly code = 'DATABASE_UNAVAILABLE';

  constructor(
    readonly reason: DatabaseUnavailableReason,
    options?: { cause?: unknown },
  ) {
    super(
      reason === 'busy'
        ? 'The database is locked by another connection.'
        : 'The database did not answer in time.',
      options,
    );
    this.name = 'DatabaseUnavailableError';
  }
}
