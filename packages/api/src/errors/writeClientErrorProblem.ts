import { type Socket } from 'node:net';
import { problemDetails } from './problemDetails';

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
      'Content-Type: application/problem+json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n'),
  );
}
