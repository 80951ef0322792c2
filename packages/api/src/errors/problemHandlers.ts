// How an error becomes an `application/problem+json` answer (RFC 9457): the app's handlers, the
// mapping of anything thrown to a catalogued problem, and the answer to a request Node cannot parse.
import { type Socket } from 'node:net';
import { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { ApiProblem } from './ApiProblem';
import { type ProblemCode, problemDetails } from './problemCatalogue';
import { isDatabaseUnavailable } from '../storage/isDatabaseUnavailable';

/**
 * Makes every error of the app, and of every plugin registered in it, an
 * `application/problem+json` answer with a stable code. Stack traces and internal messages never
 * leave the process: an unexpected failure is logged with its cause and answered with a generic
 * sentence.
 */
export function registerProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const problem = toApiProblem(error);
    if (problem.code === 'INTERNAL_ERROR' && !(error instanceof ApiProblem)) {
      request.log.error({ err: error }, 'request failed');
    } else if (problem.status >= 500) {
      request.log.warn({ code: problem.code, detail: problem.detail }, 'request failed');
    }
    return sendProblem(reply, problem);
  });
  app.setNotFoundHandler((request, reply) => {
    // Long segments are left out: they are ids, and a subscription id is a credential.
    const path = (request.url.split('?')[0] ?? '')
      .slice(0, 100)
      .split('/')
      .map((segment) => (segment.length > 16 ? '…' : segment))
      .join('/');
    return sendProblem(
      reply,
      new ApiProblem('NOT_FOUND', `There is nothing at ${request.method} ${path}.`),
    );
  });
}

/** The media type of every error answer (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Sends a problem answer, with its `Retry-After` when the problem carries one. */
export function sendProblem(reply: FastifyReply, problem: ApiProblem): FastifyReply {
  if (problem.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(problem.retryAfterSeconds))));
  }
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem.toDetails());
}

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
  if (isDatabaseUnavailable(candidate)) {
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

/**
 * Answers a request Node could not even parse (a request line or headers over the size limit, a
 * malformed request) on the raw socket, with the same problem+json shape as every other error.
 * Used as Fastify's `clientErrorHandler`.
 */
export function writeClientErrorProblem(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return;
  const tooLong = error.code === 'HPE_HEADER_OVERFLOW' || error.code === 'HPE_URI_TOO_LONG';
  // Node's request timeout (the api's `requestTimeout`): a client too slow to send its request.
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const problem = timedOut
    ? problemDetails('REQUEST_TIMEOUT', 'The request was not received in time.')
    : tooLong
      ? problemDetails('REQUEST_TOO_LONG', 'The request line or headers are too long.')
      : problemDetails('BAD_REQUEST', 'The request could not be parsed.');
  const body = JSON.stringify(problem);
  socket.end(
    [
      timedOut ? 'HTTP/1.1 408 Request Timeout' : 'HTTP/1.1 400 Bad Request',
      'Connection: close',
      `Content-Type: ${PROBLEM_CONTENT_TYPE}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n'),
  );
}
