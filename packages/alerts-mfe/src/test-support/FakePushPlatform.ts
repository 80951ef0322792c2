import { type PushPlatform } from '../push/PushPlatform';

/** A browser with push support whose permission and service worker the test controls. */
export class FakePushPlatform implements PushPlatform {
  public supported = true;
  public current: NotificationPermission = 'default';
  public answer: NotificationPermission = 'granted';
  public requests = 0;
  private readonly _listeners = new Set<() => void>();

  public permission = () => this.current;

  public requestPermission = async () => {
    this.requests += 1;
    this.current = this.answer;
    return this.answer;
  };

  public watchPermission = (listener: () => void) => {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  };

  public serviceWorkerRegistration = async () =>
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
  public changePermission(permission: NotificationPermission): void {
    this.current = permission;
    for (const listener of this._listeners) listener();
  }
}
