import {
  type ExchangeSimHandle,
  type ExchangeSimOptions,
  startExchangeSim,
} from '@pairwatch/exchange-sim';
import { type FastifyInstance } from 'fastify';
import { type AddressInfo } from 'node:net';
import pino from 'pino';
import { buildApp } from '../app';
import { loadConfig } from '../config/loadConfig';
import { type MarketRuntime, startMarket } from '../market/startMarket';
import { tempDataDir } from './tempDataDir';
import { FAST_MARKET_TUNING } from './FAST_MARKET_TUNING';

/** The api on a real port, fed by a simulator on another, sharing a clock tests can jump. */
export interface SimStack {
  readonly sim: ExchangeSimHandle;
  readonly market: MarketRuntime;
  readonly app: FastifyInstance;
  /** `http://127.0.0.1:<port>` of the api. */
  readonly apiUrl: string;
  /** The shared clock (ms): real time plus the jumps. */
  now(): number;
  /** Moves the shared clock forward, as if `ms` had passed. */
  jump(ms: number): void;
  close(): Promise<void>;
}

/**
 * Starts the simulator (fast ticks), the market in `binance` mode pointed at it (short timeouts),
 * and the app on port 0.
 */
export async function startSimStack(
  simOptions: Omit<ExchangeSimOptions, 'clock' | 'port'> = {},
): Promise<SimStack> {
  let offset = 0;
  const now = (): number => Date.now() + offset;
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const sim = await startExchangeSim({
    tickMs: 50,
    pingIntervalMs: 1_000,
    ...simOptions,
    clock: now,
    port: 0,
  });
  const market = await startMarket({
    config: { marketData: 'binance', binanceRestUrl: sim.url, binanceWsUrl: sim.wsUrl },
    logger,
    tuning: { ...FAST_MARKET_TUNING, now },
  });
  const dataDir = tempDataDir();
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir.dir }),
    marketData: market.marketData,
    symbols: market.symbols,
    version: 'test',
    logger,
    hubSettings: { keepAliveIntervalMs: 500, tickIntervalMs: 50, shutdownTimeoutMs: 500 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    sim,
    market,
    app,
    apiUrl: `http://127.0.0.1:${port}`,
    now,
    jump: (ms) => {
      offset += ms;
    },
    async close() {
      await app.close();
      await market.close();
      await sim.close();
      dataDir.remove();
    },
  };
}
