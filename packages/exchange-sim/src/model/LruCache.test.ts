import { describe, expect, it } from '@jest/globals';
import { LruCache } from './LruCache';

describe('LruCache', () => {
  it('computes a value once and serves it from the cache afterwards', () => {
    const cache = new LruCache<number, string>(4);
    let calls = 0;
    const getOrCreate = (key: number): string => {
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      calls += 1;
      cache.set(key, 'value');
      return 'value';
    };
    getOrCreate(1);
    expect(getOrCreate(1)).toBe('value');
    expect(calls).toBe(1);
  });

  it('forgets entries not used for two generations', () => {
    const cache = new LruCache<number, number>(2);
    for (const key of [1, 2, 3, 4, 5]) cache.set(key, key);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(5)).toBe(5);
  });

  it('keeps recently used entries across a generation change', () => {
    const cache = new LruCache<number, number>(2);
    cache.set(1, 1);
    cache.set(2, 2);
    cache.set(3, 3); // 1 and 2 move to the older generation
    expect(cache.get(1)).toBe(1); // promoted back to the newer one
    cache.set(4, 4); // retires the generation holding 2
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe(1);
  });

  it('refuses a capacity below one', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
