/**
 * Every text of the Alerts screen that the product spec fixes, word for word (product §2, §8). The
 * candle and symbol info failure texts are `MARKET_DATA_MESSAGES` of `@pairwatch/market-data`.
 */
export const ALERTS_MESSAGES = {
  pushUnsupported:
    'Your browser does not support push notifications. If you are on mobile, you need to add the app to your home screen from a supported browser.',
  pushInactiveBefore: 'To create and receive alerts, please ',
  pushInactiveLink: 'enable push notifications',
  pushInactiveAfter: ' in your browser.',
  pushDenied:
    'Notifications are blocked for this site, so alerts cannot reach you. To allow them, open the site settings (the icon left of the address bar), set Notifications to Allow, then reload this page.',
  pushFailed: (detail: string) =>
    `Notifications are allowed, but this browser could not be registered for alerts: ${detail} `,
  pushRetry: 'Try again',
  // Not in the original product, in its style: the browser refuses push though it is allowed.
  pushUnavailable:
    'This browser window cannot receive push notifications, so alerts cannot reach you here (private windows and some browsers have no push service). Open Pairwatch in a normal window of a browser with push notifications to create alerts.',
  /** Beside a disabled Create Alert: why it is disabled, per push state. */
  createNeedsPush: {
    unsupported: 'Alerts need push notifications, which this browser does not support.',
    denied: 'Alerts need notifications, which are blocked for this site.',
    unavailable: 'Alerts need push notifications, which this window cannot receive.',
    failed: 'Alerts need this browser registered for push notifications.',
    registering: 'Registering this browser for push notifications…',
    inactive: 'Enable push notifications above to create alerts.',
  },
  newAlertTitle: 'New Alert',
  priceAlertOption: 'Price Alert',
  rsiAlertOption: 'RSI Alert',
  pricePlaceholder: (quoteAsset: string) => `Price in ${quoteAsset}`,
  rsiPlaceholder: 'Value between 0 and 100',
  /** The helper line's lead for price alerts: bullish when the target is above the live price. */
  creatingAlert: (direction: 'bullish' | 'bearish', symbol: string) =>
    `Creating ${direction} alert for ${symbol}:`,
  /** Not in the original product: a target at the live price, said once (in its style). */
  creatingAtPrice: (symbol: string) => `Creating alert for ${symbol} at the current price:`,
  createAlert: 'Create Alert',
  created: 'You will receive a notification when the value reaches the target.',
  createFailed: 'An unknown error occurred while creating the alert.',
  yourAlerts: 'Your alerts',
  hideOtherSymbols: 'Hide other symbols alerts',
  noAlerts: 'No alerts',
  deleted: 'Alert deleted successfully.',
  deleteFailed: 'An unknown error occurred while deleting the alert.',
  fetchAlertsFailed: 'An error occurred while fetching alerts.',
  errorTitle: 'Error',
} as const;
