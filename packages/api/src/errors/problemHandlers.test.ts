import { describe, expect, it } from '@jest/globals';
import { toApiProblem } from './problemHandlers';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('toApiProblem', () => {
  it.each([
    ['PostgreSQL admin shutdown (a restart, pg_terminate_backend)', withCode('57P01')],
    ['PostgreSQL cannot connect now', withCode('57P03')],
    ['a refused connection', withCode('ECONNREFUSED')],
    ['node-postgres losing its socket', new Error('Connection terminated unexpectedly')],
  ])('answers %s with a 503 to retry after 5 s', (_what, error) => {
    const problem = toApiProblem(error);

    expect(problem).toMatchObject({ code: 'DATABASE_UNAVAILABLE', status: 503 });
    expect(problem.retryAfterSeconds).toBe(5);
  });

  it('hides any other failure behind a 500 that says nothing of the internals', () => {
    const problem = toApiProblem(withCode('SQLITE_CONSTRAINT', 'UNIQUE constraint failed: x.y'));

    expect(problem).toMatchObject({ code: 'INTERNAL_ERROR', status: 500 });
    expect(problem.detail).not.toContain('constraint');
  });
});
