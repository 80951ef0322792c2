import { type PushSubscriptionBody } from '../alerts/AlertsClient';
import { base64UrlToBytes } from './base64UrlToBytes';
import { type PushPlatform } from './PushPlatform';

/** Spec §3: push is unsupported (`unloaded`), not enabled (`inactive`) or ready (`active`). */
export type PushStatus = 'unloaded' | 'inactive' | 'active';

/** What the UI reads. */
export interface PushState {
  readonly status: PushStatus;
  /** The api's id of this browser's push subscription: the key of the user's alerts. */
  readonly subscriptionId: string | undefined;
  /**
   * Why push is not active although the user may have tried: `denied`, the notification
   * permission is blocked (only the browser's site settings can lift it); `failed`, permission is
   * granted but the registration failed (`detail` says how). Undefined otherwise.
   */
  readonly problem?:
    { readonly kind: 'denied' } | { readonly kind: 'failed'; readonly detail: string };
}

/** The api calls push registration needs. */
export interface PushApi {
  getPushPublicKey(): Promise<string>;
  registerPushSubscription(subscription: PushSubscriptionBody): Promise<string>;
}

/** The localStorage key of the subscription id. */
export const SUBSCRIPTION_ID_KEY = 'pairwatch-push-subscription-id';

/**
 * This browser's Web Push subscription and the status the Alerts screen shows.
 *
 * @remarks `active` means the notification permission is granted AND the api has registered the
 * subscription (we hold its id). Registration is `pushManager.subscribe` with the api's VAPID key,
 * then `POST /push/subscriptions`; it is repeated once per page load while permission is granted,
 * which is cheap (the api gives the same endpoint the same id) and repairs a subscription the
 * browser rotated, one made for another key, or an id the api no longer knows.
 */
export class PushSubscriptionService {
  private _state: PushState;
  private readonly _listeners = new Set<() => void>();
  private _registering: Promise<void> | undefined;
  private _unwatch: (() => void) | undefined;
  private _refreshed = false;

  public constructor(
    private readonly _api: PushApi,
    private readonly _platform: PushPlatform,
    private readonly _storage: Storage | undefined,
  ) {
    const subscriptionId = readId(_storage);
    this._state = !_platform.supported
      ? { status: 'unloaded', subscriptionId }
      : {
          status: this._granted() && subscriptionId ? 'active' : 'inactive',
          subscriptionId,
          ...(_platform.permission() === 'denied' ? { problem: { kind: 'denied' } } : {}),
        };
  }

  public readonly getState = (): PushState => this._state;

  public readonly subscribe = (listener: () => void): (() => void) => {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  };

  /**
   * Follows permission changes and, when permission is already granted, refreshes the
   * registration in the background (the first time only). Safe to call more than once.
   *
   * @param onError - told when a background registration fails.
   */
  public start(onError: (error: unknown) => void = () => undefined): void {
    if (!this._platform.supported || this._unwatch) return;
    this._unwatch = this._platform.watchPermission(() => {
      if (this._granted()) this.register().catch(onError);
      else this._set({ status: 'inactive', problem: this._deniedProblem() });
    });
    // Once per page load: the screen may mount many times, the subscription does not change.
    if (this._granted() && !this._refreshed) {
      this._refreshed = true;
      this.register().catch(onError);
    }
  }

  /** Stops following permission changes. */
  public stop(): void {
    this._unwatch?.();
    this._unwatch = undefined;
  }

  /**
   * Asks for the notification permission (from a user gesture) and registers the subscription.
   *
   * @returns the new status.
   * @throws when the registration fails (the status stays as it was).
   */
  public async enable(): Promise<PushStatus> {
    if (!this._platform.supported) return 'unloaded';
    const permission = await this._platform.requestPermission();
    if (permission !== 'granted') {
      this._set({ status: 'inactive', problem: this._deniedProblem() });
      return 'inactive';
    }
    await this.register();
    return this._state.status;
  }

  /** Subscribes with the api's VAPID key and registers the subscription; one run at a time. */
  public register(): Promise<void> {
    this._registering ??= this._register()
      .catch((error: unknown) => {
        // Said on the banner too: a failure only in a toast would leave it asking for a
        // permission the browser already gave.
        const detail = error instanceof Error ? error.message : String(error);
        this._set({ problem: { kind: 'failed', detail } });
        throw error;
      })
      .finally(() => {
        this._registering = undefined;
      });
    return this._registering;
  }

  private async _register(): Promise<void> {
    const registration = await this._platform.serviceWorkerRegistration();
    if (!registration) {
      throw new Error(
        'Push needs a service worker, and none is registered (the shell registers /sw.js)',
      );
    }
    const publicKey = await this._api.getPushPublicKey();
    const key = base64UrlToBytes(publicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      // Made for another VAPID key (e.g. the api's keys were regenerated): the api could not use it.
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    const subscriptionId = await this._api.registerPushSubscription(toBody(subscription));
    try {
      this._storage?.setItem(SUBSCRIPTION_ID_KEY, subscriptionId);
    } catch {
      // Storage blocked: the id still works for this page's life.
    }
    this._set({
      subscriptionId,
      status: this._granted() ? 'active' : 'inactive',
      problem: undefined,
    });
  }

  private _deniedProblem(): PushState['problem'] {
    return this._platform.permission() === 'denied' ? { kind: 'denied' } : undefined;
  }

  private _granted(): boolean {
    return this._platform.supported && this._platform.permission() === 'granted';
  }

  private _set(patch: Partial<PushState>): void {
    const next = { ...this._state, ...patch };
    if (
      next.status === this._state.status &&
      next.subscriptionId === this._state.subscriptionId &&
      next.problem === this._state.problem
    )
      return;
    this._state = next;
    for (const listener of [...this._listeners]) listener();
  }
}

function readId(storage: Storage | undefined): string | undefined {
  try {
    return storage?.getItem(SUBSCRIPTION_ID_KEY) || undefined;
  } catch {
    return undefined;
  }
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return true; // the browser does not tell; trust the subscription
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

function toBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  const endpoint = json.endpoint;
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!isFilled(endpoint) || !isFilled(p256dh) || !isFilled(auth)) {
    // Names only: the endpoint is a capability URL and `auth` a secret, neither may reach a log.
    const missing = [
      ['endpoint', endpoint],
      ['keys.p256dh', p256dh],
      ['keys.auth', auth],
    ].flatMap(([name, value]) => (isFilled(value) ? [] : [name]));
    throw new Error(
      `The browser returned an incomplete push subscription (missing or invalid: ${missing.join(', ')})`,
    );
  }
  return {
    endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh, auth },
  };
}

/** A non-empty string (the subscription's JSON comes from the browser, typed loosely). */
function isFilled(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
