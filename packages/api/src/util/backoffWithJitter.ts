/** Where an exponential backoff starts and where it stops growing. */
export interface BackoffTiming {
  /** The ceiling of the first retry's delay; it doubles per attempt. */
  readonly baseMs: number;
  /** The largest ceiling. */
  readonly maxMs: number;
}

/**
 * The delay before retry number `attempt` (0 for the first): exponential backoff with "equal
 * jitter". The ceiling is `baseMs × 2^attempt`, capped at `maxMs`; half of it is fixed and half
 * random, so clients that failed together spread out, yet none retries sooner than half the
 * ceiling. Used for every retry that waits: the market feed's reconnects and backfills, the push
 * sender's retries and the cluster session's reconnects.
 *
 * @param random - a number in [0, 1) (`Math.random`; tests pass a fixed one).
 * @returns milliseconds, unrounded.
 * @example `backoffWithJitter(2, { baseMs: 1_000, maxMs: 60_000 }, () => 0.5)` → 3000
 */
export function backoffWithJitter(
  attempt: number,
  timing: BackoffTiming,
  random: () => number,
): number {
  const ceiling = Math.min(timing.maxMs, timing.baseMs * 2 ** attempt);
  return ceiling / 2 + (random() * ceiling) / 2;
}
