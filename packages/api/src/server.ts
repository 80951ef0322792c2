import pino from 'pino';
import { buildApp } from './app';
import { ConfigError } from './config/ConfigError';
import { createShutdown } from './createShutdown';
import { loadConfig } from './config/loadConfig';
import { startMarket } from './market/startMarket';
import { readPackageVersion } from './readPackageVersion';

/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The api process: reads the configuration (a bad value stops it with a message naming the
 * variable), starts the market, builds the app, listens, and closes gracefully on SIGINT/SIGTERM.
 */
async function main(): Promise<void> {
  let config;
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
  const market = await startMarket({ config, logger });
  const app = await buildApp({
    config,
    marketData: market.marketData,
    symbols: market.symbols,
    version: readPackageVersion(),
    logger,
  });
  const stop = createShutdown({
    app,
    market,
    logger,
    exit: (code) => process.exit(code),
    graceMs: SHUTDOWN_GRACE_MS,
  });
  process.once('SIGINT', (signal) => void stop(signal));
  process.once('SIGTERM', (signal) => void stop(signal));
  await app.listen({ port: config.port, host: config.host });
  logger.info({ source: market.source, database: config.database }, 'api ready');
}

main().catch((error: unknown) => {
  process.stderr.write(
    `api failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
