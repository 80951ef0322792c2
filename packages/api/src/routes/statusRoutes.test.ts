import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { FakeMarketData } from '../test-support/FakeMarketData';
import { statusRoutes } from './statusRoutes';

describe('GET /status', () => {
  it.each(['sqlite', 'postgres'] as const)(
    'reports the %s database it was given',
    async (database) => {
      const app = Fastify();
      await app.register(statusRoutes, {
        marketData: new FakeMarketData(),
        database,
        version: '1.2.3',
      });
      const response = await app.inject('/status');
      expect(response.json()).toEqual({
        marketData: { source: 'simulator', connected: true },
        database,
        version: '1.2.3',
      });
      await app.close();
    },
  );
});
