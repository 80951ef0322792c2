import { type ExchangeSimHandle } from '@pairwatch/exchange-sim';
import { type FastifyInstance } from 'fastify';
import { type AddressInfo } from 'node:net';
import pino from 'pino';
import { buildApp } from '../app';
import { type PostgresCoordinatorTiming } from '../cluster/PostgresCoordinator';
import { loadConfig } from '../config/loadConfig';
import { type MarketRuntime, startMarket } from '../market/startMarket';
import { FAST_MARKET_TUNING } from './FAST_MARKET_TUNING';

/** One api "process" in a test: its own market (fed by a shared simulator), hub, store and app. */
export interface ApiNode {
  readonly app: FastifyInstance;
  readonly market: MarketRuntime;
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  close(): Promise<void>;
}

/** Options of {@link startApiNode}. */
export interface ApiNodeOptions {
  /** The exchange every node reads, as all api processes read the one Binance. */
  readonly sim: ExchangeSimHandle;
  /** Environment for `loadConfig` (DATA_DIR, DATABASE_URL, PUSH_ALLOW_PRIVATE_ENDPOINTS, …). */
  readonly env: Readonly<Record<string, string>>;
  /** Shorter cluster timing, so a takeover is a matter of a second rather than ten. */
  readonly cluster?: PostgresCoordinatorTiming;
  /** REST base instead of the simulator's own (a proxy in front of it). */
  readonly restUrl?: string;
}

/**
 * Starts the market in `binance` mode against the simulator (short reconnect, stall and backfill
 * timings, like `startSimStack`) and the whole app on a loopback port. Closing it closes the app
 * and the market, not the simulator.
 */
export async function startApiNode(options: ApiNodeOptions): Promise<ApiNode> {
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const config = loadConfig({
    ...options.env,
    MARKET_DATA: 'binance',
    BINANCE_REST_URL: options.restUrl ?? options.sim.url,
    BINANCE_WS_URL: options.sim.wsUrl,
  });
  const market = await startMarket({
    config,
    logger,
    tuning: FAST_MARKET_TUNING,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      marketData: market.marketData,
      symbols: market.symbols,
      version: 'test',
      logger,
      hubSettings: { keepAliveIntervalMs: 500, tickIntervalMs: 50, shutdownTimeoutMs: 500 },
      ...(options.cluster === undefined ? {} : { cluster: options.cluster }),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error: unknown) {
    await market.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    market,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await market.close();
    },
  };
}
