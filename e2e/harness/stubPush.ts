import { type LocalPushSubscription } from '@pairwatch/test-support';
import { type Page } from '@playwright/test';

/** The page's window as {@link stubPush} leaves it. */
export type StubbedPushWindow = Window & {
  __PAIRWATCH_E2E__?: boolean;
  /** The `applicationServerKey` the page subscribed with, base64url. */
  __pushSubscribeKey?: string;
};

/**
 * Makes the page able to subscribe to push, before it loads: headless Chromium cannot really
 * subscribe (it needs Google's push service), so `PushManager.prototype.subscribe` returns
 * `subscription` (one of the harness's local push service, `stack.push`) and records the key it was
 * given; the page's notification permission starts at 'default' (so the push banner shows) and
 * becomes `options.answer` ('granted' unless a test refuses) when the page asks. Also asks for the chart's test hook (`__PAIRWATCH_E2E__`).
 */
export async function stubPush(
  page: Page,
  subscription: Pick<LocalPushSubscription, 'endpoint' | 'keys'>,
  options: {
    /** What the permission prompt answers ('granted' by default). */
    readonly answer?: NotificationPermission;
  } = {},
): Promise<void> {
  await page.addInitScript(
    ({ json, answer }) => {
      const win = window as StubbedPushWindow;
      win.__PAIRWATCH_E2E__ = true;
      let subscribed = false;
      const stub = {
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => json,
        unsubscribe: async () => true,
      };
      PushManager.prototype.subscribe = async function subscribe(
        options?: PushSubscriptionOptionsInit,
      ) {
        const key = options?.applicationServerKey;
        if (key instanceof Uint8Array) {
          const binary = String.fromCharCode(...Array.from(key));
          win.__pushSubscribeKey = btoa(binary)
            .replace(/\+/g, '-')
            .replace(/\//g, '_')
            .replace(/=+$/, '');
        }
        subscribed = true;
        return stub as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        return subscribed ? (stub as unknown as PushSubscription) : null;
      };
      let permission: NotificationPermission = 'default';
      Object.defineProperty(Notification, 'permission', {
        configurable: true,
        get: () => permission,
      });
      Notification.requestPermission = async () => {
        permission = answer;
        return permission;
      };
    },
    { json: subscription, answer: options.answer ?? 'granted' },
  );
}
