import { type FastifyPluginAsync } from 'fastify';
import { type MarketData } from '../market/MarketData';

/** The outcome of one health check: `ok`, plus what an operator needs to see. */
export interface HealthCheckResult {
  readonly ok: boolean;
  readonly [detail: string]: unknown;
}

/** A named check `GET /status` runs; plugins add theirs to {@link StatusPluginOptions.checks}. */
export type HealthCheck = () => Promise<HealthCheckResult>;

/**
 * The message of a thrown value. Duck-typed: errors of native modules (better-sqlite3's) may come
 * from another realm, where `instanceof Error` is false.
 */
export function messageOf(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : fallback;
}

/** Options of {@link statusPlugin}. */
export interface StatusPluginOptions {
  readonly marketData: MarketData;
  readonly database: 'sqlite' | 'postgres';
  readonly version: string;
  /**
   * Checks by name (the alerts plugin adds `database` and `alertEngine`), read on every request,
   * so a plugin registered later can still add its own.
   */
  readonly checks?: ReadonlyMap<string, HealthCheck>;
}

/**
 * `GET /status` (architecture §3): which market source is live (the shell shows a "Simulated
 * market" chip from it), whether it is reachable, the database kind and the api version — and
 * `checks`, each one's `ok` and details. The answer is 503 when a check fails (the service cannot
 * do its job: a load balancer takes the process out), 200 otherwise; the body is the same.
 */
export const statusPlugin: FastifyPluginAsync<StatusPluginOptions> = async (app, options) => {
  app.get('/status', async (request, reply) => {
    const entries = await Promise.all(
      [...(options.checks ?? new Map<string, HealthCheck>())].map(
        async ([name, check]): Promise<[string, HealthCheckResult]> => {
          try {
            return [name, await check()];
          } catch (error: unknown) {
            // The answer is public: the error's own text (a driver's, naming hosts or files) is
            // logged, not sent.
            request.log.warn({ err: error, check: name }, 'a status check failed');
            return [name, { ok: false, error: 'the check failed' }];
          }
        },
      ),
    );
    const checks = Object.fromEntries(entries);
    const ok = entries.every(([, result]) => result.ok);
    // Never kept by a cache: each answer is the state of the moment. (The shell's page asks for it
    // with the browser's default cache mode, so that a preload of it, announced with the page,
    // answers the page's own request.)
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        marketData: options.marketData.status(),
        database: options.database,
        version: options.version,
        ok,
        checks,
      });
  });
};
