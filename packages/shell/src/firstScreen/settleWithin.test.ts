import { describe, expect, it, jest } from '@jest/globals';
import { settleWithin } from './settleWithin';

describe('settleWithin', () => {
  it('gives the value of a promise that settles in time', async () => {
    await expect(settleWithin(Promise.resolve('simulator'), 1000)).resolves.toBe('simulator');
  });

  it('gives undefined for a rejection, and for a promise still pending at the deadline', async () => {
    await expect(settleWithin(Promise.reject(new Error('down')), 1000)).resolves.toBeUndefined();
    jest.useFakeTimers();
    try {
      const late = settleWithin(new Promise<string>(() => undefined), 1000);
      jest.advanceTimersByTime(1000);
      await expect(late).resolves.toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });
});
