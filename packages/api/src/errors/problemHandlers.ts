import { type FastifyInstance } from 'fastify';
import { ApiProblem } from './ApiProblem';
import { sendProblem } from './sendProblem';
import { toApiProblem } from './toApiProblem';

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
