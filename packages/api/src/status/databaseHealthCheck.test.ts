import { describe, expect, it, jest } from '@jest/globals';
import { databaseHealthCheck } from './databaseHealthCheck';

describe('databaseHealthCheck', () => {
  const logger = () => ({ warn: jest.fn() });

  it('passes when the probe does', async () => {
    await expect(databaseHealthCheck(async () => undefined, logger())()).resolves.toEqual({
      ok: true,
    });
  });

  it('fails with a generic word, logging the database error rather than showing it', async () => {
    const log = logger();
    const check = databaseHealthCheck(
      () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:5432 (user pairwatch)')),
      log,
    );

    await expect(check()).resolves.toEqual({ ok: false, error: 'unavailable' });
    expect(log.warn).toHaveBeenCalledWith({ err: expect.any(Error) }, 'the database check failed');
  });

  it('fails within its timeout when the probe hangs', async () => {
    const started = Date.now();
    const check = databaseHealthCheck(() => new Promise<void>(() => undefined), logger(), 50);

    await expect(check()).resolves.toEqual({ ok: false, error: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
