import { type IncomingMessage } from 'node:http';
import { type Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { type Kline, klineEvent } from '../market/Kline';
import { type MarketSimulator } from '../market/MarketSimulator';
import { realTimers, type SimTimers } from '../timers/SimTimers';
import { parseStreamName, type KlineStream } from './parseStreamName';
import { StreamConnection } from './StreamConnection';

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

type RequestId = number | string | null;

const METHODS = ['SUBSCRIBE', 'UNSUBSCRIBE', 'LIST_SUBSCRIPTIONS', 'SET_PROPERTY', 'GET_PROPERTY'];
const ID_REGEX = /^[A-Za-z0-9-]{1,36}$/;

class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function isRequestId(value: unknown): value is RequestId {
  return (
    value === null ||
    (typeof value === 'number' && Number.isInteger(value)) ||
    (typeof value === 'string' && ID_REGEX.test(value))
  );
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

/** Cached serialized events of one tick, per stream name. */
interface TickKlines {
  current: Kline | undefined;
  previous: Kline | null | undefined;
}

/**
 * Binance's market WebSocket streams for klines: raw `/ws/<name>[/<name>…]` and combined
 * `/stream?streams=a/b` (`{stream, data}` envelopes); live SUBSCRIBE / UNSUBSCRIBE /
 * LIST_SUBSCRIPTIONS / SET_PROPERTY / GET_PROPERTY with Binance's replies and errors; a push of the
 * forming kline every tick (and of the just-closed kline with `x: true` first when one closed);
 * pings with a pong deadline; the message-rate, stream-count and 24-hour limits; and the faults the
 * control API injects (stall, drop, serverShutdown).
 */
export class StreamServer {
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  private readonly connections = new Set<StreamConnection>();
  private readonly timers: SimTimers;
  /** Cancels of the scheduled tasks, so `close` can stop them all. */
  private readonly pending = new Set<() => void>();
  private stalledUntil: number | undefined;
  private cancelStallEnd: (() => void) | undefined;
  private pingCounter = 0;
  private running = false;

  constructor(private readonly options: StreamServerOptions) {
    this.timers = options.timers ?? realTimers;
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
    this.every(this.options.tickMs, () => this.push((stream) => stream.interval.code !== '1s'));
    this.every(Math.min(1000, this.options.tickMs), () =>
      this.push((stream) => stream.interval.code === '1s'),
    );
    this.every(this.options.pingIntervalMs, () => this.ping());
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
    const streams = names.map(parseStreamName);
    const invalid = names.filter((_, i) => streams[i] === undefined);
    if (invalid.length > 0 || streams.length > this.options.maxStreamsPerConnection) {
      const msg =
        invalid.length > 0
          ? `Invalid request: invalid stream ${invalid.join(', ')}`
          : `Invalid request: too many streams (at most ${this.options.maxStreamsPerConnection})`;
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
    this.push(() => true);
  }

  /** Stops every push and ping for `ms` (or until `resume`). */
  stall(ms?: number): void {
    this.cancelStallEnd?.();
    this.cancelStallEnd = undefined;
    this.stalledUntil = ms === undefined ? Number.POSITIVE_INFINITY : this.timers.now() + ms;
    if (ms !== undefined) this.cancelStallEnd = this.later(ms, () => this.resume());
  }

  /** Ends a stall. */
  resume(): void {
    this.cancelStallEnd?.();
    this.cancelStallEnd = undefined;
    this.stalledUntil = undefined;
    // Pings sent before the stall should not count against clients for the stalled time.
    for (const connection of this.connections) connection.unansweredPings.clear();
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
      this.later(closeAfterMs, () => {
        for (const connection of targets) connection.socket.close(1001, 'Server shutdown');
      });
    }
    return targets.length;
  }

  /** Stops the timers and closes every connection. */
  async close(): Promise<void> {
    this.running = false;
    for (const cancel of [...this.pending]) cancel();
    this.cancelStallEnd = undefined;
    for (const connection of [...this.connections]) connection.socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /** Runs `task` once after `ms`; the returned function cancels it. `close` cancels it too. */
  private later(ms: number, task: () => void): () => void {
    let cancelTimer: () => void = () => undefined;
    const cancel = (): void => {
      this.pending.delete(cancel);
      cancelTimer();
    };
    cancelTimer = this.timers.schedule(() => {
      this.pending.delete(cancel);
      task();
    }, ms);
    this.pending.add(cancel);
    return cancel;
  }

  /** Runs `task` every `periodMs`, aligned to multiples of the period on the simulator's clock. */
  private every(periodMs: number, task: () => void): void {
    const scheduleNext = (): void => {
      if (!this.running) return;
      const now = this.options.market.now();
      // 1…periodMs: the next multiple of the period (a full period when exactly on one).
      const delay = periodMs - (((now % periodMs) + periodMs) % periodMs);
      this.later(delay, () => {
        try {
          task();
        } finally {
          scheduleNext();
        }
      });
    };
    scheduleNext();
  }

  private accept(socket: WebSocket, combined: boolean, streams: readonly KlineStream[]): void {
    const connection = new StreamConnection(socket, combined);
    connection.subscribe(streams);
    this.connections.add(connection);
    const cancelLifetime = this.later(this.options.maxConnectionMs, () =>
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
      this.onRequest(connection, isBinary ? '' : textOf(data));
    });
    socket.on('ping', () => {
      overLimit();
    });
    socket.on('pong', (data) => {
      if (overLimit()) return;
      const payload = data.toString('utf8');
      const sentAt = connection.unansweredPings.get(payload);
      if (sentAt === undefined) return; // unsolicited pongs are allowed but keep nothing alive
      for (const [pending, time] of connection.unansweredPings) {
        if (time <= sentAt) connection.unansweredPings.delete(pending);
      }
    });
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      cancelLifetime();
      this.connections.delete(connection);
    });
  }

  private onRequest(connection: StreamConnection, text: string): void {
    let id: RequestId = null;
    try {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        throw new RequestError(3, 'Invalid JSON: expected value at line 1 column 1');
      }
      if (typeof message !== 'object' || message === null || Array.isArray(message)) {
        throw new RequestError(3, 'Invalid JSON: expected an object at line 1 column 1');
      }
      const request = message as Record<string, unknown>;
      if (!('method' in request)) {
        throw new RequestError(
          2,
          `Invalid request: missing field \`method\` at line 1 column ${text.length}`,
        );
      }
      const method = request.method;
      if (typeof method !== 'string' || !METHODS.includes(method)) {
        const shown = JSON.stringify(method) ?? 'null';
        const column = text.indexOf(shown) + shown.length;
        throw new RequestError(
          2,
          `Invalid request: unknown variant ${shown}, expected one of \`SUBSCRIBE\`, \`UNSUBSCRIBE\`, \`LIST_SUBSCRIPTIONS\`, \`SET_PROPERTY\`, \`GET_PROPERTY\` at line 1 column ${column}`,
        );
      }
      if (!isRequestId(request.id)) {
        throw new RequestError(2, 'Invalid request: request ID must be an unsigned integer');
      }
      id = request.id;
      const result = this.execute(connection, method, request.params);
      connection.send(JSON.stringify({ result, id }));
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      connection.send(JSON.stringify({ error: { code: error.code, msg: error.message }, id }));
    }
  }

  private execute(connection: StreamConnection, method: string, params: unknown): unknown {
    if (method === 'LIST_SUBSCRIPTIONS') return [...connection.subscriptions.keys()];
    if (method === 'SUBSCRIBE' || method === 'UNSUBSCRIBE') {
      if (!Array.isArray(params) || !params.every((name) => typeof name === 'string')) {
        throw new RequestError(2, 'Invalid request: invalid stream');
      }
      const names = params as string[];
      if (method === 'UNSUBSCRIBE') {
        for (const name of names) connection.subscriptions.delete(name);
        return null;
      }
      const streams = names.map(parseStreamName);
      if (streams.some((stream) => stream === undefined)) {
        throw new RequestError(2, 'Invalid request: invalid stream');
      }
      const total = new Set([...connection.subscriptions.keys(), ...names]).size;
      if (total > this.options.maxStreamsPerConnection) {
        throw new RequestError(
          2,
          `Invalid request: too many streams (at most ${this.options.maxStreamsPerConnection})`,
        );
      }
      connection.subscribe(streams.filter((stream): stream is KlineStream => stream !== undefined));
      return null;
    }
    // SET_PROPERTY / GET_PROPERTY
    if (!Array.isArray(params) || params.length === 0 || typeof params[0] !== 'string') {
      throw new RequestError(2, 'Invalid request: property name must be a string');
    }
    if (params[0] !== 'combined') throw new RequestError(0, 'Unknown property');
    if (method === 'GET_PROPERTY') return connection.combined;
    if (typeof params[1] !== 'boolean') {
      throw new RequestError(1, 'Invalid value type: expected Boolean');
    }
    connection.combined = params[1];
    return null;
  }

  private push(select: (stream: KlineStream) => boolean): void {
    if (this.stalled || this.connections.size === 0) return;
    const market = this.options.market;
    const now = market.now();
    const klines = new Map<string, TickKlines>();
    const texts = new Map<string, string>();
    const text = (name: string, kline: Kline, combined: boolean, kind: string): string => {
      const key = `${kind}|${combined ? 1 : 0}|${name}`;
      let serialized = texts.get(key);
      if (serialized === undefined) {
        const event = klineEvent(kline, now);
        serialized = JSON.stringify(combined ? { stream: name, data: event } : event);
        texts.set(key, serialized);
      }
      return serialized;
    };
    for (const connection of this.connections) {
      for (const subscription of connection.subscriptions.values()) {
        const { stream } = subscription;
        if (!select(stream)) continue;
        let entry = klines.get(stream.name);
        if (!entry) {
          entry = {
            current: market.currentKline(
              stream.symbol,
              stream.interval,
              stream.timeZoneOffsetMs,
              now,
            ),
            previous: undefined,
          };
          klines.set(stream.name, entry);
        }
        const current = entry.current;
        if (!current) continue;
        const last = subscription.lastOpenTime;
        if (last !== undefined && last < current.openTime) {
          if (entry.previous === undefined) {
            const open = stream.interval.previousOpen(current.openTime, stream.timeZoneOffsetMs);
            entry.previous =
              market.kline(stream.symbol, stream.interval, open, stream.timeZoneOffsetMs, now) ??
              null;
          }
          if (entry.previous) {
            connection.send(text(stream.name, entry.previous, connection.combined, 'closed'));
          }
        }
        connection.send(text(stream.name, current, connection.combined, 'current'));
        subscription.lastOpenTime = current.openTime;
      }
    }
  }

  private ping(): void {
    if (this.stalled) return;
    const now = this.timers.now();
    for (const connection of [...this.connections]) {
      const oldest = Math.min(...connection.unansweredPings.values());
      if (now - oldest > this.options.pongTimeoutMs) {
        connection.socket.terminate();
        continue;
      }
      this.pingCounter += 1;
      const payload = String(this.pingCounter);
      connection.unansweredPings.set(payload, now);
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.ping(payload);
    }
  }
}
