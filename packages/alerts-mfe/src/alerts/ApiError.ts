/**
 * A failed call to the api: an HTTP error answer (with the problem+json `detail` when there is
 * one) or a network failure (`status` 0).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** What was called, e.g. `POST /alerts`. */
    readonly operation: string,
    /** The HTTP status, or 0 when no answer arrived. */
    readonly status: number,
    /** The human explanation the api gave (problem+json `detail`), if any. */
    readonly detail: string | undefined,
    /** The api's stable error code, if any. */
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(
      `${operation} failed${status ? ` with HTTP ${status}` : ''}${detail ? `: ${detail}` : ''}`,
      options,
    );
  }
}

/** The api's own explanation of an error, or `undefined` when it gave none (or it is not an api error). */
export function apiErrorDetail(error: unknown): string | undefined {
  return error instanceof ApiError ? error.detail : undefined;
}
