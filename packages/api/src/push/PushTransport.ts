import { type PushSubscriptionKeys } from '../storage/AlertStore';

/** One Web Push message to send. */
export interface PushRequest {
  readonly subscription: PushSubscriptionKeys;
  /** Cleartext payload; the transport encrypts it for the subscription (aes128gcm). */
  readonly payload: string;
  /** RFC 8030 `Topic`: a pending message with the same topic is replaced. */
  readonly topic: string;
  /** RFC 8030 `TTL` in seconds. */
  readonly ttlSeconds: number;
  readonly urgency: 'very-low' | 'low' | 'normal' | 'high';
}

/** What the push service said, sorted by what the sender must do about it. */
export type PushOutcome =
  | { readonly kind: 'delivered'; readonly status: number }
  /** 404/410: the subscription is gone for good. */
  | { readonly kind: 'gone'; readonly status: number }
  /** 429, 5xx or a network failure: try again later (`retryAfterMs` from `Retry-After`). */
  | {
      readonly kind: 'retry';
      readonly status: number | undefined;
      readonly retryAfterMs: number | undefined;
      readonly reason: string;
    }
  /** Any other refusal (400, 401, 403, 413…): sending the same message again cannot help. */
  | { readonly kind: 'rejected'; readonly status: number; readonly reason: string };

/** Sends one Web Push message (the I/O edge of the sender; fakes implement it in unit tests). */
export interface PushTransport {
  send(request: PushRequest): Promise<PushOutcome>;
  /**
   * Gets ready to send to these subscriptions soon (the stored ones at start), when it can
   * prepare anything ahead; false once it takes no more (then the caller stops listing them).
   */
  prepareFor?(subscriptions: readonly PushSubscriptionKeys[]): boolean;
  /** Releases what it holds (worker threads), when it holds anything. */
  close?(): Promise<void>;
}
