import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { PendingDeletes } from './PendingDeletes';

describe('PendingDeletes', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('sends a delete when committed, once, and not after an Undo', () => {
    const pending = new PendingDeletes(10_000);
    const first = jest.fn();
    const second = jest.fn();
    pending.add('a1', first);
    pending.add('a2', second);

    expect(pending.cancel('a2')).toBe(true);
    pending.commit('a1');
    pending.commit('a1');
    pending.commit('a2');
    jest.advanceTimersByTime(20_000);
    expect(first).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledWith(false);
    expect(second).not.toHaveBeenCalled();
    expect(pending.cancel('a1')).toBe(false); // too late: already sent
  });

  it('sends a delete whose toast never closed after the fallback time, and says so to take its Undo away', () => {
    const pending = new PendingDeletes(10_000);
    const send = jest.fn();
    const fellBack = jest.fn();
    pending.add('a1', send, fellBack);
    jest.advanceTimersByTime(9_999);
    expect(send).not.toHaveBeenCalled();
    expect(fellBack).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledWith(false);
    expect(fellBack).toHaveBeenCalledTimes(1);
  });

  it('does not call the fallback of a delete committed or undone in time', () => {
    const pending = new PendingDeletes(10_000);
    const fellBack = jest.fn();
    pending.add('a1', jest.fn(), fellBack);
    pending.add('a2', jest.fn(), fellBack);
    pending.commit('a1');
    pending.cancel('a2');
    jest.advanceTimersByTime(20_000);
    expect(fellBack).not.toHaveBeenCalled();
  });

  it('sends every waiting delete as keepalive when the page goes away, and stops listening', () => {
    const page = new EventTarget();
    const pending = new PendingDeletes(10_000, page as unknown as Window);
    const a1 = jest.fn();
    const a2 = jest.fn();
    pending.add('a1', a1);
    pending.add('a2', a2);
    page.dispatchEvent(new Event('pagehide'));
    expect(a1).toHaveBeenCalledWith(true);
    expect(a2).toHaveBeenCalledWith(true);

    const later = jest.fn();
    pending.add('a3', later);
    pending.cancel('a3');
    page.dispatchEvent(new Event('pagehide'));
    expect(later).not.toHaveBeenCalled();
    expect(a1).toHaveBeenCalledTimes(1);
  });
});
