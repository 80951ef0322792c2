import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import pino from 'pino';
import { NewConnectionBudget } from './NewConnectionBudget';

function setUp(
  max: number,
  windowMs: number,
): {
  budget: NewConnectionBudget;
  logs: { msg: string; waitMs?: number }[];
} {
  const logs: { msg: string; waitMs?: number }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
  return { budget: new NewConnectionBudget({ max, windowMs, now: Date.now, logger }), logs };
}

describe('NewConnectionBudget', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 1_704_067_200_000 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('grants at once, synchronously, while the window has room', () => {
    const { budget, logs } = setUp(3, 10_000);
    const opened: number[] = [];
    for (let i = 0; i < 3; i += 1) budget.request(() => opened.push(i));
    expect(opened).toEqual([0, 1, 2]);
    expect(logs).toEqual([]);
  });

  it('makes the next request wait until the oldest grant leaves the window, and logs the wait', () => {
    const { budget, logs } = setUp(2, 10_000);
    const opened: string[] = [];
    budget.request(() => opened.push('a'));
    jest.advanceTimersByTime(4_000);
    budget.request(() => opened.push('b'));
    budget.request(() => opened.push('c'));
    budget.request(() => opened.push('d'));
    expect(opened).toEqual(['a', 'b']);
    expect(budget.waitingCount).toBe(2);
    expect(logs).toEqual([
      expect.objectContaining({
        msg: 'market upstream connection budget spent: new connections wait',
        waitMs: 6_000,
      }),
    ]);
    jest.advanceTimersByTime(5_999);
    expect(opened).toEqual(['a', 'b']);
    jest.advanceTimersByTime(1);
    expect(opened).toEqual(['a', 'b', 'c']);
    jest.advanceTimersByTime(4_000);
    expect(opened).toEqual(['a', 'b', 'c', 'd']);
    expect(budget.waitingCount).toBe(0);
  });

  it('never grants more than max in any window, however requests arrive', () => {
    const { budget } = setUp(5, 1_000);
    const grants: number[] = [];
    for (let step = 0; step < 200; step += 1) {
      // Bursts of 0–3 requests every 37 ms: far more than the budget.
      for (let i = 0; i < step % 4; i += 1) budget.request(() => grants.push(Date.now()));
      jest.advanceTimersByTime(37);
    }
    jest.advanceTimersByTime(60_000);
    expect(grants.length).toBeGreaterThan(30);
    for (let i = 5; i < grants.length; i += 1) {
      expect(grants[i]! - grants[i - 5]!).toBeGreaterThanOrEqual(1_000);
    }
  });

  it('forgets a withdrawn request, and everything once closed', () => {
    const { budget } = setUp(1, 1_000);
    const opened: string[] = [];
    budget.request(() => opened.push('a'));
    const withdraw = budget.request(() => opened.push('b'));
    budget.request(() => opened.push('c'));
    withdraw();
    jest.advanceTimersByTime(1_000);
    expect(opened).toEqual(['a', 'c']);
    budget.request(() => opened.push('d'));
    budget.close();
    jest.advanceTimersByTime(5_000);
    budget.request(() => opened.push('e'));
    expect(opened).toEqual(['a', 'c']);
  });
});
