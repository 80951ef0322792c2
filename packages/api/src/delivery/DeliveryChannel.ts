import { type AlertTriggerText, type ChannelKind, type UnixMillis } from '@pairwatch/domain';
import { type AlertRecord, type PushSubscriptionKeys } from '../storage/AlertStore';

export { type ChannelKind } from '@pairwatch/domain';

interface ChannelBase {
  readonly id: string;
  readonly ownerId: string;
  readonly createdAt: UnixMillis;
}

/** A browser's Web Push subscription, as a channel of its owner. */
export interface PushChannelRecord extends ChannelBase {
  readonly kind: 'push';
  readonly subscription: PushSubscriptionKeys;
}

/** An HTTP(S) receiver: a bot, a trading script, a chat's incoming webhook. */
export interface WebhookChannelRecord extends ChannelBase {
  readonly kind: 'webhook';
  readonly url: string;
  /** The body template (TradingView placeholders); undefined: the default JSON of all of them. */
  readonly template: string | undefined;
  /** The HMAC key of `Pairwatch-Signature`; shown to the owner once, at creation. */
  readonly secret: string;
  /** Set when a receiver answered 410 Gone: nothing more is sent to it. */
  readonly disabledAt: UnixMillis | undefined;
}

/** A Telegram chat, linked when the bot received `/start <linkCode>` from it. */
export interface TelegramChannelRecord extends ChannelBase {
  readonly kind: 'telegram';
  readonly linkCode: string;
  /** The chat that sent `/start <linkCode>`; undefined until then (the channel is not linked). */
  readonly chatId: string | undefined;
  /** Set when Telegram said the chat is gone for good (the bot was blocked, the chat deleted). */
  readonly disabledAt: UnixMillis | undefined;
}

/** A stored channel of an owner. */
export type ChannelRecord = PushChannelRecord | WebhookChannelRecord | TelegramChannelRecord;

/** The channel record of one kind. */
export type ChannelOfKind<K extends ChannelKind> = Extract<ChannelRecord, { kind: K }>;

/** The bar of the alert's stream when it fired (TradingView's `{{open}}`…`{{volume}}`, `{{time}}`). */
export interface FiringBar {
  /** Open time of the bar. */
  readonly time: UnixMillis;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

/** Everything a channel may say about one firing of an alert; rendered once, when it fires. */
export interface AlertFiringEvent {
  readonly alert: AlertRecord;
  /** When the engine saw the condition met. */
  readonly firedAt: UnixMillis;
  /** The price or RSI that met it. */
  readonly value: number;
  /** The watched stream's bar at the firing, when the engine had one. */
  readonly bar: FiringBar | undefined;
  /** The prices come from the exchange simulator (labelled in every message). */
  readonly simulated: boolean;
  /** The firing in words (title, what happened, the trader's message), simulated note included. */
  readonly text: AlertTriggerText;
}

/** One rendered message for one channel, as the outbox stores it. */
export interface RenderedMessage {
  /** Replace-key of the message (Web Push `Topic`); the alert id elsewhere. */
  readonly topic: string;
  /** What is sent: the push notification JSON, the webhook body, the Telegram text. */
  readonly payload: string;
}

/** One delivery taken from the outbox for an attempt. */
export interface DeliveryAttempt {
  /** The delivery id (webhooks send it as `Pairwatch-Delivery`, the same on every retry). */
  readonly id: string;
  readonly alertId: string;
  readonly topic: string;
  readonly payload: string;
  /** Attempts made before this one. */
  readonly attempts: number;
  readonly createdAt: UnixMillis;
}

/** What one attempt came to, sorted by what the sender must do about it. */
export type DeliveryOutcome =
  | { readonly kind: 'delivered'; readonly status: number | undefined }
  /** Try again later: network error, timeout, 429, 5xx (`retryAfterMs` when the receiver said). */
  | {
      readonly kind: 'retry';
      readonly status: number | undefined;
      readonly retryAfterMs: number | undefined;
      readonly reason: string;
    }
  /** Sending the same message again cannot help (another 4xx): fail it, keep the channel. */
  | { readonly kind: 'failed'; readonly status: number | undefined; readonly reason: string }
  /** The destination is gone for good (push 404/410, webhook 410, a Telegram chat that blocked the bot). */
  | { readonly kind: 'gone'; readonly status: number | undefined; readonly reason: string };

/** How long and how often a kind of channel is retried. */
export interface RetryPolicy {
  /** First retry after about this long, doubling per attempt (with jitter)… */
  readonly baseMs: number;
  /** …up to this long between attempts. */
  readonly maxMs: number;
  /** A delivery still failing this long after its firing is given up (Failed). */
  readonly giveUpAfterMs: number;
}

/**
 * One way of delivering alerts (docs/architecture.md §9): how a firing reads in that place, how
 * one message is sent there, and how failures are retried. The outbox, its leases, per-destination
 * concurrency and the delivery log are the sender's, the same for every kind.
 */
export interface DeliveryChannel<K extends ChannelKind = ChannelKind> {
  readonly kind: K;
  readonly retry: RetryPolicy;
  /** Renders a firing for one channel; stored in the outbox with the firing, in one transaction. */
  render(event: AlertFiringEvent, channel: ChannelOfKind<K>): RenderedMessage;
  /** Sends one stored message to the channel. Never throws: failures are outcomes. */
  send(attempt: DeliveryAttempt, channel: ChannelOfKind<K>): Promise<DeliveryOutcome>;
  /**
   * The destination one slow receiver occupies (webhook: the URL's origin): at most a few
   * deliveries per destination are in flight, so a dead receiver never holds up the others.
   */
  destination(channel: ChannelOfKind<K>): string;
}
