/** The browser features push needs, behind one interface so the service is testable. */
export interface PushPlatform {
  /** Whether the browser has service workers, the Push API and notifications. */
  readonly supported: boolean;
  /** The current notification permission. */
  permission(): NotificationPermission;
  /** Shows the browser's permission prompt. */
  requestPermission(): Promise<NotificationPermission>;
  /** Calls `listener` whenever the notification permission changes; returns the teardown. */
  watchPermission(listener: () => void): () => void;
  /** The service worker registration that receives pushes, if one is (or becomes) active. */
  serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined>;
}
