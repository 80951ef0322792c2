import { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app';
import { type ApiConfig } from './config/ApiConfig';
import { ConfigError } from './config/ConfigError';
import { describeBootFailure } from './describeBootFailure';
import { createShutdown } from './createShutdown';
import { loadConfig } from './config/loadConfig';
import { startMarket } from './market/startMarket';
import { warmUpCharts } from './market/warmUpCharts';
import { readPackageVersion } from './readPackageVersion';
import { missingNodeFlags } from './serverNodeFlags';

/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The api process: reads the configuration (a bad value stops it with a message naming the
 * variable), starts the market, builds the app, answers the charts' first pages once
 * (`WARM_UP_CHARTS`), listens, and closes gracefully on SIGINT/SIGTERM.
 */
async function main(): Promise<void> {
  let config: ApiConfig;
  try {
    config = loadConfig(process.env);
  } catch (error: unknown) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel });
  const missing = missingNodeFlags(process.execArgv);
  if (missing.length > 0) {
    logger.warn(
      { missing },
      'node runs without the api’s flags (src/serverNodeFlags.ts): the pushes of a large price move leave later',
    );
  }
  const market = await startMarket({ config, logger });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      marketData: market.marketData,
      symbols: market.symbols,
      version: readPackageVersion(),
      logger,
    });
    await app.ready();
  } catch (error: unknown) {
    failToStart(describeBootFailure(error, config));
  }
  const stop = createShutdown({
    app,
    market,
    logger,
    exit: (code) => process.exit(code),
    graceMs: SHUTDOWN_GRACE_MS,
  });
  process.once('SIGINT', (signal) => void stop(signal));
  process.once('SIGTERM', (signal) => void stop(signal));
  if (config.warmUpCharts) await warmUpCharts({ app, marketData: market.marketData, logger });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error: unknown) {
    failToStart(describeBootFailure(error, config));
  }
  logger.info({ source: market.source, database: config.database }, 'api ready');
}

/** Ends the process with one line on stderr (no stack trace: the line says what to do). */
function failToStart(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

main().catch((error: unknown) => {
  failToStart(`The api could not start: ${error instanceof Error ? error.message : String(error)}`);
});
