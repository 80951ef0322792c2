/** The JSON payload of an alert's Web Push message, read by the shell's service worker. */
export interface AlertNotification {
  /** e.g. "BTCUSDT price alert". */
  readonly title: string;
  /** e.g. "BTCUSDT price rose to 65,000.00". */
  readonly body: string;
  /** The symbol's icon, relative to the shell origin: `/icons/btc.png`. */
  readonly icon: string;
  /** Where a click opens the app, relative to the shell origin: `/alerts?symbol=…&interval=…`. */
  readonly url: string;
  /** Notification tag: the alert id, so one alert shows at most one notification. */
  readonly tag: string;
}
