import { type FastifyRequest } from 'fastify';

/**
 * The address of the client that sent `request`, as the candle hub takes it: the socket's, or
 * behind `TRUST_PROXY` the `X-Forwarded-For` entry the proxy appended (the last one). Fastify's
 * own `request.ip` is then the *first* entry, which the client writes itself: a budget keyed on it
 * would be a new budget per made-up header.
 */
export function requestClientAddress(request: FastifyRequest): string {
  // `ips` (only with trustProxy): the socket's address, then the header's entries, nearest first.
  return request.ips?.[1] ?? request.ip;
}
