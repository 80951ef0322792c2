import { startExchangeSim } from './startExchangeSim';

/** Reads an integer environment variable, stopping the process with a message when it is bad. */
function integerEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`exchange-sim: ${name} must be an integer from ${min} to ${max}, got '${raw}'`);
    process.exit(1);
  }
  return value;
}

async function main(): Promise<void> {
  const port = integerEnv('PORT', 5090, 0, 65_535);
  const host = process.env.HOST || '127.0.0.1';
  const seedText = process.env.SIM_SEED;
  const seed =
    seedText === undefined || seedText === ''
      ? 1
      : /^-?\d+$/.test(seedText)
        ? Number(seedText)
        : seedText;
  const tickMs = integerEnv('SIM_TICK_MS', 2000, 1, 3_600_000);
  const sim = await startExchangeSim({ port, host, seed, tickMs });
  console.log(
    `exchange-sim: REST ${sim.url}/api/v3, streams ${sim.wsUrl}/ws and ${sim.wsUrl}/stream, controls ${sim.url}/__sim (seed ${String(seed)}, tick ${tickMs} ms)`,
  );
  const stop = (signal: string): void => {
    console.log(`exchange-sim: ${signal}, closing`);
    sim.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('exchange-sim: close failed', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('exchange-sim: failed to start', error);
  process.exit(1);
});
