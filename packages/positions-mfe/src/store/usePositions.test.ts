import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type Position } from '@pairwatch/domain';
import { act, renderHook } from '@testing-library/react';
import { Observable, type Subscriber } from 'rxjs';
import {
  LIVE_QUERY_FIRST_RETRY_MS,
  LIVE_QUERY_MAX_RETRY_MS,
  liveQueryRetryDelay,
  usePositions,
} from './usePositions';

const btc: Position = { id: 1, symbol: 'BTCUSDT', side: 'Buy', amount: 1, price: 60000, tp: 66000 };
const eth: Position = { id: 2, symbol: 'ETHUSDT', side: 'Sell', amount: 2, price: 3000, tp: 2700 };

/** A store whose live query the test drives: each subscription is a new reader, like liveQuery. */
class ScriptedStore {
  readonly readers: Subscriber<Position[]>[] = [];

  positions$(): Observable<Position[]> {
    return new Observable<Position[]>((subscriber) => {
      this.readers.push(subscriber);
    });
  }

  latest(): Subscriber<Position[]> {
    return this.readers[this.readers.length - 1]!;
  }

  fail(error: unknown): void {
    act(() => this.latest().error(error));
  }

  emit(positions: Position[]): void {
    act(() => this.latest().next(positions));
  }
}

function wait(ms: number): void {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('usePositions', () => {
  it('keeps the last list and follows the store again after its live query fails', () => {
    const store = new ScriptedStore();
    const onError = jest.fn<(error: unknown) => void>();
    const { result } = renderHook(() => usePositions(store, onError));
    expect(result.current).toBeUndefined();
    store.emit([btc]);
    expect(result.current).toEqual([btc]);

    const failure = new Error('Transaction aborted');
    store.fail(failure);
    expect(result.current).toEqual([btc]);
    expect(onError).toHaveBeenCalledWith(failure);

    wait(1000);
    expect(store.readers).toHaveLength(2);
    store.emit([btc, eth]);
    expect(result.current).toEqual([btc, eth]);
  });

  it('reports a run of failures once and retries after pauses that double up to 30 s', () => {
    const store = new ScriptedStore();
    const onError = jest.fn<(error: unknown) => void>();
    renderHook(() => usePositions(store, onError));

    const pauses = [1000, 2000, 4000, 8000, 16000, 30000, 30000];
    for (const [attempt, pause] of pauses.entries()) {
      store.fail(new Error(`failure ${attempt + 1}`));
      wait(pause - 1);
      expect(store.readers).toHaveLength(attempt + 1);
      wait(1);
      expect(store.readers).toHaveLength(attempt + 2);
    }
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(new Error('failure 1'));
  });

  it('starts a new run after a successful read: reported again, first pause short again', () => {
    const store = new ScriptedStore();
    const onError = jest.fn<(error: unknown) => void>();
    const { result } = renderHook(() => usePositions(store, onError));
    store.fail(new Error('first outage'));
    wait(1000);
    store.fail(new Error('still down'));
    wait(2000);
    store.emit([eth]);
    expect(result.current).toEqual([eth]);

    store.fail(new Error('second outage'));
    expect(onError.mock.calls).toEqual([[new Error('first outage')], [new Error('second outage')]]);
    wait(1000);
    expect(store.readers).toHaveLength(4);
  });

  it('stops retrying once unmounted', () => {
    const store = new ScriptedStore();
    const { unmount } = renderHook(() => usePositions(store, () => undefined));
    store.fail(new Error('down'));
    unmount();
    wait(60000);
    expect(store.readers).toHaveLength(1);
  });
});

describe('liveQueryRetryDelay', () => {
  it('waits 1 s after the first failure and doubles with each further one', () => {
    expect([1, 2, 3, 4, 5].map(liveQueryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('never waits longer than 30 s, however many failures came before', () => {
    expect(liveQueryRetryDelay(6)).toBe(LIVE_QUERY_MAX_RETRY_MS);
    expect(liveQueryRetryDelay(1_000_000)).toBe(LIVE_QUERY_MAX_RETRY_MS);
    expect(LIVE_QUERY_MAX_RETRY_MS).toBe(30_000);
  });

  it('treats an attempt below 1 as the first', () => {
    expect(liveQueryRetryDelay(0)).toBe(LIVE_QUERY_FIRST_RETRY_MS);
  });
});
