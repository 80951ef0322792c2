import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { type Duplex } from 'node:stream';

/** A network link's shape: its round-trip time and each direction's bandwidth. */
export interface LinkShape {
  /** Round-trip time in ms: each direction delays every byte by half of it. */
  readonly rttMs: number;
  /** Bandwidth towards the browser, kbit/s (1 kbit = 1,000 bits). */
  readonly downKbps: number;
  /** Bandwidth from the browser, kbit/s. */
  readonly upKbps: number;
  /**
   * Round trips a new connection takes before its first request leaves (default 2: TCP's
   * handshake and TLS 1.3's; a deployed app is on HTTPS, a service worker needs it).
   */
  readonly handshakeRoundTrips?: number;
}

/** An answer the link gives itself, as if the origin the request names had given it. */
export interface LocalAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** Decides which requests the link answers itself ({@link LocalAnswer}); undefined passes one on. */
export type LocalServe = (url: URL, request: IncomingMessage) => LocalAnswer | undefined;

/** Request headers that concern the hop to the proxy, not the origin. */
const HOP_REQUEST_HEADERS = new Set([
  'proxy-connection',
  'proxy-authorization',
  'connection',
  'keep-alive',
]);
/** Response headers the proxy's own framing replaces. */
const HOP_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/**
 * One direction of the link, shared by every connection over it (one access link): a byte waits
 * for the bytes handed over before it (the bandwidth), then travels half the round trip.
 */
class Direction {
  private freeAt = 0;

  constructor(
    private readonly bytesPerMs: number,
    private readonly delayMs: number,
  ) {}

  /** When `bytes` handed over now (or at `notBefore`) arrive at the far end (`performance.now()`). */
  arrival(bytes: number, notBefore = performance.now()): number {
    const start = Math.max(notBefore, this.freeAt);
    this.freeAt = start + bytes / this.bytesPerMs;
    return this.freeAt + this.delayMs;
  }
}

/** Runs each step of one stream when its bytes arrive, in the order they were handed over. */
class Delivery {
  private readonly queue: { readonly at: number; readonly run: () => void }[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly all: Set<Delivery>) {
    all.add(this);
  }

  at(at: number, run: () => void): void {
    this.queue.push({ at, run });
    if (this.timer === undefined) this.arm();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue.length = 0;
    this.all.delete(this);
  }

  private arm(): void {
    const head = this.queue[0];
    if (head === undefined) return;
    this.timer = setTimeout(() => this.flush(), Math.max(0, head.at - performance.now()));
  }

  private flush(): void {
    this.timer = undefined;
    // A timer may fire a fraction of a millisecond early.
    const now = performance.now() + 0.5;
    while (this.queue.length > 0 && this.queue[0]!.at <= now) this.queue.shift()!.run();
    this.arm();
  }
}

/** The bytes of a request's or response's head as sent (start line, headers, blank line). */
function headBytes(startLine: string, rawHeaders: readonly string[]): number {
  let bytes = startLine.length + 4;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    bytes += rawHeaders[i]!.length + rawHeaders[i + 1]!.length + 4;
  }
  return bytes;
}

/**
 * A network link on loopback for benchmarks: an HTTP forward proxy on 127.0.0.1 that delays and
 * meters what passes through it as a link of the given {@link LinkShape} would — half the round
 * trip each way, each direction's bandwidth shared by all connections, and the handshakes of a
 * connection the first time an origin is reached: then every request to it goes at once, as over
 * HTTP/2's one connection per origin, however many connections the browser opens to the proxy.
 * Plain HTTP requests are forwarded (keep-alive to the origin), `CONNECT` and upgrade requests
 * (WebSockets, each on a connection of its own) tunnelled byte for byte, after the handshakes.
 * One link stands for one browser's connections: start one per browser context. A browser pointed at it (Playwright's context `proxy`)
 * sends it its network requests; what a service worker answers from its caches never reaches it,
 * which is what Chromium's own emulation (`Network.emulateNetworkConditions`, which meters those
 * answers too) does not model.
 *
 * @example
 * ```ts
 * const link = await ShapedLink.start({ rttMs: 40, downKbps: 20_000, upKbps: 5_000 });
 * const context = await browser.newContext({ proxy: { server: link.proxyUrl } });
 * // … measure …
 * await link.close();
 * ```
 */
export class ShapedLink {
  private readonly sockets = new Set<Duplex>();
  private readonly deliveries = new Set<Delivery>();
  /** When each origin's connection is ready to carry requests (its handshakes done). */
  private readonly originReadyAt = new Map<string, number>();
  private readonly handshakeMs: number;
  private readonly agent = new http.Agent({ keepAlive: true });
  private readonly down: Direction;
  private readonly up: Direction;
  private passedCount = 0;

  private constructor(
    private readonly server: http.Server,
    /** The proxy's URL, `http://127.0.0.1:<port>`. */
    readonly proxyUrl: string,
    /** The link's shape. */
    readonly shape: LinkShape,
    private readonly serve: LocalServe | undefined,
  ) {
    this.handshakeMs = (shape.handshakeRoundTrips ?? 2) * shape.rttMs;
    this.down = new Direction(shape.downKbps / 8, shape.rttMs / 2);
    this.up = new Direction(shape.upKbps / 8, shape.rttMs / 2);
    server.on('connection', (socket: Socket) => this.track(socket));
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      this.forward(request, response).catch(() => response.destroy());
    });
    server.on('connect', (request: IncomingMessage, client: Duplex, head: Buffer) => {
      const target = /^\[?([^\]]+)\]?:(\d+)$/.exec(request.url ?? '');
      if (!target) {
        client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
        return;
      }
      this.tunnel(
        client,
        target[1]!,
        Number(target[2]),
        head,
        'HTTP/1.1 200 Connection Established\r\n\r\n',
      );
    });
    server.on('upgrade', (request: IncomingMessage, client: Duplex, head: Buffer) => {
      let url: URL;
      try {
        url = new URL(request.url ?? '');
      } catch {
        client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
        return;
      }
      const lines = [`${request.method} ${url.pathname}${url.search} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        // `Connection: Upgrade` stays: the origin needs it; only the proxy's own headers go.
        if (request.rawHeaders[i]!.toLowerCase().startsWith('proxy-')) continue;
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      const first = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), head]);
      this.tunnel(client, url.hostname, Number(url.port || 80), first, undefined);
    });
    server.on('clientError', (_error, socket: Duplex) => socket.destroy());
  }

  /**
   * Starts a link's proxy on an ephemeral port of 127.0.0.1.
   *
   * @param serve - answers some requests itself, shaped the same (e.g. a benchmark's reference
   *   page, as if its origin served it); the others go to the origin they name.
   */
  static async start(shape: LinkShape, serve?: LocalServe): Promise<ShapedLink> {
    for (const [name, value] of Object.entries(shape)) {
      const zeroAllowed = name === 'rttMs' || name === 'handshakeRoundTrips';
      if (!Number.isFinite(value) || value < 0 || (!zeroAllowed && value === 0)) {
        throw new RangeError(
          `ShapedLink: ${name} must be a finite number ${zeroAllowed ? 'of 0 or more' : 'above 0'} (got ${value})`,
        );
      }
    }
    const server = http.createServer();
    // As a web server keeps an idle connection (nginx: 75 s), not Node's 5 s: a reload a few
    // seconds later finds its connections open, as it would.
    server.keepAliveTimeout = 60_000;
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    return new ShapedLink(server, `http://127.0.0.1:${port}`, shape, serve);
  }

  /**
   * How many requests and tunnels passed through so far: a benchmark checks it to know its pages
   * did go through the link (a browser bypassing the proxy would measure loopback).
   */
  get passed(): number {
    return this.passedCount;
  }

  /** Stops the proxy, dropping every connection and whatever was still on its way. */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const delivery of [...this.deliveries]) delivery.cancel();
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    await closed;
  }

  private track(socket: Duplex): void {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }

  /** A plain request: up the link, to the origin (or the local answer), and its answer down. */
  private async forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(request.url ?? '');
    } catch {
      response
        .writeHead(400, { 'Content-Type': 'text/plain' })
        .end('a proxy request names an absolute URL');
      return;
    }
    this.passedCount += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    let readyAt = this.originReadyAt.get(url.host);
    if (readyAt === undefined) {
      readyAt = performance.now() + this.handshakeMs;
      this.originReadyAt.set(url.host, readyAt);
    }
    const sent =
      headBytes(`${request.method} ${url.pathname}${url.search} HTTP/1.1`, request.rawHeaders) +
      body.length;
    const arrives = this.up.arrival(sent, Math.max(performance.now(), readyAt));
    const down = new Delivery(this.deliveries);
    response.on('close', () => down.cancel());
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, arrives - performance.now())));
    if (response.destroyed) return;

    const local = this.serve?.(url, request);
    if (local) {
      const rawHeaders = Object.entries(local.headers).flat();
      const head = headBytes(`HTTP/1.1 ${local.status} OK`, rawHeaders);
      down.at(this.down.arrival(head + local.body.length), () => {
        response.writeHead(local.status, {
          ...local.headers,
          'Content-Length': String(local.body.length),
        });
        response.end(local.body);
      });
      return;
    }

    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !HOP_REQUEST_HEADERS.has(name)) headers[name] = value;
    }
    const upstream = http.request({
      host: url.hostname,
      port: url.port || 80,
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers,
      agent: this.agent,
    });
    upstream.on('response', (answer: IncomingMessage) => {
      const rawHeaders: string[] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        if (HOP_RESPONSE_HEADERS.has(answer.rawHeaders[i]!.toLowerCase())) continue;
        rawHeaders.push(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
      }
      const status = answer.statusCode ?? 502;
      down.at(this.down.arrival(headBytes(`HTTP/1.1 ${status} OK`, answer.rawHeaders)), () => {
        response.writeHead(status, answer.statusMessage, rawHeaders);
      });
      answer.on('data', (chunk: Buffer) => {
        down.at(this.down.arrival(chunk.length), () => response.write(chunk));
      });
      answer.on('end', () => down.at(this.down.arrival(0), () => response.end()));
      answer.on('error', () => down.at(this.down.arrival(0), () => response.destroy()));
    });
    upstream.on('error', () => {
      down.at(this.down.arrival(0), () => {
        if (response.headersSent) response.destroy();
        else
          response
            .writeHead(502, { 'Content-Type': 'text/plain' })
            .end('the origin did not answer');
      });
    });
    upstream.end(body);
  }

  /**
   * A tunnel to `host:port` (a WebSocket's connection): after the handshakes,
   * every byte each way goes through the link's shaping.
   */
  private tunnel(
    client: Duplex,
    host: string,
    port: number,
    first: Buffer,
    established: string | undefined,
  ): void {
    this.passedCount += 1;
    const upstream = net.connect(port, host);
    this.track(upstream);
    const toOrigin = new Delivery(this.deliveries);
    const toClient = new Delivery(this.deliveries);
    const closeBoth = () => {
      toOrigin.cancel();
      toClient.cancel();
      client.destroy();
      upstream.destroy();
    };
    client.on('close', closeBoth);
    upstream.on('close', closeBoth);
    client.on('error', closeBoth);
    upstream.on('error', closeBoth);
    const handshakeDone = performance.now() + this.handshakeMs;
    if (established !== undefined) toClient.at(handshakeDone, () => client.write(established));
    const toOriginAt = (bytes: number, notBefore?: number) => this.up.arrival(bytes, notBefore);
    if (first.length > 0) {
      toOrigin.at(toOriginAt(first.length, handshakeDone), () => upstream.write(first));
    }
    client.on('data', (chunk: Buffer) => {
      toOrigin.at(toOriginAt(chunk.length), () => upstream.write(chunk));
    });
    upstream.on('data', (chunk: Buffer) => {
      toClient.at(this.down.arrival(chunk.length), () => client.write(chunk));
    });
    client.on('end', () => toOrigin.at(toOriginAt(0), () => upstream.end()));
    upstream.on('end', () => toClient.at(this.down.arrival(0), () => client.end()));
  }
}
