import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import { type Socket } from 'node:net';
import { type Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { type Connection } from './Connection';
import { type HubEndpoint } from './HubEndpoint';
import { InboundFrameBudget } from './InboundFrameBudget';
import { LongPollingTransport } from './LongPollingTransport';
import { ServerSentEventsTransport } from './ServerSentEventsTransport';
import { type TransportKind } from './Transport';
import { WebSocketTransport } from './WebSocketTransport';

const TRANSFER_FORMATS: Record<TransportKind, readonly string[]> = {
  WebSockets: ['Text', 'Binary'],
  // EventSource carries text only; the client skips a transport without the format it needs.
  ServerSentEvents: ['Text'],
  LongPolling: ['Text', 'Binary'],
};
const MAX_NEGOTIATE_VERSION = 1;
const CORS_ALLOW_HEADERS = 'x-requested-with, x-signalr-user-agent, authorization, content-type';

/**
 * Node handlers of one hub at one path: pass every HTTP request and every upgrade to them; they
 * answer the ones for the hub and return true, and leave the others alone (false).
 *
 * @public
 */
export interface HubHandlers {
  /** The hub's path, without a trailing slash. */
  readonly path: string;
  /** Handles `req` if it targets the hub (negotiate, SSE, polls, POST, DELETE, CORS preflight). */
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean;
  /** Handles a WebSocket upgrade if it targets the hub. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Closes the WebSocket server behind these handlers. */
  close(): void;
}

/**
 * The HTTP connection layer of SignalR at one path: negotiate, the three transports' requests,
 * CORS and the HTTP status codes the client understands.
 *
 * @internal
 */
export class HttpDispatcher implements HubHandlers {
  readonly path: string;
  private readonly negotiatePath: string;
  private readonly wss: WebSocketServer;

  constructor(
    path: string,
    private readonly hub: HubEndpoint,
  ) {
    if (!path.startsWith('/'))
      throw new RangeError(`A hub path must start with '/', got '${path}'.`);
    this.path = path.length > 1 ? path.replace(/\/+$/, '') : path;
    this.negotiatePath = `${this.path === '/' ? '' : this.path}/negotiate`;
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: hub.settings.maxReceiveSize,
      perMessageDeflate: false,
      clientTracking: false,
    });
  }

  handleRequest(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const isNegotiate = url.pathname === this.negotiatePath;
    if (!isNegotiate && url.pathname !== this.path) return false;
    if (!this.applyCors(req, res)) return true;
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return true;
    }
    if (isNegotiate) {
      this.negotiate(req, res, url.searchParams);
      return true;
    }
    const token = queryValue(url.searchParams, 'id');
    switch (method) {
      case 'GET':
        this.get(req, res, token);
        break;
      case 'POST':
        this.post(req, res, token);
        break;
      case 'DELETE':
        this.delete(req, res, token);
        break;
      default:
        req.resume();
        sendText(res, 405, `Method ${method} is not allowed here.`, {
          Allow: 'GET, POST, DELETE, OPTIONS',
        });
    }
    return true;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== this.path) return false;
    socket.on('error', () => undefined);
    const origin = req.headers.origin;
    // Browsers do not apply CORS to WebSockets: refuse unlisted pages here (cross-site hijacking;
    // `Host` proves nothing, see applyCors).
    if (origin !== undefined && !this.hub.settings.allowedOrigins.has(origin)) {
      rejectUpgrade(socket, 403, 'Origin not allowed.');
      return true;
    }
    if (!this.hub.settings.transports.includes('WebSockets')) {
      rejectUpgrade(socket, 404, 'The WebSockets transport is not enabled.');
      return true;
    }
    if (this.hub.isShuttingDown()) {
      rejectUpgrade(socket, 503, 'Server is shutting down.');
      return true;
    }
    const token = queryValue(url.searchParams, 'id');
    let connection: Connection<unknown>;
    if (token === undefined) {
      // skipNegotiation: the client opens the WebSocket straight away, without an id.
      const refusal = this.connectionRefusal(req);
      if (refusal !== undefined) {
        rejectUpgrade(socket, 503, `${refusal}.`);
        return true;
      }
      connection = this.hub.createConnection(1, this.hub.settings.clientAddress(req));
    } else {
      const found = this.hub.findByToken(token);
      if (!found || found.phase === 'closing' || found.phase === 'closed') {
        rejectUpgrade(socket, 404, 'No Connection with that ID.');
        return true;
      }
      if (found.boundTransport || found.upgrading) {
        const isWebSocket = found.upgrading || found.boundTransport?.kind === 'WebSockets';
        rejectUpgrade(
          socket,
          isWebSocket ? 409 : 400,
          isWebSocket
            ? 'Another WebSocket is already open for this connection.'
            : 'Cannot change transports mid-connection.',
        );
        return true;
      }
      connection = found;
    }
    connection.upgrading = true;
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      connection.upgrading = false;
      if (connection.phase !== 'negotiated') {
        ws.terminate(); // reaped or shut down while the upgrade was in flight
        return;
      }
      const { sendHighWaterMark, maxFramesPerSecond, maxFragmentsPerMessage } = this.hub.settings;
      this.hub.bindTransport(
        connection,
        new WebSocketTransport(
          ws,
          socket as Socket,
          connection,
          sendHighWaterMark,
          new InboundFrameBudget(maxFramesPerSecond, maxFragmentsPerMessage, Date.now()),
        ),
      );
    });
    return true;
  }

  close(): void {
    this.wss.close();
  }

  // ----- negotiate ----------------------------------------------------------------------------

  /** Why a new connection from `req` is refused (capitalised, no full stop), if it is. */
  private connectionRefusal(req: IncomingMessage): string | undefined {
    return this.hub.admissionRefusal(this.hub.settings.clientAddress(req));
  }

  private negotiate(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): void {
    req.resume(); // the client sends an empty body; never buffer one
    if (req.method !== 'POST') {
      sendText(res, 405, 'Negotiate takes POST.', { Allow: 'POST, OPTIONS' });
      return;
    }
    if (this.hub.isShuttingDown()) {
      sendText(res, 503, 'Server is shutting down.');
      return;
    }
    const raw = queryValue(query, 'negotiateVersion');
    let version = 0;
    if (raw !== undefined) {
      if (!/^-?\d{1,9}$/.test(raw)) {
        sendJson(res, {
          error: `The client requested an invalid protocol version '${raw.slice(0, 32)}'`,
        });
        return;
      }
      version = Number(raw);
      if (version < 0) {
        sendJson(res, {
          error: `The client requested version '${version}', but the server does not support this version.`,
        });
        return;
      }
      version = Math.min(version, MAX_NEGOTIATE_VERSION);
    }
    const refusal = this.connectionRefusal(req);
    if (refusal !== undefined) {
      sendJson(res, { error: `Not allowed: ${refusal.toLowerCase()}.` });
      return;
    }
    const connection = this.hub.createConnection(version, this.hub.settings.clientAddress(req));
    const availableTransports = this.hub.settings.transports.map((transport) => ({
      transport,
      transferFormats: TRANSFER_FORMATS[transport],
    }));
    // Never `useStatefulReconnect` (we do not implement it) nor `ProtocolVersion` (which the
    // client takes for a classic ASP.NET SignalR server).
    sendJson(
      res,
      version >= 1
        ? {
            negotiateVersion: version,
            connectionId: connection.connectionId,
            connectionToken: connection.token,
            availableTransports,
          }
        : { negotiateVersion: 0, connectionId: connection.connectionId, availableTransports },
    );
  }

  // ----- transports over HTTP -----------------------------------------------------------------

  private lookup(res: ServerResponse, token: string | undefined): Connection<unknown> | undefined {
    if (token === undefined) {
      sendText(res, 400, 'Connection ID required');
      return undefined;
    }
    const connection = this.hub.findByToken(token);
    if (!connection || connection.phase === 'closed') {
      sendText(res, 404, 'No Connection with that ID');
      return undefined;
    }
    return connection;
  }

  private get(req: IncomingMessage, res: ServerResponse, token: string | undefined): void {
    req.resume();
    const connection = this.lookup(res, token);
    if (!connection) return;
    const transport = connection.boundTransport;
    const wantsEvents = (req.headers.accept ?? '').includes('text/event-stream');
    const kind: TransportKind = wantsEvents ? 'ServerSentEvents' : 'LongPolling';
    if (transport) {
      if (transport instanceof LongPollingTransport && kind === 'LongPolling') {
        transport.poll(res);
      } else if (transport.kind === kind) {
        sendText(res, 409, 'Another active request is already using this connection.');
      } else {
        sendText(res, 400, 'Cannot change transports mid-connection.');
      }
      return;
    }
    if (connection.phase !== 'negotiated' || connection.upgrading) {
      sendText(res, connection.upgrading ? 400 : 404, 'No Connection with that ID');
      return;
    }
    if (!this.hub.settings.transports.includes(kind)) {
      sendText(res, 404, `The ${kind} transport is not enabled.`);
      return;
    }
    if (this.hub.httpStreamingRefused(connection)) {
      sendText(res, 503, 'Too many Server-Sent Events and long-polling connections.');
      return;
    }
    const settings = this.hub.settings;
    if (kind === 'ServerSentEvents') {
      this.hub.bindTransport(
        connection,
        new ServerSentEventsTransport(req, res, connection, settings.sendHighWaterMark),
      );
    } else {
      this.hub.bindTransport(
        connection,
        new LongPollingTransport(connection, settings.pollTimeoutMs, Date.now()),
      );
      LongPollingTransport.answerFirstPoll(res);
    }
  }

  private post(req: IncomingMessage, res: ServerResponse, token: string | undefined): void {
    const connection = this.lookup(res, token);
    if (!connection) {
      req.resume();
      return;
    }
    const transport = connection.boundTransport;
    if (transport?.kind === 'WebSockets') {
      req.resume();
      sendText(res, 405, 'POST requests are not allowed for WebSocket connections.', {
        Allow: 'GET',
      });
      return;
    }
    if (!transport || connection.phase === 'closing') {
      req.resume();
      sendText(
        res,
        transport ? 404 : 400,
        transport ? 'No Connection with that ID' : 'The transport is not open yet.',
      );
      return;
    }
    if (connection.postInProgress) {
      req.resume();
      sendText(res, 409, 'Another send request is already in progress for this connection.');
      return;
    }
    connection.postInProgress = true;
    const max = this.hub.settings.maxReceiveSize;
    const chunks: Buffer[] = [];
    let length = 0;
    let rejected = false;
    req.on('data', (chunk: Buffer) => {
      if (rejected) return;
      length += chunk.length;
      if (length > max) {
        rejected = true;
        chunks.length = 0;
        connection.postInProgress = false;
        sendText(res, 413, `The request body exceeds ${max} bytes.`, { Connection: 'close' });
        connection.rejectOversized(length);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (rejected) return;
      connection.postInProgress = false;
      connection.receive(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
      res.writeHead(200, { 'Content-Length': '0' });
      res.end();
    });
    req.on('error', () => {
      connection.postInProgress = false;
    });
    req.on('close', () => {
      connection.postInProgress = false;
    });
  }

  private delete(req: IncomingMessage, res: ServerResponse, token: string | undefined): void {
    req.resume();
    const connection = this.lookup(res, token);
    if (!connection) return;
    const transport = connection.boundTransport;
    if (!(transport instanceof LongPollingTransport)) {
      sendText(res, 400, 'Cannot terminate this connection using the DELETE endpoint.');
      return;
    }
    sendText(res, 202, '');
    transport.deleteRequested();
  }

  // ----- CORS ---------------------------------------------------------------------------------

  /**
   * Adds CORS headers for an allowed origin; answers 403 (and returns false) for any other.
   *
   * NOTE: an `Origin` equal to the request's `Host` is not trusted: after DNS rebinding, a page
   * of the attacker's name reaches this server with that very name in both headers.
   */
  private applyCors(req: IncomingMessage, res: ServerResponse): boolean {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    if (this.hub.settings.allowedOrigins.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
      return true;
    }
    req.resume();
    sendText(res, 403, 'Origin not allowed.');
    return false;
  }
}

/** Query parameters are matched case-insensitively, as ASP.NET does. */
function queryValue(query: URLSearchParams, name: string): string | undefined {
  const exact = query.get(name);
  if (exact !== null) return exact === '' ? undefined : exact;
  const lower = name.toLowerCase();
  for (const [key, value] of query) {
    if (key.toLowerCase() === lower) return value === '' ? undefined : value;
  }
  return undefined;
}

function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  const body = Buffer.from(text, 'utf8');
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(body.length),
  });
  res.end(body);
}

function sendJson(res: ServerResponse, value: object): void {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': String(body.length),
    'Cache-Control': 'no-cache',
  });
  res.end(body);
}

function rejectUpgrade(socket: Duplex, status: number, message: string): void {
  if (socket.writable) {
    socket.once('finish', () => socket.destroy());
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
        `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
    );
  } else {
    socket.destroy();
  }
}
