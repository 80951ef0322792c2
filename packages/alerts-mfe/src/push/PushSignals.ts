/**
 * What the browser says about push, read once at start (see `readPushSignals`). Plain booleans, so
 * the decision made from them (`pushSupportFrom`) is a pure function a unit test can feed.
 */
export interface PushSignals {
  /** `PushManager` is exposed: iOS exposes it only to a Home Screen app (iOS 16.4+). */
  readonly pushManager: boolean;
  readonly serviceWorker: boolean;
  readonly notification: boolean;
  /** Running as an installed app: `(display-mode: standalone)` or iOS's `navigator.standalone`. */
  readonly standalone: boolean;
  /** An iPhone or iPad (iPadOS reports itself as a Mac with touch): a secondary hint only. */
  readonly iOS: boolean;
}
