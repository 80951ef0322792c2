import { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { type LookupFunction } from 'node:net';
import { createGuardedLookup, PrivateAddressError, privateHostReason } from './privateAddresses';
import { PreparedPushKey } from './PreparedPushKey';
import { type PreparedPushKeys } from './PreparedPushKeys';
import { inlinePushEncryptor, type PushEncryptor } from './PushEncryptor';
import { parseRetryAfter, pushReplyReason } from './pushReply';
import { type PushOutcome, type PushRequest, type PushTransport } from './PushTransport';
import { type PushSubscriptionKeys } from '../storage/AlertStore';
import { type VapidKeys } from './VapidKeys';

/** Lifetime of the VAPID tokens we sign (RFC 8292 allows at most 24 h). */
const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
/** Sign a new token when the cached one has less than this left. */
const TOKEN_RENEW_BEFORE_SECONDS = 6 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;
/**
 * How long an idle connection to a push service is kept. Node's global agent closes one after
 * 5 s, and alerts come in bursts minutes apart: each burst then opened a connection per send in
 * flight (up to 64), a TCP and TLS handshake each, before its first pushes could leave (tick → push
 * bench, a move 10 s after the last push: first 100 pushes at p99 392 ms with the 64 handshakes,
 * 162 ms without; docs/architecture.md §9). A push service may close it sooner; the agent then
 * opens another.
 */
export const PUSH_IDLE_CONNECTION_MS = 120_000;
/** Push services answer in a few bytes; more of a reply is not read. */
const MAX_REPLY_BYTES = 4096;

/** Options of {@link WebPushTransport}. */
export interface WebPushTransportOptions {
  /** Deadline of one request, reply included. */
  readonly timeoutMs?: number;
  /** Clock in ms (tests). */
  readonly now?: () => number;
  /**
   * `PUSH_ALLOW_PRIVATE_ENDPOINTS`: connect to push services in the api's own network (tests with
   * a local push service). Default false: every connection resolves its host through
   * `createGuardedLookup`, which refuses private addresses.
   */
  readonly allowPrivateEndpoints?: boolean;
  /**
   * Who encrypts the messages: a `PushEncryptionPool` (`PUSH_ENCRYPTION_WORKERS`) keeps the
   * ECDH arithmetic off the event loop; default the calling thread. Closed with the transport.
   */
  readonly encryptor?: PushEncryptor;
  /**
   * Keys prepared ahead per subscription (`PUSH_PREPARED_KEYS`): a message to a subscription with
   * one ready is sealed with it, and another is asked for; without one, the encryptor encrypts it.
   * Closed with the transport.
   */
  readonly preparedKeys?: PreparedPushKeys;
  /** Idle connections to a push service are closed after this long. Default {@link PUSH_IDLE_CONNECTION_MS}. */
  readonly idleConnectionMs?: number;
}

/** What a push service answered: its status, headers and the first bytes of its body. */
interface PushReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/**
 * {@link PushTransport} for RFC 8030 push services: a message is sealed with its subscription's
 * key prepared ahead when one is ready ({@link PreparedPushKeys}), else the `web-push` library
 * encrypts it (aes128gcm, through the {@link PushEncryptor}); the VAPID token is signed once per
 * push service origin and reused for hours rather than once per message; the request is ours, so
 * that a reply is read up to 4 KiB only and within one deadline (the endpoint is whatever a
 * browser registered). Connections are kept alive between bursts ({@link PUSH_IDLE_CONNECTION_MS}).
 * Outgoing HTTPS uses Node's trust store, extended by `NODE_EXTRA_CA_CERTS` when a test runs a
 * local push service.
 */
export class WebPushTransport implements PushTransport {
  private readonly tokens = new Map<string, { authorization: string; expiresAt: number }>();
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly lookup: LookupFunction | undefined;
  private readonly encryptor: PushEncryptor;
  private readonly preparedKeys: PreparedPushKeys | undefined;
  private readonly agent: https.Agent;

  constructor(
    private readonly vapid: VapidKeys,
    options: WebPushTransportOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.lookup = options.allowPrivateEndpoints ? undefined : createGuardedLookup();
    this.encryptor = options.encryptor ?? inlinePushEncryptor;
    this.preparedKeys = options.preparedKeys;
    // Its own agent, for the idle time; the TLS trust is the process's (NODE_EXTRA_CA_CERTS, or
    // what the global agent was told to trust by the code embedding the api).
    this.agent = new https.Agent({
      keepAlive: true,
      // The most recently used connection first, so that the few a trickle needs stay warm and
      // the rest of a burst's idle out.
      scheduling: 'lifo',
      timeout: options.idleConnectionMs ?? PUSH_IDLE_CONNECTION_MS,
      ...(https.globalAgent.options.ca === undefined ? {} : { ca: https.globalAgent.options.ca }),
    });
  }

  prepareFor(subscriptions: readonly PushSubscriptionKeys[]): boolean {
    const keys = this.preparedKeys;
    if (!keys) return false;
    for (const subscription of subscriptions) {
      if (keys.pending + keys.size >= keys.capacity) return false;
      keys.want(subscription);
    }
    return true;
  }

  /**
   * Stops the encryptor's workers (messages sent later are encrypted on this thread), drops the
   * prepared keys and closes the idle connections.
   */
  close(): Promise<void> {
    this.preparedKeys?.close();
    this.agent.destroy();
    return this.encryptor.close();
  }

  async send(request: PushRequest): Promise<PushOutcome> {
    const { subscription } = request;
    let body: Buffer;
    let authorization: string;
    try {
      body = await this.encrypt(subscription, request.payload);
      authorization = this.authorization(subscription.endpoint);
    } catch (error: unknown) {
      return this.retry(`could not prepare the message: ${String(error)}`);
    }
    // An IP literal never goes through `lookup`: judge it here.
    const literal = this.lookup && privateHostReason(new URL(subscription.endpoint).hostname);
    if (literal) return { kind: 'rejected', status: 0, reason: `refused: the host is ${literal}` };
    let reply: PushReply;
    try {
      reply = await this.post(subscription.endpoint, body, {
        Authorization: authorization,
        TTL: request.ttlSeconds,
        Urgency: request.urgency,
        Topic: request.topic,
        'Content-Type': 'application/octet-stream',
        'Content-Encoding': 'aes128gcm',
        'Content-Length': body.length,
      });
    } catch (error: unknown) {
      // Never worth a retry: the endpoint leads into our own network.
      if (error instanceof PrivateAddressError) {
        return { kind: 'rejected', status: 0, reason: `refused: ${error.message}` };
      }
      return this.retry(`network error: ${String(error)}`);
    }
    const { status } = reply;
    if (status >= 200 && status <= 299) return { kind: 'delivered', status };
    if (status === 404 || status === 410) {
      this.preparedKeys?.forget(subscription);
      return { kind: 'gone', status };
    }
    const reason = pushReplyReason(status, reply.body);
    if (status === 429 || status >= 500) {
      return {
        kind: 'retry',
        status,
        retryAfterMs: parseRetryAfter(reply.headers['retry-after'], this.now()),
        reason,
      };
    }
    return { kind: 'rejected', status, reason };
  }

  /** The message's body: sealed with the subscription's prepared key if one is ready. */
  private async encrypt(subscription: PushSubscriptionKeys, payload: string): Promise<Buffer> {
    const prepared =
      Buffer.byteLength(payload, 'utf8') <= PreparedPushKey.MAX_PAYLOAD_BYTES
        ? this.preparedKeys?.take(subscription)
        : undefined;
    // The next message to this browser, likely soon (one move often fires several of its alerts).
    this.preparedKeys?.want(subscription);
    if (prepared) return prepared.seal(payload);
    return this.encryptor.encrypt(subscription.p256dh, subscription.auth, payload);
  }

  private retry(reason: string): PushOutcome {
    return { kind: 'retry', status: undefined, retryAfterMs: undefined, reason };
  }

  /**
   * POSTs the message; resolves with the reply (its body cut at 4 KiB), rejects on an I/O failure
   * or when the whole exchange takes longer than the deadline.
   */
  private post(endpoint: string, body: Buffer, headers: OutgoingHttpHeaders): Promise<PushReply> {
    return new Promise<PushReply>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined = undefined;
      const settle = (outcome: () => void) => {
        if (timer === undefined) return;
        clearTimeout(timer);
        timer = undefined;
        outcome();
      };
      const options = {
        method: 'POST',
        headers,
        agent: this.agent,
        ...(this.lookup ? { lookup: this.lookup } : {}),
      };
      const request = https.request(endpoint, options, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          settle(() =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        response.on('data', (chunk: Buffer) => {
          if (size < MAX_REPLY_BYTES) chunks.push(chunk.subarray(0, MAX_REPLY_BYTES - size));
          size += chunk.length;
          if (size >= MAX_REPLY_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', (error) => settle(() => reject(error)));
        // Closed before its end (after 'end', the reply has already settled this).
        response.on('close', () =>
          settle(() => reject(new Error('the push service closed the connection mid-answer'))),
        );
      });
      timer = setTimeout(
        () => request.destroy(new Error(`no complete answer within ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
      request.on('error', (error) => settle(() => reject(error)));
      request.end(body);
    });
  }

  private authorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const nowSeconds = Math.floor(this.now() / 1000);
    const cached = this.tokens.get(audience);
    if (cached && cached.expiresAt - nowSeconds > TOKEN_RENEW_BEFORE_SECONDS)
      return cached.authorization;
    const expiresAt = nowSeconds + TOKEN_LIFETIME_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this.vapid.subject,
      this.vapid.publicKey,
      this.vapid.privateKey,
      'aes128gcm',
      expiresAt,
    );
    this.tokens.set(audience, { authorization: Authorization, expiresAt });
    return Authorization;
  }
}
