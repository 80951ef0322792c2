import { type IRetryPolicy, type RetryContext } from '@microsoft/signalr';

/**
 * NOTE: the spec's client retried after 0, 2, 10 and 30 s and then gave up, leaving a chart that
 * silently stopped updating. We keep those first delays and then retry forever, every 30 s
 * spread by ±5 s of jitter so that the tabs of many users do not come back in lock-step after a
 * server restart.
 */
const FIRST_DELAYS_MS: readonly number[] = [0, 2_000, 10_000, 30_000];
const STEADY_DELAY_MS = 30_000;
const JITTER_MS = 5_000;

/**
 * The hub's retry schedule: 0, 2 s, 10 s, 30 s, then every 30 s ± 5 s, forever. Usable as
 * SignalR's `IRetryPolicy` and by market-data's own start-retry loop.
 *
 * @example
 * ```ts
 * const policy = new ReconnectPolicy();
 * policy.delayFor(1); // 2000
 * ```
 */
export class ReconnectPolicy implements IRetryPolicy {
  /** @param random - a source of numbers in [0, 1), for the jitter; `Math.random` by default. */
  constructor(private readonly random: () => number = Math.random) {}

  /**
   * The delay before retry number `attempt` (0 = the first retry after a failure).
   *
   * @returns milliseconds, never negative.
   */
  delayFor(attempt: number): number {
    const fixed = FIRST_DELAYS_MS[attempt];
    if (fixed !== undefined) return fixed;
    return Math.round(STEADY_DELAY_MS + (this.random() * 2 - 1) * JITTER_MS);
  }

  /** SignalR's hook: never `null`, so the client never stops retrying. */
  nextRetryDelayInMilliseconds(retryContext: RetryContext): number {
    return this.delayFor(retryContext.previousRetryCount);
  }
}
