import { fastifySignalR } from '@pairwatch/signalr-server';
import { type FastifyPluginAsync } from 'fastify';
import { CANDLE_HUB_PATH, type CandleHubServer } from './CandleHubServer';

/** Options of {@link candleHubPlugin}. */
export interface CandleHubPluginOptions {
  /** Built by the caller, which also hands its `hub` to the alerts plugin (`WatchAlerts`). */
  readonly server: CandleHubServer;
}

/**
 * Mounts the candle hub at {@link CANDLE_HUB_PATH} (architecture §4). Closing the app releases the
 * upstream streams the hub's groups held and closes the hub with its connections.
 */
export const candleHubPlugin: FastifyPluginAsync<CandleHubPluginOptions> = async (app, options) => {
  const { server } = options;
  await app.register(fastifySignalR, { hub: server.hub, path: CANDLE_HUB_PATH });
  app.addHook('onClose', async () => server.releaseAll());
};
