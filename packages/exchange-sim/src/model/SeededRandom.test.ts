import { describe, expect, it } from '@jest/globals';
import { SeededRandom } from './SeededRandom';

describe('SeededRandom', () => {
  it('repeats the same draws for the same seed', () => {
    const a = new SeededRandom(42);
    const b = new SeededRandom(42);
    const drawsA = Array.from({ length: 20 }, () => a.normal() + a.next());
    const drawsB = Array.from({ length: 20 }, () => b.normal() + b.next());
    expect(drawsA).toEqual(drawsB);
  });

  it('draws differently for different seeds', () => {
    expect(new SeededRandom(1).next()).not.toBe(new SeededRandom(2).next());
  });

  it('keeps uniform draws in [0, 1) with a mean near one half', () => {
    const random = new SeededRandom(7);
    const draws = Array.from({ length: 10_000 }, () => random.next());
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const mean = draws.reduce((sum, x) => sum + x, 0) / draws.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.02);
  });

  it('draws normals with mean near 0 and deviation near 1', () => {
    const random = new SeededRandom(9);
    const draws = Array.from({ length: 20_000 }, () => random.normal());
    const mean = draws.reduce((sum, x) => sum + x, 0) / draws.length;
    const variance = draws.reduce((sum, x) => sum + (x - mean) ** 2, 0) / draws.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(Math.sqrt(variance) - 1)).toBeLessThan(0.03);
  });

  it('hashes coordinates stably and distinguishes neighbours and large values', () => {
    expect(SeededRandom.hash(1, 2, 3)).toBe(SeededRandom.hash(1, 2, 3));
    expect(SeededRandom.hash(1, 2, 3)).not.toBe(SeededRandom.hash(1, 2, 4));
    expect(SeededRandom.hash(1, 2 ** 40)).not.toBe(SeededRandom.hash(1, 2 ** 40 + 2 ** 32));
    expect(SeededRandom.hashText('alpha')).not.toBe(SeededRandom.hashText('beta'));
  });
});
