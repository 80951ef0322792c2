import { describe, expect, it, jest } from '@jest/globals';
import { TimeSlicedQueue } from './TimeSlicedQueue';

/** A clock the tasks move: each task "takes" `costMs`. */
function slicedQueue(costMs: number, budgetMs = 4, maxBacklog?: number) {
  let clock = 0;
  const ran: number[] = [];
  const errors: unknown[] = [];
  const queue = new TimeSlicedQueue({
    budgetMs,
    ...(maxBacklog === undefined ? {} : { maxBacklog }),
    now: () => clock,
    onError: (error) => errors.push(error),
  });
  const push = (id: number) =>
    queue.push(() => {
      ran.push(id);
      clock += costMs;
    });
  return { queue, ran, errors, push };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TimeSlicedQueue', () => {
  it('runs a task at once while the turn has budget', () => {
    const { ran, push } = slicedQueue(1);
    push(1);
    expect(ran).toEqual([1]);
  });

  it('leaves what is past the budget to later turns, in order', async () => {
    const { queue, ran, push } = slicedQueue(1, 4);
    for (let id = 1; id <= 10; id += 1) push(id);
    // 4 ms of budget: tasks 1–4 ran (0, 1, 2, 3 ms in); the 5th found 4 ms spent.
    expect(ran).toEqual([1, 2, 3, 4]);
    expect(queue.length).toBe(6);
    await nextTurn();
    expect(ran).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await nextTurn();
    expect(ran).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(queue.length).toBe(0);
  });

  it('lets other work of the event loop run between slices', async () => {
    const { ran, push } = slicedQueue(1, 2);
    for (let id = 1; id <= 6; id += 1) push(id);
    const seenBetween: number[] = [];
    setImmediate(() => seenBetween.push(ran.length));
    await nextTurn();
    await nextTurn();
    expect(ran).toHaveLength(6);
    // The other callback ran after the first slice, before the queue was done.
    expect(seenBetween).toHaveLength(1);
    expect(seenBetween[0]).toBeLessThan(6);
  });

  it('gives a new turn a new budget', async () => {
    const { ran, push } = slicedQueue(3, 4);
    push(1);
    push(2);
    push(3); // 6 ms spent: waits
    expect(ran).toEqual([1, 2]);
    await nextTurn();
    expect(ran).toEqual([1, 2, 3]);
    await nextTurn(); // the turn that ran task 3 is over
    push(4);
    expect(ran).toEqual([1, 2, 3, 4]);
  });

  it('keeps order for a task pushed from inside a task', () => {
    let clock = 0;
    const ran: string[] = [];
    const queue = new TimeSlicedQueue({ now: () => clock, onError: () => undefined });
    queue.push(() => {
      ran.push('outer');
      queue.push(() => ran.push('inner'));
      ran.push('outer done');
    });
    queue.push(() => ran.push('second'));
    clock += 1;
    expect(ran).toEqual(['outer', 'outer done', 'inner', 'second']);
  });

  it('reports a throwing task and goes on with the next', () => {
    const errors: unknown[] = [];
    const ran: number[] = [];
    const queue = new TimeSlicedQueue({ onError: (error) => errors.push(error) });
    queue.push(() => {
      throw new Error('bad candle');
    });
    queue.push(() => ran.push(2));
    expect(errors).toEqual([new Error('bad candle')]);
    expect(ran).toEqual([2]);
  });

  it('stops yielding while the backlog is over its bound', () => {
    const { queue, ran, push } = slicedQueue(1, 1, 3);
    push(1); // runs, spends the budget
    for (let id = 2; id <= 6; id += 1) push(id);
    // 2, 3 and 4 wait (at the bound); pushing 5 made four waiting, so task 2 ran at once; pushing
    // 6 did again, so task 3 ran.
    expect(queue.length).toBe(3);
    expect(ran).toEqual([1, 2, 3]);
  });

  it('drops what waits when cleared', async () => {
    const { queue, ran, push } = slicedQueue(5, 4);
    push(1);
    push(2);
    queue.clear();
    await nextTurn();
    await nextTurn();
    expect(ran).toEqual([1]);
    expect(queue.length).toBe(0);
  });

  it('keeps the order through a long backlog, a task a turn', async () => {
    const { queue, ran, push } = slicedQueue(1, 1);
    const turns = jest.fn();
    for (let id = 0; id < 3_000; id += 1) push(id);
    while (queue.length > 0) {
      await nextTurn();
      turns();
    }
    expect(ran).toEqual(Array.from({ length: 3_000 }, (_, id) => id));
    expect(turns.mock.calls.length).toBeGreaterThan(1_000);
  });
});
