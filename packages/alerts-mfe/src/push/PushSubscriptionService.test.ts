import { beforeEach, describe, expect, it } from '@jest/globals';
import { type PushRegistration, type PushSubscriptionBody } from '../alerts/AlertsClient';
import { ApiError } from '../alerts/ApiError';
import { type PushPlatform } from './PushPlatform';
import { SUBSCRIPTION_ID_KEY } from './initialPushState';
import { PushSubscriptionService } from './PushSubscriptionService';
import { base64UrlToBytes } from './base64UrlToBytes';

const KEY = 'BAECAwQ'; // base64url of bytes 4,1,2,3,4

class FakePlatform implements PushPlatform {
  supported = true;
  current: NotificationPermission = 'default';
  answer: NotificationPermission = 'granted';
  registration: ServiceWorkerRegistration | undefined;
  subscribeCalls: PushSubscriptionOptionsInit[] = [];
  existing: PushSubscription | null = null;
  /** What `pushManager.subscribe` throws, if anything (a browser that refuses). */
  subscribeError: Error | undefined;
  private readonly listeners = new Set<() => void>();

  constructor() {
    this.registration = {
      pushManager: {
        getSubscription: async () => this.existing,
        subscribe: async (options: PushSubscriptionOptionsInit) => {
          this.subscribeCalls.push(options);
          if (this.subscribeError) throw this.subscribeError;
          return fakeSubscription('https://push.test/new');
        },
      },
    } as unknown as ServiceWorkerRegistration;
  }

  permission = () => this.current;
  requestPermission = async () => {
    this.current = this.answer;
    return this.answer;
  };
  watchPermission = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  serviceWorkerRegistration = async () => this.registration;

  changePermission(permission: NotificationPermission): void {
    this.current = permission;
    for (const listener of this.listeners) listener();
  }
}

function fakeSubscription(
  endpoint: string,
  key?: Uint8Array,
): PushSubscription & { unsubscribed: boolean } {
  const subscription = {
    endpoint,
    unsubscribed: false,
    options: { applicationServerKey: key ? key.buffer : null, userVisibleOnly: true },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p256', auth: 'auth' } }),
    unsubscribe: async () => {
      subscription.unsubscribed = true;
      return true;
    },
  };
  return subscription as unknown as PushSubscription & { unsubscribed: boolean };
}

class FakeApi {
  registered: PushSubscriptionBody[] = [];
  /** The ownerId each registration sent (undefined: none). */
  owners: (string | undefined)[] = [];
  getPushPublicKey = async () => KEY;
  registerPushSubscription = async (
    body: PushSubscriptionBody,
    ownerId?: string,
  ): Promise<PushRegistration> => {
    this.registered.push(body);
    this.owners.push(ownerId);
    return { subscriptionId: 'sub-1', ownerId: ownerId ?? 'sub-1' };
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PushSubscriptionService', () => {
  let platform: FakePlatform;
  let api: FakeApi;

  beforeEach(() => {
    localStorage.clear();
    platform = new FakePlatform();
    api = new FakeApi();
  });

  it('is unloaded when the browser lacks push support', async () => {
    platform.supported = false;
    const service = new PushSubscriptionService(api, platform, localStorage);
    expect(service.getState().status).toBe('unloaded');
    expect(await service.enable()).toBe('unloaded');
  });

  it('is inactive until the permission is granted', () => {
    const service = new PushSubscriptionService(api, platform, localStorage);
    service.start();
    expect(service.getState()).toEqual({ status: 'inactive', subscriptionId: undefined });
  });

  it('is inactive when permission is granted but no subscription is registered yet', () => {
    platform.current = 'granted';
    platform.registration = undefined;
    const service = new PushSubscriptionService(api, platform, localStorage);
    expect(service.getState().status).toBe('inactive');
  });

  it('asks permission, subscribes with the api key and stores the subscription id', async () => {
    const service = new PushSubscriptionService(api, platform, localStorage);
    expect(await service.enable()).toBe('active');
    expect(platform.subscribeCalls).toEqual([
      { userVisibleOnly: true, applicationServerKey: base64UrlToBytes(KEY) },
    ]);
    expect(api.registered).toEqual([
      {
        endpoint: 'https://push.test/new',
        expirationTime: null,
        keys: { p256dh: 'p256', auth: 'auth' },
      },
    ]);
    expect(service.getState()).toEqual({ status: 'active', subscriptionId: 'sub-1' });
    expect(localStorage.getItem(SUBSCRIPTION_ID_KEY)).toBe('sub-1');
  });

  it('stays inactive when the user denies the permission', async () => {
    platform.answer = 'denied';
    const service = new PushSubscriptionService(api, platform, localStorage);
    expect(await service.enable()).toBe('inactive');
    expect(platform.subscribeCalls).toHaveLength(0);
  });

  it('says the permission is blocked when the user denied it, or had blocked it before', async () => {
    platform.answer = 'denied';
    const service = new PushSubscriptionService(api, platform, localStorage);
    await service.enable();
    expect(service.getState().problem).toEqual({ kind: 'denied' });
    expect(new PushSubscriptionService(api, platform, localStorage).getState().problem).toEqual({
      kind: 'denied',
    });
  });

  it('says why a granted registration failed, and clears it once a retry succeeds', async () => {
    const register = api.registerPushSubscription;
    api.registerPushSubscription = async () => {
      throw new Error('This push endpoint is already registered with other keys.');
    };
    const service = new PushSubscriptionService(api, platform, localStorage);
    await expect(service.enable()).rejects.toThrow('other keys');
    expect(service.getState()).toMatchObject({
      status: 'inactive',
      problem: {
        kind: 'failed',
        detail: 'This push endpoint is already registered with other keys.',
      },
    });

    api.registerPushSubscription = register;
    expect(await service.enable()).toBe('active');
    expect(service.getState().problem).toBeUndefined();
  });

  it('rejects, naming the cause, when no service worker is registered', async () => {
    platform.registration = undefined;
    const service = new PushSubscriptionService(api, platform, localStorage);
    await expect(service.enable()).rejects.toThrow('none is registered');
    expect(service.getState().status).toBe('inactive');
  });

  it('starts active with a stored id and granted permission, and refreshes the registration', async () => {
    localStorage.setItem(SUBSCRIPTION_ID_KEY, 'old-id');
    platform.current = 'granted';
    const service = new PushSubscriptionService(api, platform, localStorage);
    expect(service.getState()).toEqual({ status: 'active', subscriptionId: 'old-id' });
    service.start();
    await flush();
    expect(service.getState().subscriptionId).toBe('sub-1');
  });

  it('refreshes the registration once however often it is started', async () => {
    platform.current = 'granted';
    const service = new PushSubscriptionService(api, platform, localStorage);
    service.start();
    await flush();
    service.stop();
    service.start();
    await flush();
    expect(api.registered).toHaveLength(1);
  });

  it('reuses an existing subscription made for the same key', async () => {
    platform.existing = fakeSubscription('https://push.test/existing', base64UrlToBytes(KEY));
    const service = new PushSubscriptionService(api, platform, localStorage);
    await service.enable();
    expect(platform.subscribeCalls).toHaveLength(0);
    expect(api.registered[0]!.endpoint).toBe('https://push.test/existing');
  });

  it('replaces an existing subscription made for another key', async () => {
    const stale = fakeSubscription('https://push.test/stale', new Uint8Array([9, 9]));
    platform.existing = stale;
    const service = new PushSubscriptionService(api, platform, localStorage);
    await service.enable();
    expect(stale.unsubscribed).toBe(true);
    expect(api.registered[0]!.endpoint).toBe('https://push.test/new');
  });

  it('follows permission changes', async () => {
    const service = new PushSubscriptionService(api, platform, localStorage);
    const seen: string[] = [];
    service.subscribe(() => {
      const { status, problem } = service.getState();
      seen.push(problem ? `${status}: ${problem.kind}` : status);
    });
    service.start();
    platform.changePermission('granted');
    await flush();
    platform.changePermission('denied');
    expect(seen).toEqual(['inactive: registering', 'active', 'inactive: denied']);
    service.stop();
    platform.changePermission('granted');
    await flush();
    expect(service.getState().status).toBe('inactive');
  });

  it('says push is unavailable here when the browser refuses to subscribe though it is allowed', async () => {
    const refusal = Object.assign(new Error('Registration failed - permission denied'), {
      name: 'AbortError',
    });
    platform.subscribeError = refusal;
    const service = new PushSubscriptionService(api, platform, localStorage);
    await expect(service.enable()).rejects.toThrow('permission denied');
    expect(service.getState()).toMatchObject({
      status: 'inactive',
      problem: { kind: 'unavailable', detail: 'Registration failed - permission denied' },
    });
  });

  it('names the missing subscription fields without revealing the endpoint or keys', async () => {
    const endpoint = 'https://push.test/secret-endpoint-token';
    platform.existing = {
      endpoint,
      options: { applicationServerKey: null },
      toJSON: () => ({ endpoint, keys: { auth: 'auth-secret-value' } }),
    } as unknown as PushSubscription;
    const service = new PushSubscriptionService(api, platform, localStorage);
    const error = await service.enable().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toBe(
      'The browser returned an incomplete push subscription (missing or invalid: keys.p256dh)',
    );
    expect(message).not.toContain('secret-endpoint-token');
    expect(message).not.toContain('auth-secret-value');
    expect(api.registered).toHaveLength(0);
    expect(service.getState().status).toBe('inactive');
  });

  it('names every missing subscription field', async () => {
    platform.existing = {
      endpoint: '',
      options: { applicationServerKey: null },
      toJSON: () => ({ endpoint: '' }),
    } as unknown as PushSubscription;
    const service = new PushSubscriptionService(api, platform, localStorage);
    await expect(service.enable()).rejects.toThrow(
      '(missing or invalid: endpoint, keys.p256dh, keys.auth)',
    );
  });

  it('runs one registration at a time', async () => {
    platform.current = 'granted';
    const service = new PushSubscriptionService(api, platform, localStorage);
    await Promise.all([service.register(), service.register()]);
    expect(api.registered).toHaveLength(1);
  });

  describe('with an owner', () => {
    class FakeOwner {
      adopted: string[] = [];
      constructor(public ownerId: string | undefined) {}
      getOwnerId = () => this.ownerId;
      adopt = (ownerId: string) => {
        this.ownerId = ownerId;
        this.adopted.push(ownerId);
      };
    }

    it('registers as a push channel of the owner a webhook made, and keeps that owner', async () => {
      const owner = new FakeOwner('owner-1');
      const service = new PushSubscriptionService(api, platform, localStorage, owner);
      expect(await service.enable()).toBe('active');
      expect(api.owners).toEqual(['owner-1']);
      expect(owner.adopted).toEqual(['owner-1']);
    });

    it('without an owner, becomes the owner the api answers (its own subscription id)', async () => {
      const owner = new FakeOwner(undefined);
      const service = new PushSubscriptionService(api, platform, localStorage, owner);
      await service.enable();
      expect(api.owners).toEqual([undefined]);
      expect(owner.adopted).toEqual(['sub-1']);
    });

    it('drops an owner the api no longer knows for the one it makes', async () => {
      const owner = new FakeOwner('gone');
      const register = api.registerPushSubscription;
      api.registerPushSubscription = async (body, ownerId) => {
        if (ownerId === 'gone')
          throw new ApiError('POST /push/subscriptions', 404, 'no such owner', 'OWNER_NOT_FOUND');
        return register(body, ownerId);
      };
      const service = new PushSubscriptionService(api, platform, localStorage, owner);
      expect(await service.enable()).toBe('active');
      expect(owner.adopted).toEqual(['sub-1']);
    });
  });
});
