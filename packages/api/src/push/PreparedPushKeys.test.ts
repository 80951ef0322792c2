import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { type PreparedPushKey } from './PreparedPushKey';
import { PreparedPushKeys, type PushKeyPair } from './PreparedPushKeys';

const pair = (n: number): PushKeyPair => ({ p256dh: `p256dh-${n}`, auth: `auth-${n}` });

/** Keys made by a counter (no cryptography: PreparedPushKey.test.ts covers the keys). */
function subject(options: { capacity?: number; fail?: (keys: PushKeyPair) => boolean } = {}) {
  let clock = 1_000;
  const made: string[] = [];
  const keys = new PreparedPushKeys({
    capacity: options.capacity ?? 10,
    quietMs: 100,
    sliceMs: 1_000,
    now: () => clock,
    prepare: (keyPair) => {
      if (options.fail?.(keyPair)) throw new Error('not a P-256 point');
      made.push(keyPair.p256dh);
      return { made: keyPair.p256dh } as unknown as PreparedPushKey;
    },
  });
  const advance = async (ms: number) => {
    clock += ms;
    await jest.advanceTimersByTimeAsync(ms);
  };
  return { keys, made, advance };
}

describe('PreparedPushKeys', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('prepares what is wanted once the event loop is free, and hands each key out once', async () => {
    jest.useFakeTimers();
    const { keys, made, advance } = subject();

    keys.want(pair(1));
    keys.want(pair(1));
    expect(keys.pending).toBe(1);
    await advance(1);

    expect(made).toEqual(['p256dh-1']);
    expect(keys.size).toBe(1);
    expect(keys.take(pair(1))).toEqual({ made: 'p256dh-1' });
    expect(keys.take(pair(1))).toBeUndefined();
    expect(keys.size).toBe(0);
  });

  it('prepares nothing while messages are being sent, and catches up after 100 ms of quiet', async () => {
    jest.useFakeTimers();
    const { keys, made, advance } = subject();
    keys.take(pair(9));

    keys.want(pair(1));
    await advance(50);
    keys.take(pair(9));
    await advance(99);
    expect(made).toEqual([]);

    await advance(2);
    expect(made).toEqual(['p256dh-1']);
  });

  it('keeps at most its capacity, the key prepared longest ago making room', async () => {
    jest.useFakeTimers();
    const { keys, advance } = subject({ capacity: 2 });

    for (const n of [1, 2, 3]) keys.want(pair(n));
    await advance(1);

    expect(keys.size).toBe(2);
    expect(keys.take(pair(1))).toBeUndefined();
    expect(keys.take(pair(2))).toBeDefined();
    expect(keys.take(pair(3))).toBeDefined();
  });

  it('counts a subscription whose key cannot be made, and goes on with the others', async () => {
    jest.useFakeTimers();
    const bad = pair(1);
    const { keys, made, advance } = subject({ fail: (keyPair) => keyPair.p256dh === bad.p256dh });

    keys.want(bad);
    keys.want(pair(2));
    await advance(1);

    expect(keys.failed).toBe(1);
    expect(made).toEqual(['p256dh-2']);
  });

  it('forgets a gone subscription, and prepares nothing once closed', async () => {
    jest.useFakeTimers();
    const { keys, made, advance } = subject();
    keys.want(pair(1));
    await advance(1);

    keys.forget(pair(1));
    expect(keys.take(pair(1))).toBeUndefined();
    keys.close();
    keys.want(pair(2));
    await advance(200);

    expect(made).toEqual(['p256dh-1']);
    expect(keys.pending).toBe(0);
  });

  it('keeps no key with a capacity of 0 (PUSH_PREPARED_KEYS=0)', async () => {
    jest.useFakeTimers();
    const { keys, made, advance } = subject({ capacity: 0 });

    keys.want(pair(1));
    await advance(200);

    expect(made).toEqual([]);
    expect(keys.take(pair(1))).toBeUndefined();
  });
});
