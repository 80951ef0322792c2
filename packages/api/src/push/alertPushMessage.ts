// What a triggered alert's Web Push message carries: the notification the service worker shows,
// and the RFC 8030 Topic that lets a push service replace an undelivered copy.
import crypto from 'node:crypto';
import {
  type AlertFiring,
  type AlertTriggerText,
  describeAlertTrigger,
  type SymbolInfo,
} from '@pairwatch/domain';
import { type MarketDataStatus } from '../market/MarketData';
import { type AlertRecord } from '../storage/AlertStore';

/** The JSON payload of an alert's Web Push message, read by the shell's service worker. */
export interface AlertNotification {
  /** e.g. "BTCUSDT price alert". */
  readonly title: string;
  /** e.g. "BTCUSDT price rose to 65,000.00", then the trader's message on its own line. */
  readonly body: string;
  /**
   * The app's icon relative to the shell origin (`/app-icons/pairwatch-192.png`). Not the coin's
   * logo: the bundled logos are SVG, which Chrome does not draw in a notification (the title
   * names the pair).
   */
  readonly icon: string;
  /** Where a click opens the app, relative to the shell origin: `/alerts?symbol=…&interval=…`. */
  readonly url: string;
  /** Notification tag: the alert id, so one alert shows at most one notification. */
  readonly tag: string;
  /**
   * Declarative Web Push (Safari 18.4+): a browser that supports it shows `notification` without
   * running the service worker; the others' service workers read the fields above. Present when
   * the app's address (`APP_URL`) is known, since `navigate` must be absolute.
   */
  readonly web_push?: 8030;
  readonly notification?: {
    readonly title: string;
    readonly body: string;
    /** The absolute URL a click opens. */
    readonly navigate: string;
    readonly tag: string;
    readonly lang: 'en';
  };
}

/** The icon of every notification: a PNG (the coins' logos are SVG, see `icon`). */
const APP_ICON = '/app-icons/pairwatch-192.png';

/** Appended to the body when the prices come from the simulator (architecture §2). */
const SIMULATED_MARKET_NOTE = ' (simulated market)';

/**
 * The push payload of a triggered alert: the domain's trigger text, the symbol's icon, and a link
 * that opens the alerts screen on the alert's symbol and interval (OneMinute for price alerts).
 * A notification is read outside the app, away from its "Simulated market" chip, so when the live
 * source is the simulator its body says so: "BTCUSDT price rose to 65,000.00 (simulated market)".
 * With the app's address (`appUrl`) it also carries the Declarative Web Push form.
 */
export function buildAlertNotification(
  alert: DescribedAlert,
  firing: AlertFiring,
  source: MarketDataStatus['source'],
  appUrl?: string,
  pair?: Pick<SymbolInfo, 'priceFormat'>,
): AlertNotification {
  return alertNotificationOf(alert, describeFiring(alert, firing, source, pair), appUrl);
}

/**
 * The push payload of a firing already put in words ({@link describeFiring}); with the app's
 * address, also the Declarative Web Push form of it.
 */
export function alertNotificationOf(
  alert: Pick<AlertRecord, 'id' | 'symbol' | 'interval'>,
  text: AlertTriggerText,
  appUrl?: string,
): AlertNotification {
  const query = new URLSearchParams({ symbol: alert.symbol, interval: alert.interval });
  const url = `/alerts?${query.toString()}`;
  const notification: AlertNotification = {
    title: text.title,
    body: text.body,
    icon: APP_ICON,
    url,
    tag: alert.id,
  };
  if (appUrl === undefined) return notification;
  return {
    ...notification,
    web_push: 8030,
    notification: {
      title: text.title,
      body: text.body,
      // Relative to the app's address, which may be a path below its origin.
      navigate: new URL(url.slice(1), appUrl.endsWith('/') ? appUrl : `${appUrl}/`).href,
      tag: alert.id,
      lang: 'en',
    },
  };
}

/** The fields of an alert its firing's words need. */
type DescribedAlert = Pick<
  AlertRecord,
  'id' | 'symbol' | 'type' | 'interval' | 'valueOnCreation' | 'valueTarget' | 'condition'
> &
  Partial<Pick<AlertRecord, 'valueUpper' | 'bars' | 'message'>>;

/**
 * A firing in words, as every channel says it: the domain's trigger text (prices in the pair's
 * own precision when its catalogue facts are given), and the simulated-market note after what
 * happened when the prices come from the simulator.
 */
export function describeFiring(
  alert: DescribedAlert,
  firing: AlertFiring,
  source: MarketDataStatus['source'],
  pair?: Pick<SymbolInfo, 'priceFormat'>,
): AlertTriggerText {
  const text = describeAlertTrigger(
    {
      symbol: alert.symbol,
      ...(pair === undefined ? {} : { pricePrecision: pair.priceFormat.precision }),
      type: alert.type,
      interval: alert.interval,
      valueOnCreation: alert.valueOnCreation,
      valueTarget: alert.valueTarget,
      condition: alert.condition,
      ...(alert.valueUpper !== undefined ? { valueUpper: alert.valueUpper } : {}),
      ...(alert.bars !== undefined ? { bars: alert.bars } : {}),
      ...(alert.message !== undefined ? { message: alert.message } : {}),
    },
    firing,
  );
  return {
    title: text.title,
    body: source === 'simulator' ? withSimulatedNote(text.body) : text.body,
  };
}

/** Adds the simulated-market note to the first line (what happened), before any message. */
function withSimulatedNote(body: string): string {
  const lineEnd = body.indexOf('\n');
  return lineEnd < 0
    ? `${body}${SIMULATED_MARKET_NOTE}`
    : `${body.slice(0, lineEnd)}${SIMULATED_MARKET_NOTE}${body.slice(lineEnd)}`;
}

/** RFC 8030 §5.4: a Topic is at most 32 characters of the URL-safe base64 alphabet. */
const VALID_TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The RFC 8030 `Topic` of an alert's message: the id itself when it is a valid topic (our 22
 * character ids are), else a 32-character base64url digest of it, so any id gives a valid topic.
 */
export function pushTopic(alertId: string): string {
  if (VALID_TOPIC.test(alertId)) return alertId;
  return crypto.createHash('sha256').update(alertId).digest('base64url').slice(0, 32);
}
