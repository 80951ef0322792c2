/** What {@link createShutdown} closes, logs through and exits with. */
export interface ShutdownOptions {
  readonly app: { close(): Promise<unknown> };
  readonly market: { close(): Promise<unknown> };
  readonly logger: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  /** `process.exit` in the process; a recorder in tests. */
  readonly exit: (code: number) => void;
  /** How long closing may take before the process exits with 1 anyway. */
  readonly graceMs: number;
}

/**
 * The api's graceful stop for SIGINT/SIGTERM: closes the app (hub, alerts, store), then the
 * market, and exits 0; any failure is logged and exits 1. Only the first call acts. The returned
 * function never rejects, so a signal handler may call it with `void`.
 */
export function createShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { app, market, logger, exit } = options;
  let stopping = false;
  return async (signal) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'api stopping');
    const deadline = setTimeout(() => {
      logger.error({ graceMs: options.graceMs }, 'api did not stop in time: exiting');
      exit(1);
    }, options.graceMs);
    deadline.unref();
    let code = 0;
    try {
      try {
        await app.close();
      } finally {
        await market.close();
      }
      logger.info({}, 'api stopped');
    } catch (error: unknown) {
      logger.error({ err: error }, 'api did not stop cleanly');
      code = 1;
    } finally {
      clearTimeout(deadline);
    }
    exit(code);
  };
}
