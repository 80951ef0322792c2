import { describe, expect, it } from '@jest/globals';
import { ReconnectPolicy } from './ReconnectPolicy';

describe('ReconnectPolicy', () => {
  it('waits 0, 2, 10 and 30 seconds for the first four retries', () => {
    const policy = new ReconnectPolicy(() => 0);
    expect([0, 1, 2, 3].map((attempt) => policy.delayFor(attempt))).toEqual([
      0, 2000, 10000, 30000,
    ]);
  });

  it('then retries every 30 s with ±5 s of jitter, forever', () => {
    expect(new ReconnectPolicy(() => 0).delayFor(4)).toBe(25_000);
    expect(new ReconnectPolicy(() => 0.5).delayFor(50)).toBe(30_000);
    expect(new ReconnectPolicy(() => 0.9999).delayFor(1_000)).toBe(34_999);
  });

  it('never tells SignalR to stop retrying', () => {
    const policy = new ReconnectPolicy(() => 0.5);
    const delays = [0, 3, 4, 100, 10_000].map((previousRetryCount) =>
      policy.nextRetryDelayInMilliseconds({
        previousRetryCount,
        elapsedMilliseconds: previousRetryCount * 30_000,
        retryReason: new Error('gone'),
      }),
    );
    expect(delays).toEqual([0, 30_000, 30_000, 30_000, 30_000]);
  });
});
