import { type PushPlatform } from '../push/PushPlatform';

/** A browser with push support whose permission and service worker the test controls. */
export class FakePushPlatform implements PushPlatform {
  supported = true;
  current: NotificationPermission = 'default';
  answer: NotificationPermission = 'granted';
  requests = 0;
  private readonly listeners = new Set<() => void>();

  permission = () => this.current;

  requestPermission = async () => {
    this.requests += 1;
    this.current = this.answer;
    return this.answer;
  };

  watchPermission = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  serviceWorkerRegistration = async () =>
    ({
      pushManager: {
        getSubscription: async () => null,
        subscribe: async () => ({
          endpoint: 'https://push.test/1',
          options: { applicationServerKey: null },
          toJSON: () => ({ endpoint: 'https://push.test/1', keys: { p256dh: 'p', auth: 'a' } }),
        }),
      },
    }) as unknown as ServiceWorkerRegistration;

  /** The user changed the permission in the browser's settings. */
  changePermission(permission: NotificationPermission): void {
    this.current = permission;
    for (const listener of this.listeners) listener();
  }
}
