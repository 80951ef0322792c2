import { describe, expect, it } from '@jest/globals';
import { WriteRateLimiter } from './WriteRateLimiter';

describe('WriteRateLimiter', () => {
  it('allows a burst, then asks to wait until a token has refilled', () => {
    let now = 0;
    const limiter = new WriteRateLimiter({ capacity: 3, refillPerSecond: 0.5, now: () => now });

    const burst = [limiter.take('a'), limiter.take('a'), limiter.take('a')];
    const refused = limiter.take('a');
    now = 2000;
    const refilled = limiter.take('a');

    expect(burst).toEqual([0, 0, 0]);
    expect(refused).toBe(2);
    expect(refilled).toBe(0);
  });

  it('keeps a separate budget per client', () => {
    const limiter = new WriteRateLimiter({ capacity: 1, refillPerSecond: 1, now: () => 0 });

    expect([limiter.take('a'), limiter.take('b'), limiter.take('a')]).toEqual([0, 0, 1]);
  });
});
