import { type PushSignals } from './PushSignals';

/** The real browser's {@link PushSignals}; all false where there is no window (tests, workers). */
export function readPushSignals(): PushSignals {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') {
    return {
      pushManager: false,
      serviceWorker: false,
      notification: false,
      standalone: false,
      iOS: false,
    };
  }
  const displayStandalone =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches;
  // Safari's own flag, older than the display-mode media query there.
  const iOSStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  const platform = navigator.platform ?? '';
  return {
    pushManager: 'PushManager' in window,
    serviceWorker: 'serviceWorker' in navigator,
    notification: 'Notification' in window,
    standalone: displayStandalone || iOSStandalone,
    // iPadOS 13+ says "MacIntel" like a Mac; only its touch screen tells them apart.
    iOS:
      /^(iPhone|iPad|iPod)/.test(platform) ||
      (platform === 'MacIntel' && navigator.maxTouchPoints > 1),
  };
}
