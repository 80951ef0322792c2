/** A running stack's parts that a test can reach. */
export type StackPart = 'api' | 'shell' | 'alerts' | 'positions';

/** The static servers a test may stop and start again. */
export type StaticPart = Exclude<StackPart, 'api'>;

/** What the global setup tells the test workers about the stack it started. */
export interface StackInfo {
  /** The origin of each part, e.g. `urls.api === 'http://127.0.0.1:5080'`. */
  readonly urls: Readonly<Record<StackPart, string>>;
  /**
   * The origin of the exchange simulator the api embeds (MARKET_DATA=simulator); its control API
   * is `{simulatorUrl}/__sim/…` (packages/exchange-sim/README.md).
   */
  readonly simulatorUrl: string;
  /**
   * The harness's control server (stop/start a static server, the local Web Push service), on an
   * ephemeral loopback port.
   */
  readonly controlUrl: string;
  /**
   * The api's temporary DATA_DIR (SQLite file, VAPID keys, and `push-ca.pem`: the push service's
   * certificate), removed after the run.
   */
  readonly dataDir: string;
  /**
   * The origin of the harness's webhook receiver (`WebhookReceiver` of `@pairwatch/test-support`,
   * on loopback), e.g. `http://127.0.0.1:41234`; what it received is read through the control
   * server.
   */
  readonly webhookOrigin: string;
}

/** The environment variable that carries {@link StackInfo} (JSON) from the global setup to the workers. */
export const STACK_INFO_ENV = 'PAIRWATCH_E2E_STACK';

/**
 * Reads the stack the global setup started.
 *
 * @throws when the suite was not started through `playwright test` with this package's config.
 */
export function readStackInfo(): StackInfo {
  const raw = process.env[STACK_INFO_ENV];
  if (!raw) {
    throw new Error(
      `${STACK_INFO_ENV} is not set: run the suite with \`pnpm --filter @pairwatch/e2e test\` so its global setup starts the stack.`,
    );
  }
  return JSON.parse(raw) as StackInfo;
}
