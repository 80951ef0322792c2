import crypto from 'node:crypto';
import { once } from 'node:events';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import { type AddressInfo } from 'node:net';
import { createSelfSignedCertificate } from './createSelfSignedCertificate';
import { decryptAes128gcm } from './decryptAes128gcm';
import { type VerifiedVapid, verifyVapidAuthorization } from './verifyVapidAuthorization';

/** RFC 8030 §7.2: a push service must accept message bodies up to 4096 bytes. */
const MAX_BODY_BYTES = 4096;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;
const MAX_CACHED_TOKENS = 1000;

/** A subscription as a browser's `PushSubscription.toJSON()` gives it. */
export interface LocalPushSubscription {
  readonly endpoint: string;
  readonly expirationTime: null;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** A message the service accepted (201), decrypted. */
export interface ReceivedPush {
  readonly endpoint: string;
  /** The decrypted payload (UTF-8). */
  readonly payload: string;
  readonly ttl: number;
  readonly urgency: string | undefined;
  readonly topic: string | undefined;
  readonly vapid: VerifiedVapid;
  /** When it was accepted: checked and decrypted (Unix ms). */
  readonly receivedAt: number;
  /**
   * When the whole request had been read, before the service checked and decrypted it (Unix ms,
   * sub-millisecond): the sender's "sent" plus the network, without the service's own work.
   */
  readonly arrivedAt: number;
}

/** Every request the push endpoints got, with the status answered and why. */
export interface PushAttempt {
  readonly endpoint: string;
  readonly status: number;
  readonly reason: string;
  readonly at: number;
}

/** An answer to give instead of 201, for testing a sender's error handling. */
export interface PlannedFailure {
  readonly status: 404 | 410 | 429 | 500 | 502 | 503;
  /** `Retry-After` in seconds (429 and 503). */
  readonly retryAfterSeconds?: number;
}

interface SubscriptionState {
  readonly receiver: { ecdh: crypto.ECDH; authSecret: Buffer };
  readonly applicationServerKey: string | undefined;
  expired: boolean;
  /** Never answers (a push service that accepted the connection and stalled). */
  hanging: boolean;
  readonly failures: PlannedFailure[];
}

type Waiter = { readonly count: () => boolean; readonly resolve: () => void };

/**
 * A Web Push service on loopback for tests and benchmarks — the part of a browser vendor's push
 * service an application server talks to. It serves HTTPS with a certificate made at start (the
 * `web-push` client speaks HTTPS only), accepts RFC 8030 message posts on `POST /push/<id>`,
 * checks the RFC 8292 VAPID token and the RFC 8030 headers, decrypts the RFC 8291 payload with
 * the private key of the subscription it created, and records what it got. It can be told to
 * answer 404, 410, 429 (with `Retry-After`) or 5xx instead.
 *
 * @example
 * ```ts
 * const push = await LocalPushService.start();
 * const subscription = push.createSubscription();   // POST it to /push/subscriptions
 * // … trigger an alert …
 * const [message] = await push.waitForPushes(1);
 * JSON.parse(message.payload).body;                  // "BTCUSDT price rose to 65,000.00"
 * await push.close();
 * ```
 * The api trusts the certificate through `NODE_EXTRA_CA_CERTS` (a file holding
 * {@link LocalPushService.certificatePem}) when it runs as a child process, and accepts the
 * service's loopback endpoints only with `PUSH_ALLOW_PRIVATE_ENDPOINTS=true`.
 */
export class LocalPushService {
  private readonly subscriptions = new Map<string, SubscriptionState>();
  private readonly receivedPushes: ReceivedPush[] = [];
  private readonly attemptLog: PushAttempt[] = [];
  private readonly globalFailures: PlannedFailure[] = [];
  private waiters: Waiter[] = [];
  private hung = 0;
  private readonly verifiedTokens = new Map<string, VerifiedVapid>();

  private constructor(
    private readonly server: https.Server,
    /** `https://127.0.0.1:<port>`: the `aud` VAPID tokens must name. */
    readonly origin: string,
    /** The self-signed certificate (PEM) a client must trust. */
    readonly certificatePem: string,
  ) {
    server.on('request', (request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        this.answer(response, request.url ?? '', 500, `internal error: ${String(error)}`);
      });
    });
  }

  /** Starts the service on an ephemeral loopback port. */
  static async start(options: { readonly host?: string } = {}): Promise<LocalPushService> {
    const host = options.host ?? '127.0.0.1';
    const { keyPem, certificatePem } = await createSelfSignedCertificate();
    const server = https.createServer({
      key: keyPem,
      cert: certificatePem,
      keepAliveTimeout: 30_000,
    });
    server.listen(0, host);
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const hostPart = host.includes(':') ? `[${host}]` : host;
    return new LocalPushService(server, `https://${hostPart}:${port}`, certificatePem);
  }

  /**
   * Creates a subscription as a browser would: a fresh P-256 key pair and auth secret, kept here
   * to decrypt what arrives.
   *
   * @param options.applicationServerKey - when given, messages must be signed with this VAPID key.
   */
  createSubscription(
    options: { readonly applicationServerKey?: string } = {},
  ): LocalPushSubscription {
    const id = crypto.randomBytes(16).toString('base64url');
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = crypto.randomBytes(16);
    this.subscriptions.set(id, {
      receiver: { ecdh, authSecret },
      applicationServerKey: options.applicationServerKey,
      expired: false,
      hanging: false,
      failures: [],
    });
    return {
      endpoint: `${this.origin}/push/${id}`,
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: authSecret.toString('base64url'),
      },
    };
  }

  /** Makes a subscription answer 410 Gone from now on, as after the user unsubscribed. */
  expireSubscription(endpoint: string): void {
    this.state(endpoint).expired = true;
  }

  /**
   * Makes a subscription's endpoint never answer from now on: each request is read and then held
   * open with no status line, until the sender gives up or the service closes.
   */
  hang(endpoint: string): void {
    this.state(endpoint).hanging = true;
  }

  /** Requests held unanswered by {@link hang} so far. */
  get hungRequests(): number {
    return this.hung;
  }

  /**
   * Answers the next `times` valid messages with `failure` instead of 201 — for one subscription,
   * or for all when `endpoint` is undefined.
   */
  failNext(endpoint: string | undefined, failure: PlannedFailure, times = 1): void {
    const queue = endpoint === undefined ? this.globalFailures : this.state(endpoint).failures;
    for (let i = 0; i < times; i += 1) queue.push(failure);
  }

  /** Drops every planned failure not answered yet (global and per subscription): healthy again. */
  clearFailures(): void {
    this.globalFailures.length = 0;
    for (const state of this.subscriptions.values()) state.failures.length = 0;
  }

  /** Messages accepted so far (all subscriptions), oldest first. */
  get received(): readonly ReceivedPush[] {
    return [...this.receivedPushes];
  }

  /** How many messages were accepted so far, without copying them (a bench asks every few ms). */
  get receivedCount(): number {
    return this.receivedPushes.length;
  }

  /** The messages accepted from the `from`-th on, oldest first. */
  receivedSince(from: number): readonly ReceivedPush[] {
    return this.receivedPushes.slice(from);
  }

  /** Every request to a push endpoint so far, with the status answered. */
  get attempts(): readonly PushAttempt[] {
    return [...this.attemptLog];
  }

  /** Messages accepted for one subscription. */
  receivedFor(endpoint: string): ReceivedPush[] {
    return this.receivedPushes.filter((push) => push.endpoint === endpoint);
  }

  /**
   * Resolves once `count` messages were accepted in total (or for `endpoint` only).
   *
   * @throws Error after `timeoutMs`, telling what did arrive.
   */
  async waitForPushes(
    count: number,
    options: { readonly endpoint?: string; readonly timeoutMs?: number } = {},
  ): Promise<ReceivedPush[]> {
    const pick = (): ReceivedPush[] =>
      options.endpoint === undefined
        ? [...this.receivedPushes]
        : this.receivedFor(options.endpoint);
    await this.waitUntil(
      () => pick().length >= count,
      options.timeoutMs ?? 10_000,
      () =>
        `expected ${count} push message(s), got ${pick().length}; attempts: ${JSON.stringify(
          this.attemptLog.map((a) => ({ status: a.status, reason: a.reason })),
        )}`,
    );
    return pick();
  }

  /** Resolves once `count` requests (of any outcome) reached the push endpoints. */
  async waitForAttempts(count: number, timeoutMs = 10_000): Promise<PushAttempt[]> {
    await this.waitUntil(
      () => this.attemptLog.length >= count,
      timeoutMs,
      () => `expected ${count} push request(s), got ${this.attemptLog.length}`,
    );
    return [...this.attemptLog];
  }

  /** Stops the server and drops open connections. */
  async close(): Promise<void> {
    const closed = once(this.server, 'close');
    this.server.close();
    this.server.closeAllConnections();
    await closed;
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters = [];
  }

  /**
   * Verifies a VAPID header; a token that verified before is trusted again until it expires, as
   * senders reuse one token per push service for hours (the signature check is the costly part).
   */
  private verifyVapid(authorization: string | undefined, applicationServerKey: string | undefined) {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const cached = authorization === undefined ? undefined : this.verifiedTokens.get(authorization);
    if (
      cached &&
      cached.expiresAt > nowSeconds &&
      (applicationServerKey === undefined || cached.publicKey === applicationServerKey)
    ) {
      return cached;
    }
    const result = verifyVapidAuthorization(authorization, {
      audience: this.origin,
      nowSeconds,
      applicationServerKey,
    });
    if (result.ok && authorization !== undefined) {
      if (this.verifiedTokens.size >= MAX_CACHED_TOKENS) this.verifiedTokens.clear();
      this.verifiedTokens.set(authorization, result);
    }
    return result;
  }

  private state(endpoint: string): SubscriptionState {
    const id = endpoint.slice(endpoint.lastIndexOf('/') + 1);
    const state = this.subscriptions.get(id);
    if (!state) throw new Error(`LocalPushService has no subscription ${endpoint}`);
    return state;
  }

  private waitUntil(done: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`LocalPushService: timed out after ${timeoutMs} ms: ${describe()}`));
      }, timeoutMs);
      const waiter: Waiter = {
        count: done,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      this.waiters.push(waiter);
    });
  }

  private notify(): void {
    const ready = this.waiters.filter((waiter) => waiter.count());
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve();
  }

  private answer(
    response: ServerResponse,
    endpointPath: string,
    status: number,
    reason: string,
    headers: Record<string, string> = {},
  ): void {
    this.attemptLog.push({
      endpoint: `${this.origin}${endpointPath}`,
      status,
      reason,
      at: Date.now(),
    });
    if (!response.headersSent) {
      const body = status >= 400 ? JSON.stringify({ reason }) : '';
      response.writeHead(status, {
        ...headers,
        ...(body ? { 'content-type': 'application/json' } : {}),
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    }
    this.notify();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    const path = url.pathname;
    const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(path);
    const state = match ? this.subscriptions.get(match[1] ?? '') : undefined;
    if (!match || !state) {
      request.resume();
      return this.answer(response, path, 404, 'no such subscription');
    }
    if (request.method !== 'POST') {
      request.resume();
      return this.answer(response, path, 405, `method ${request.method ?? ''} not allowed`, {
        allow: 'POST',
      });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    }
    const arrivedAt = performance.timeOrigin + performance.now();
    if (state.hanging) {
      this.hung += 1;
      return;
    }
    if (state.expired)
      return this.answer(response, path, 410, 'push subscription has unsubscribed or expired');

    const header = (name: string): string | undefined => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    const ttl = header('ttl');
    if (ttl === undefined || !/^\d+$/.test(ttl.trim())) {
      return this.answer(response, path, 400, `TTL header missing or not a number: ${String(ttl)}`);
    }
    const urgency = header('urgency');
    if (urgency !== undefined && !URGENCIES.has(urgency.trim())) {
      return this.answer(response, path, 400, `invalid Urgency: ${urgency}`);
    }
    const topic = header('topic');
    if (topic !== undefined && !TOPIC.test(topic)) {
      return this.answer(
        response,
        path,
        400,
        `invalid Topic (≤ 32 base64url characters): ${topic}`,
      );
    }
    const vapid = this.verifyVapid(header('authorization'), state.applicationServerKey);
    if (!vapid.ok) return this.answer(response, path, vapid.status, vapid.reason);
    if (size > MAX_BODY_BYTES)
      return this.answer(response, path, 413, `body of ${size} bytes exceeds ${MAX_BODY_BYTES}`);
    if (header('content-encoding') !== 'aes128gcm') {
      return this.answer(
        response,
        path,
        400,
        `Content-Encoding must be aes128gcm, got ${String(header('content-encoding'))}`,
      );
    }
    let payload: string;
    try {
      payload = decryptAes128gcm(Buffer.concat(chunks), state.receiver).toString('utf8');
    } catch (error: unknown) {
      return this.answer(response, path, 400, `cannot decrypt: ${(error as Error).message}`);
    }

    const failure = state.failures.shift() ?? this.globalFailures.shift();
    if (failure) {
      const retryAfter: Record<string, string> =
        failure.retryAfterSeconds === undefined
          ? {}
          : { 'retry-after': String(failure.retryAfterSeconds) };
      return this.answer(response, path, failure.status, `planned ${failure.status}`, retryAfter);
    }

    this.receivedPushes.push({
      endpoint: `${this.origin}${path}`,
      payload,
      ttl: Number(ttl),
      urgency: urgency?.trim(),
      topic,
      vapid,
      receivedAt: Date.now(),
      arrivedAt,
    });
    this.answer(response, path, 201, 'accepted', {
      location: `${this.origin}/message/${crypto.randomBytes(12).toString('base64url')}`,
      ttl: ttl.trim(),
    });
  }
}
