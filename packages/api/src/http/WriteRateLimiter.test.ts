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

describe('WriteRateLimiter with more clients than it remembers', () => {
  it('never remembers more than maxClients, even when every client is busy', () => {
    const limiter = new WriteRateLimiter({
      capacity: 2,
      refillPerSecond: 0.001,
      maxClients: 3,
      now: () => 0,
    });

    for (let client = 0; client < 50; client += 1) limiter.take(`10.0.0.${client}`);

    expect(limiter.rememberedClients).toBe(3);
  });

  it('forgets the least recently seen client first', () => {
    const limiter = new WriteRateLimiter({
      capacity: 1,
      refillPerSecond: 0.001,
      maxClients: 2,
      now: () => 0,
    });
    limiter.take('a');
    limiter.take('b');
    // 'a' is seen again (refused), so 'b' is now the least recently seen.
    const aAgain = limiter.take('a');

    limiter.take('c');

    expect(aAgain).toBeGreaterThan(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.take('b')).toBe(0);
  });
});
