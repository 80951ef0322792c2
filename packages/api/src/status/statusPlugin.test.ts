import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { FakeMarketData } from '../test-support/FakeMarketData';
import { type HealthCheck, statusPlugin } from './statusPlugin';

describe('GET /status', () => {
  it.each(['sqlite', 'postgres'] as const)(
    'reports the %s database it was given',
    async (database) => {
      const app = Fastify();
      await app.register(statusPlugin, {
        marketData: new FakeMarketData(),
        database,
        version: '1.2.3',
      });
      const response = await app.inject('/status');
      expect(response.json()).toMatchObject({
        marketData: { source: 'simulator', connected: true },
        database,
        version: '1.2.3',
      });
      await app.close();
    },
  );

  it('answers 503 with every check when one fails or throws, 200 when all pass', async () => {
    const checks = new Map<string, HealthCheck>([
      ['database', async () => ({ ok: true })],
      ['alertEngine', async () => ({ ok: false, lastFailure: 'alert replay failed' })],
    ]);
    const app = Fastify();
    await app.register(statusPlugin, {
      marketData: new FakeMarketData(),
      database: 'sqlite',
      version: '1',
      checks,
    });

    const failing = await app.inject('/status');
    checks.set('alertEngine', async () => ({ ok: true }));
    checks.set('database', () => Promise.reject(new Error('SQLITE_CORRUPT: malformed')));
    const throwing = await app.inject('/status');
    checks.set('database', async () => ({ ok: true }));
    const healthy = await app.inject('/status');

    expect(failing.statusCode).toBe(503);
    expect(failing.json()).toMatchObject({
      ok: false,
      checks: {
        database: { ok: true },
        alertEngine: { ok: false, lastFailure: 'alert replay failed' },
      },
    });
    expect(throwing.statusCode).toBe(503);
    // The error's own text stays in the log: /status is public (issue #27 item 7).
    expect(throwing.json().checks.database).toEqual({ ok: false, error: 'the check failed' });
    expect(healthy.statusCode).toBe(200);
    // Neither answer may be kept by a cache: each is the state of the moment.
    for (const answer of [failing, throwing, healthy]) {
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    await app.close();
  });
});
