import { type PushSignals } from './PushSignals';

/**
 * Whether push can work here: `supported`; `home-screen` when it would once the app is added to the
 * home screen (iOS Safari in a tab); `unsupported` otherwise. Both refusals show the spec's banner
 * ('…you need to add the app to your home screen…'), which names the home screen for that reason.
 *
 * @remarks The features decide, not the user agent: a browser with the Push API, service workers and
 * notifications is supported wherever it runs. The iOS hint only explains a missing Push API (iOS
 * hides it outside the Home Screen app); iOS in a tab is `home-screen` even if a future Safari
 * exposed `PushManager` there, as a subscription made in a tab is not delivered on iOS.
 */
export function pushSupportFrom(signals: PushSignals): 'supported' | 'home-screen' | 'unsupported' {
  if (signals.iOS && !signals.standalone) return 'home-screen';
  if (signals.pushManager && signals.serviceWorker && signals.notification) return 'supported';
  return 'unsupported';
}
