import { type FastifyError } from 'fastify';
import { ApiProblem } from './ApiProblem';
import { type ProblemCode } from './problemCatalogue';

/** Fastify's own error codes, translated to catalogue codes. */
const FASTIFY_CODES: Readonly<Record<string, ProblemCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

const STATUS_CODES: Readonly<Record<number, ProblemCode>> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/**
 * Errors of a database connection that is gone or not there (PostgreSQL's admin shutdown, crash
 * and cannot-connect classes, node-postgres' own, the socket's): the request may succeed once
 * the pool has reconnected, so they are a 503, not a 500.
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
]);

function isDatabaseConnectionError(error: { code?: unknown; message?: unknown }): boolean {
  if (typeof error.code === 'string' && CONNECTION_ERROR_CODES.has(error.code)) return true;
  return (
    typeof error.message === 'string' &&
    /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/.test(
      error.message,
    )
  );
}

/** Seconds a client should wait before retrying while the database reconnects. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Maps anything thrown inside a request to a problem. Client errors that Fastify raises keep
 * their message (it names the bad input); anything else becomes a 500 whose detail says nothing
 * about the internals.
 */
export function toApiProblem(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  const candidate = (
    typeof error === 'object' && error !== null ? error : {}
  ) as Partial<FastifyError>;
  const message =
    typeof candidate.message === 'string' ? candidate.message : 'The request is invalid.';
  if (candidate.validation !== undefined) return new ApiProblem('VALIDATION_FAILED', message);
  if (isDatabaseConnectionError(candidate as { code?: unknown; message?: unknown })) {
    return new ApiProblem(
      'DATABASE_UNAVAILABLE',
      'The database is unreachable for a moment. Please try again shortly.',
      DATABASE_RETRY_AFTER_SECONDS,
    );
  }
  const status = candidate.statusCode;
  const code =
    (candidate.code !== undefined ? FASTIFY_CODES[candidate.code] : undefined) ??
    (status !== undefined ? STATUS_CODES[status] : undefined) ??
    (status !== undefined && status >= 400 && status < 500 ? 'BAD_REQUEST' : undefined);
  return code === undefined
    ? new ApiProblem('INTERNAL_ERROR', 'An unexpected error occurred. Please try again later.')
    : new ApiProblem(code, message);
}
