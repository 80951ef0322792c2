import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { type LookupFunction } from 'node:net';
import { createGuardedLookup, PrivateAddressError } from '../../push/privateAddresses';
import { parseRetryAfter } from '../../push/pushReply';
import {
  type AlertFiringEvent,
  type DeliveryAttempt,
  type DeliveryChannel,
  type DeliveryOutcome,
  type RenderedMessage,
  type RetryPolicy,
  type WebhookChannelRecord,
} from '../DeliveryChannel';
import { renderWebhookTemplate } from './renderWebhookTemplate';
import { PAIRWATCH_SIGNATURE_HEADER, signWebhook } from './signWebhook';
import { validateWebhookUrl } from './validateWebhookUrl';
import { webhookContentType } from './webhookContentType';
import { errorMessage } from '../../util/errorMessage';

/**
 * Webhooks are retried soon (a receiver restarting), then less and less often, for a day: a
 * trading script down overnight still gets the morning's alerts, in order, once it is back.
 */
export const WEBHOOK_RETRY_POLICY: RetryPolicy = {
  baseMs: 2_000,
  maxMs: 60 * 60 * 1_000,
  giveUpAfterMs: 24 * 60 * 60 * 1_000,
};

const DEFAULT_TIMEOUT_MS = 5_000;
/** A receiver's answer matters for its status; this much of its body is kept, for the log. */
const MAX_REPLY_BYTES = 1024;
const MAX_REASON_LENGTH = 200;
const USER_AGENT = 'Pairwatch-Webhook/1';

/** Options of {@link WebhookChannel}. */
export interface WebhookChannelOptions {
  /**
   * `PUSH_ALLOW_PRIVATE_ENDPOINTS`: admit receivers on loopback and in private networks (tests).
   * Link-local and cloud metadata addresses are refused even then.
   */
  readonly allowPrivate?: boolean;
  /** Deadline of one request, from connecting to the answer's status. Default 5 s. */
  readonly timeoutMs?: number;
  /** Clock in ms: the signature's time (tests). */
  readonly now?: () => number;
  /** The resolver behind the address guard (tests); default `dns.lookup`. */
  readonly resolve?: Parameters<typeof createGuardedLookup>[0];
}

/** What a receiver answered: its status, headers and the first bytes of its body. */
interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * Delivers alerts to an owner's HTTP(S) receiver: the channel's template rendered at the firing,
 * POSTed with `Pairwatch-Signature` (HMAC of the time and body, signed at each attempt) and
 * `Pairwatch-Delivery` (the same on every retry, for the receiver to drop duplicates).
 *
 * The URL is whatever the owner typed, so a request must not reach into the api's own network:
 * only http(s), IP literals judged before connecting, every name resolved through the address
 * guard on every connection (DNS rebinding), no redirects followed, at most 1 KiB of an answer
 * read, and one 5 s deadline for all of it. Each request has its own connection, closed after.
 */
export class WebhookChannel implements DeliveryChannel<'webhook'> {
  readonly kind = 'webhook';
  readonly retry = WEBHOOK_RETRY_POLICY;
  private readonly allowPrivate: boolean;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly lookup: LookupFunction;

  constructor(options: WebhookChannelOptions = {}) {
    this.allowPrivate = options.allowPrivate ?? false;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
    this.lookup = createGuardedLookup(options.resolve, { allowPrivate: this.allowPrivate });
  }

  render(event: AlertFiringEvent, channel: WebhookChannelRecord): RenderedMessage {
    return { topic: event.alert.id, payload: renderWebhookTemplate(channel.template, event) };
  }

  destination(channel: WebhookChannelRecord): string {
    try {
      return new URL(channel.url).origin;
    } catch {
      return channel.url;
    }
  }

  async send(attempt: DeliveryAttempt, channel: WebhookChannelRecord): Promise<DeliveryOutcome> {
    // Checked again here: a stored URL may predate a rule, and an IP literal skips the lookup.
    const problem = validateWebhookUrl(channel.url, this.allowPrivate);
    if (problem !== undefined) return { kind: 'failed', status: undefined, reason: problem };
    const body = Buffer.from(attempt.payload, 'utf8');
    let reply: Reply;
    try {
      reply = await this.post(new URL(channel.url), body, {
        'Content-Type': webhookContentType(attempt.payload),
        'Content-Length': body.length,
        'User-Agent': USER_AGENT,
        [PAIRWATCH_SIGNATURE_HEADER]: signWebhook(channel.secret, attempt.payload, this.now()),
        'Pairwatch-Delivery': attempt.id,
      });
    } catch (error: unknown) {
      if (error instanceof PrivateAddressError) {
        return { kind: 'failed', status: undefined, reason: `refused: ${error.message}` };
      }
      const reason = `could not reach the receiver: ${errorMessage(error)}`;
      return { kind: 'retry', status: undefined, retryAfterMs: undefined, reason };
    }
    return this.outcome(reply);
  }

  private outcome({ status, headers, body }: Reply): DeliveryOutcome {
    if (status >= 200 && status <= 299) return { kind: 'delivered', status };
    const reason = replyReason(status, body);
    if (status === 410) return { kind: 'gone', status, reason };
    if (status === 429 || status >= 500) {
      const retryAfterMs = parseRetryAfter(headers['retry-after'], this.now());
      return { kind: 'retry', status, retryAfterMs, reason };
    }
    if (status >= 300 && status <= 399) {
      return {
        kind: 'failed',
        status,
        reason: `${reason} (a redirect, not followed: give the final URL)`,
      };
    }
    return { kind: 'failed', status, reason };
  }

  /**
   * POSTs the body; resolves with the status and at most 1 KiB of the answer, rejects on an I/O
   * failure or when no status came within the deadline. The connection is destroyed either way.
   */
  private post(url: URL, body: Buffer, headers: OutgoingHttpHeaders): Promise<Reply> {
    return new Promise<Reply>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      let response: http.IncomingMessage | undefined = undefined;
      let settled = false;
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.destroy();
        outcome();
      };
      // With the status known, the answer is whatever arrived by now.
      const answered = () =>
        finish(() =>
          resolve({
            status: response?.statusCode ?? 0,
            headers: response?.headers ?? {},
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      // agent: false — a connection of its own, never reused, closed once answered.
      const request = client.request(
        url,
        { method: 'POST', headers, agent: false, lookup: this.lookup },
        (incoming) => {
          response = incoming;
          incoming.on('error', answered);
          const status = incoming.statusCode ?? 0;
          if (status >= 200 && status <= 299) {
            answered();
            return;
          }
          incoming.on('data', (chunk: Buffer) => {
            if (size < MAX_REPLY_BYTES) chunks.push(chunk.subarray(0, MAX_REPLY_BYTES - size));
            size += chunk.length;
            if (size >= MAX_REPLY_BYTES) answered();
          });
          incoming.on('end', answered);
          incoming.on('close', answered);
        },
      );
      const timer = setTimeout(() => {
        if (response !== undefined) answered();
        else finish(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)));
      }, this.timeoutMs);
      request.on('error', (error) => {
        if (response !== undefined) answered();
        else finish(() => reject(error));
      });
      request.end(body);
    });
  }
}

/**
 * A short reason for a receiver's error answer, for the delivery log the owner reads: the status
 * and the start of the body, printable characters only.
 *
 * @example `replyReason(500, 'Internal error\n')` → `'receiver answered 500: Internal error'`
 */
function replyReason(status: number, body: string): string {
  const gist = body
    .replace(/[^\p{L}\p{N}\p{P}\p{S} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = gist.length > MAX_REASON_LENGTH ? `${gist.slice(0, MAX_REASON_LENGTH)}…` : gist;
  return `receiver answered ${status}${short ? `: ${short}` : ''}`;
}
