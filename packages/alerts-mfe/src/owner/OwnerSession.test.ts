import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../alerts/ApiError';
import { SUBSCRIPTION_ID_KEY } from '../push/initialPushState';
import { MemoryStorage } from '../test-support/MemoryStorage';
import { OWNER_ID_KEY, OwnerSession } from './OwnerSession';

function fakeApi() {
  const made: string[] = [];
  return {
    made,
    createOwner: async () => {
      const id = `owner-${made.length + 1}`;
      made.push(id);
      return id;
    },
  };
}

describe('OwnerSession', () => {
  it('has no owner in a new browser, and makes one the first time one is needed', async () => {
    const storage = new MemoryStorage();
    const api = fakeApi();
    const owner = new OwnerSession(api, storage);
    expect(owner.getOwnerId()).toBeUndefined();
    const [a, b] = await Promise.all([owner.ensure(), owner.ensure()]);
    expect([a, b]).toEqual(['owner-1', 'owner-1']); // one POST /owners for both
    expect(api.made).toEqual(['owner-1']);
    expect(storage.getItem(OWNER_ID_KEY)).toBe('owner-1');
    // The next page load reads it back.
    expect(new OwnerSession(api, storage).getOwnerId()).toBe('owner-1');
  });

  it('takes a legacy browser’s push subscription id as its owner id', async () => {
    const storage = new MemoryStorage();
    storage.setItem(SUBSCRIPTION_ID_KEY, 'sub-1');
    const api = fakeApi();
    const owner = new OwnerSession(api, storage);
    expect(owner.getOwnerId()).toBe('sub-1');
    expect(await owner.ensure()).toBe('sub-1');
    expect(api.made).toEqual([]);
  });

  it('prefers the stored owner id over the subscription id', () => {
    const storage = new MemoryStorage();
    storage.setItem(SUBSCRIPTION_ID_KEY, 'sub-1');
    storage.setItem(OWNER_ID_KEY, 'owner-9');
    expect(new OwnerSession(fakeApi(), storage).getOwnerId()).toBe('owner-9');
  });

  it('adopts the owner push registration answered, telling its listeners', () => {
    const storage = new MemoryStorage();
    const owner = new OwnerSession(fakeApi(), storage);
    const seen: (string | undefined)[] = [];
    owner.subscribe(() => seen.push(owner.getOwnerId()));
    owner.adopt('sub-7');
    owner.adopt('sub-7');
    expect(seen).toEqual(['sub-7']);
    expect(storage.getItem(OWNER_ID_KEY)).toBe('sub-7');
  });

  it('makes a new owner when the api no longer knows the stored one, and runs the action again', async () => {
    const storage = new MemoryStorage();
    storage.setItem(OWNER_ID_KEY, 'gone');
    const owner = new OwnerSession(fakeApi(), storage);
    const tried: string[] = [];
    const result = await owner.withOwner(async (ownerId) => {
      tried.push(ownerId);
      if (ownerId === 'gone')
        throw new ApiError('POST /channels', 404, 'There is no such owner', 'OWNER_NOT_FOUND');
      return 'added';
    });
    expect(result).toBe('added');
    expect(tried).toEqual(['gone', 'owner-1']);
    expect(owner.getOwnerId()).toBe('owner-1');
  });

  it('passes any other failure on', async () => {
    const owner = new OwnerSession(fakeApi(), new MemoryStorage());
    await expect(
      owner.withOwner(async () => {
        throw new ApiError('POST /channels', 400, 'url must be http', 'INVALID_CHANNEL');
      }),
    ).rejects.toThrow('url must be http');
  });

  it('works without storage (blocked): the id lives for the page', async () => {
    const owner = new OwnerSession(fakeApi(), undefined);
    expect(await owner.ensure()).toBe('owner-1');
    expect(owner.getOwnerId()).toBe('owner-1');
  });
});
