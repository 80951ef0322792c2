import { type Position } from '@pairwatch/domain';
import { useEffect, useRef, useState } from 'react';
import { defer, retry, timer } from 'rxjs';
import { type PositionStore } from './PositionStore';

/** The pause before the first new subscription after a live query fails. */
export const LIVE_QUERY_FIRST_RETRY_MS = 1000;

/** The longest pause between two new subscriptions while a live query keeps failing. */
export const LIVE_QUERY_MAX_RETRY_MS = 30_000;

/**
 * How long to wait before subscribing again to a failed live query: 1 s, doubling with each
 * consecutive failure, at most 30 s — so a broken database is not hammered, and a transient
 * failure (an aborted transaction, a database closed by a version change in another tab) heals
 * within seconds.
 *
 * @param attempt - the number of consecutive failures so far (1 for the first).
 */
export function liveQueryRetryDelay(attempt: number): number {
  const doublings = Math.max(0, Math.min(attempt - 1, 16));
  return Math.min(LIVE_QUERY_FIRST_RETRY_MS * 2 ** doublings, LIVE_QUERY_MAX_RETRY_MS);
}

/**
 * Every stored position, by id, following changes from this tab and the others; `undefined`
 * until the first read completes.
 *
 * A failed read ends a Dexie live query for good, so the hook subscribes again after a pause
 * ({@link liveQueryRetryDelay}: 1 s doubling up to 30 s) until a read succeeds; the last list read
 * stays shown meanwhile.
 *
 * @param onError - told about the first failure of each run of failures (not about every retry,
 * so the user sees one toast per outage).
 */
export function usePositions(
  store: Pick<PositionStore, 'positions$'>,
  onError: (error: unknown) => void,
): readonly Position[] | undefined {
  const [positions, setPositions] = useState<readonly Position[]>();
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  }, [onError]);

  useEffect(() => {
    // Each retry asks the store for a fresh live query rather than resubscribing to the failed one.
    const subscription = defer(() => store.positions$())
      .pipe(
        retry({
          // A successful read starts a new run: its next failure is reported, its pause short.
          resetOnSuccess: true,
          delay: (error: unknown, attempt: number) => {
            if (attempt === 1) onErrorRef.current(error);
            return timer(liveQueryRetryDelay(attempt));
          },
        }),
      )
      .subscribe(setPositions);
    return () => subscription.unsubscribe();
  }, [store]);

  return positions;
}
