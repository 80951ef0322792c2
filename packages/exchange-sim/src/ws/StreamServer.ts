import { type IncomingMessage } from 'node:http';
import { type Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { type MarketSimulator } from '../market/MarketSimulator';
import { realTimers, type SimTimers } from '../timers/SimTimers';
import { TaskScheduler } from '../timers/TaskScheduler';
import { Keepalive } from './Keepalive';
import { KlinePusher } from './KlinePusher';
import { parseStreamName, type KlineStream } from './parseStreamName';
import { StreamConnection } from './StreamConnection';
import { StreamRequests, tooManyStreamsMessage } from './StreamRequests';

/** Timing and limits of the stream server. */
export interface StreamServerOptions {
  readonly market: MarketSimulator;
  /** Kline push period for every interval but 1s (Binance: 2000 ms). */
  readonly tickMs: number;
  /** Server ping period (Binance: 20 s). */
  readonly pingIntervalMs: number;
  /** A connection that leaves a ping unanswered this long is dropped (Binance: 1 minute). */
  readonly pongTimeoutMs: number;
  /** Connections are closed at this age (Binance: 24 h). */
  readonly maxConnectionMs: number;
  /** Incoming messages (pings, pongs, JSON) allowed per second (Binance: 5). */
  readonly maxMessagesPerSecond: number;
  /** Streams per connection (Binance: 1024). */
  readonly maxStreamsPerConnection: number;
  /**
   * Clock and scheduler of every timed rule (default: real timers). Push ticks are aligned to the
   * market's clock but scheduled here, so a test that drives both from one manual source gets
   * ticks exactly at multiples of `tickMs`.
   */
  readonly timers?: SimTimers;
}

/** Decodes a path segment; a malformed escape stays as written (and fails as a stream name). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * Binance's market WebSocket streams for klines: raw `/ws/<name>[/<name>…]` and combined
 * `/stream?streams=a/b` (`{stream, data}` envelopes), the message-rate, stream-count and 24-hour
 * limits, and the faults the control API injects (stall, drop, serverShutdown). It accepts the
 * connections and hands their traffic to three units: `StreamRequests` answers the JSON requests
 * (SUBSCRIBE …), `KlinePusher` pushes the klines every tick, and `Keepalive` pings and drops
 * clients that stop answering; all timed work runs on one `TaskScheduler`.
 */
export class StreamServer {
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  private readonly connections = new Set<StreamConnection>();
  private readonly timers: SimTimers;
  private readonly scheduler: TaskScheduler;
  private readonly requests: StreamRequests;
  private readonly pusher: KlinePusher;
  private readonly keepalive: Keepalive;
  private stalledUntil: number | undefined;
  private cancelStallEnd: (() => void) | undefined;
  private running = false;

  constructor(private readonly options: StreamServerOptions) {
    const timers = options.timers ?? realTimers;
    this.timers = timers;
    this.scheduler = new TaskScheduler(timers, () => options.market.now());
    this.requests = new StreamRequests(options.maxStreamsPerConnection, options.market.catalogue);
    const stalled = (): boolean => this.stalled;
    this.pusher = new KlinePusher({
      market: options.market,
      connections: this.connections,
      scheduler: this.scheduler,
      tickMs: options.tickMs,
      stalled,
    });
    this.keepalive = new Keepalive({
      connections: this.connections,
      scheduler: this.scheduler,
      now: () => timers.now(),
      pingIntervalMs: options.pingIntervalMs,
      pongTimeoutMs: options.pongTimeoutMs,
      stalled,
    });
  }

  /** Number of open connections. */
  get connectionCount(): number {
    return this.connections.size;
  }

  /** Whether the stream is stalled (no pushes, no pings). */
  get stalled(): boolean {
    return this.stalledUntil !== undefined;
  }

  /** Starts pushing klines and pinging. */
  start(): void {
    if (this.running) return;
    this.running = true;
    // Pushes first: on a tick that is also a ping time, the kline events go out before the ping.
    this.pusher.start();
    this.keepalive.start();
  }

  /**
   * Takes over an HTTP upgrade if its path is a stream path (returns false otherwise, leaving the
   * socket alone).
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let names: string[];
    let combined: boolean;
    if (url.pathname === '/ws' || url.pathname.startsWith('/ws/')) {
      names = url.pathname.slice('/ws'.length).split('/').filter(Boolean).map(safeDecode);
      combined = false;
    } else if (url.pathname === '/stream' || url.pathname === '/stream/') {
      names = (url.searchParams.get('streams') ?? '').split('/').filter(Boolean);
      combined = true;
    } else {
      return false;
    }
    const streams = names.map((name) => parseStreamName(name, this.options.market.catalogue));
    const invalid = names.filter((_, i) => streams[i] === undefined);
    if (invalid.length > 0 || streams.length > this.options.maxStreamsPerConnection) {
      const msg =
        invalid.length > 0
          ? `Invalid request: invalid stream ${invalid.join(', ')}`
          : tooManyStreamsMessage(this.options.maxStreamsPerConnection);
      const body = JSON.stringify({ code: 2, msg });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
      return true;
    }
    this.wss.handleUpgrade(request, socket, head, (socketForClient) => {
      this.accept(
        socketForClient,
        combined,
        streams.filter((stream): stream is KlineStream => stream !== undefined),
      );
    });
    return true;
  }

  /** Pushes the current klines of every subscription now (regardless of the tick timers). */
  pushNow(): void {
    this.pusher.pushNow();
  }

  /** Stops every push and ping for `ms` (or until `resume`). */
  stall(ms?: number): void {
    this.cancelStallEnd?.();
    this.cancelStallEnd = undefined;
    this.stalledUntil = ms === undefined ? Number.POSITIVE_INFINITY : this.timers.now() + ms;
    if (ms !== undefined) this.cancelStallEnd = this.scheduler.later(ms, () => this.resume());
  }

  /** Ends a stall. */
  resume(): void {
    this.cancelStallEnd?.();
    this.cancelStallEnd = undefined;
    this.stalledUntil = undefined;
    this.keepalive.forgiveAll();
  }

  /** Drops every connection abruptly (as a network failure would). */
  dropConnections(): number {
    const count = this.connections.size;
    for (const connection of [...this.connections]) connection.socket.terminate();
    return count;
  }

  /**
   * Sends Binance's `serverShutdown` event to every connection and, with `closeAfterMs`, closes them
   * that much later.
   */
  serverShutdown(closeAfterMs?: number): number {
    const event = { e: 'serverShutdown', E: this.options.market.now() };
    const raw = JSON.stringify(event);
    const combined = JSON.stringify({ stream: '!serverShutdown', data: event });
    const targets = [...this.connections];
    for (const connection of targets) connection.send(connection.combined ? combined : raw);
    if (closeAfterMs !== undefined) {
      this.scheduler.later(closeAfterMs, () => {
        for (const connection of targets) connection.socket.close(1001, 'Server shutdown');
      });
    }
    return targets.length;
  }

  /** Stops the timers and closes every connection. */
  async close(): Promise<void> {
    this.running = false;
    this.scheduler.stop();
    this.cancelStallEnd = undefined;
    for (const connection of [...this.connections]) connection.socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /** Wires a new client's socket to its connection state and the units. */
  private accept(socket: WebSocket, combined: boolean, streams: readonly KlineStream[]): void {
    const connection = new StreamConnection(socket, combined);
    connection.subscribe(streams);
    this.connections.add(connection);
    const cancelLifetime = this.scheduler.later(this.options.maxConnectionMs, () =>
      socket.close(1000, 'Connection lifetime exceeded'),
    );
    const overLimit = (): boolean => {
      const now = this.timers.now();
      if (connection.countMessage(now, this.options.maxMessagesPerSecond)) return false;
      socket.close(1008, 'Too many messages');
      return true;
    };
    socket.on('message', (data, isBinary) => {
      if (overLimit()) return;
      const reply = this.requests.answer(connection, isBinary ? '' : textOf(data));
      connection.send(JSON.stringify(reply));
    });
    socket.on('ping', () => {
      overLimit();
    });
    socket.on('pong', (data) => {
      if (overLimit()) return;
      this.keepalive.pong(connection, data.toString('utf8'));
    });
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      cancelLifetime();
      this.connections.delete(connection);
    });
  }
}
