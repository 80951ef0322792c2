import { describe, expect, it } from '@jest/globals';
import { FakePushPlatform } from '../test-support/FakePushPlatform';
import { MemoryStorage } from '../test-support/MemoryStorage';
import { initialPushState, SUBSCRIPTION_ID_KEY } from './initialPushState';

function platform(options: {
  permission?: NotificationPermission;
  supported?: boolean;
}): FakePushPlatform {
  const created = new FakePushPlatform();
  created.current = options.permission ?? 'default';
  created.supported = options.supported ?? true;
  return created;
}

function storageWithId(id?: string): Storage {
  const storage = new MemoryStorage();
  if (id) storage.setItem(SUBSCRIPTION_ID_KEY, id);
  return storage;
}

describe('initialPushState', () => {
  it('is active only with the permission granted and a stored subscription id', () => {
    const granted = platform({ permission: 'granted' });
    expect(initialPushState(granted, storageWithId('sub-1'))).toEqual({
      status: 'active',
      subscriptionId: 'sub-1',
    });
    // Granted without an id: the service registers at start, nothing is wrong meanwhile.
    expect(initialPushState(granted, storageWithId())).toEqual({
      status: 'inactive',
      subscriptionId: undefined,
      problem: { kind: 'registering' },
    });
    expect(initialPushState(platform({ permission: 'default' }), storageWithId('sub-1'))).toEqual({
      status: 'inactive',
      subscriptionId: 'sub-1',
    });
  });

  it('says why when blocked, and unloaded without push support', () => {
    expect(initialPushState(platform({ permission: 'denied' }), storageWithId())).toEqual({
      status: 'inactive',
      subscriptionId: undefined,
      problem: { kind: 'denied' },
    });
    expect(initialPushState(platform({ supported: false }), storageWithId('sub-1'))).toEqual({
      status: 'unloaded',
      subscriptionId: 'sub-1',
    });
  });

  it('reads no id from a storage that throws (blocked in some private modes)', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(initialPushState(platform({ permission: 'granted' }), blocked).status).toBe('inactive');
  });
});
