import { type FastifyPluginAsync } from 'fastify';
import { type MarketData } from '../market/MarketData';

/** Options of {@link statusRoutes}. */
export interface StatusRoutesOptions {
  readonly marketData: MarketData;
  readonly database: 'sqlite' | 'postgres';
  readonly version: string;
}

/**
 * `GET /status` (architecture §3): which market source is live (the shell shows a "Simulated
 * market" chip from it), whether it is reachable, the database kind and the api version.
 */
export const statusRoutes: FastifyPluginAsync<StatusRoutesOptions> = async (app, options) => {
  app.get('/status', async () => ({
    marketData: options.marketData.status(),
    database: options.database,
    version: options.version,
  }));
};
