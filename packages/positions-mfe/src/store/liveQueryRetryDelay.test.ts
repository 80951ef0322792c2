import { describe, expect, it } from '@jest/globals';
import {
  LIVE_QUERY_FIRST_RETRY_MS,
  LIVE_QUERY_MAX_RETRY_MS,
  liveQueryRetryDelay,
} from './liveQueryRetryDelay';

describe('liveQueryRetryDelay', () => {
  it('waits 1 s after the first failure and doubles with each further one', () => {
    expect([1, 2, 3, 4, 5].map(liveQueryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('never waits longer than 30 s, however many failures came before', () => {
    expect(liveQueryRetryDelay(6)).toBe(LIVE_QUERY_MAX_RETRY_MS);
    expect(liveQueryRetryDelay(1_000_000)).toBe(LIVE_QUERY_MAX_RETRY_MS);
    expect(LIVE_QUERY_MAX_RETRY_MS).toBe(30_000);
  });

  it('treats an attempt below 1 as the first', () => {
    expect(liveQueryRetryDelay(0)).toBe(LIVE_QUERY_FIRST_RETRY_MS);
  });
});
