import { type PushRegistration, type PushSubscriptionBody } from '../alerts/AlertsClient';
import { ApiError } from '../alerts/ApiError';
import { base64UrlToBytes } from './base64UrlToBytes';
import { initialPushState, SUBSCRIPTION_ID_KEY } from './initialPushState';
import { type PushPlatform } from './PushPlatform';

/** Spec §3: push is unsupported (`unloaded`), not enabled (`inactive`) or ready (`active`). */
export type PushStatus = 'unloaded' | 'inactive' | 'active';

/** What the UI reads. */
export interface PushState {
  readonly status: PushStatus;
  /**
   * The api's id of this browser's push subscription (the owner id too, for a browser registered
   * before owners: see `OwnerSession`).
   */
  readonly subscriptionId: string | undefined;
  /**
   * Why push is not active although the user may have tried: `denied`, the notification
   * permission is blocked (only the browser's site settings can lift it); `failed`, permission is
   * granted but the registration failed (`detail` says how). Undefined otherwise.
   */
  readonly problem?: PushProblem;
}

/**
 * Why push is not active: `registering`, permission is granted and the registration is on its
 * way (nothing is wrong yet, so nothing is said); `denied`, the notification permission is blocked
 * (only the browser's site settings can lift it); `unavailable`, permission is granted but the
 * browser has no push service here (a private window, or a browser without one: it refuses to
 * subscribe); `failed`, the registration failed otherwise (`detail` says how).
 */
export type PushProblem =
  | { readonly kind: 'registering' }
  | { readonly kind: 'denied' }
  | { readonly kind: 'unavailable'; readonly detail: string }
  | { readonly kind: 'failed'; readonly detail: string };

/** The browser refused to subscribe although the permission is granted. */
class PushUnavailableError extends Error {
  override readonly name = 'PushUnavailableError';
}

/** The api calls push registration needs. */
export interface PushApi {
  getPushPublicKey(): Promise<string>;
  registerPushSubscription(
    subscription: PushSubscriptionBody,
    ownerId?: string,
  ): Promise<PushRegistration>;
}

/** The browser's owner, whose push channel the subscription becomes (`OwnerSession`). */
export interface PushOwner {
  getOwnerId(): string | undefined;
  adopt(ownerId: string): void;
}

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
  private state: PushState;
  private readonly listeners = new Set<() => void>();
  private registering: Promise<void> | undefined;
  private unwatch: (() => void) | undefined;
  private refreshed = false;

  constructor(
    private readonly api: PushApi,
    private readonly platform: PushPlatform,
    private readonly storage: Storage | undefined,
    private readonly owner?: PushOwner,
  ) {
    this.state = initialPushState(platform, storage);
  }

  readonly getState = (): PushState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Follows permission changes and, when permission is already granted, refreshes the
   * registration in the background (the first time only). Safe to call more than once.
   *
   * @param onError - told when a background registration fails.
   */
  start(onError: (error: unknown) => void = () => undefined): void {
    if (!this.platform.supported || this.unwatch) return;
    this.unwatch = this.platform.watchPermission(() => {
      if (this.granted()) this.register().catch(onError);
      else this.set({ status: 'inactive', problem: this.deniedProblem() });
    });
    // Once per page load: the screen may mount many times, the subscription does not change.
    if (this.granted() && !this.refreshed) {
      this.refreshed = true;
      this.register().catch(onError);
    }
  }

  /** Stops following permission changes. */
  stop(): void {
    this.unwatch?.();
    this.unwatch = undefined;
  }

  /**
   * Asks for the notification permission (from a user gesture) and registers the subscription.
   *
   * @returns the new status.
   * @throws when the registration fails (the status stays as it was).
   */
  async enable(): Promise<PushStatus> {
    if (!this.platform.supported) return 'unloaded';
    const permission = await this.platform.requestPermission();
    if (permission !== 'granted') {
      this.set({ status: 'inactive', problem: this.deniedProblem() });
      return 'inactive';
    }
    await this.register();
    return this.state.status;
  }

  /** Subscribes with the api's VAPID key and registers the subscription; one run at a time. */
  register(): Promise<void> {
    if (this.state.status !== 'active' && this.registering === undefined)
      this.set({ problem: { kind: 'registering' } });
    this.registering ??= this.subscribeAndSend()
      .catch((error: unknown) => {
        // Said on the banner too, in one sentence: a failure only in a toast would leave it
        // asking for a permission the browser already gave.
        const detail = error instanceof Error ? error.message : String(error);
        this.set({
          problem: {
            kind: error instanceof PushUnavailableError ? 'unavailable' : 'failed',
            detail,
          },
        });
        throw error;
      })
      .finally(() => {
        this.registering = undefined;
      });
    return this.registering;
  }

  private async subscribeAndSend(): Promise<void> {
    const registration = await this.platform.serviceWorkerRegistration();
    if (!registration) {
      throw new Error(
        'Push needs a service worker, and none is registered (the shell registers /sw.js)',
      );
    }
    const publicKey = await this.api.getPushPublicKey();
    const key = base64UrlToBytes(publicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      // Made for another VAPID key (e.g. the api's keys were regenerated): the api could not use it.
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await subscribeOrExplain(registration.pushManager, key);
    const { subscriptionId, ownerId } = await this.registerWithOwner(toBody(subscription));
    // A browser that made an owner for a webhook first becomes a push channel of that owner.
    this.owner?.adopt(ownerId);
    try {
      this.storage?.setItem(SUBSCRIPTION_ID_KEY, subscriptionId);
    } catch {
      // Storage blocked: the id still works for this page's life.
    }
    this.set({
      subscriptionId,
      status: this.granted() ? 'active' : 'inactive',
      problem: undefined,
    });
  }

  /**
   * Registers as a channel of this browser's owner; an owner the api no longer knows (its data
   * was reset) is dropped for the one the api then makes.
   */
  private async registerWithOwner(body: PushSubscriptionBody): Promise<PushRegistration> {
    const ownerId = this.owner?.getOwnerId();
    if (ownerId === undefined) return this.api.registerPushSubscription(body);
    try {
      return await this.api.registerPushSubscription(body, ownerId);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'OWNER_NOT_FOUND')) throw error;
      return this.api.registerPushSubscription(body);
    }
  }

  private deniedProblem(): PushState['problem'] {
    return this.platform.permission() === 'denied' ? { kind: 'denied' } : undefined;
  }

  private granted(): boolean {
    return this.platform.supported && this.platform.permission() === 'granted';
  }

  private set(patch: Partial<PushState>): void {
    const next = { ...this.state, ...patch };
    if (
      next.status === this.state.status &&
      next.subscriptionId === this.state.subscriptionId &&
      next.problem === this.state.problem
    )
      return;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * Subscribes; a refusal with the permission granted means this browser has no push service here
 * (Chromium in a private window: "AbortError: Registration failed - permission denied"; a browser
 * without a push service: AbortError or NotSupportedError), which no retry can change.
 */
async function subscribeOrExplain(
  pushManager: PushManager,
  key: ReturnType<typeof base64UrlToBytes>,
): Promise<PushSubscription> {
  try {
    return await pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  } catch (error: unknown) {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'AbortError' || name === 'NotAllowedError' || name === 'NotSupportedError') {
      throw new PushUnavailableError(error instanceof Error ? error.message : String(name), {
        cause: error,
      });
    }
    throw error;
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
