import { type FastifyReply } from 'fastify';
import { type ApiProblem } from './ApiProblem';

/** The media type of every error answer (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Sends a problem answer, with its `Retry-After` when the problem carries one. */
export function sendProblem(reply: FastifyReply, problem: ApiProblem): FastifyReply {
  if (problem.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(problem.retryAfterSeconds))));
  }
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(problem.toDetails());
}
