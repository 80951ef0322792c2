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
  /**
   * This browser's row of 'Where alerts go', per push state: what push does here, in one
   * sentence (the problem texts are those Create Alert gave before other channels existed).
   */
  pushRow: {
    active: 'Push notifications are on: alerts reach this browser.',
    inactive: 'Push notifications are off in this browser.',
    unsupported: 'Alerts need push notifications, which this browser does not support.',
    denied: 'Alerts need notifications, which are blocked for this site.',
    unavailable: 'Alerts need push notifications, which this window cannot receive.',
    failed: 'Alerts need this browser registered for push notifications.',
    registering: 'Registering this browser for push notifications…',
  },
  /** Beside a disabled Create Alert when the alert would have nowhere to go. */
  createNeedsChannel: {
    /** Push can still be turned on here. */
    pushOrOther: (others: string) => `Turn on push or add ${others} under Where alerts go.`,
    /** Push cannot work here (unsupported, blocked, no push service). */
    otherOnly: (others: string) => `Add ${others} under Where alerts go to create alerts.`,
  },
  // Not in the original product (issue #26): Create Alert while there is no network.
  createNeedsConnection: 'Creating an alert needs the connection. You are offline.',
  // Not in the original product (it had ten fixed pairs): a remembered pair the market dropped.
  pairNotTraded: (symbol: string, instead: string) =>
    `${symbol} is not traded any more: showing ${instead}.`,
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

/** The texts of 'Where alerts go' (product §2): this browser's push, webhooks and Telegram. */
export const CHANNEL_MESSAGES = {
  title: 'Where alerts go',
  subheader: 'Every alert goes to all of these.',
  thisBrowser: 'This browser',
  turnOnPush: 'Turn on push notifications',
  registerAgain: 'Register again',
  webhooks: 'Webhooks',
  noWebhooks: 'No webhooks yet.',
  addWebhook: 'Add webhook',
  webhookUrl: 'Webhook URL',
  webhookUrlPlaceholder: 'https://example.com/hook',
  template: 'Template (optional)',
  templateHelp: 'Empty: every field as JSON. Placeholders:',
  urlEmpty: "Webhook URL can't be empty",
  urlNotHttp: 'Webhook URL must start with http:// or https://',
  templateTooLong: (max: number) => `Template can't be longer than ${max} characters`,
  addFailed: 'An unknown error occurred while adding the webhook.',
  cancel: 'Cancel',
  sendTest: 'Send test',
  delete: 'Delete',
  disabledWebhook: 'Stopped: the receiver answered that it is gone (410).',
  testSending: 'Sending a test…',
  testDelivered: (statusCode: number | undefined) =>
    statusCode === undefined ? 'Test delivered.' : `Test delivered (HTTP ${statusCode}).`,
  testFailed: (reason: string) => `Test failed: ${reason}`,
  testUnknownError: 'An unknown error occurred while sending the test.',
  deleteUnknownError: 'An unknown error occurred while deleting the channel.',
  secretTitle: (host: string) => `Signing secret of ${host}`,
  secretOnce:
    'Copy it now: it will not be shown again. Your receiver checks each request’s Pairwatch-Signature with it.',
  copySecret: 'Copy secret',
  copied: 'Copied.',
  copyFailed: 'Could not copy: select the secret and copy it by hand.',
  secretDone: 'Done',
  telegram: 'Telegram',
  telegramIntro: 'Get alerts in a Telegram chat with the Pairwatch bot.',
  connectTelegram: 'Connect Telegram',
  telegramWaiting: 'Waiting for you to press Start in Telegram…',
  openTelegram: 'Open Telegram',
  telegramLinked: 'Linked to your Telegram chat.',
  telegramDisabled: 'Stopped: the chat blocked the bot or was deleted.',
  removeTelegram: 'Remove Telegram',
  connectFailed: 'An unknown error occurred while connecting Telegram.',
} as const;

/** Words of an alert's delivery log (the Deliveries dialog of Your alerts). */
export const DELIVERY_MESSAGES = {
  button: 'Deliveries',
  title: (alertName: string) => `Deliveries of ${alertName}`,
  none: 'Nothing was sent for this alert yet.',
  loading: 'Loading…',
  failedToLoad: 'An error occurred while fetching deliveries.',
  close: 'Close',
} as const;
