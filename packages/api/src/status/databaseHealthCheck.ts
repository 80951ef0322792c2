import { type FastifyBaseLogger } from 'fastify';
import { type HealthCheck } from './statusPlugin';

/**
 * The database check of `GET /status` answers within this long: a load balancer's health check
 * must not hang on a frozen database any more than a request may (issue #27 item 5), and the
 * store's own timeouts (5 s by default) are longer.
 */
export const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/**
 * The `database` check: runs `probe` (the store's, which reads the tables and takes the write
 * lock) and fails it when it throws or takes longer than `timeoutMs`. The answer says only
 * `unavailable` or `timeout`: `/status` is public, and a driver's message can name hosts, users
 * and files (issue #27 item 7); the detail is logged instead.
 */
export function databaseHealthCheck(
  probe: () => Promise<void>,
  logger: Pick<FastifyBaseLogger, 'warn'>,
  timeoutMs: number = DATABASE_CHECK_TIMEOUT_MS,
): HealthCheck {
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      // The probe goes on after a timeout and ends on the store's own timeouts; its late
      // rejection is handled by the race.
      const outcome = await Promise.race([probe().then(() => 'ok' as const), timedOut]);
      if (outcome === 'timeout') {
        logger.warn({ timeoutMs }, 'the database check timed out');
        return { ok: false, error: 'timeout' };
      }
      return { ok: true };
    } catch (error: unknown) {
      logger.warn({ err: error }, 'the database check failed');
      return { ok: false, error: 'unavailable' };
    } finally {
      clearTimeout(timer);
    }
  };
}
