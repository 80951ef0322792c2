import { once } from 'node:events';
import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, type Socket } from 'node:net';

/** Bodies beyond this are cut (a webhook body is a few hundred bytes). */
const MAX_BODY_BYTES = 1024 * 1024;

/** One request as the receiver got it. */
export interface WebhookRequest {
  readonly method: string;
  /** Path and query, e.g. `/hook?x=1`. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** `Pairwatch-Delivery`. */
  readonly deliveryId: string | undefined;
  /** `Pairwatch-Signature`. */
  readonly signature: string | undefined;
  readonly contentType: string | undefined;
  /** The raw body (UTF-8). */
  readonly body: string;
  readonly receivedAt: number;
}

/** What to answer: a status (after `delayMs`), or never to answer, or to drop the connection. */
export type WebhookResponse =
  | {
      readonly status: number;
      readonly delayMs?: number;
      readonly headers?: Readonly<Record<string, string>>;
      readonly body?: string;
    }
  | 'hang'
  | 'reset';

/** Decides the answer to each request. */
export type WebhookHandler = (request: WebhookRequest) => WebhookResponse;

/** A request received, with what it was answered. */
export interface ReceivedWebhook extends WebhookRequest {
  /** The status answered, or `'hang'` / `'reset'`. */
  readonly status: number | 'hang' | 'reset';
}

type Waiter = () => void;

/**
 * A webhook receiver on loopback for tests: a real HTTP server on 127.0.0.1 (a random port) that
 * records every request and answers 200, or what {@link respondWith} decides per request — any
 * status with headers and a body, after a delay, no answer at all (`'hang'`), or a dropped
 * connection (`'reset'`). The api reaches it only with private endpoints allowed
 * (`PUSH_ALLOW_PRIVATE_ENDPOINTS=true`).
 *
 * @example
 * ```ts
 * const receiver = await WebhookReceiver.start();
 * // … create a webhook channel with receiver.url(), trigger an alert …
 * const [hook] = await receiver.waitFor((all) => all.length >= 1);
 * verifyPairwatchSignature(secret, hook.signature ?? '', hook.body); // true
 * await receiver.close();
 * ```
 */
export class WebhookReceiver {
  private readonly requests: ReceivedWebhook[] = [];
  private readonly sockets = new Set<Socket>();
  private waiters = new Set<Waiter>();
  private handler: WebhookHandler = () => ({ status: 200 });

  private constructor(
    private readonly server: http.Server,
    /** `http://127.0.0.1:<port>`. */
    readonly origin: string,
  ) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      this.handle(request, response).catch(() => response.destroy());
    });
  }

  /** Starts a receiver on an ephemeral port of 127.0.0.1. */
  static async start(): Promise<WebhookReceiver> {
    const server = http.createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    return new WebhookReceiver(server, `http://127.0.0.1:${port}`);
  }

  /** The URL of `path` on this receiver, to give as a webhook channel's URL. */
  url(path = '/hook'): string {
    return `${this.origin}${path}`;
  }

  /** Every request so far, oldest first. */
  get received(): readonly ReceivedWebhook[] {
    return [...this.requests];
  }

  /** Answers the following requests as `handler` decides (default: 200 to all). */
  respondWith(handler: WebhookHandler): void {
    this.handler = handler;
  }

  /**
   * Resolves with every request so far once `predicate` holds for them.
   *
   * @throws Error after `timeoutMs`, listing what did arrive.
   */
  waitFor(
    predicate: (received: readonly ReceivedWebhook[]) => boolean,
    timeoutMs = 5_000,
  ): Promise<ReceivedWebhook[]> {
    return new Promise((resolve, reject) => {
      const check: Waiter = () => {
        if (!predicate(this.requests)) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve([...this.requests]);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        const got = this.requests.map((r) => `${r.method} ${r.path} → ${r.status}`);
        reject(
          new Error(`webhook wait timed out after ${timeoutMs} ms; received: [${got.join(', ')}]`),
        );
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  /** Stops the server, dropping every connection, hanging ones included. */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request as AsyncIterable<Buffer>) {
      if (size < MAX_BODY_BYTES) chunks.push(chunk.subarray(0, MAX_BODY_BYTES - size));
      size += chunk.length;
    }
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const received: WebhookRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      deliveryId: header('pairwatch-delivery'),
      signature: header('pairwatch-signature'),
      contentType: header('content-type'),
      body: Buffer.concat(chunks).toString('utf8'),
      receivedAt: Date.now(),
    };
    const answer = this.handler(received);
    this.requests.push({
      ...received,
      status: typeof answer === 'string' ? answer : answer.status,
    });
    for (const waiter of [...this.waiters]) waiter();
    if (answer === 'hang') return;
    if (answer === 'reset') {
      request.socket.destroy();
      return;
    }
    if (answer.delayMs !== undefined && answer.delayMs > 0) {
      // Unref'd: a receiver closed mid-delay does not hold the test process open.
      await new Promise((resolve) => setTimeout(resolve, answer.delayMs).unref());
    }
    if (response.destroyed) return;
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body ?? '');
  }
}
