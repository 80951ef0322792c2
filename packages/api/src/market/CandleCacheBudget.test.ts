import { describe, expect, it } from '@jest/globals';
import { CandleCacheBudget } from './CandleCacheBudget';

function setUp(maxBytes: number): { budget: CandleCacheBudget; evicted: string[] } {
  const evicted: string[] = [];
  return {
    budget: new CandleCacheBudget({ maxBytes, evict: (key) => evicted.push(key) }),
    evicted,
  };
}

describe('CandleCacheBudget', () => {
  it('evicts the least recently used idle caches once the total is over the budget', () => {
    const { budget, evicted } = setUp(1_000);
    budget.update('a', 300);
    budget.update('b', 300);
    budget.update('c', 300);
    budget.touch('a');
    expect(evicted).toEqual([]);
    budget.update('d', 300);
    expect(evicted).toEqual(['b']);
    expect(budget.totalBytes).toBe(900);
    budget.update('c', 700);
    expect(evicted).toEqual(['b', 'a']);
    expect(budget.totalBytes).toBe(1_000);
    budget.update('c', 800);
    expect(evicted).toEqual(['b', 'a', 'd']);
    expect(budget.totalBytes).toBe(800);
    expect(budget.has('c')).toBe(true);
  });

  it('counts pinned caches but never evicts them, and evicts idle ones for them', () => {
    const { budget, evicted } = setUp(1_000);
    budget.update('live', 100);
    budget.pin('live');
    budget.update('idle', 400);
    budget.update('live', 900);
    expect(evicted).toEqual(['idle']);
    budget.update('live', 5_000);
    expect(evicted).toEqual(['idle']);
    expect(budget.totalBytes).toBe(5_000);
    budget.update('other', 100);
    // Over budget because of the pinned cache: the idle one just used stays for its caller.
    expect(evicted).toEqual(['idle']);
    budget.update('another', 100);
    expect(evicted).toEqual(['idle', 'other']);
  });

  it('makes an unpinned cache the most recently used idle one', () => {
    const { budget, evicted } = setUp(1_000);
    budget.update('a', 400);
    budget.pin('a');
    budget.update('b', 400);
    budget.unpin('a');
    budget.update('c', 400);
    expect(evicted).toEqual(['b']);
    budget.delete('a');
    expect(budget.totalBytes).toBe(400);
    expect(budget.size).toBe(1);
  });
});
