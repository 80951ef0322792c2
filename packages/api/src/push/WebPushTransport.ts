import type https from 'node:https';
import webpush from 'web-push';
import { parseRetryAfter } from './parseRetryAfter';
import { type PushOutcome, type PushRequest, type PushTransport } from './PushTransport';
import { type VapidKeys } from './VapidKeys';

/** Lifetime of the VAPID tokens we sign (RFC 8292 allows at most 24 h). */
const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
/** Sign a new token when the cached one has less than this left. */
const TOKEN_RENEW_BEFORE_SECONDS = 6 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;

/** Options of {@link WebPushTransport}. */
export interface WebPushTransportOptions {
  /** Socket timeout per request. */
  readonly timeoutMs?: number;
  /**
   * TEST ONLY: the HTTPS agent for push requests, so an in-process test can trust a local push
   * service's self-signed certificate. Product code never sets it: the api uses Node's trust
   * store, extended by `NODE_EXTRA_CA_CERTS` when needed.
   */
  readonly testAgent?: https.Agent;
  /** Clock in ms (tests). */
  readonly now?: () => number;
}

/**
 * {@link PushTransport} over the `web-push` library: aes128gcm encryption and a VAPID token per
 * push service origin, signed once and reused for hours rather than once per message.
 */
export class WebPushTransport implements PushTransport {
  private readonly _tokens = new Map<string, { authorization: string; expiresAt: number }>();
  private readonly _now: () => number;

  public constructor(
    private readonly _vapid: VapidKeys,
    private readonly _options: WebPushTransportOptions = {},
  ) {
    this._now = _options.now ?? Date.now;
  }

  public async send(request: PushRequest): Promise<PushOutcome> {
    const { subscription } = request;
    try {
      const result = await webpush.sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        request.payload,
        {
          TTL: request.ttlSeconds,
          urgency: request.urgency,
          topic: request.topic,
          contentEncoding: 'aes128gcm',
          // The token is signed here (cached per origin), so the library must not sign another.
          vapidDetails: null as unknown as undefined,
          headers: { Authorization: this._authorization(subscription.endpoint) },
          timeout: this._options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          ...(this._options.testAgent ? { agent: this._options.testAgent } : {}),
        },
      );
      return { kind: 'delivered', status: result.statusCode };
    } catch (error: unknown) {
      if (error instanceof webpush.WebPushError) {
        const status = error.statusCode;
        const reason = `push service answered ${status}${error.body ? `: ${error.body.slice(0, 200)}` : ''}`;
        if (status === 404 || status === 410) return { kind: 'gone', status };
        if (status === 429 || status >= 500) {
          return {
            kind: 'retry',
            status,
            retryAfterMs: parseRetryAfter(error.headers['retry-after'], this._now()),
            reason,
          };
        }
        return { kind: 'rejected', status, reason };
      }
      return {
        kind: 'retry',
        status: undefined,
        retryAfterMs: undefined,
        reason: `network error: ${String(error)}`,
      };
    }
  }

  private _authorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const nowSeconds = Math.floor(this._now() / 1000);
    const cached = this._tokens.get(audience);
    if (cached && cached.expiresAt - nowSeconds > TOKEN_RENEW_BEFORE_SECONDS)
      return cached.authorization;
    const expiresAt = nowSeconds + TOKEN_LIFETIME_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this._vapid.subject,
      this._vapid.publicKey,
      this._vapid.privateKey,
      'aes128gcm',
      expiresAt,
    );
    this._tokens.set(audience, { authorization: Authorization, expiresAt });
    return Authorization;
  }
}
